#include "engine/core/json_locate.h"

#include <cctype>
#include <unordered_set>
#include <vector>

namespace ts::core {

namespace {

// A forgiving scanner over JSON text: it only needs to skip values and find keys.
class Scanner {
 public:
  explicit Scanner(const std::string& s) : s_(s) {}

  void ws() {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
  }
  size_t pos() const { return i_; }
  bool at(char c) {
    ws();
    return i_ < s_.size() && s_[i_] == c;
  }
  bool eat(char c) {
    if (!at(c)) return false;
    ++i_;
    return true;
  }
  std::string string() {
    std::string out;
    if (!eat('"')) return out;
    while (i_ < s_.size() && s_[i_] != '"') {
      if (s_[i_] == '\\' && i_ + 1 < s_.size()) ++i_;
      out += s_[i_++];
    }
    ++i_;
    return out;
  }
  // Iterative, so that deeply nested text cannot overflow the stack.
  void skipValue() {
    ws();
    if (i_ >= s_.size()) return;
    char c = s_[i_];
    if (c == '"') {
      string();
      return;
    }
    if (c != '{' && c != '[') {
      while (i_ < s_.size() && s_[i_] != ',' && s_[i_] != '}' && s_[i_] != ']' &&
             !std::isspace(static_cast<unsigned char>(s_[i_])))
        ++i_;
      return;
    }
    size_t depth = 0;
    while (i_ < s_.size()) {
      char ch = s_[i_];
      if (ch == '"') {
        string();
        continue;
      }
      ++i_;
      if (ch == '{' || ch == '[') ++depth;
      if ((ch == '}' || ch == ']') && --depth == 0) return;
    }
  }
  // Moves to the start of the child value named `token`; false if absent.
  bool enter(const std::string& token) {
    ws();
    if (eat('{')) {
      while (!at('}') && i_ < s_.size()) {
        std::string key = string();
        eat(':');
        ws();
        if (key == token) return true;
        skipValue();
        if (!eat(',')) break;
      }
      return false;
    }
    if (eat('[')) {
      size_t want = 0;
      for (char ch : token) {
        if (!std::isdigit(static_cast<unsigned char>(ch))) return false;
        want = want * 10 + size_t(ch - '0');
      }
      for (size_t k = 0; !at(']') && i_ < s_.size(); ++k) {
        ws();
        if (k == want) return true;
        skipValue();
        if (!eat(',')) break;
      }
    }
    return false;
  }

 private:
  const std::string& s_;
  size_t i_ = 0;
};

}  // namespace

std::optional<size_t> findDuplicateJsonKey(const std::string& text, std::string* key) {
  // One frame per open object (its keys so far) or array (no keys); strings are skipped whole.
  struct Frame {
    bool object = false;
    bool expectKey = false;
    std::vector<std::string> keys;
    std::unordered_set<std::string> many;  // used once an object has more than 16 keys
  };
  std::vector<Frame> stack;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '"') {
      size_t start = i++;
      std::string s;
      for (; i < text.size() && text[i] != '"'; ++i) {
        if (text[i] == '\\' && i + 1 < text.size()) ++i;
        s += text[i];
      }
      if (stack.empty() || !stack.back().object || !stack.back().expectKey) continue;
      Frame& f = stack.back();
      f.expectKey = false;
      bool repeated = false;
      if (f.keys.size() < 16) {
        for (const auto& k : f.keys) repeated = repeated || k == s;
        if (!repeated) f.keys.push_back(s);
        if (f.keys.size() == 16) f.many.insert(f.keys.begin(), f.keys.end());
      } else {
        repeated = !f.many.insert(s).second;
      }
      if (repeated) {
        if (key) *key = s;
        return start;
      }
    } else if (c == '{' || c == '[') {
      stack.push_back({c == '{', c == '{', {}, {}});
    } else if (c == '}' || c == ']') {
      if (!stack.empty()) stack.pop_back();
    } else if (c == ',' && !stack.empty() && stack.back().object) {
      stack.back().expectKey = true;
    }
  }
  return std::nullopt;
}

std::pair<int, int> lineColumnOf(const std::string& text, size_t offset) {
  int line = 1, col = 1;
  for (size_t k = 0; k < offset && k < text.size(); ++k) {
    if (text[k] == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
  }
  return {line, col};
}

std::pair<int, int> locateJsonPointer(const std::string& text, const std::string& pointer) {
  std::vector<std::string> tokens;
  size_t start = 1;
  while (start <= pointer.size() && !pointer.empty()) {
    size_t end = pointer.find('/', start);
    if (end == std::string::npos) end = pointer.size();
    tokens.push_back(pointer.substr(start, end - start));
    start = end + 1;
  }
  Scanner scan(text);
  scan.ws();
  size_t best = scan.pos();
  for (const auto& token : tokens) {
    if (!scan.enter(token)) break;
    best = scan.pos();
  }
  return lineColumnOf(text, best);
}

}  // namespace ts::core
