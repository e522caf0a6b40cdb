#include "widgets/aie_document.h"

#include <QDir>
#include <QFileInfo>
#include <QUndoCommand>
#include <nlohmann/json.hpp>

#include "engine/aie/io/design_yaml.h"
#include "engine/aie/io/given_routing.h"
#include "engine/aie/io/npflow_json.h"
#include "engine/aie/io/placement_yaml.h"
#include "engine/aie/io/vitis_constraints.h"
#include "engine/aie/qor.h"
#include "engine/aie/runtime_estimate.h"
#include "engine/core/atomic_file.h"
#include "engine/core/error.h"
#include "engine/core/version.h"
#include "widgets/guarded.h"
#include "widgets/qt_text.h"

namespace ts::ui {

using aie::CoreId;
using aie::TileCoord;

namespace {

/// Every edit is a swap of whole states: placements are small (hundreds of cores), and one
/// command type cannot get an undo wrong.
class StateCommand : public QUndoCommand {
 public:
  StateCommand(AieDocument* doc, AieDocument::State before, AieDocument::State after, const QString& text)
      : QUndoCommand(text), doc_(doc), before_(std::move(before)), after_(std::move(after)) {}
  void redo() override { doc_->applyState(after_); }
  void undo() override { doc_->applyState(before_); }

