module {
  aie.device(npu2) {
    %a = aie.tile(1, 2)
    %b = aie.tile(1, 3)
    %c = aie.tile(2, 2)
    aie.pnr_flow(%a, DMA : 0, {%b, %c}, DMA : [0, 0]) {hop_tile_ids = [[[1,2],[1,3]]]}
  }
}
