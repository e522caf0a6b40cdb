#pragma once
// Errors the engine reports to users. InputError names the file, line and column of bad input
// so that every front end (CLI, GUI dialog) can print one clear line.
#include <stdexcept>
#include <string>

namespace ts::core {

/// A problem in a file or value the user gave us. line/column are 1-based; 0 = unknown.
class InputError : public std::runtime_error {
 public:
  InputError(std::string file, int line, int column, const std::string& message);
  const std::string& file() const { return file_; }
  int line() const { return line_; }
  int column() const { return column_; }
  /// The message without the location prefix.
  const std::string& message() const { return message_; }

 private:
  std::string file_;
  int line_;
  int column_;
  std::string message_;
};

/// A request the engine cannot satisfy (impossible design, unknown name, infeasible model).
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// "file:line:col: message" with the parts that are known.
std::string formatLocation(const std::string& file, int line, int column);

}  // namespace ts::core
