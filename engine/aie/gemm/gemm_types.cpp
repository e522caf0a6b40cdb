#include "engine/aie/gemm/gemm_types.h"

namespace ts::aie {

const char* toString(GemmPrecision p) {
  switch (p) {
    case GemmPrecision::I8I8:
      return "int8-int8";
    case GemmPrecision::I8I16:
      return "int8-int16";
    case GemmPrecision::I8I32:
      return "int8-int32";
    case GemmPrecision::Bf16:
      return "bf16-bf16";
  }
  return "?";
}

std::optional<GemmPrecision> parseGemmPrecision(const std::string& text) {
  for (GemmPrecision p : {GemmPrecision::I8I8, GemmPrecision::I8I16, GemmPrecision::I8I32, GemmPrecision::Bf16})
    if (text == toString(p)) return p;
  return std::nullopt;
}

namespace gemm {

const char* toString(Generation g) {
  return g == Generation::Xdna ? "npu1" : "npu2";
}

std::optional<Generation> parseGeneration(const std::string& deviceName) {
  auto startsWith = [&](const char* prefix) { return deviceName.rfind(prefix, 0) == 0; };
  if (deviceName == "xdna2" || startsWith("npu2")) return Generation::Xdna2;
  if (deviceName == "xdna" || startsWith("npu1")) return Generation::Xdna;
  return std::nullopt;
}

const char* toString(BLayout b) {
  return b == BLayout::Row ? "row" : "col";
}

std::optional<BLayout> parseBLayout(const std::string& text) {
  if (text == "row") return BLayout::Row;
  if (text == "col") return BLayout::Col;
  return std::nullopt;
}

ElementBytes elementBytes(GemmPrecision p) {
  switch (p) {
    case GemmPrecision::I8I8:
      return {1, 1, 1};
    case GemmPrecision::I8I16:
      return {1, 1, 2};
    case GemmPrecision::I8I32:
      return {1, 1, 4};
    case GemmPrecision::Bf16:
      return {2, 2, 2};
  }
  return {};
}

std::string toString(const KernelShape& s) {
  return std::to_string(s.m) + "x" + std::to_string(s.k) + "x" + std::to_string(s.n);
}

}  // namespace gemm
}  // namespace ts::aie
