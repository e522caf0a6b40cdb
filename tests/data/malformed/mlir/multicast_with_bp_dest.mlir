module {
  aie.device(npu2) {
    %a = aie.tile(0, 2)
    %b = aie.tile(0, 3)
    %c = aie.tile(1, 3)
    aie.multicast(%a, DMA : 0) {
      aie.multi_dest<%b, DMA : 0>
      aie.bp_dest<%c, DMA : 0>
    }
  }
}
