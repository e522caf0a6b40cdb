module {
  aie.device(xcvc1902) {
    %a = aie.logical_tile<MemTile>(?, ?)
  }
}
