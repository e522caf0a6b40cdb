module {
  aie.device(npu2) {
    %a = aie.tile(0, 2)
    %b = aie.tile(0, 4)
    aie.objectfifo @of (%a, {%b}, 2 : i32) : !aie.objectfifo<memref<64x!aiex.bfp<"v8bfp12ebs8">>>
  }
}
