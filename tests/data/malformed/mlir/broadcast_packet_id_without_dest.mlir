module {
  aie.device(npu2) {
    %a = aie.tile(0, 2)
    %b = aie.tile(0, 3)
    aie.broadcast_packet(%a, DMA : 0) {
      aie.bp_id(0x0) {
        aie.bp_dest<%b, DMA : 0>
      }
      aie.bp_id(0x1) {
      }
    }
  }
}
