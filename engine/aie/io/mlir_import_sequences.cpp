// Runtime sequences (`aie.runtime_sequence`, `aiex.runtime_sequence`): the host's transfers. They
// do not change where tiles go, except in one way: object FIFOs whose host transfers never run
// at the same time may take turns on one shim DMA channel (MLIR-AIE then shares the channel by
// packet ids). So the reader follows when each FIFO's transfers are in flight:
//  - `aiex.npu.dma_memcpy_nd(...) {metadata = @of}` starts one, until `aiex.npu.dma_wait
//    {symbol = @of}` or the end of the sequence;
//  - `%t = aiex.dma_configure_task_for @of {...}` (or `%t = aiex.dma_start_bd_chain_for @chain(...)
//    for @of`, which also starts it) names a task; `aiex.dma_start_task(%t)` starts it and
//    `aiex.dma_await_task(%t)` or `aiex.dma_free_task(%t)` ends it;
//  - separate sequences never run at the same time.
// Nets whose transfers never overlap become Design::turns groups. Anything else in a sequence
// (host syncs, writes, tasks on explicit channels) leaves transfers in flight longer: the safe side.
#include <algorithm>
#include <string>

#include "engine/aie/io/mlir_module_importer.h"

namespace ts::aie::mlir {

namespace {

// A symbol token's name: @of or @"of" -> of.
std::string symbolName(std::string_view text) {
  std::string s(text.substr(1));
  if (s.size() >= 2 && s.front() == '"') s = s.substr(1, s.size() - 2);
  return s;
}

// The name of the symbol after `key =` among the statement's tokens from `from` (e.g.
// metadata = @of), or "".
std::string symbolAfterKey(const Statement& st, size_t from, std::string_view key) {
  for (size_t k = from; k + 2 < st.tokens.size(); ++k)
    if (st.tokens[k].kind == TokenKind::Identifier && st.tokens[k].text == key && st.tokens[k + 1].is('=') &&
        st.tokens[k + 2].kind == TokenKind::Symbol)
      return symbolName(st.tokens[k + 2].text);
  return "";
}

}  // namespace

void ModuleImporter::startSequence() {
  sequence_ = Sequence{};
  sequence_.index = sequences_++;
}

void ModuleImporter::sequenceStart(const std::string& fifo) {
  ++sequence_.event;
  if (sequence_.open[fifo]++ == 0) sequence_.since[fifo] = sequence_.event;
}

void ModuleImporter::sequenceEnd(const std::string& fifo, bool all) {
  ++sequence_.event;
  auto it = sequence_.open.find(fifo);
  if (it == sequence_.open.end() || it->second == 0) return;
  it->second = all ? 0 : it->second - 1;
  if (it->second == 0) inFlight_[fifo].push_back({sequence_.index, sequence_.since[fifo], sequence_.event});
}

void ModuleImporter::sequenceBody(const Statement& st) {
  const size_t k = opTokenIndex(st);
  if (k >= st.tokens.size() || st.tokens[k].kind != TokenKind::Identifier) return;
  const std::string op = normalizeOp(st.tokens[k].text);
  const std::string result = k > 0 ? std::string(st.tokens[0].text) : "";
  if (op == "aiex.npu.dma_memcpy_nd" || op == "aiex.ipu.dma_memcpy_nd") {
    const std::string fifo = symbolAfterKey(st, k + 1, "metadata");
    if (!fifo.empty()) sequenceStart(fifo);
  } else if (op == "aiex.npu.dma_wait") {
    const std::string fifo = symbolAfterKey(st, k + 1, "symbol");
    if (!fifo.empty()) sequenceEnd(fifo, true);
  } else if (op == "aiex.dma_configure_task_for" || op == "aiex.dma_start_bd_chain_for") {
    // `%t = aiex.dma_configure_task_for @of {...}`, `%t = ... @chain(args) for @of`: the FIFO is
    // the last symbol before any region; the second form starts the task as well.
    std::string fifo;
    for (size_t i = k + 1; i < st.tokens.size() && !st.tokens[i].is('{'); ++i)
      if (st.tokens[i].kind == TokenKind::Symbol) fifo = symbolName(st.tokens[i].text);
    if (!result.empty() && !fifo.empty()) sequence_.tasks[result] = fifo;
    if (op == "aiex.dma_start_bd_chain_for" && !fifo.empty()) sequenceStart(fifo);
  } else if (op == "aiex.dma_start_task" || op == "aiex.dma_await_task" || op == "aiex.dma_free_task") {
    // One op may name several tasks: dma_start_task(%a, %b).
    for (size_t i = k + 1; i < st.tokens.size(); ++i) {
      if (st.tokens[i].kind != TokenKind::Value) continue;
      auto task = sequence_.tasks.find(std::string(st.tokens[i].text));
      if (task == sequence_.tasks.end()) continue;
      if (op == "aiex.dma_start_task")
        sequenceStart(task->second);
      else
        sequenceEnd(task->second, false);
    }
  }
}

void ModuleImporter::closeSequence() {
  ++sequence_.event;
  for (const auto& [fifo, open] : sequence_.open)
    if (open > 0) inFlight_[fifo].push_back({sequence_.index, sequence_.since.at(fifo), sequence_.event});
}

void ModuleImporter::addTurns() {
  // Nets driven by the host, in net order; each joins the first group none of whose nets it
  // overlaps (a net the sequences never drive stays out: it may run at any time).
  std::vector<std::pair<NetId, const std::vector<InFlight>*>> driven;
  for (const auto& [fifo, spans] : inFlight_) {
    auto net = fifos_.find(fifo);
    if (net != fifos_.end()) driven.push_back({net->second, &spans});
  }
  std::sort(driven.begin(), driven.end());
  auto overlap = [](const std::vector<InFlight>& a, const std::vector<InFlight>& b) {
    for (const InFlight& x : a)
      for (const InFlight& y : b)
        if (x.sequence == y.sequence && x.from < y.to && y.from < x.to) return true;
    return false;
  };
  std::vector<std::vector<size_t>> groups;  // indices into driven
  for (size_t i = 0; i < driven.size(); ++i) {
    auto fits = [&](const std::vector<size_t>& g) {
      return std::none_of(g.begin(), g.end(), [&](size_t j) { return overlap(*driven[i].second, *driven[j].second); });
    };
    auto g = std::find_if(groups.begin(), groups.end(), fits);
    if (g == groups.end())
      groups.push_back({i});
    else
      g->push_back(i);
  }
  std::string names;
  for (const auto& g : groups) {
    if (g.size() < 2) continue;
    Turns t;
    for (size_t j : g) t.nets.push_back(driven[j].first);
    design_.turns.push_back(t);
    names += std::string(names.empty() ? "" : "; ");
    for (size_t j = 0; j < g.size(); ++j) names += (j ? ", " : "") + design_.nets[size_t(driven[g[j]].first)].name;
  }
  if (!names.empty())
    notes_.push_back(
        "object FIFOs whose host transfers never run at the same time take turns on a DMA channel "
        "where their ends share a tile (" +
        names + ")");
}

}  // namespace ts::aie::mlir
