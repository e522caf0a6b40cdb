module {
  aie.device(npu2) {
    %o = aie.tile(1, 1)
    %buf = aie.buffer(%o) : memref<16xi32>
    %u = aie.logical_tile<CoreTile>(?, ?)
    aie.core(%u) {
      %v = memref.load %buf[%c0] : memref<16xi32>
      aie.end
    }
  }
}
