module {
  aie.device(npu2) {
    %a = aie.tile(0, 2)
    %b = aie.tile(0, 3)
    aie.objectfifo @of (%a dimensionsToStream [<size = 1, stride = 2>), {%b}, 2) : !aie.objectfifo<memref<16xi32>>
  }
}
