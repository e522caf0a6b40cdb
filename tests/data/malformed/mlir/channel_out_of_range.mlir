module {
  aie.device(npu2) {
    %a = aie.tile(0, 2)
    %b = aie.tile(0, 3)
    aie.flow(%a, DMA : 0x1FF, %b, DMA : 0)
  }
}
