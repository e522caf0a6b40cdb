#include "engine/aie/stream_bandwidth.h"

#include <algorithm>
#include <numeric>

#include "engine/aie/legality.h"

namespace ts::aie {

namespace {

// Whether a net streams in every routing: of every placement, or of `placement` (see the header).
bool mustStream(const Design& d, const Device& dev, const Placement* placement, NetId n) {
  const Net& net = d.nets[n];
  if (net.needsStream()) return true;
  if (placement) {
    bool placed = placement->placed(net.source) && dev.contains(placement->tile(net.source));
    bool oneMemTile = placed && dev.kind(placement->tile(net.source)) == TileKind::Mem;
    for (CoreId t : net.targets) {
      placed = placed && placement->placed(t) && dev.contains(placement->tile(t));
      oneMemTile = oneMemTile && placed && placement->tile(t) == placement->tile(net.source);
    }
    if (placed) return !oneMemTile && !sharedMemoryPossible(d, dev, *placement, n);
  }
  bool shim = false, mem = false, compute = false;
  auto see = [&](CoreId c) {
    shim = shim || d.cores[c].kind == CoreKind::Shim;
    mem = mem || d.cores[c].kind == CoreKind::MemTile;
    compute = compute || d.cores[c].kind == CoreKind::Compute;
  };
  see(net.source);
  for (CoreId t : net.targets) see(t);
  return shim || (mem && compute);
}

// Search budget of the exact packing (nodes); beyond it first-fit decreasing decides.
constexpr int64_t kPackingNodes = 200000;

struct Packer {
  const std::vector<int64_t>& cycles;
  std::vector<int> order;  // flows, longest first
  int64_t capacity;
  int flows;
  std::vector<int64_t> load;
  std::vector<int> count, channel;
  int64_t nodes = 0;

  // A flow alone on a channel always fits: the rule bounds sharing, not a single stream.
  bool fits(size_t k, int f) const { return count[k] == 0 || (count[k] < flows && load[k] + cycles[f] <= capacity); }

  // Places order[i..] into the `load.size()` channels; false when impossible or out of budget.
  bool place(size_t i) {
    if (i == order.size()) return true;
    if (++nodes > kPackingNodes) return false;
    const int f = order[i];
    for (size_t k = 0; k < load.size(); ++k) {
      if (!fits(k, f)) continue;
      load[k] += cycles[f];
      ++count[k];
      channel[f] = int(k);
      if (place(i + 1)) return true;
      load[k] -= cycles[f];
      --count[k];
      if (count[k] == 0) break;  // empty channels are alike: trying the next one is the same
    }
    return false;
  }
};

bool firstFitDecreasing(Packer& p) {
  for (int f : p.order) {
    size_t k = 0;
    while (k < p.load.size() && !p.fits(k, f)) ++k;
    if (k == p.load.size()) return false;
    p.load[k] += p.cycles[f];
    ++p.count[k];
    p.channel[f] = int(k);
  }
  return true;
}

}  // namespace

StreamDemand streamDemand(const Design& d, const Device& dev, const Placement* placement) {
  StreamDemand out;
  out.bytesPerCycle = dev.packetLimits().channelBytesPerCycle;
  out.packetCycles.assign(size_t(d.netCount()), 0);
  if (out.bytesPerCycle <= 0) return out;
  auto words = [&](int64_t bytes) { return (bytes + out.bytesPerCycle - 1) / out.bytesPerCycle; };
  for (const LogicalCore& c : d.cores) out.intervalCycles = std::max(out.intervalCycles, c.computeCycles);
  if (out.intervalCycles == 0) return out;  // no kernel timing: the rate is unknown
  for (NetId n = 0; n < d.netCount(); ++n) {
    const Net& net = d.nets[n];
    out.packetCycles[size_t(n)] = words(net.bytesPerObject) + 1;  // + the packet header word
    if (mustStream(d, dev, placement, n)) out.intervalCycles = std::max(out.intervalCycles, words(net.bytesPerObject));
  }
  return out;
}

int packChannels(const std::vector<int64_t>& cycles, int64_t capacity, int flowsPerChannel, int maxChannels,
                 std::vector<int>* assignment) {
  const int n = int(cycles.size());
  if (n == 0) return 0;
  flowsPerChannel = std::max(1, flowsPerChannel);
  Packer p{cycles, std::vector<int>(size_t(n)), capacity, flowsPerChannel, {}, {}, std::vector<int>(size_t(n), -1)};
  std::iota(p.order.begin(), p.order.end(), 0);
  std::stable_sort(p.order.begin(), p.order.end(), [&](int a, int b) { return cycles[a] > cycles[b]; });
  // Flows longer than a channel's capacity each take a channel alone; the rest fill channels.
  int64_t alone = 0, rest = 0;
  for (int64_t c : cycles) (c > capacity ? alone : rest) += c > capacity ? 1 : c;
  const int lower = int(std::max<int64_t>((n + flowsPerChannel - 1) / flowsPerChannel,
                                          alone + (capacity > 0 ? (rest + capacity - 1) / capacity : 0)));
  for (int k = std::max(1, lower); k <= maxChannels; ++k) {
    p.load.assign(size_t(k), 0);
    p.count.assign(size_t(k), 0);
    p.nodes = 0;
    bool ok = p.place(0);
    if (!ok && p.nodes > kPackingNodes) {
      p.load.assign(size_t(k), 0);
      p.count.assign(size_t(k), 0);
      ok = firstFitDecreasing(p);
    }
    if (ok) {
      if (assignment) *assignment = p.channel;
      return k;
    }
  }
  return -1;
}

}  // namespace ts::aie
