module {
  aie.device(npu2) {
    %a = aie.tile(99999999999, 2)
  }
}
