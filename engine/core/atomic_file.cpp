#include "engine/core/atomic_file.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include <unistd.h>

#include "engine/core/error.h"

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
  if (fs::is_directory(path, ec)) throw InputError(path, 0, 0, "is a folder, expected a file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path, 0, 0, "cannot open the file (does it exist?)");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace ts::core
