module {
  aie.device(npu2) {
    %a = aie.logical_tile<GpuTile>(?, ?)
  }
}
