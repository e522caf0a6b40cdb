#pragma once
// A hand-written MLIR tokenizer and statement reader for the importer. One pass over the text,
// linear time, no recursion and no regular expressions: brackets are tracked on an explicit
// stack, so a 30 KB `dense<[...]>` constant or an unclosed `(` costs nothing but a clear error.
//
// The reader cuts the token stream into statements the way MLIR is printed: one op per line,
// an op continues over line breaks while one of its ( [ < brackets is open, and a `{` left open
// at the end of a line opens a region whose ops follow as deeper statements (unless `name =`
// follows it, on its line or the next: an attribute dictionary written over several lines). A `// -----` line
// (mlir-opt --split-input-file) separates independent modules.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ts::aie::mlir {

enum class TokenKind {
  Identifier,  ///< bare-id, dots allowed: aie.objectfifo, i32, CoreTile, dimensionsToStream
  Value,       ///< %name (an SSA value)
  Symbol,      ///< @name or @"name"
  Block,       ///< ^bb0
  Attribute,   ///< #alias
  Type,        ///< !alias
  Integer,     ///< 12, 0x1A (sign is a separate '-')
  Float,       ///< 1.5, 2e-3
  String,      ///< "..." (text keeps the quotes)
  Punct,       ///< ( ) [ ] { } < > , : = ? * + - / | -> :: >= <= ==
  Split,       ///< a `// -----` line between modules
  End,
};

struct Token {
  TokenKind kind = TokenKind::End;
  std::string_view text;
  size_t offset = 0;  ///< byte offset of the first character in the whole text
  int line = 1;
  int column = 1;
  bool newlineBefore = false;  ///< a line break separates this token from the previous one

  bool is(char c) const { return kind == TokenKind::Punct && text.size() == 1 && text[0] == c; }
  bool is(std::string_view s) const { return text == s && kind != TokenKind::String; }
};

class Lexer {
 public:
  Lexer(std::string_view text, std::string file);
  /// The next token; throws core::InputError (file:line:column) on a character MLIR does not
  /// allow there or an unterminated string.
  Token next();
  const std::string& file() const { return file_; }

 private:
  [[noreturn]] void fail(size_t at, const std::string& message) const;
  void skipSpaceAndComments(bool& newline, bool& split);
  int columnOf(size_t at) const { return int(at - lineStart_) + 1; }

  std::string_view text_;
  std::string file_;
  size_t pos_ = 0;
  size_t lineStart_ = 0;
  int line_ = 1;
};

/// One op as printed (or the part of a line after a region's closing `}`).
struct Statement {
  /// The op's tokens, without a trailing region-opening `{`. Beyond kMaxKeptTokens only Value
  /// tokens are kept (enough to see which values a huge op uses).
  std::vector<Token> tokens;
  int depth = 0;             ///< regions enclosing it (module body = 1, device body = 2, ...)
  bool opensRegion = false;  ///< its region's statements follow, at depth + 1
  bool afterClose = false;   ///< follows a `}` on the same line ("} else {", "} {attr = 1}")
  bool split = false;        ///< a `// -----` marker, not an op
  bool truncated = false;    ///< more than kMaxKeptTokens tokens: only Value tokens were kept
  size_t end = 0;            ///< offset just past its last token

  void clear();
};

/// Cuts a Lexer's tokens into statements. Throws core::InputError for a bracket closed by the
/// wrong kind, a closing bracket with nothing open, or a file (or module before `// -----`)
/// that ends with a bracket or region still open: that file was cut short.
class StatementReader {
 public:
  static constexpr size_t kMaxKeptTokens = 4096;

  StatementReader(std::string_view text, std::string file);
  /// Fills `out` with the next statement; false at the end of the text.
  bool next(Statement& out);

 private:
  struct Open {
    char bracket;        ///< ( [ < {
    bool region;         ///< a `{` that opened a region
    size_t tokenIndex;   ///< where it sits in the statement being read (non-region only)
    Token at;            ///< for messages
    std::string opName;  ///< the op that opened a region (for "never closed" messages)
  };

  Token take();
  void push(const Token& t, Statement& st);
  [[noreturn]] void failUnclosed(const Open& open, const Token& where, const std::string& why) const;
  size_t openInStatement() const { return stack_.size() - regionBase_; }
  void recomputeRegionBase();
  /// Whether the `{` open at the end of the line opens a region; `next` starts the next line.
  bool regionOpensHere(const Statement& st, const Token& next) const;
  /// Whether the token after the one just taken is `=`.
  bool assignmentFollows() const;
  static std::string opNameOf(const Statement& st);

  Lexer lexer_;
  std::vector<Open> stack_;
  size_t regionBase_ = 0;  ///< stack index just above the innermost region
  int regions_ = 0;
  bool havePeek_ = false;
  Token peek_;
  Statement pending_;  ///< ops written after a region's `{` on the same line
  bool havePending_ = false;
  bool afterClose_ = false;
};

}  // namespace ts::aie::mlir
