module {
  aie.device(npu2) {
    %a = aie.tile(0, 2)
    %b = aie.tile(0, 3)
    aie.packet_flow(3) {
      aie.packet_source<%a, DMA : 0>
    }
  }
}
