#pragma once
// Reading one MLIR-AIE op for the importer (mlir_import.h): a cursor over the op's tokens whose
// errors name the token (file:line:column), and the small grammars several ops share: memref
// sizes, port bundles and flow ends.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/aie/design.h"
#include "engine/aie/io/mlir_scanner.h"
#include "engine/core/error.h"

namespace ts::aie::mlir {

// Documented ranges (README): object FIFO depths as in design YAML (limits::kMaxDepth), channels
// and packet ids as MLIR-AIE's i8 attributes, object sizes below 1 TiB.
inline constexpr int64_t kMaxChannel = 255;
inline constexpr int64_t kMaxPacketId = 255;
inline constexpr int64_t kMaxObjectBytes = int64_t(1) << 40;

/// `op` with MLIR-AIE's older spellings (`AIE.`, `AIEX.`, `objectFifo`) made current.
std::string normalizeOp(std::string_view op);
/// Where the op name of `%a, %b:2 = op ...` is: after the results and their `=` (0 without).
size_t opTokenIndex(const Statement& st);
/// A token as an error message quotes it ("the end of the op" past the last one).
std::string quoteToken(const Token& t);

/// MLIR-AIE's spelling of a port bundle named in any case (`CORE` -> `Core`), else the name as given.
std::string canonicalBundle(const std::string& name);

/// Reads the tokens of one op, with errors at the token that is wrong.
class Cursor {
 public:
  Cursor(const Statement& st, size_t start, std::string op, const std::string& file)
      : st_(st), i_(start), op_(std::move(op)), file_(file) {
    end_.kind = TokenKind::End;
    if (!st.tokens.empty()) {
      const Token& last = st.tokens.back();
      end_.offset = last.offset + last.text.size();
      end_.line = last.line;
      end_.column = last.column + int(last.text.size());
    }
  }

  bool atEnd() const { return i_ >= st_.tokens.size(); }
  const Token& peek() const { return atEnd() ? end_ : st_.tokens[i_]; }
  Token take() {
    Token t = peek();
    if (!atEnd()) ++i_;
    return t;
  }
  size_t index() const { return i_; }
  const Token& token(size_t k) const { return st_.tokens[k]; }
  const std::string& op() const { return op_; }

