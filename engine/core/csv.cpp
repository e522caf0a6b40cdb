#include "engine/core/csv.h"

#include "engine/core/error.h"

namespace ts::core {

std::string csvField(const std::string& value) {
  if (value.find_first_of(",\"\r\n") == std::string::npos) return value;
  std::string out = "\"";
  for (char c : value) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::vector<CsvRecord> parseCsv(const std::string& text, const std::string& file) {
  std::vector<CsvRecord> records;
  CsvRecord record;
  std::string field;
  bool quoted = false, wasQuoted = false, any = false;
  int line = 1;
  size_t lineStart = 0;
  auto endField = [&] {
    record.fields.push_back(std::move(field));
    field.clear();
    wasQuoted = false;
  };
  auto endRecord = [&] {
    if (any) {
      endField();
      records.push_back(std::move(record));
    }
    record = CsvRecord();
    any = false;
  };
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (!any) record.line = line, any = c != '\n' && !(c == '\r' && i + 1 < text.size() && text[i + 1] == '\n');
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        field += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        if (c == '\n') ++line, lineStart = i + 1;
        field += c;
      }
      continue;
    }
    if (c == '"') {
      if (!field.empty() || wasQuoted)
        throw InputError(file, line, int(i - lineStart) + 1, "a double quote inside an unquoted field");
      quoted = wasQuoted = true;
    } else if (c == ',') {
      endField();
    } else if (c == '\n' || (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n')) {
      if (c == '\r') ++i;
      endRecord();
      ++line;
      lineStart = i + 1;
    } else {
      if (wasQuoted) throw InputError(file, line, int(i - lineStart) + 1, "text after a quoted field's closing quote");
      field += c;
    }
  }
  if (quoted) throw InputError(file, record.line, 1, "a quoted field is never closed");
  endRecord();
  return records;
}

}  // namespace ts::core
