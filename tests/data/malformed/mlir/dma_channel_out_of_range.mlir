module {
  aie.device(npu2) {
    %t00 = aie.tile(0, 0)
    %t02 = aie.tile(0, 2)
    aie.flow(%t00, DMA : 2, %t02, DMA : 0)
  }
}