  bool accept(char c) {
    if (!peek().is(c)) return false;
    ++i_;
    return true;
  }
  bool acceptWord(std::string_view w) {
    if (peek().kind != TokenKind::Identifier || peek().text != w) return false;
    ++i_;
    return true;
  }
  Token expect(char c, const std::string& what) {
    if (!peek().is(c)) failHere(std::string("expected '") + c + "' " + what + ", found " + quoteToken(peek()));
    return take();
  }
  std::string value(const std::string& what) {
    if (peek().kind != TokenKind::Value) failHere("expected " + what + " (a %value), found " + quoteToken(peek()));
    return std::string(take().text);
  }
  std::string symbol(const std::string& what) {
    if (peek().kind != TokenKind::Symbol) failHere("expected " + what + " (an @name), found " + quoteToken(peek()));
    std::string s(take().text.substr(1));
    if (s.size() >= 2 && s.front() == '"') s = s.substr(1, s.size() - 2);
    return s;
  }
  std::string word(const std::string& what) {
    if (peek().kind != TokenKind::Identifier) failHere("expected " + what + ", found " + quoteToken(peek()));
    return std::string(take().text);
  }
  /// `true` or `false`, the value of attribute `key`.
  bool boolean(const std::string& key) {
    Token v = peek();
    if (!acceptWord("true") && !acceptWord("false")) fail(v, key + ": expected true or false");
    return v.text == "true";
  }
  /// A port bundle: `DMA`, or quoted as MLIR-AIE also prints it, `"DMA"`, in MLIR-AIE's spelling
  /// (`Core`) whatever its case (IREE's AIE dialect prints `CORE`); an unknown name stays as written.
  std::string bundle(const std::string& what) {
    if (peek().kind == TokenKind::String && peek().text.size() >= 2) {
      std::string_view quoted = take().text;
      return canonicalBundle(std::string(quoted.substr(1, quoted.size() - 2)));
    }
    return canonicalBundle(word(what));
  }
  /// A decimal or hexadecimal integer (optionally negative) within [lo, hi].
  int64_t integer(const std::string& what, int64_t lo, int64_t hi) {
    const Token at = peek();
    bool negative = accept('-');
    const Token& t = peek();
    if (t.kind != TokenKind::Integer) failHere("expected " + what + " (an integer), found " + quoteToken(t));
    int64_t v = 0;
    bool overflow = false;
    std::string_view s = t.text;
    int base = 10;
    if (s.size() > 2 && s[1] == 'x') base = 16, s.remove_prefix(2);
    for (char c : s) {
      int d = c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
      if (v > (INT64_MAX - d) / base) {
        overflow = true;
        break;
      }
      v = v * base + d;
    }
    if (negative) v = -v;
    if (overflow || v < lo || v > hi)
      fail(at, what + " " + (negative ? "-" : "") + std::string(t.text) + " is out of range: expected " +
                   std::to_string(lo) + ".." + std::to_string(hi));
    take();
    return v;
  }
  /// Skips one bracket group starting at the current token ( [ < {.
  void skipGroup() {
    int depth = 0;
    do {
      const Token& t = take();
      if (t.kind == TokenKind::End) return;
      if (t.is('(') || t.is('[') || t.is('<') || t.is('{')) ++depth;
      if (t.is(')') || t.is(']') || t.is('>') || t.is('}')) --depth;
    } while (depth > 0);
  }
  bool peekOpen() const {
    const Token& t = peek();
    return t.is('(') || t.is('[') || t.is('<') || t.is('{');
  }
  /// Skips an optional attribute dictionary `{...}`.
  void skipAttributes() {
    if (peek().is('{')) skipGroup();
  }
  /// The index of the token that closes the bracket at `open`.
  size_t matching(size_t open) const {
    int depth = 0;
    for (size_t k = open; k < st_.tokens.size(); ++k) {
      const Token& t = st_.tokens[k];
      if (t.is('(') || t.is('[') || t.is('<') || t.is('{')) ++depth;
      if (t.is(')') || t.is(']') || t.is('>') || t.is('}'))
        if (--depth == 0) return k;
    }
    return st_.tokens.size();
  }
  void seek(size_t index) { i_ = index; }

  [[noreturn]] void fail(const Token& at, const std::string& message) const {
    throw core::InputError(file_, at.line, at.column, op_ + ": " + message);
  }
  [[noreturn]] void failHere(const std::string& message) const { fail(peek(), message); }

 private:
  const Statement& st_;
  size_t i_;
  std::string op_;
  const std::string& file_;
  Token end_;
};

/// Bytes of one object of `memref<SHAPE x TYPE[, layout or memory space]>`: the text between
/// the memref's angle brackets. A zero dimension is refused unless `emptyAllowed` (a buffer may
/// be empty; an object FIFO's object carries data).
int64_t memrefBytes(const Cursor& c, const Token& at, std::string_view text, bool emptyAllowed = false);

/// The kind of port a bundle names (DMA, or a stream port); refuses unknown bundles.
PortKind portKindOf(const Cursor& c, const Token& at, const std::string& bundle);

/// One end of a flow: `%tile, Bundle : channel`.
struct FlowEnd {
  std::string tile;
  std::string bundle;
  int64_t channel = 0;
  PortKind port = PortKind::Dma;
  Token at;
};

/// Reads `%tile, Bundle : channel` (`what`: "source" or "destination", for messages).
FlowEnd flowEnd(Cursor& c, const std::string& what);

}  // namespace ts::aie::mlir
