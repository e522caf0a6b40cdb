module {
  aie.device(xcve2302) {
    %tile11 = aie.tile(1, 1)
    %tile33 = aie.tile(3, 3)
    aie.objectfifo @of_stream (%tile11, {%tile33}, 2 : i32) {aie_stream = 0 : i32, aie_stream_port = 0 : i32} : !aie.objectfifo<memref<16xi32>>
  }
}
