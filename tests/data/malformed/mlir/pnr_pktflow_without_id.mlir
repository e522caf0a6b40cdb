module {
  aie.device(npu2) {
    %s = aie.tile(1, 2)
    %t = aie.tile(3, 3)
    aie.pnr_pktflow(%s, DMA : 0, {%t}, DMA : [0]) {hop_tile_ids = [[[1,2],[2,2],[3,2],[3,3]]]}
  }
}
