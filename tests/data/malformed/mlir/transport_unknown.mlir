module {
  aie.device(npu2) {
    %a = aie.tile(0, 2)
    %b = aie.tile(0, 3)
    aie.objectfifo @of (%a, {%b}, 2 : i32) {transport = #aie.transport<teleport>} : !aie.objectfifo<memref<16xi32>>
  }
}
