module {
  aie.device(npu2) {
    %a = aie.logical_tile<CoreTile>(0, 1)
  }
}
