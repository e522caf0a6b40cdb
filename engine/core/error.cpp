#include "engine/core/error.h"

namespace ts::core {

std::string formatLocation(const std::string& file, int line, int column) {
  std::string out = file.empty() ? std::string("<input>") : file;
  if (line > 0) {
    out += ":" + std::to_string(line);
    if (column > 0) out += ":" + std::to_string(column);
  }
  return out;
}

InputError::InputError(std::string file, int line, int column, const std::string& message)
    : std::runtime_error(formatLocation(file, line, column) + ": " + message),
      file_(std::move(file)),
      line_(line),
      column_(column),
      message_(message) {}

}  // namespace ts::core
