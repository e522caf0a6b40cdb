module {
  aie.device(npu2) {
    %a = aie.tile(0, 2)
    %buf = aie.buffer(%a) {sym_name = "w"} : tensor<16xi32>
  }
}
