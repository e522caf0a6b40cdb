module {
  aie.device(npu2) {
    %a = aie.tile(0, 2)
    %b = aie.tile(0, 3)
    aie.flow(%a, Dmx : 0, %b, DMA : 0)
  }
}
