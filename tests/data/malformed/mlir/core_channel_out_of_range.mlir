module {
  aie.device(npu2) {
    %t02 = aie.tile(0, 2)
    %t03 = aie.tile(0, 3)
    aie.packet_flow(3) {
      aie.packet_source<%t02, DMA : 0>
      aie.packet_dest<%t03, Core : 1>
    }
  }
}
