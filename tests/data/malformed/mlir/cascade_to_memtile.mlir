module {
  aie.device(npu2) {
    %a = aie.tile(0, 2)
    %m = aie.tile(0, 1)
    aie.cascade_flow(%a, %m)
  }
}
