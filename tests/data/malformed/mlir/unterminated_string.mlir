module {
  aie.device(npu2) {
    memref.global "public @x : memref<16xi32>
  }
}
