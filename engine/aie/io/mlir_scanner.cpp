#include "engine/aie/io/mlir_scanner.h"

#include "engine/core/error.h"

namespace ts::aie::mlir {

namespace {

bool isLetter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool isDigit(char c) {
  return c >= '0' && c <= '9';
}
bool isHexDigit(char c) {
  return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
bool isBareIdChar(char c) {
  return isLetter(c) || isDigit(c) || c == '_' || c == '$' || c == '.';
}
bool isSuffixIdChar(char c) {
  return isBareIdChar(c) || c == '-';
}
bool isBlank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

std::string describeByte(char c) {
  auto u = static_cast<unsigned char>(c);
  if (u >= 0x20 && u < 0x7f) return std::string("'") + c + "'";
  static const char* hex = "0123456789ABCDEF";
  return std::string("byte 0x") + hex[u >> 4] + hex[u & 15];
}

char closerOf(char open) {
  switch (open) {
    case '(':
      return ')';
    case '[':
      return ']';
    case '<':
      return '>';
    default:
      return '}';
  }
}

}  // namespace

// ---------------------------------------------------------------- Lexer

Lexer::Lexer(std::string_view text, std::string file) : text_(text), file_(std::move(file)) {}

void Lexer::fail(size_t at, const std::string& message) const {
  throw core::InputError(file_, line_, columnOf(at), message);
}

void Lexer::skipSpaceAndComments(bool& newline, bool& split) {
  while (pos_ < text_.size()) {
    char c = text_[pos_];
    if (c == '\n') {
      newline = true;
      ++line_;
      lineStart_ = ++pos_;
    } else if (isBlank(c)) {
      ++pos_;
    } else if (c == '/' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '/') {
      // A comment; `// -----` alone on its line separates modules (--split-input-file).
      bool lineStart = true;
      for (size_t i = lineStart_; i < pos_ && lineStart; ++i) lineStart = isBlank(text_[i]);
      size_t end = text_.find('\n', pos_);
      if (end == std::string_view::npos) end = text_.size();
      std::string_view body = text_.substr(pos_ + 2, end - pos_ - 2);
      size_t k = 0;
      while (k < body.size() && isBlank(body[k])) ++k;
      size_t dashes = 0;
      while (k < body.size() && body[k] == '-') ++k, ++dashes;
      while (k < body.size() && isBlank(body[k])) ++k;
      pos_ = end;
      if (lineStart && dashes >= 5 && k == body.size() && body.substr(0, 6) == " -----") {
        split = true;
        return;
      }
    } else if (c == '{' && text_.substr(pos_, 3) == "{-#") {
      // File metadata (`{-# dialect_resources: ... #-}`) is not part of any op.
      size_t end = text_.find("#-}", pos_ + 3);
      if (end == std::string_view::npos) fail(pos_, "'{-#' metadata block is never closed with '#-}'");
      for (size_t i = pos_; i < end; ++i)
        if (text_[i] == '\n') {
          ++line_;
          lineStart_ = i + 1;
          newline = true;
        }
      pos_ = end + 3;
    } else {
      return;
    }
  }
}

Token Lexer::next() {
  bool newline = false, split = false;
  skipSpaceAndComments(newline, split);
  Token t;
  t.newlineBefore = newline;
  if (split) {
    t.kind = TokenKind::Split;
    t.offset = lineStart_;
    t.line = line_;
    t.column = 1;
    t.text = text_.substr(lineStart_, pos_ - lineStart_);
    return t;
  }
  t.offset = pos_;
  t.line = line_;
  t.column = columnOf(pos_);
  if (pos_ >= text_.size()) {
    t.kind = TokenKind::End;
    return t;
  }
  const size_t start = pos_;
  const char c = text_[pos_];
  auto finish = [&](TokenKind kind) {
    t.kind = kind;
    t.text = text_.substr(start, pos_ - start);
    return t;
  };
  auto suffixId = [&](const char* what) {
    ++pos_;
    if (pos_ < text_.size() && text_[pos_] == '"') {  // @"quoted name"
      ++pos_;
      while (pos_ < text_.size() && text_[pos_] != '"' && text_[pos_] != '\n') pos_ += text_[pos_] == '\\' ? 2 : 1;
      if (pos_ >= text_.size() || text_[pos_] != '"') fail(start, std::string("unterminated quoted ") + what);
      ++pos_;
      return;
    }
    size_t first = pos_;
    while (pos_ < text_.size() && isSuffixIdChar(text_[pos_])) ++pos_;
    if (pos_ == first) fail(start, std::string("expected a name after '") + c + "' (" + what + ")");
  };

  if (isLetter(c) || c == '_') {
    while (pos_ < text_.size() && isBareIdChar(text_[pos_])) ++pos_;
    return finish(TokenKind::Identifier);
  }
  if (isDigit(c)) {
    if (c == '0' && pos_ + 2 < text_.size() && text_[pos_ + 1] == 'x' && isHexDigit(text_[pos_ + 2])) {
      pos_ += 2;
      while (pos_ < text_.size() && isHexDigit(text_[pos_])) ++pos_;
      return finish(TokenKind::Integer);
    }
    while (pos_ < text_.size() && isDigit(text_[pos_])) ++pos_;
    bool real = false;
    if (pos_ < text_.size() && text_[pos_] == '.') {
      real = true;
      ++pos_;
      while (pos_ < text_.size() && isDigit(text_[pos_])) ++pos_;
      if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
        size_t e = pos_ + 1;
        if (e < text_.size() && (text_[e] == '+' || text_[e] == '-')) ++e;
        if (e < text_.size() && isDigit(text_[e])) {
          pos_ = e;
          while (pos_ < text_.size() && isDigit(text_[pos_])) ++pos_;
        }
      }
    }
    return finish(real ? TokenKind::Float : TokenKind::Integer);
  }
  switch (c) {
    case '%':
      suffixId("SSA value");
      if (pos_ + 1 < text_.size() && text_[pos_] == '#' && isDigit(text_[pos_ + 1])) {
        ++pos_;
        while (pos_ < text_.size() && isDigit(text_[pos_])) ++pos_;
      }
      return finish(TokenKind::Value);
    case '@':
      suffixId("symbol");
      return finish(TokenKind::Symbol);
    case '^':
      suffixId("block label");
      return finish(TokenKind::Block);
    case '#':
      suffixId("attribute alias");
      return finish(TokenKind::Attribute);
    case '!':
      suffixId("type alias");
      return finish(TokenKind::Type);
    case '"': {
      ++pos_;
      while (pos_ < text_.size() && text_[pos_] != '"') {
        if (text_[pos_] == '\n') fail(start, "string is not closed on its line");
        pos_ += text_[pos_] == '\\' ? 2 : 1;
      }
      if (pos_ >= text_.size()) fail(start, "string is never closed (the file ends inside it)");
      ++pos_;
      return finish(TokenKind::String);
    }
    default:
      break;
  }
  static const char* pairs[] = {"->", "::", ">=", "<=", "=="};
  for (const char* p : pairs)
    if (text_.substr(pos_, 2) == p) {
      pos_ += 2;
      return finish(TokenKind::Punct);
    }
  static const std::string_view singles = "()[]{}<>,:=?*+-/|.";
  if (singles.find(c) != std::string_view::npos) {
    ++pos_;
    return finish(TokenKind::Punct);
  }
  fail(start, "unexpected " + describeByte(c) + " (not MLIR syntax outside a string or comment)");
}

// ---------------------------------------------------------------- StatementReader

void Statement::clear() {
  tokens.clear();
  depth = 0;
  opensRegion = afterClose = split = truncated = false;
  end = 0;
}

StatementReader::StatementReader(std::string_view text, std::string file) : lexer_(text, std::move(file)) {}

Token StatementReader::take() {
  if (havePeek_) {
    havePeek_ = false;
    return peek_;
  }
  return lexer_.next();
}

void StatementReader::push(const Token& t, Statement& st) {
  if (st.tokens.empty() && !st.truncated) st.depth = regions_;
  if (st.tokens.size() < kMaxKeptTokens)
    st.tokens.push_back(t);
  else if (t.kind == TokenKind::Value)
    st.tokens.push_back(t), st.truncated = true;
  else
    st.truncated = true;
  st.end = t.offset + t.text.size();
}

void StatementReader::recomputeRegionBase() {
  regionBase_ = 0;
  for (size_t i = stack_.size(); i-- > 0;)
    if (stack_[i].region) {
      regionBase_ = i + 1;
      break;
    }
}

std::string StatementReader::opNameOf(const Statement& st) {
  if (st.tokens.empty()) return {};
  if (st.tokens[0].kind == TokenKind::Value)  // results: "%a, %b = op"
    for (size_t i = 0; i + 1 < st.tokens.size(); ++i)
      if (st.tokens[i].is('=')) return std::string(st.tokens[i + 1].text);
  return std::string(st.tokens[0].text);
}

bool StatementReader::regionOpensHere(const Statement& st, const Token& next) const {
  if (openInStatement() == 0) return false;
  const Open& top = stack_.back();
  if (top.bracket != '{' || top.region) return false;
  // `name =` after the `{`, on its line or at the start of the next, makes it an attribute
  // dictionary written over several lines: no op starts with a bare name and `=`.
  const size_t k = top.tokenIndex;
  const bool kept = k < st.tokens.size();  // a truncated statement keeps no index
  if (kept && k + 2 < st.tokens.size() && st.tokens[k + 1].kind == TokenKind::Identifier && st.tokens[k + 2].is('='))
    return false;
  if (kept && k + 1 == st.tokens.size() && next.kind == TokenKind::Identifier && assignmentFollows()) return false;
  // `{` alone at the op's top level, or the last token of the line (a region, not a value list
  // such as `{%a,` continued on the next line).
  return openInStatement() == 1 || k + 1 == st.tokens.size();
}

bool StatementReader::assignmentFollows() const {
  Lexer probe = lexer_;  // reads ahead without moving the reader
  try {
    return probe.next().is('=');
  } catch (const core::InputError&) {
    return false;  // the reader itself reports the bad character when it gets there
  }
}

void StatementReader::failUnclosed(const Open& open, const Token& where, const std::string& why) const {
  std::string what = std::string("'") + open.bracket + "'";
  if (open.region && !open.opName.empty()) what += " of " + open.opName;
  throw core::InputError(
      lexer_.file(), open.at.line, open.at.column,
      what + " is never closed: " + why + " at line " + std::to_string(where.line) + " (is the file cut short?)");
}

bool StatementReader::next(Statement& st) {
  st.clear();
  if (havePending_) {
    std::swap(st, pending_);
    pending_.clear();
    havePending_ = false;
    return true;
  }
  st.depth = regions_;
  st.afterClose = afterClose_;
  afterClose_ = false;
  for (;;) {
    Token t = take();
    const bool started = !st.tokens.empty() || st.truncated;
    if (t.kind == TokenKind::End) {
      if (!stack_.empty()) failUnclosed(stack_.back(), t, "the file ends");
      return started;
    }
    if (t.kind == TokenKind::Split) {
      if (started) {
        peek_ = t, havePeek_ = true;
        if (!stack_.empty()) failUnclosed(stack_.back(), t, "the module ends at the '// -----'");
        return true;
      }
      if (!stack_.empty()) failUnclosed(stack_.back(), t, "the module ends at the '// -----'");
      st.split = true;
      st.depth = 0;
      st.end = t.offset + t.text.size();
      return true;
    }
    if (t.newlineBefore && started) {
      // An op never starts with `:`, `->` or `{`: such a line continues the op above (its
      // type, attributes or region printed on a line of their own).
      const bool continuation = t.kind == TokenKind::Punct && (t.text == ":" || t.text == "->" || t.text == "{");
      if (openInStatement() == 0 && !continuation) {
        peek_ = t, havePeek_ = true;
        return true;
      }
      if (openInStatement() != 0 && regionOpensHere(st, t)) {
        Open& open = stack_.back();
        if (open.tokenIndex < st.tokens.size()) {
          // Ops written after the `{` on the same line belong to the region.
          if (open.tokenIndex + 1 < st.tokens.size()) {
            pending_.clear();
            pending_.tokens.assign(st.tokens.begin() + long(open.tokenIndex) + 1, st.tokens.end());
            pending_.depth = regions_ + 1;
            pending_.end = st.end;
            havePending_ = true;
          }
          st.end = open.at.offset;
          st.tokens.resize(open.tokenIndex);
        }
        st.opensRegion = true;
        open.region = true;
        open.opName = opNameOf(st);
        ++regions_;
        regionBase_ = stack_.size();
        peek_ = t, havePeek_ = true;
        return true;
      }
    }
    if (t.kind == TokenKind::Punct && t.text.size() == 1) {
      const char c = t.text[0];
      if (c == '(' || c == '[' || c == '<' || c == '{') {
        push(t, st);
        size_t index = st.truncated ? size_t(-1) : st.tokens.size() - 1;
        stack_.push_back({c, false, index, t, {}});
        continue;
      }
      if (c == ')' || c == ']' || c == '>' || c == '}') {
        if (stack_.empty())
          throw core::InputError(lexer_.file(), t.line, t.column,
                                 std::string("unexpected '") + c + "': nothing is open here");
        const Open& top = stack_.back();
        // `[8, 24)`: a half-open range, as MLIR-AIE's BD pool ops write a partition.
        const bool halfOpen =
            c == ')' && top.bracket == '[' && !top.region && top.tokenIndex != size_t(-1) &&
            top.tokenIndex + 4 == st.tokens.size() && st.tokens[top.tokenIndex + 1].kind == TokenKind::Integer &&
            st.tokens[top.tokenIndex + 2].is(',') && st.tokens[top.tokenIndex + 3].kind == TokenKind::Integer;
        if (closerOf(top.bracket) != c && !halfOpen) {
          if (top.region)  // a stray closer inside a region body
            throw core::InputError(lexer_.file(), t.line, t.column,
                                   std::string("unexpected '") + c + "': nothing it could close is open here");
          throw core::InputError(lexer_.file(), top.at.line, top.at.column,
                                 std::string("'") + top.bracket + "' is never closed: '" + c + "' at line " +
                                     std::to_string(t.line) + ", column " + std::to_string(t.column) +
                                     " comes first (expected '" + closerOf(top.bracket) + "')");
        }
        if (top.region) {
          if (started) {  // finish the op on this line first
            peek_ = t, havePeek_ = true;
            return true;
          }
          stack_.pop_back();
          --regions_;
          recomputeRegionBase();
          Token after = take();
          peek_ = after, havePeek_ = true;
          st.clear();
          st.depth = regions_;
          st.afterClose = !after.newlineBefore && after.kind != TokenKind::End && after.kind != TokenKind::Split;
          continue;
        }
        stack_.pop_back();
        push(t, st);
        continue;
      }
    }
    push(t, st);
  }
}

}  // namespace ts::aie::mlir
