#pragma once
// --shard K/N of the bench commands: a deterministic split of the design list, so that a sweep
// runs as N independent jobs (GNU parallel, a Slurm job array), and the bookkeeping that lets
// `bench merge` put their --json outputs back together as one run would have written them.
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace ts::cli {

/// Shard `index` of `count` (1 <= index <= count); count 0 means the whole list.
struct Shard {
  int index = 0, count = 0;
  bool active() const { return count > 0; }
};

/// "K/N" with 1 <= K <= N; throws core::Error (exit code 2) for anything else.
Shard parseShard(const std::string& text);

/// Adds --shard K/N to a bench command.
void addShardOption(CLI::App* cmd, Shard& shard);

/// Round robin: design i of the full list belongs to shard (i mod N) + 1, so that every shard
/// gets a like mix of small and large designs (suites list them by category and size).
size_t shardSize(const Shard& shard, size_t total);
size_t fullListIndex(const Shard& shard, size_t positionInShard);

template <class T>
std::vector<T> selectShard(const std::vector<T>& all, const Shard& shard) {
  if (!shard.active()) return all;
  std::vector<T> out;
  for (size_t j = 0; j < shardSize(shard, all.size()); ++j) out.push_back(all[fullListIndex(shard, j)]);
  return out;
}

/// {"index": K, "count": N, "designs_total": total}: written into a shard's --json output.
nlohmann::json shardJson(const Shard& shard, size_t total);

}  // namespace ts::cli
