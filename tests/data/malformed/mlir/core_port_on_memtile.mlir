module {
  aie.device(npu1) {
    %t00 = aie.tile(0, 0)
    %t01 = aie.tile(0, 1)
    aie.flow(%t00, DMA : 0, %t01, Core : 0)
  }
}
