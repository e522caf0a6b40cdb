#include "engine/aie/bench/synthetic.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "engine/aie/bench/endpoint_plan.h"
#include "engine/core/error.h"

namespace ts::aie {

const char* toString(Flow flow) {
  return flow == Flow::Pipelined ? "pipelined" : "feedback";
}
const char* toString(SizeClass size) {
  return size == SizeClass::Small ? "small" : "large";
}

std::pair<int, int> computeCoreRange(const Device& device, SizeClass size) {
  const int total = device.countTiles(TileKind::Compute);
  if (size == SizeClass::Small) return {std::max(3, total / 8), (total - 1) / 2};
  return {total / 2 + 1, total};
}

uint64_t designSeed(uint64_t suiteSeed, const std::string& name) {
  uint64_t h = 1469598103934665603ull;  // FNV-1a over the name, then a splitmix64 finaliser
  for (unsigned char ch : name) h = (h ^ ch) * 1099511628211ull;
  uint64_t z = h ^ (suiteSeed + 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

double drawStressLevel(core::Rng& rng, const SyntheticSpec& spec) {
  const int cls = spec.size == SizeClass::Small ? 0 : spec.flow == Flow::Feedback ? 1 : 2;
  return std::clamp(spec.stressScale, 0.0, 1.0) * std::pow(rng.uniform01(), kStressExponent[cls]);
}

Traffic::Traffic(core::Rng& rng, const SyntheticSpec& spec) : rng_(&rng), size_(spec.size) {
  static const int64_t small[] = {64, 128, 256, 256, 512, 512, 1024, 1024, 2048, 4096};
  static const int64_t large[] = {2048, 2048, 3072, 4096, 4096, 6144};
  base_ = size_ == SizeClass::Large ? large[rng.uniformInt(0, 5)] : small[rng.uniformInt(0, 9)];
  stress_ = drawStressLevel(rng, spec);
}

void Traffic::drawPair() {
  static const int depths[] = {2, 2, 2, 2, 1, 3, 4};
  pendingDepth_ = depths[rng_->uniformInt(0, 6)];
  switch (rng_->uniformInt(0, 5)) {
    case 0:
      pendingBytes_ = std::max<int64_t>(32, base_ / 2);
      break;
    case 1:
      pendingBytes_ = base_ * 2;
      break;
    default:
      pendingBytes_ = base_;
  }
}

int64_t Traffic::bytes() {
  if (pendingBytes_ == 0) drawPair();  // else depth() drew the pair
  const int64_t b = pendingBytes_;
  pendingBytes_ = 0;
  return b;
}

int Traffic::depth() {
  if (pendingDepth_ == 0) drawPair();  // else bytes() drew the pair
  const int d = pendingDepth_;
  pendingDepth_ = 0;
  return d;
}

int64_t Traffic::cycles() {
  return 16 + rng_->uniformInt(int(base_ / 16), int(base_ / 4));
}

namespace {

bool hasNet(const Design& d, CoreId src, CoreId dst) {
  for (const Net& n : d.nets)
    if (n.source == src && std::find(n.targets.begin(), n.targets.end(), dst) != n.targets.end()) return true;
  return false;
}

template <typename T>
void shuffle(std::vector<T>& v, core::Rng& rng) {
  for (int i = int(v.size()) - 1; i > 0; --i) std::swap(v[size_t(i)], v[size_t(rng.uniformInt(0, i))]);
}

/// Input FIFOs (nets a core is a target of), whatever interconnect they end up on.
std::vector<int> inputFifos(const Design& d) {
  std::vector<int> in(d.cores.size(), 0);
  for (const Net& n : d.nets)
    for (CoreId t : n.targets) ++in[size_t(t)];
  return in;
}

}  // namespace

int addRandomNets(DesignBuilder& b, core::Rng& rng, const std::vector<CoreId>& order, int count, bool forward,
                  int minGap, Traffic& traffic, const std::string& prefix) {
  const int n = int(order.size());
  int added = 0;
  for (int attempt = 0; attempt < count * 8 && added < count && n > minGap; ++attempt) {
    int i = rng.uniformInt(0, n - 1 - minGap);
    int j = rng.uniformInt(i + minGap, n - 1);
    CoreId src = forward ? order[size_t(i)] : order[size_t(j)];
    CoreId dst = forward ? order[size_t(j)] : order[size_t(i)];
    if (hasNet(b.design(), src, dst)) continue;
    b.addNet(prefix + std::to_string(added), src, {dst}, traffic.bytes(), traffic.depth());
    ++added;
  }
  return added;
}

void addTrafficStress(DesignBuilder& b, core::Rng& rng, const std::vector<CoreId>& order, bool forwardOnly,
                      Traffic& traffic) {
  // Parameter streams: memory-tile multicasts to groups of 5-8 cores, in every large design and
  // in some small ones (the paper finds the large pipelined designs hardest: "high-fanout
  // communication and complex dataflow"); how many groups, and whether a second round fills
  // the cores' other S2MM channel, follows the design's stress level.
  const SizeClass size = traffic.size();
  const double stress = traffic.stress();
  const int64_t paramBytes = std::max<int64_t>(64, traffic.baseBytes() / 2);
  const int rounds = size == SizeClass::Large || rng.uniform01() < stress / 2 ? 2 : 0;
  int groups = 0;
  for (int round = 0; round < rounds; ++round) {
    if (round == 1 && rng.uniform01() >= stress * stress) break;
    std::vector<CoreId> open;
    for (CoreId c : order)
      if (b.freeIn(b.tileOf(c)) >= 1) open.push_back(c);
    shuffle(open, rng);
    // Weights go to one-operand kernels first (addTrafficStress in synthetic.h).
    const std::vector<int> inputs = inputFifos(b.design());
    std::stable_partition(open.begin(), open.end(), [&](CoreId c) { return inputs[size_t(c)] <= 1; });
    size_t next = 0;
    while (open.size() - next >= 5) {
      const size_t k = std::min(open.size() - next, size_t(rng.uniformInt(5, 8)));
      std::vector<CoreId> group(open.begin() + long(next), open.begin() + long(next + k));
      next += k;
      // Not every group of cores takes parameters, but every stressed design has one multicast.
      if ((groups > 0 || round > 0) && rng.uniform01() >= stress) continue;
      b.addInput("w" + std::to_string(groups++), {group}, paramBytes, 2);
    }
  }
  if (groups > 0) b.tag("param-multicast");

  // Own weights: a one-operand kernel that takes no multicast weights computes a layer of its
  // own and reads its weights from the memory tile of its column (addTrafficStress in synthetic.h).
  const std::vector<int> inputs = inputFifos(b.design());
  std::vector<CoreId> own;
  for (CoreId c : order)
    if (inputs[size_t(c)] <= 1 && b.freeIn(b.tileOf(c)) >= 1) own.push_back(c);
  std::stable_sort(own.begin(), own.end(), [&](CoreId x, CoreId y) { return b.tileOf(x).col < b.tileOf(y).col; });
  int weightLinks = 0;
  for (size_t next = 0, end = 0; next < own.size(); next = end) {
    std::vector<std::vector<CoreId>> streams;  // one stream per kernel, one distribute per column
    for (end = next; end < own.size() && b.tileOf(own[end]).col == b.tileOf(own[next]).col; ++end)
      streams.push_back({own[end]});
    try {
      b.addInput("ow" + std::to_string(weightLinks), streams, paramBytes, 2);
      ++weightLinks;
    } catch (const core::Error&) {
      break;  // no memory tile or shim has channels left: the other kernels keep their weights local
    }
  }
  if (weightLinks > 0) b.tag("own-weights");

  // Result taps: a few intermediate cores with a spare MM2S also report to DRAM.
  std::vector<CoreId> taps;
  for (size_t i = 1; i + 1 < order.size(); ++i)
    if (b.freeOut(b.tileOf(order[i])) >= 1 && rng.uniform01() < stress / 3) taps.push_back(order[i]);
  if (taps.size() >= 2) b.addOutput("tap", taps, std::max<int64_t>(64, traffic.baseBytes() / 2), 2);

  // A dispatcher: three control streams to non-neighbours, whatever its channels.
  if (size != SizeClass::Large || rng.uniform01() >= kHubChance) return;
  std::vector<size_t> hubs(order.size());
  for (size_t i = 0; i < hubs.size(); ++i) hubs[i] = i;
  shuffle(hubs, rng);
  for (size_t h : hubs) {
    const CoreId hub = order[h];
    std::vector<CoreId> far;
    for (size_t i = forwardOnly ? h + 1 : 0; i < order.size(); ++i) {
      CoreId c = order[i];
      if (c != hub && !b.canShare(hub, {c}) && !hasNet(b.design(), hub, c)) far.push_back(c);
    }
    if (far.size() < 3) continue;
    shuffle(far, rng);
    for (int k = 0; k < 3; ++k)
      b.addNet(b.design().cores[hub].name + "_ctl" + std::to_string(k), hub, {far[size_t(k)]},
               std::max<int64_t>(32, traffic.baseBytes() / 4), 2);
    b.tag("dispatcher");
    return;
  }
}

void tightenMemory(GeneratedDesign& gen, const Device& device, core::Rng& rng, double stress) {
  Design& d = gen.design;
  const Placement& p = gen.placement;
  std::vector<int64_t> original;
  for (const auto& c : d.cores) original.push_back(c.bufferBytes);
  EndpointPlan plan = planEndpoints(d, device, p);
  if (!plan.ok()) return;
  const bool singleModeOk = singleModeIssuesBesidesMixing(d, device, p).empty();
  // Worst case per tile: every shared buffer on each tile that could hold it, so that the
  // design fits whichever neighbour a router (or AMD's) picks for it.
  std::vector<NetBuffers> how;
  for (PlannedMode m : plan.modes)
    how.push_back(m == PlannedMode::SharedMemory ? NetBuffers::None
                  : m == PlannedMode::IntraTile  ? NetBuffers::InPlace
                                                 : NetBuffers::Stream);
  std::vector<int64_t> worst = countBuffers(d, device, p, how, plan.bufferTile).memory;
  for (NetId n = 0; n < d.netCount(); ++n) {
    if (plan.modes[size_t(n)] != PlannedMode::SharedMemory) continue;
    std::vector<TileCoord> banks = device.memoriesReachableFrom(p.tile(d.nets[n].source));
    for (TileCoord bank : banks) {
      bool all = true;
      for (CoreId t : d.nets[n].targets) {
        auto r = device.memoriesReachableFrom(p.tile(t));
        all = all && std::find(r.begin(), r.end(), bank) != r.end();
      }
      if (all) worst[size_t(device.index(bank))] += sharedBufferBytes(d.nets[n]);
    }
  }
  // What one more object-FIFO end would add on a core's tile: its largest buffer set.
  std::vector<int64_t> fifoEnd(d.cores.size(), 0);
  for (const Net& net : d.nets) {
    fifoEnd[size_t(net.source)] = std::max(fifoEnd[size_t(net.source)], sharedBufferBytes(net));
    for (CoreId t : net.targets) fifoEnd[size_t(t)] = std::max(fifoEnd[size_t(t)], sharedBufferBytes(net));
  }
  std::vector<int64_t> extra(d.cores.size(), 0);
  for (CoreId c = 0; c < d.coreCount(); ++c) {
    if (d.cores[c].kind != CoreKind::Compute) continue;
    const int64_t memory = device.resources(p.tile(c)).memoryBytes;
    const bool overflows = rng.uniform01() < stress;
    constexpr double fitLow = 1.1;  // the least headroom of a tile drawn to fit a conversion
    const double u = overflows ? 0.1 + 0.8 * rng.uniform01() : fitLow + 1.4 * rng.uniform01();
    // At most a quarter of the memory (tiny memories too), except that a tile drawn to fit a
    // conversion keeps room for one: else every core whose largest buffer set exceeds ~15 KiB
    // would overflow on a conversion whatever its draw, i.e. draw the stress anyway.
    const double end = double(fifoEnd[size_t(c)]);
    const int64_t cap = overflows ? memory / 4 : std::max(memory / 4, int64_t(fitLow * end));
    const int64_t headroom = std::clamp(int64_t(u * end), int64_t(256), std::max<int64_t>(256, cap));
    const int64_t room = memory - headroom - worst[size_t(device.index(p.tile(c)))];
    if (room > 0) extra[size_t(c)] = room / 256 * 256;
  }
  // Back off only where a plan runs out of memory: halve the extra kernel data of the cores on
  // the tiles the plans name, so that the rest of the design stays tight.
  for (int attempt = 0; attempt < 12; ++attempt) {
    for (size_t c = 0; c < d.cores.size(); ++c) d.cores[c].bufferBytes = original[c] + extra[c];
    EndpointPlan tight = planEndpoints(d, device, p);
    const std::vector<FeasibilityIssue> single =
        singleModeOk ? singleModeIssuesBesidesMixing(d, device, p) : std::vector<FeasibilityIssue>{};
    if (tight.ok() && single.empty()) {
      if (tight.peakComputeMemory >= 0.85) gen.features.push_back("tight-memory");
      return;
    }
    std::set<TileCoord> full;
    for (const FeasibilityIssue& i : tight.issues) full.insert(i.tile);
    for (const FeasibilityIssue& i : single) full.insert(i.tile);
    bool changed = false;
    for (CoreId c = 0; c < d.coreCount(); ++c)
      if (extra[size_t(c)] > 0 && (full.count(p.tile(c)) || full.count(TileCoord{-1, -1}))) {
        extra[size_t(c)] = extra[size_t(c)] / 2 / 256 * 256;
        changed = true;
      }
    if (!changed) break;
  }
  for (size_t c = 0; c < d.cores.size(); ++c) d.cores[c].bufferBytes = original[c];
}

}  // namespace ts::aie
