#pragma once
// Small cursor over a text file for the .kgraph and .paint parsers: tracks line and column and
// throws core::InputError(file, line, column, "expected ...") on anything unexpected.
#include <string>
#include <vector>

namespace ts::wse::io {

/// A comment "(* ... *)" found by blankComments: its text and where it started.
struct Comment {
  std::string text;
  int line = 0;
};

/// Replaces every "(* ... *)" comment by spaces (newlines are kept, so positions stay valid)
/// and returns the comments. An unterminated comment is an InputError.
std::string blankComments(const std::string& text, const std::string& file, std::vector<Comment>* comments);

class TextScanner {
 public:
  TextScanner(const std::string& text, std::string file);

  /// Skips spaces, tabs and carriage returns (not newlines).
  void skipBlanks();
  /// Skips all white space including newlines.
  void skipWhitespace();
  bool atEnd() const { return pos_ >= text_.size(); }
  /// After skipBlanks(): at a newline or the end of the text.
  bool atLineEnd();
  char peek() const { return atEnd() ? '\0' : text_[pos_]; }
  /// Consumes `c` after blanks when it is next.
  bool accept(char c);
  /// Consumes `s` after blanks when it is next.
  bool accept(const std::string& s);
  void expect(char c, const std::string& context);
  void expect(const std::string& s, const std::string& context);
  /// Letters, digits and '_' starting with a letter or '_'.
  std::string identifier(const std::string& what);
  bool peekIdentifier();
  bool peekInteger();
  long long integer(const std::string& what);
  /// '...' or "..." on one line.
  std::string quoted(const std::string& what);
  /// Raw text up to (not including) `c` on the same statement; fails when not found.
  std::string until(char c, const std::string& what);
  void skipRestOfLine();

  int line() const { return line_; }
  int column() const { return int(pos_ - lineStart_) + 1; }
  const std::string& file() const { return file_; }
  /// Throws InputError at the current position (or at an explicit one).
  [[noreturn]] void fail(const std::string& message) const;
  [[noreturn]] void failAt(int line, int column, const std::string& message) const;
  /// A short description of what is at the cursor, for "found ..." in messages.
  std::string describeNext() const;

 private:
  void advance();
  std::string text_;
  std::string file_;
  size_t pos_ = 0;
  size_t lineStart_ = 0;
  int line_ = 1;
};

}  // namespace ts::wse::io
