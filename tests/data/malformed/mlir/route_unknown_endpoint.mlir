module {
  aie.device(npu2) {
    %shim = aie.tile(0, 0)
    %core = aie.tile(0, 2)
    aie.route_endpoint @in(%shim) DMA
    aie.route from @in to [@core_in]
    aie.route_endpoint @core_input(%core) DMA
  }
}
