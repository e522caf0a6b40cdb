module {
  aie.device(npu2) {
    %a = aie.tile(0, 2)
    %b = aie.tile(0, 3)
    %c = aie.tile(1, 2)
    %m = aie.tile(0, 1)
    aie.objectfifo @i1 (%a, {%m}, 2) : !aie.objectfifo<memref<16xi32>>
    aie.objectfifo @i2 (%b, {%m}, 2) : !aie.objectfifo<memref<16xi32>>
    aie.objectfifo @o1 (%m, {%c}, 2) : !aie.objectfifo<memref<16xi32>>
    aie.objectfifo @o2 (%m, {%a}, 2) : !aie.objectfifo<memref<16xi32>>
    aie.objectfifo.link [@i1, @i2] -> [@o1, @o2] ([] [])
  }
}
