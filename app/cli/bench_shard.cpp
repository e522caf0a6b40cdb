#include "app/cli/bench_shard.h"

#include <regex>

#include "engine/core/error.h"

namespace ts::cli {

Shard parseShard(const std::string& text) {
  static const std::regex form(R"(\s*(\d{1,6})\s*/\s*(\d{1,6})\s*)");
  std::smatch m;
  if (std::regex_match(text, m, form)) {
    Shard s{std::stoi(m[1]), std::stoi(m[2])};
    if (s.index >= 1 && s.index <= s.count) return s;
  }
  throw core::Error("--shard: expected K/N with 1 <= K <= N (e.g. 2/8), got '" + text + "'");
}

void addShardOption(CLI::App* cmd, Shard& shard) {
  cmd->add_option_function<std::string>(
      "--shard", [&shard](const std::string& text) { shard = parseShard(text); },
      "Run only shard K of N (K = 1..N) of the design list, split round robin; join the shards' --json "
      "outputs with 'bench merge'");
}

size_t shardSize(const Shard& shard, size_t total) {
  if (!shard.active()) return total;
  const size_t first = size_t(shard.index) - 1, n = size_t(shard.count);
  return total > first ? (total - first + n - 1) / n : 0;
}

size_t fullListIndex(const Shard& shard, size_t positionInShard) {
  if (!shard.active()) return positionInShard;
  return size_t(shard.index) - 1 + positionInShard * size_t(shard.count);
}

nlohmann::json shardJson(const Shard& shard, size_t total) {
  return {{"index", shard.index}, {"count", shard.count}, {"designs_total", total}};
}

}  // namespace ts::cli
