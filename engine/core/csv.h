#pragma once
// Comma-separated values as RFC 4180 writes them: a field with a comma, a double quote or a
// line break is quoted, and a quote inside it is doubled. Reading accepts the same (quoted
// fields may span lines) and LF or CRLF line ends.
#include <string>
#include <vector>

namespace ts::core {

struct CsvRecord {
  int line = 0;  ///< where the record starts (1-based)
  std::vector<std::string> fields;
};

/// One field, quoted only when it must be.
std::string csvField(const std::string& value);

/// The records of a CSV text (empty lines are skipped). An unterminated quoted field or a
/// quote inside an unquoted one is an InputError naming file, line and column.
std::vector<CsvRecord> parseCsv(const std::string& text, const std::string& file);

}  // namespace ts::core
