module {
  aie.device(xcve2302) {
    %t12 = aie.tile(1, 2)
    %t13 = aie.tile(1, 3)
    aie.objectfifo @of0 (%t12, {%t13}, 4 : i32,
                         toStream [<1, 16>, <16, 16>, <1, 1>],
                         fromStream [<1, 1>]) : !aie.objectfifo<memref<256xi32>>
  }
}