 private:
  AieDocument* doc_;
  AieDocument::State before_, after_;
};

std::string ext(const QString& path) {
  return QFileInfo(path).suffix().toLower().toStdString();
}

}  // namespace

QString MoveCheck::summary() const {
  auto delta = [](int a, int b) {
    int d = b - a;
    return QString::number(a) + QStringLiteral(" → ") + QString::number(b) +
           (d == 0 ? QString() : QStringLiteral(" (%1%2)").arg(d > 0 ? "+" : "−").arg(std::abs(d)));
  };
  QString s = QStringLiteral("route length est. ") + delta(routeLengthBefore, routeLengthAfter) +
              QStringLiteral(" · problems ") + delta(problemsBefore, problemsAfter);
  if (runtimeBefore >= 0 && runtimeAfter >= 0)
    s += QStringLiteral(" · est. runtime %1 → %2 µs").arg(runtimeBefore, 0, 'f', 1).arg(runtimeAfter, 0, 'f', 1);
  else if (runtimeAfter >= 0)
    s += QStringLiteral(" · est. runtime %1 µs").arg(runtimeAfter, 0, 'f', 1);
  return s;
}

AieDocument::AieDocument(QObject* parent) : Document(parent) {
  connect(&undo_, &QUndoStack::cleanChanged, this, [this](bool clean) { emit modifiedChanged(!clean); });
}

AieDocument::~AieDocument() = default;

bool AieDocument::open(const QString& path, QString* error, const QString& deviceOverride, int module) {
  aie::LoadedDesign loaded;
  if (!guarded(error, [&] { loaded = aie::loadDesignFile(path.toStdString(), deviceOverride.toStdString(), module); }))
    return false;
  setLoaded(std::move(loaded));
  filePath_ = path;
  return true;
}

void AieDocument::setLoaded(aie::LoadedDesign loaded) {
  loaded_ = std::make_unique<aie::LoadedDesign>(std::move(loaded));
  filePath_ = q(loaded_->path);
  graph_ = std::make_shared<const aie::RrGraph>(loaded_->device);
  state_ = State{loaded_->placement, nullptr};
  // Routes the file gives (hop_tile_ids) are shown as the routing when they hold.
  if (!loaded_->givenPaths.empty() && state_.placement.complete()) {
    std::vector<std::string> problems;
    aie::Routing given = aie::givenRouting(loaded_->design, *graph_, state_.placement, loaded_->givenPaths, problems);
    if (problems.empty()) state_.routing = std::make_shared<const aie::Routing>(std::move(given));
  }
  undo_.clear();
  undo_.setClean();
  recompute();
  emit opened();
  emit changed();
}

void AieDocument::close() {
  loaded_.reset();
  filePath_.clear();
  graph_.reset();
  state_ = State{};
  usage_ = AieUsage{};
  undo_.clear();
  undo_.setClean();
  emit opened();
  emit changed();
}

QString AieDocument::saveFilter() const {
  return QStringLiteral("TileStudio design (*.yaml);;np-flow netlist (*.json);;MLIR-AIE, tiles placed (*.mlir)");
}

QString AieDocument::suggestedSavePath() const {
  // A generated design (no file yet) is offered under its name in the working folder.
  if (filePath_.isEmpty()) return QDir::current().filePath(q(loaded_ ? loaded_->design.name : "design") + ".yaml");
  QFileInfo fi(filePath_);
  return fi.absolutePath() + "/" + fi.completeBaseName() + ".yaml";
}

QString AieDocument::title() const {
  if (!loaded_) return QStringLiteral("TileStudio");
  QString name =
      filePath_.isEmpty() ? tr("%1 (new, not saved)").arg(q(loaded_->design.name)) : QFileInfo(filePath_).fileName();
  return name + QStringLiteral(" — ") + q(loaded_->device.name());
}

bool AieDocument::loadPlacement(const QString& path, QString* error) {
  if (!loaded_) return false;
  aie::Placement p;
  if (!guarded(error, [&] { p = aie::loadPlacementFile(path.toStdString(), loaded_->design, &loaded_->device); }))
    return false;
  setState({p, nullptr}, QStringLiteral("Load placement %1").arg(QFileInfo(path).fileName()));
  return true;
}

bool AieDocument::canSaveInPlace() const {
  std::string e = ext(filePath_);
  return loaded_ && (e == "yaml" || e == "yml");
}

bool AieDocument::save(QString* error) {
  if (!canSaveInPlace()) {
    if (error) *error = QStringLiteral("choose a .yaml file to save this design (File > Save As)");
    return false;
  }
  return saveAs(filePath_, error);
}

bool AieDocument::saveAs(const QString& path, QString* error) {
  if (!loaded_) return false;
  std::string e = ext(path);
  bool ok = guarded(error, [&] {
    if (e == "yaml" || e == "yml") {
      aie::saveDesignYaml(path.toStdString(), loaded_->design, &state_.placement);
    } else if (e == "json") {
      core::writeFileAtomically(path.toStdString(), aie::npflowNetlistJson(loaded_->design, &state_.placement));
    } else if (e == "mlir") {
      aie::savePlacementFile(path.toStdString(), loaded_->design, state_.placement, nullptr, nullptr, false,
                             loaded_->mlir ? &*loaded_->mlir : nullptr);
    } else {
      throw core::Error(path.toStdString() + ": cannot save a design as '." + e +
                        "' (use .yaml, .json for an np-flow netlist, or .mlir)");
    }
  });
  if (!ok) return false;
  filePath_ = path;
  loaded_->path = path.toStdString();
  undo_.setClean();
  emit saved(path);  // the title (and where the run history lives) changed
  return true;
}

bool AieDocument::exportPlacement(const QString& path, QString* error) const {
  if (!loaded_) return false;
  return guarded(error, [&] {
    const bool routed = state_.routing != nullptr;
    aie::savePlacementFile(path.toStdString(), loaded_->design, state_.placement, routed ? graph_.get() : nullptr,
                           state_.routing.get(), !state_.placement.complete(),
                           loaded_->mlir ? &*loaded_->mlir : nullptr);
  });
}

bool AieDocument::exportVitisConstraints(const QString& path, QString* notes) const {
  if (!loaded_) return false;
  std::vector<std::string> said;
  bool ok = guarded(notes, [&] {
    aie::requireVitisConstraintsOutput(path.toStdString());
    said = aie::saveVitisConstraints(path.toStdString(), loaded_->design, loaded_->device, state_.placement);
  });
  if (ok && notes) {
    QStringList lines;
    for (const auto& n : said) lines << q(n);
    *notes = lines.join(QStringLiteral("; "));
  }
  return ok;
}

bool AieDocument::exportQorReport(const QString& path, QString* error) const {
  if (!loaded_) return false;
  return guarded(error, [&] {
    const auto& d = loaded_->design;
    const auto& dev = loaded_->device;
    const AieUsage& u = usage_;
    auto list = [&](const std::vector<aie::Violation>& items) {
      nlohmann::json out = nlohmann::json::array();
      for (const auto& v : items) {
        nlohmann::json cores = nlohmann::json::array();
        for (CoreId c : v.cores) cores.push_back(d.cores[c].name);
        nlohmann::json item{{"code", v.code}, {"message", v.message}, {"cores", cores}};
        if (v.tile) item["tile"] = {v.tile->col, v.tile->row};
        out.push_back(item);
      }
      return out;
    };
    nlohmann::json report{{"version", core::version()},
                          {"design", d.name},
                          {"device", dev.name()},
                          {"cores", d.coreCount()},
                          {"nets", d.netCount()},
                          {"placed", state_.placement.placedCount()},
                          {"complete", state_.placement.complete()},
                          {"routed", u.routed},
                          {"legal", state_.placement.complete() && u.routed && u.violations.empty()},
                          {"problems", list(u.violations)},
                          {"warnings", list(u.warnings)}};
    if (u.routed) {
      // Table II figures from the engine's QoR metrics of the routed design.
      aie::QorMetrics m = aie::computeQor(d, dev, *graph_, state_.placement, *state_.routing);
      report["qor"] = {{"route_length", m.routeLength},      {"buffer_kb", m.bufferKb()},
                       {"shared_memory_nets", m.sharedNets}, {"intra_tile_nets", m.intraTileNets},
                       {"circuit_nets", m.circuitNets},      {"packet_nets", m.packetNets},
                       {"dma_channels", m.dmaChannels},      {"max_link_utilisation", m.maxLinkUtilisation},
                       {"routed_nets", m.routedNets}};
    } else {
      report["estimate"] = {{"route_length_hpwl", u.routeLength},
                            {"buffer_kb_upper_bound", double(u.bufferBytes) / 1024.0},
                            {"shared_memory_nets", u.sharedMemoryNets},
                            {"stream_nets", u.streamNets},
                            {"dma_channels", u.dmaChannels}};
    }
    if (state_.placement.complete()) {
      aie::RuntimeEstimate r = aie::estimateRuntime(d, dev, state_.placement, state_.routing.get());
      report["runtime_estimate"] = {{"microseconds", r.microseconds},
                                    {"interval_cycles", r.intervalCycles},
                                    {"latency_cycles", r.latencyCycles},
                                    {"bottleneck", r.bottleneck},
                                    {"from_routing", r.fromRouting},
                                    {"note", "model estimate, not a measurement (engine/aie/runtime_estimate.h)"}};
    }
    core::writeFileAtomically(path.toStdString(), report.dump(2) + "\n");
  });
}

MoveCheck AieDocument::checkMove(CoreId core, TileCoord tile) const {
  MoveCheck m;
  if (!loaded_ || core < 0 || core >= loaded_->design.coreCount()) {
    m.reason = QStringLiteral("no such core");
    return m;
  }
  const aie::Design& d = loaded_->design;
  const aie::Device& dev = loaded_->device;
  const aie::Placement& p = state_.placement;
  const aie::LogicalCore& lc = d.cores[core];
  QString name = q(lc.name);
  m.after = p;
  if (!dev.contains(tile)) {
    m.reason = QStringLiteral("outside the array");
    return m;
  }
  if (p.pinned(core)) {
    m.reason = QStringLiteral("%1 is pinned; unpin it first").arg(name);
    return m;
  }
  if (lc.pin && *lc.pin != tile) {
    m.reason = QStringLiteral("%1 is pinned to %2 in the design").arg(name, q(core::toString(*lc.pin)));
    return m;
  }
  if (!lc.allows(tile)) {
    m.reason = lc.pinColumn >= 0 ? QStringLiteral("%1 must stay in column %2 (partial pin)").arg(name).arg(lc.pinColumn)
                                 : QStringLiteral("%1 must stay in row %2 (partial pin)").arg(name).arg(lc.pinRow);
    return m;
  }
  aie::TileKind need = aie::tileKindFor(lc.kind);
  if (dev.kind(tile) != need) {
    m.reason = QStringLiteral("%1 is a %2 core; %3 is a %4 tile")
                   .arg(name, aie::toString(lc.kind), q(core::toString(tile)), aie::toString(dev.kind(tile)));
    return m;
  }
  if (!dev.canHost(need, tile)) {
    m.reason = QStringLiteral("shim tile %1 has no DMA (not a NOC column)").arg(q(core::toString(tile)));
    return m;
  }
  if (p.placed(core) && p.tile(core) == tile) {
    m.reason = QStringLiteral("%1 is already on %2").arg(name, q(core::toString(tile)));
    return m;
  }
  m.moved.push_back(core);
  if (lc.kind == aie::CoreKind::Compute) {
    for (CoreId other : p.coresAt(tile)) {
      if (other == core || d.cores[other].kind != aie::CoreKind::Compute) continue;
      if (p.pinned(other) || d.cores[other].pin) {
        m.reason = QStringLiteral("%1 on %2 is pinned").arg(q(d.cores[other].name), q(core::toString(tile)));
        m.moved.clear();
        return m;
      }
      // Swap: the displaced core takes the moved core's old tile (or becomes unplaced).
      if (p.placed(core))
        m.after.place(other, p.tile(core));
      else
        m.after.unplace(other);
      m.moved.push_back(other);
    }
  }
  m.after.place(core, tile);
  m.allowed = true;

  AieUsage before = computeAieUsage(d, dev, p);
  AieUsage after = computeAieUsage(d, dev, m.after);
  m.routeLengthBefore = before.routeLength;
  m.routeLengthAfter = after.routeLength;
  m.problemsBefore = before.problemCount();
  m.problemsAfter = after.problemCount();
  m.legal = m.problemsAfter <= m.problemsBefore;
  std::vector<aie::Violation> problems = after.violations;
  problems.insert(problems.end(), after.warnings.begin(), after.warnings.end());
  for (const auto& v : problems) {
    for (CoreId c : v.cores)
      if (std::find(m.moved.begin(), m.moved.end(), c) != m.moved.end()) m.legal = false;
    if (!m.legal) {
      m.reason = q(v.message);
      break;
    }
  }
  if (!m.legal && m.reason.isEmpty() && !problems.empty()) m.reason = q(problems.front().message);
  // The runtime model needs complete placements; it may also reject one it cannot judge.
  auto runtime = [&](const aie::Placement& pl) {
    if (!pl.complete()) return -1.0;
    try {
      return aie::estimateRuntime(d, dev, pl).microseconds;
    } catch (const std::exception&) {
      return -1.0;
    }
  };
  m.runtimeBefore = runtime(p);
  m.runtimeAfter = runtime(m.after);
  return m;
}

bool AieDocument::moveCore(CoreId core, TileCoord tile, QString* why) {
  MoveCheck m = checkMove(core, tile);
  if (!m.allowed) {
    if (why) *why = m.reason;
    return false;
  }
  const aie::Design& d = loaded_->design;
  QString text = m.moved.size() > 1
                     ? QStringLiteral("Swap %1 and %2").arg(q(d.cores[m.moved[0]].name), q(d.cores[m.moved[1]].name))
                     : QStringLiteral("Move %1 to %2").arg(q(d.cores[core].name), q(core::toString(tile)));
  setState({m.after, nullptr}, text);
  emit edited(text + QStringLiteral(": ") + m.summary());
  return true;
}

bool AieDocument::unplaceCores(const std::vector<CoreId>& cores) {
  if (!loaded_) return false;
  State next{state_.placement, nullptr};
  int n = 0;
  for (CoreId c : cores) {
    if (!next.placement.placed(c) || next.placement.pinned(c) || loaded_->design.cores[c].pin) continue;
    next.placement.unplace(c);
    ++n;
  }
  if (n == 0) return false;
  QString text = n == 1 ? QStringLiteral("Unplace %1").arg(q(loaded_->design.cores[cores[0]].name))
                        : QStringLiteral("Unplace %1 cores").arg(n);
  setState(std::move(next), text);
  emit edited(text);
  return true;
}

void AieDocument::setPinned(const std::vector<CoreId>& cores, bool pinned) {
  if (!loaded_) return;
  State next = state_;
  int n = 0;
  CoreId last = -1;
  for (CoreId c : cores) {
    if (c < 0 || c >= next.placement.size() || !next.placement.placed(c)) continue;
    if (next.placement.pinned(c) == pinned) continue;
    next.placement.setPinned(c, pinned);
    last = c;
    ++n;
  }
  if (n == 0) return;
  QString what = n == 1 ? q(loaded_->design.cores[last].name) : QStringLiteral("%1 cores").arg(n);
  QString text = (pinned ? QStringLiteral("Pin ") : QStringLiteral("Unpin ")) + what;
  setState(std::move(next), text);
  emit edited(text);
}

void AieDocument::discardChanges() {
  if (!loaded_ || undo_.isClean()) return;
  if (undo_.cleanIndex() >= 0) {
    undo_.setIndex(undo_.cleanIndex());
    return;
  }
  // The saved state is no longer on the undo stack (edits after an undo past it): read the file.
  QString path = filePath_;
  QString error;
  if (path.isEmpty() || !open(path, &error)) close();  // nothing to go back to: never offer the edits again
}

void AieDocument::setState(State next, const QString& text) {
  undo_.push(new StateCommand(this, state_, std::move(next), text));
}

void AieDocument::applyState(const State& state) {
  state_ = state;
  recompute();
  emit changed();
}

void AieDocument::recompute() {
  usage_ = computeAieUsage(loaded_->design, loaded_->device, state_.placement, state_.routing.get(),
                           state_.routing ? graph_.get() : nullptr);
}

}  // namespace ts::ui
