module {
  aie.device(npu2) {
    %a = aie.tile(0, 2)
    %b = aie.tile(0, 4)
    aie.objectfifo @of (%a, {%b}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
    aie.core(%b) {
      %s = aie.objectfifo.acquire @of(Consume, %n) : !aie.objectfifosubview<memref<16xi32>>
      aie.end
    }
  }
}
