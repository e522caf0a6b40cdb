module {
  aie.device(npu2) {
    %a = aie.tile(0, 2)
    %b = aie.tile(0, 3)
    aie.flow(%a, DMA : 0, %b, DMA : 0
    aie.flow(%b, DMA : 0, %a, DMA : 0)
  }
}
