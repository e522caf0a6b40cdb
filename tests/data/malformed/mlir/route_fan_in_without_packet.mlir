module {
  aie.device(xcve2302) {
    %tile12 = aie.tile(1, 2)
    %tile32 = aie.tile(3, 2)
    %tile23 = aie.tile(2, 3)
    aie.objectfifo.pool @a_pool(%tile12) {depth = 1 : i32} : memref<16xi32> {
      aie.objectfifo.segment @s0 {offset = 0 : i32, size = 16 : i32}
    }
    aie.objectfifo.dma_endpoint @a_dma(%tile12) drains @a_pool
    aie.objectfifo.pool @b_pool(%tile32) {depth = 1 : i32} : memref<16xi32>
    aie.objectfifo.dma_endpoint @b_dma(%tile32) drains @b_pool
    aie.objectfifo.pool @c_pool(%tile23) {depth = 2 : i32} : memref<16xi32> {
      aie.objectfifo.segment @s0 {offset = 0 : i32, size = 16 : i32}
    }
    aie.objectfifo.dma_endpoint @c_dma(%tile23) fills @c_pool
    aie.route from [@a_dma, @b_dma] to [@c_dma]
  }
}
