module {
  aie.device(npu2) {
    %0 = "aie.tile"() <{col = 0 : i32, row = 2 : i32}> : () -> index
  }
}
