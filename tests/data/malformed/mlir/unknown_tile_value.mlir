module {
  aie.device(npu2) {
    %a = aie.tile(0, 2)
    aie.objectfifo @of (%a, {%x}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  }
}
