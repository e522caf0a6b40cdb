module {
  aie.device(npu2) {
    %a = aie.tile(0, 2)
    %b = aie.tile(0, 3)
    %c = aie.tile(1, 3)
    aie.objectfifo @of (%a, {%b, %c}, [2, 2]) : !aie.objectfifo<memref<16xi32>>
  }
}
