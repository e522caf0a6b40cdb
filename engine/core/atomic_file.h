#pragma once
// Writing output files so that a failure never leaves a half-written file behind:
// the text goes to "<path>.tmp-XXXX" first and is renamed over the target when complete.
#include <cstddef>
#include <functional>
#include <ostream>
#include <string>

namespace ts::core {

/// Calls `write` with a stream to a temporary file beside `path`, then renames it to `path`.
/// If `write` throws or the stream fails, the temporary file is removed and an Error is thrown;
/// an existing file at `path` is left untouched.
void writeFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& write);

/// Same for content already in memory.
void writeFileAtomically(const std::string& path, const std::string& content);

/// Checks, before long work starts, that `path` could be written: not a folder, and its folder
/// exists and is writable. Throws Error naming the path and the reason. "-" (stdout) passes.
void requireWritableOutput(const std::string& path);

/// Input files are refused beyond this size (README "Input limits").
constexpr size_t kMaxInputBytes = size_t(1) << 30;

/// Reads a whole file; throws InputError when it cannot be opened, is a folder or a device,
/// is larger than kMaxInputBytes, or contains a NUL byte (at its line).
std::string readFile(const std::string& path);

}  // namespace ts::core
