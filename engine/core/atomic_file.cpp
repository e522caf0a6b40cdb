#include "engine/core/atomic_file.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <vector>

#include <unistd.h>

#include "engine/core/error.h"
#include "engine/core/json_locate.h"

namespace ts::core {

namespace fs = std::filesystem;

void writeFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& write) {
  std::random_device rd;
  std::string tmp = path + ".tmp-" + std::to_string(rd() % 1000000);
  try {
    {
      std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
      if (!out) throw Error("cannot write " + path + ": cannot create a file in its folder");
      write(out);
      out.flush();
      if (!out) throw Error("cannot write " + path + ": write failed");
    }
    std::error_code ec;
    fs::rename(tmp, path, ec);
    if (ec) throw Error("cannot write " + path + ": " + ec.message());
  } catch (...) {
    std::error_code ignored;
    fs::remove(tmp, ignored);
    throw;
  }
}

void writeFileAtomically(const std::string& path, const std::string& content) {
  writeFileAtomically(path, [&](std::ostream& out) { out << content; });
}

void requireWritableOutput(const std::string& path) {
  if (path == "-") return;
  if (path.empty()) throw Error("an output file name is empty");
  std::error_code ec;
  if (fs::is_directory(path, ec)) throw Error("cannot write " + path + ": it is a folder");
  fs::path folder = fs::path(path).parent_path();
  if (folder.empty()) folder = ".";
  if (!fs::is_directory(folder, ec))
    throw Error("cannot write " + path + ": folder '" + folder.string() + "' does not exist");
  if (::access(folder.c_str(), W_OK) != 0)
    throw Error("cannot write " + path + ": folder '" + folder.string() + "' is not writable");
}

std::string readFile(const std::string& path) {
  std::error_code ec;
  fs::file_status status = fs::status(path, ec);
  if (fs::is_directory(status)) throw InputError(path, 0, 0, "is a folder, expected a file");
  if (fs::is_character_file(status) || fs::is_block_file(status))
    throw InputError(path, 0, 0, "is a device, expected a file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path, 0, 0, "cannot open the file (does it exist?)");
  // Read in chunks (pipes have no size) and stop at the limit instead of exhausting memory.
  std::string text;
  if (fs::is_regular_file(status)) {
    uintmax_t size = fs::file_size(path, ec);
    if (!ec) text.reserve(size_t(std::min<uintmax_t>(size, kMaxInputBytes)));
  }
  std::vector<char> chunk(size_t(1) << 16);
  while (in.read(chunk.data(), std::streamsize(chunk.size())) || in.gcount() > 0) {
    text.append(chunk.data(), size_t(in.gcount()));
    if (text.size() > kMaxInputBytes)
      throw InputError(path, 0, 0, "is larger than " + std::to_string(kMaxInputBytes >> 20) + " MiB, the input limit");
  }
  size_t nul = text.find('\0');
  if (nul != std::string::npos) {
    auto [line, column] = lineColumnOf(text, nul);
    throw InputError(path, line, column, "contains a NUL byte (a binary or UTF-16 file?)");
  }
  return text;
}

}  // namespace ts::core
