#include "engine/aie/io/mlir_cursor.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <vector>

namespace ts::aie::mlir {

std::string normalizeOp(std::string_view op) {
  std::string out = op.substr(0, 4) == "AIE."    ? "aie." + std::string(op.substr(4))
                    : op.substr(0, 5) == "AIEX." ? "aiex." + std::string(op.substr(5))
                                                 : std::string(op);
  // The older spelling objectFifo (AIE.objectFifo, AIE.objectFifo.link, ...).
  if (out.rfind("aie.objectFifo", 0) == 0) out.replace(4, 10, "objectfifo");
  return out;
}

size_t opTokenIndex(const Statement& st) {
  size_t k = 0;
  while (k < st.tokens.size() && st.tokens[k].kind == TokenKind::Value) {
    ++k;
    if (k < st.tokens.size() && st.tokens[k].is(':')) k += 2;  // %0:2
    if (k < st.tokens.size() && st.tokens[k].is(',')) ++k;
  }
  if (k > 0 && k < st.tokens.size() && st.tokens[k].is('=')) ++k;
  return k;
}

std::string quoteToken(const Token& t) {
  if (t.kind == TokenKind::End) return "the end of the op";
  std::string s(t.text.substr(0, 40));
  return "'" + s + (t.text.size() > 40 ? "...'" : "'");
}

int64_t memrefBytes(const Cursor& c, const Token& at, std::string_view text, bool emptyAllowed) {
  std::string_view shape = text.substr(0, text.find(','));
  while (!shape.empty() && (shape.back() == ' ' || shape.back() == '\n' || shape.back() == '\t'))
    shape.remove_suffix(1);
  while (!shape.empty() && (shape.front() == ' ' || shape.front() == '\n' || shape.front() == '\t'))
    shape.remove_prefix(1);
  const std::string shown = "memref<" + std::string(shape) + ">";
  int64_t count = 1;
  size_t k = 0;
  while (k < shape.size() && (std::isdigit(static_cast<unsigned char>(shape[k])) || shape[k] == '?')) {
    if (shape[k] == '?') c.fail(at, shown + ": dynamic sizes are not supported (an object needs a fixed size)");
    int64_t dim = 0;
    while (k < shape.size() && std::isdigit(static_cast<unsigned char>(shape[k]))) {
      dim = std::min<int64_t>(kMaxObjectBytes + 1, dim * 10 + (shape[k] - '0'));
      ++k;
    }
    if (dim == 0 && !emptyAllowed) c.fail(at, shown + ": a zero-size memref holds no data");
    if (k >= shape.size() || shape[k] != 'x') c.fail(at, shown + ": expected 'x' after a dimension");
    ++k;
    if (count > 0 && dim > kMaxObjectBytes / count) c.fail(at, shown + ": the object is larger than 2^40 bytes");
    count *= dim;
  }
  std::string type(shape.substr(k));
  int64_t bits = 0;
  // Block floating point (AIE2P): one element is a block of 8-bit mantissas with a shared 8-bit
  // exponent, as MLIR-AIE's aie-transform-bfp-types lowers it (i72, i136).
  static const std::map<std::string, int64_t> blocks = {{"v8bfp16ebs8", 72}, {"v16bfp16ebs16", 136}};
  static const std::map<std::string, int64_t> floats = {{"f16", 16}, {"bf16", 16}, {"f32", 32},
                                                        {"f64", 64}, {"tf32", 32}, {"index", 64}};
  type.erase(
      std::remove_if(type.begin(), type.end(), [](char ch) { return std::isspace(static_cast<unsigned char>(ch)); }),
      type.end());
  if (type.rfind("!aiex.bfp<", 0) == 0) {
    const std::string format = type.size() > 13 ? type.substr(11, type.size() - 13) : "";  // !aiex.bfp<"...">
    if (!blocks.count(format) || type.compare(type.size() - 2, 2, "\">") != 0)
      c.fail(at, shown + ": unsupported block format " + type +
                     " (MLIR-AIE has !aiex.bfp<\"v8bfp16ebs8\"> and !aiex.bfp<\"v16bfp16ebs16\">)");
    bits = blocks.at(format);
  } else if (floats.count(type)) {
    bits = floats.at(type);
  } else if (type.rfind("f8", 0) == 0 || type.rfind("f6", 0) == 0 || type.rfind("f4", 0) == 0) {
    bits = (type[1] - '0');
  } else {
    size_t p = type.rfind("ui", 0) == 0 || type.rfind("si", 0) == 0 ? 2 : type.rfind('i', 0) == 0 ? 1 : 0;
    bool digits = p > 0 && p < type.size() && type.find_first_not_of("0123456789", p) == std::string::npos;
    if (digits && type.size() - p <= 4) bits = std::stoll(type.substr(p));  // up to i9999 (bfp lowers to i72, i136)
  }
  if (bits == 0)
    c.fail(at, shown + ": unsupported element type '" + type +
                   "' (expected iN, uiN, siN, f16, bf16, f32, f64, f8*, !aiex.bfp<...>)");
  if (count > kMaxObjectBytes / bits) c.fail(at, shown + ": the object is larger than 2^40 bytes");
  return (count * bits + 7) / 8;
}

namespace {
const std::vector<std::string>& knownBundles() {
  static const std::vector<std::string> known = {"DMA",  "Core", "FIFO", "South", "West",        "North",
                                                 "East", "PLIO", "NOC",  "Trace", "TileControl", "Ctrl"};
  return known;
}
}  // namespace

std::string canonicalBundle(const std::string& name) {
  auto lower = [](std::string s) {
    for (char& ch : s) ch = char(std::tolower(static_cast<unsigned char>(ch)));
    return s;
  };
  const std::string key = lower(name);
  for (const std::string& b : knownBundles())
    if (lower(b) == key) return b;
  return name;
}

PortKind portKindOf(const Cursor& c, const Token& at, const std::string& bundle) {
  const std::vector<std::string>& known = knownBundles();
  if (std::find(known.begin(), known.end(), bundle) == known.end())
    c.fail(at, "unknown port '" + bundle + "' (expected DMA, Core, North, South, East, West, PLIO, NOC, Trace, Ctrl)");
  return bundle == "DMA" ? PortKind::Dma : PortKind::Stream;
}

FlowEnd flowEnd(Cursor& c, const std::string& what) {
  FlowEnd e;
  e.at = c.peek();
  e.tile = c.value(what + " tile");
  c.expect(',', "after the " + what + " tile");
  Token b = c.peek();
  e.bundle = c.bundle(what + " port (e.g. DMA)");
  e.port = portKindOf(c, b, e.bundle);
  c.expect(':', "between port and channel");
  e.channel = c.integer(what + " channel", 0, kMaxChannel);
  return e;
}

}  // namespace ts::aie::mlir
