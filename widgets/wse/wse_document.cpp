#include "widgets/wse/wse_document.h"

#include <QFileInfo>
#include <QUndoCommand>

#include "engine/core/atomic_file.h"
#include "engine/core/error.h"
#include "engine/wse/free_space.h"
#include "engine/wse/io/kgraph_io.h"
#include "engine/wse/io/paint_io.h"
#include "engine/wse/io/qor_json.h"
#include "widgets/guarded.h"
#include "widgets/wse/wse_describe.h"

namespace ts::ui {

namespace {

/// Every edit swaps whole layouts: they are small (hundreds of kernels at most), and one
/// command type cannot get an undo wrong.
class LayoutCommand : public QUndoCommand {
 public:
  LayoutCommand(WseDocument* doc, wse::Layout before, wse::Layout after, QString beforeSource, QString afterSource,
                const QString& text)
      : QUndoCommand(text),
        doc_(doc),
        before_(std::move(before)),
        after_(std::move(after)),
        beforeSource_(std::move(beforeSource)),
        afterSource_(std::move(afterSource)) {}
  void redo() override { doc_->applyLayout(after_, afterSource_); }
  void undo() override { doc_->applyLayout(before_, beforeSource_); }

 private:
  WseDocument* doc_;
  wse::Layout before_, after_;
  QString beforeSource_, afterSource_;
};

QString kernelName(const wse::KernelGraph& g, int k) {
  return QString::fromStdString(g.kernels[size_t(k)].name);
}

/// Why kernel k cannot sit where `layout` has it: outside the fabric or on another kernel.
QString placeProblem(const wse::KernelGraph& g, const wse::Layout& layout, int k) {
  wse::Box b = wse::kernelBox(g.kernels[size_t(k)].spec, layout.kernels[size_t(k)]);
  if (b.x < 0 || b.y < 0 || b.right() > g.width || b.top() > g.height)
    return QStringLiteral("%1 would leave the %2 × %3 fabric").arg(kernelName(g, k)).arg(g.width).arg(g.height);
  for (int i = 0; i < g.kernelCount(); ++i) {
    if (i == k || !layout.kernels[size_t(i)].placed) continue;
    if (b.overlaps(wse::kernelBox(g.kernels[size_t(i)].spec, layout.kernels[size_t(i)])))
      return QStringLiteral("%1 would overlap %2").arg(kernelName(g, k), kernelName(g, i));
  }
  return {};
}

}  // namespace

QString WseEdit::summary() const {
  return QStringLiteral("score %1 · MT %2 · WL %3 · AC %4")
      .arg(wseChange(before.score, evaluation.score), wseChange(before.mt, evaluation.mt),
           wseChange(before.wl, evaluation.wl), wseChange(double(before.ac), double(evaluation.ac)));
}

QString sidePaintPath(const QString& kgraphPath) {
  QFileInfo fi(kgraphPath);
  QString paint = fi.path() + "/" + fi.completeBaseName() + ".paint";
  return QFileInfo::exists(paint) ? paint : QString();
}

bool sameWseLayout(const wse::Layout& a, const wse::Layout& b) {
  if (a.kernels.size() != b.kernels.size()) return false;
  for (size_t k = 0; k < a.kernels.size(); ++k) {
    const wse::PlacedKernel &x = a.kernels[k], &y = b.kernels[k];
    if (x.placed != y.placed || x.pinned != y.pinned) return false;
    if (x.placed && (x.x != y.x || x.y != y.y || x.rotated != y.rotated || !(x.args == y.args))) return false;
  }
  return true;
}

WseDocument::WseDocument(QObject* parent) : Document(parent) {
  connect(&undo_, &QUndoStack::cleanChanged, this, [this](bool clean) { emit modifiedChanged(!clean); });
}

WseDocument::~WseDocument() {
  undo_.disconnect(this);  // QUndoStack's destructor reports "clean" to a half-destroyed document
}

bool WseDocument::open(const QString& kgraphPath, QString* error) {
  std::shared_ptr<wse::KernelGraph> graph;
  wse::Layout layout;
  const QString paint = sidePaintPath(kgraphPath);
  bool ok = guarded(error, [&] {
    graph = std::make_shared<wse::KernelGraph>(wse::readKgraph(kgraphPath.toStdString()));
    layout = paint.isEmpty() ? wse::Layout(graph->kernelCount())
                             : wse::layoutFromPaint(*graph, wse::readPaint(paint.toStdString(), *graph), nullptr);
  });
  if (!ok) return false;
  graph_ = std::move(graph);
  sizer_ = std::make_unique<wse::KernelSizer>(graph_->width, graph_->height, graph_->memlimit);
  graphPath_ = kgraphPath;
  paintPath_ = paint;
  undo_.clear();
  undo_.setClean();
  setCurrent(layout, paint.isEmpty() ? QStringLiteral("not placed") : QFileInfo(paint).fileName());
  emit opened();
  emit changed();
  return true;
}

bool WseDocument::loadLayout(const QString& paintPath, QString* error) {
  if (!isOpen()) return false;
  wse::Layout layout;
  if (!guarded(error, [&] {
        layout = wse::layoutFromPaint(*graph_, wse::readPaint(paintPath.toStdString(), *graph_), nullptr);
      }))
    return false;
  paintPath_ = paintPath;
  setLayout(std::move(layout), QStringLiteral("Load %1").arg(QFileInfo(paintPath).fileName()),
            QFileInfo(paintPath).fileName());
  return true;
}

void WseDocument::close() {
  graph_.reset();
  sizer_.reset();
  graphPath_.clear();
  paintPath_.clear();
  layoutSource_.clear();
  layout_ = wse::Layout();
  evaluation_ = wse::Evaluation();
  undo_.clear();
  undo_.setClean();
  emit opened();
  emit changed();
}

QString WseDocument::title() const {
  if (!isOpen()) return QStringLiteral("TileStudio");
  QString t = QFileInfo(graphPath_).fileName();
  if (!paintPath_.isEmpty()) t += QStringLiteral(" + ") + QFileInfo(paintPath_).fileName();
  return t;
}

bool WseDocument::save(QString* error) {
  if (!canSaveInPlace()) {
    if (error) *error = QStringLiteral("choose a .paint file to save the layout (File > Save As)");
    return false;
  }
  return saveAs(paintPath_, error);
}

bool WseDocument::saveAs(const QString& path, QString* error) {
  if (!isOpen()) return false;
  bool ok = guarded(error, [&] {
    if (QFileInfo(path).suffix().toLower() != "paint")
      throw core::Error(path.toStdString() + ": a WSE layout is saved as a .paint file");
    int unplaced = graph_->kernelCount() - layout_.placedCount();
    if (unplaced > 0)
      throw core::Error(std::to_string(unplaced) + " kernel(s) are not placed yet; run a placer first (Run > Start)");
    wse::writePaint(path.toStdString(), *graph_, layout_);
  });
  if (!ok) return false;
  paintPath_ = path;
  layoutSource_ = QFileInfo(path).fileName();
  undo_.setClean();
  // The same graph stays open (a run going on, the selection and the run history with it);
  // only the title and where the layout comes from changed.
  emit saved(path);
  emit changed();
  return true;
}

QString WseDocument::saveFilter() const {
  return QStringLiteral("WSE layout (*.paint)");
}

QString WseDocument::suggestedSavePath() const {
  if (!paintPath_.isEmpty()) return paintPath_;
  QFileInfo fi(graphPath_);
  return fi.absolutePath() + "/" + fi.completeBaseName() + ".paint";
}

bool WseDocument::exportQorReport(const QString& path, QString* error) const {
  if (!isOpen()) return false;
  return guarded(error, [&] {
    nlohmann::json j = wse::layoutQorJson(*graph_, layout_, evaluation_);
    j["graph"] = graphPath_.toStdString();
    j["layout"] = layoutSource_.toStdString();
    core::writeFileAtomically(path.toStdString(), j.dump(2) + "\n");
  });
}

std::vector<int> WseDocument::pinnedKernels() const {
  std::vector<int> out;
  for (size_t k = 0; k < layout_.kernels.size(); ++k)
    if (layout_.kernels[k].placed && layout_.kernels[k].pinned) out.push_back(int(k));
  return out;
}

std::vector<wse::Candidate> WseDocument::candidates(int k, double target) const {
  if (!isOpen() || k < 0 || k >= graph_->kernelCount() || target <= 0) return {};
  return sizer_->size(graph_->kernels[size_t(k)].spec, target);
}

bool WseDocument::beginEdit(int k, WseEdit& e) const {
  e.kernel = k;
  e.before = evaluation_;
  e.after = layout_;
  if (!isOpen() || k < 0 || k >= graph_->kernelCount() || !layout_.kernels[size_t(k)].placed) {
    e.reason = QStringLiteral("no such placed kernel");
    return false;
  }
  if (layout_.kernels[size_t(k)].pinned) {
    e.reason = QStringLiteral("%1 is pinned; unpin it first").arg(kernelName(*graph_, k));
    return false;
  }
  return true;
}

WseEdit WseDocument::checkMove(int k, int x, int y) const {
  WseEdit e;
  if (!beginEdit(k, e)) return e;
  wse::PlacedKernel& p = e.after.kernels[size_t(k)];
  p.x = x;
  p.y = y;
  e.evaluation = wse::evaluate(*graph_, e.after);
  e.reason = placeProblem(*graph_, e.after, k);
  e.allowed = e.reason.isEmpty();
  return e;
}

WseEdit WseDocument::checkShape(int k, const wse::ExecArgs& args, bool rotated) const {
  WseEdit e;
  if (!beginEdit(k, e)) return e;
  const QString name = kernelName(*graph_, k);
  wse::PlacedKernel& p = e.after.kernels[size_t(k)];
  const wse::KernelSpec& spec = graph_->kernels[size_t(k)].spec;
  if (args.c.size() != size_t(spec.convCount()) || args.k.size() != args.c.size()) {
    e.reason = QStringLiteral("these arguments do not fit a %1").arg(QString::fromStdString(wse::toString(spec.type)));
    return e;
  }
  wse::Perf perf = wse::kernelPerf(spec, args);
  if (perf.memory > graph_->memlimit) {
    e.reason = QStringLiteral("%1 would need memory %2 > limit %3")
                   .arg(name, wseNumber(perf.memory), wseNumber(graph_->memlimit));
    return e;
  }
  p.args = args;
  p.rotated = rotated;
  if (!placeProblem(*graph_, e.after, k).isEmpty()) {
    if (!wse::moveToNearestFree(*graph_, e.after, k)) {
      wse::Box b = wse::kernelBox(spec, p);
      e.reason = QStringLiteral("no free place on the fabric fits %1 as %2").arg(name, wseShape(b));
      return e;
    }
    e.reason = QStringLiteral("moved to (%1, %2) %3 to fit").arg(p.x).arg(p.y).arg(p.rotated ? "R90" : "R0");
  }
  e.evaluation = wse::evaluate(*graph_, e.after);
  e.allowed = true;
  return e;
}

bool WseDocument::apply(const WseEdit& edit, const QString& text, QString* why) {
  if (!edit.allowed) {
    if (why) *why = edit.reason;
    return false;
  }
  setLayout(edit.after, text);
  return true;
}

bool WseDocument::moveKernel(int k, int x, int y, QString* why) {
  WseEdit e = checkMove(k, x, y);
  return apply(e,
               QStringLiteral("Move %1").arg(isOpen() && k >= 0 && k < graph_->kernelCount() ? kernelName(*graph_, k)
                                                                                             : QString()),
               why);
}

bool WseDocument::setShape(int k, const wse::ExecArgs& args, bool rotated, QString* why) {
  WseEdit e = checkShape(k, args, rotated);
  return apply(e, QStringLiteral("Reshape %1").arg(e.allowed ? kernelName(*graph_, k) : QString()), why);
}

bool WseDocument::rotate(int k, QString* why) {
  if (!isOpen() || k < 0 || k >= graph_->kernelCount()) return false;
  const wse::PlacedKernel& p = layout_.kernels[size_t(k)];
  WseEdit e = checkShape(k, p.args, !p.rotated);
  return apply(e, QStringLiteral("Rotate %1").arg(kernelName(*graph_, k)), why);
}

void WseDocument::setPinned(const std::vector<int>& kernels, bool pinned) {
  if (!isOpen()) return;
  wse::Layout next = layout_;
  QStringList names;
  for (int k : kernels) {
    if (k < 0 || k >= graph_->kernelCount() || !next.kernels[size_t(k)].placed) continue;
    if (next.kernels[size_t(k)].pinned == pinned) continue;
    next.kernels[size_t(k)].pinned = pinned;
    names << kernelName(*graph_, k);
  }
  if (names.isEmpty()) return;
  QString what = names.size() <= 3 ? names.join(", ") : QStringLiteral("%1 kernels").arg(names.size());
  setLayout(std::move(next), (pinned ? QStringLiteral("Pin ") : QStringLiteral("Unpin ")) + what);
}

void WseDocument::setLayout(wse::Layout layout, const QString& text, const QString& source) {
  if (!isOpen()) return;
  undo_.push(new LayoutCommand(this, layout_, std::move(layout), layoutSource_,
                               source.isEmpty() ? layoutSource_ : source, text));
}

void WseDocument::setCurrent(const wse::Layout& layout, const QString& source) {
  layout_ = layout;
  layout_.kernels.resize(size_t(graph_->kernelCount()));
  layoutSource_ = source;
  evaluation_ = wse::evaluate(*graph_, layout_);
}

void WseDocument::applyLayout(const wse::Layout& layout, const QString& source) {
  setCurrent(layout, source);
  emit changed();
}

}  // namespace ts::ui
