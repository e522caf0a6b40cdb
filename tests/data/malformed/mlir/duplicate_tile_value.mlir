module {
  aie.device(npu2) {
    %a = aie.tile(0, 2)
    %a = aie.tile(0, 3)
  }
}
