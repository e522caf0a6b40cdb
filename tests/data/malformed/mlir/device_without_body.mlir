module {
  aie.device(npu2)
}
