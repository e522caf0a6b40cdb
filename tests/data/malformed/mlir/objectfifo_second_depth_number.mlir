module {
  aie.device(npu2) {
    %a = aie.tile(1, 2)
    %b = aie.tile(1, 3)
    aie.objectfifo @of(%a, {%b}, 2, 3) : !aie.objectfifo<memref<16xi32>>
  }
}
