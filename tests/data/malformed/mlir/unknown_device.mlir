module {
  aie.device(npu9) {
    %a = aie.tile(0, 2)
  }
}
