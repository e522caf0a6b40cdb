#pragma once
// Finding where a JSON value sits in its text, so that errors about well-formed but wrong
// JSON (a missing field, a bad type) can still name a line and column.
#include <optional>
#include <string>
#include <utility>

namespace ts::core {

/// Line and column (1-based) of the value at a JSON pointer such as "/nets/3/src_id". Falls
/// back to the deepest existing parent, or {0, 0} when the text is not JSON.
std::pair<int, int> locateJsonPointer(const std::string& text, const std::string& pointer);

/// The offset of the first key that repeats an earlier key of the same object (JSON parsers
/// keep one of them silently), and the key; nullopt when there is none. Linear, non-recursive.
std::optional<size_t> findDuplicateJsonKey(const std::string& text, std::string* key = nullptr);

/// Line and column (1-based) of a byte offset.
std::pair<int, int> lineColumnOf(const std::string& text, size_t offset);

}  // namespace ts::core
