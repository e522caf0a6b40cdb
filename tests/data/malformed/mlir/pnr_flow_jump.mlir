module {
  aie.device(npu2) {
    %a = aie.tile(1, 2)
    %b = aie.tile(3, 3)
    aie.pnr_flow(%a, DMA : 0, {%b}, DMA : [0]) {hop_tile_ids = [[[1,2],[3,3]]]}
  }
}
