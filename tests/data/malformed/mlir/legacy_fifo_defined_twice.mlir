module @legacy {
  AIE.device(xcvc1902) {
    %t12 = AIE.tile(1, 2)
    %t33 = AIE.tile(3, 3)
    %of = AIE.objectFifo.createObjectFifo(%t12, {%t33}, 2) {sym_name = "of"} : !AIE.objectFifo<memref<16xi32>>
    %of2 = AIE.objectFifo.createObjectFifo(%t33, %t12, 2) {sym_name = "of"} : !AIE.objectFifo<memref<16xi32>>
    %c33 = AIE.core(%t33) {
      %s = AIE.objectFifo.acquire<Consume>(%of : !AIE.objectFifo<memref<16xi32>>, 1) : !AIE.objectFifoSubview<memref<16xi32>>
      AIE.objectFifo.release<Consume>(%of : !AIE.objectFifo<memref<16xi32>>, 1)
      AIE.end
    }
  }
}
