// The memory and locks an MLIR-AIE file declares besides its object FIFOs: aie.buffer and
// aie.lock ops, each core's stack, and how they meet the buffers and locks assumed for flows.
#include <algorithm>
#include <map>
#include <string>

#include "engine/aie/io/mlir_module_importer.h"
#include "engine/aie/limits.h"
#include "engine/aie/routing_legality.h"

namespace ts::aie::mlir {

int64_t ModuleImporter::memref(Cursor& c, const std::string& where, bool emptyAllowed, bool fifoType) {
  Token memrefAt = c.peek();
  if (!c.acceptWord("memref")) c.fail(memrefAt, "expected memref<...> " + where + ", found " + quoteToken(memrefAt));
  size_t open = c.index();
  c.expect('<', "after memref");
  size_t close = c.matching(open);
  c.seek(open + 1);
  Token first = c.peek();
  c.seek(close);
  Token last = c.expect('>', "after the memref's shape");
  std::string_view shape(text_->data() + first.offset, last.offset - first.offset);
  if (fifoType) {
    // MLIR-AIE's 2023 object FIFO type `memref<4xmemref<i32>>`: room for 4 objects of
    // memref<i32> (the depth says how many a FIFO holds, so the outer count is not read).
    const size_t x = shape.find_first_not_of("0123456789");
    if (x > 0 && x != std::string_view::npos && shape.substr(x, 8) == "xmemref<" && shape.back() == '>')
      return memrefBytes(c, memrefAt, shape.substr(x + 8, shape.size() - x - 9), emptyAllowed);
  }
  return memrefBytes(c, memrefAt, shape, emptyAllowed);
}

void ModuleImporter::addBuffer(Cursor& c, const std::vector<std::string>& results) {
  // %b = aie.buffer(%tile) [{attributes}] : memref<...> [= initial value]: memory of that tile.
  c.expect('(', "after aie.buffer");
  const CoreId owner = tileValue(c, "the buffer's tile");
  c.expect(')', "after the buffer's tile");
  for (const std::string& r : results) buffers_[r] = owner;
  c.skipAttributes();
  c.expect(':', "before the buffer's type");
  declare(owner, memref(c, "as the buffer's type", true));  // memref<0xi32>: MLIR-AIE allocates it
  ++declaredBuffers_;
}

void ModuleImporter::addLock(Cursor& c, const std::vector<std::string>& results) {
  // [%l =] aie.lock(%tile[, id]) [{attributes}]: one lock of that tile. A core may use only its
  // memory neighbours' locks (checked in finish()).
  c.expect('(', "after aie.lock");
  const CoreId owner = tileValue(c, "the lock's tile");
  for (const std::string& r : results) {
    buffers_[r] = owner;
    locks_.insert(r);
  }
  int& count = declaredLocks_[owner];
  count = std::min(count + 1, limits::kMaxLocks + 1);  // past the limit the check names the core
}

void ModuleImporter::declare(CoreId tile, int64_t bytes) {
  // Past the design model's limit the sum stays just above it, so that the check names the core
  // (and a file of a million huge buffers cannot overflow it).
  int64_t& sum = declaredBytes_[tile];
  sum = std::min(sum + bytes, limits::kMaxBufferBytes + 1);
}

void ModuleImporter::afterRegion(const Statement& st) {
  const CoreId core = closedCore_;
  closedCore_ = -1;
  if (core < 0 || !stacks_.count(core) || st.tokens.empty() || !st.tokens[0].is('{')) return;
  Cursor c(st, 0, "aie.core", file_);
  readStackSize(c, core);
}

void ModuleImporter::readStackSize(Cursor& c, CoreId core) {
  readAttributes(c, [&](const std::string& key, const Token&) {
    if (key != "stack_size") return false;
    stacks_[core] = c.integer("stack_size", 0, limits::kMaxBufferBytes);
    if (c.accept(':')) c.word("an integer type (e.g. i32)");
    return true;
  });
}

template <typename Visit>
void ModuleImporter::forEachFlowDmaEnd(Visit visit) const {
  for (const Net& n : design_.nets)
    if (flowNet(n))
      for (int pin = 0; pin <= int(n.targets.size()); ++pin)
        if (n.usesDma(pin)) visit(n, pin, pin == 0 ? n.source : n.targets[size_t(pin - 1)]);
}

void ModuleImporter::chargeDeclaredMemory() {
  // A flow's or route's DMA end holds an assumed buffer, or its pool. A tile whose buffers the
  // file declares holds those ends' buffers among them (a hand-lowered design declares the
  // buffers its DMA programs move; a pool is what its endpoint moves), so it holds the larger.
  std::map<CoreId, int64_t> assumed;  // saturates like declaredBytes_: only the comparison matters
  forEachFlowDmaEnd([&](const Net& n, int pin, CoreId core) {
    int64_t& sum = assumed[core];
    sum = std::min(sum + n.depth(pin) * n.bytesPerObject, limits::kMaxBufferBytes + 1);
  });
  int64_t total = 0;
  int withFlows = 0;
  for (const auto& [core, bytes] : declaredBytes_) {
    auto a = assumed.find(core);
    const int64_t already = a == assumed.end() ? 0 : a->second;
    withFlows += already > 0;
    total += bytes;
    design_.cores[core].bufferBytes += std::max<int64_t>(0, bytes - already);
  }
  std::string declared;
  if (declaredBuffers_ > 0) declared = std::to_string(declaredBuffers_) + " aie.buffer(s)";
  if (declaredPools_ > 0)
    declared += (declared.empty() ? "" : " and ") + std::to_string(declaredPools_) + " aie.objectfifo.pool(s)";
  if (!declared.empty())
    notes_.push_back(declared + " (" + std::to_string(total) + " bytes) count as memory of their tiles" +
                     (withFlows > 0
                          ? "; on " + std::to_string(withFlows) +
                                " tile(s) that also end flows or routes, those ends' buffers are taken to be among them"
                          : std::string()));
  std::map<int64_t, int> sizes;
  for (const auto& [core, stack] : stacks_) {
    design_.cores[core].bufferBytes += stack;
    ++sizes[stack];
  }
  if (!stacks_.empty()) {
    std::string list;
    for (const auto& [stack, cores] : sizes)
      list += (list.empty() ? "" : ", ") + std::to_string(cores) + " x " + std::to_string(stack);
    notes_.push_back(std::to_string(stacks_.size()) +
                     " aie.core(s) reserve their stack in their tile's memory, as MLIR-AIE allocates it (bytes: " +
                     list + "; stack_size, 1024 by default)");
  }
}

void ModuleImporter::chargeDeclaredLocks() {
  // As with buffers, a hand-lowered design declares the locks its flows' DMA ends use, so a tile
  // ending flows holds the larger of its declared locks and those the routers assume for them.
  // Shim locks guard host transfers, which the model does not count.
  std::map<CoreId, int> assumed;
  forEachFlowDmaEnd([&](const Net&, int, CoreId core) { assumed[core] += kLocksPerBuffer; });
  int counted = 0, onShims = 0, withFlows = 0;
  for (const auto& [core, locks] : declaredLocks_) {
    if (design_.cores[core].kind == CoreKind::Shim) {
      onShims += locks;
      continue;
    }
    auto a = assumed.find(core);
    const int already = a == assumed.end() ? 0 : a->second;
    withFlows += already > 0;
    counted += locks;
    design_.cores[core].locks =
        std::min(design_.cores[core].locks + std::max(0, locks - already), limits::kMaxLocks + 1);
  }
  if (counted > 0)
    notes_.push_back(std::to_string(counted) + " aie.lock(s) count as locks of their tiles" +
                     (withFlows > 0 ? "; on " + std::to_string(withFlows) +
                                          " tile(s) that also end flows or routes, those ends' locks are taken to be "
                                          "among them"
                                    : std::string()));
  if (onShims > 0)
    notes_.push_back(std::to_string(onShims) +
                     " aie.lock(s) of shim tiles are not counted: shim buffers live in host memory, and the model "
                     "keeps no shim locks");
}

}  // namespace ts::aie::mlir
