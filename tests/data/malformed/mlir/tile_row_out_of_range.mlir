module {
  aie.device(npu2) {
    %a = aie.tile(1, 6)
  }
}
