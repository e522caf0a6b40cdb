#include "engine/wse/io/text_scanner.h"

#include <cctype>
#include <cerrno>
#include <cstdlib>

#include "engine/core/error.h"

namespace ts::wse::io {

std::string blankComments(const std::string& text, const std::string& file, std::vector<Comment>* comments) {
  std::string out = text;
  int line = 1;
  size_t i = 0;
  while (i < out.size()) {
    if (out[i] == '\n') {
      ++line;
      ++i;
      continue;
    }
    if (out[i] == '(' && i + 1 < out.size() && out[i + 1] == '*') {
      int startLine = line;
      size_t end = out.find("*)", i + 2);
      if (end == std::string::npos)
        throw core::InputError(file, startLine, 0, "comment '(*' is never closed with '*)'");
      if (comments) comments->push_back({out.substr(i + 2, end - i - 2), startLine});
      for (size_t j = i; j < end + 2; ++j) {
        if (out[j] == '\n')
          ++line;
        else
          out[j] = ' ';
      }
      i = end + 2;
      continue;
    }
    ++i;
  }
  return out;
}

TextScanner::TextScanner(const std::string& text, std::string file) : text_(text), file_(std::move(file)) {}

void TextScanner::advance() {
  if (text_[pos_] == '\n') {
    ++line_;
    lineStart_ = pos_ + 1;
  }
  ++pos_;
}

void TextScanner::skipBlanks() {
  while (!atEnd() && (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\r')) advance();
}

void TextScanner::skipWhitespace() {
  while (!atEnd() && std::isspace(static_cast<unsigned char>(text_[pos_]))) advance();
}

bool TextScanner::atLineEnd() {
  skipBlanks();
  return atEnd() || text_[pos_] == '\n';
}

bool TextScanner::accept(char c) {
  skipBlanks();
  if (!atEnd() && text_[pos_] == c) {
    advance();
    return true;
  }
  return false;
}

bool TextScanner::accept(const std::string& s) {
  skipBlanks();
  if (text_.compare(pos_, s.size(), s) != 0) return false;
  for (size_t i = 0; i < s.size(); ++i) advance();
  return true;
}

void TextScanner::expect(char c, const std::string& context) {
  if (!accept(c)) fail("expected '" + std::string(1, c) + "' " + context + ", found " + describeNext());
}

void TextScanner::expect(const std::string& s, const std::string& context) {
  if (!accept(s)) fail("expected '" + s + "' " + context + ", found " + describeNext());
}

bool TextScanner::peekIdentifier() {
  skipBlanks();
  return !atEnd() && (std::isalpha(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_');
}

bool TextScanner::peekInteger() {
  skipBlanks();
  if (atEnd()) return false;
  char c = text_[pos_];
  if (c == '-' || c == '+') return pos_ + 1 < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_ + 1]));
  return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

std::string TextScanner::identifier(const std::string& what) {
  if (!peekIdentifier()) fail("expected " + what + ", found " + describeNext());
  size_t start = pos_;
  while (!atEnd() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_')) advance();
  return text_.substr(start, pos_ - start);
}

long long TextScanner::integer(const std::string& what) {
  if (!peekInteger()) fail("expected " + what + " (an integer), found " + describeNext());
  size_t start = pos_;
  if (text_[pos_] == '-' || text_[pos_] == '+') advance();
  while (!atEnd() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) advance();
  if (!atEnd() && (std::isalpha(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '.'))
    fail("expected " + what + " (an integer), found '" + text_.substr(start, pos_ - start + 1) + "...'");
  std::string digits = text_.substr(start, pos_ - start);
  errno = 0;
  long long v = std::strtoll(digits.c_str(), nullptr, 10);
  if (errno == ERANGE || v > 2000000000LL || v < -2000000000LL) fail(what + " " + digits + " is out of range");
  return v;
}

std::string TextScanner::quoted(const std::string& what) {
  skipBlanks();
  if (atEnd() || (text_[pos_] != '\'' && text_[pos_] != '"'))
    fail("expected " + what + " in quotes, found " + describeNext());
  char q = text_[pos_];
  int startLine = line_, startCol = column();
  advance();
  size_t start = pos_;
  while (!atEnd() && text_[pos_] != q && text_[pos_] != '\n') advance();
  if (atEnd() || text_[pos_] != q) failAt(startLine, startCol, what + " has no closing quote");
  std::string s = text_.substr(start, pos_ - start);
  advance();
  return s;
}

std::string TextScanner::until(char c, const std::string& what) {
  int startLine = line_, startCol = column();
  size_t start = pos_;
  while (!atEnd() && text_[pos_] != c) advance();
  if (atEnd()) failAt(startLine, startCol, what + ": missing '" + std::string(1, c) + "'");
  return text_.substr(start, pos_ - start);
}

void TextScanner::skipRestOfLine() {
  while (!atEnd() && text_[pos_] != '\n') advance();
}

void TextScanner::fail(const std::string& message) const {
  failAt(line_, column(), message);
}

void TextScanner::failAt(int line, int column, const std::string& message) const {
  throw core::InputError(file_, line, column, message);
}

std::string TextScanner::describeNext() const {
  if (atEnd()) return "end of file";
  if (text_[pos_] == '\n') return "end of line";
  size_t end = pos_;
  while (end < text_.size() && end - pos_ < 12 && !std::isspace(static_cast<unsigned char>(text_[end]))) ++end;
  if (end == pos_) end = pos_ + 1;
  return "'" + text_.substr(pos_, end - pos_) + "'";
}

}  // namespace ts::wse::io
