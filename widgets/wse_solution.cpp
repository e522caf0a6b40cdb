#include "widgets/wse_solution.h"

#include <QFileInfo>
#include <cmath>

#include "engine/core/error.h"
#include "engine/core/run_context.h"
#include "engine/wse/io/kgraph_io.h"
#include "engine/wse/io/paint_io.h"
#include "engine/wse/placers.h"

namespace ts::ui {

namespace {

/// Integers without decimals (MT and WL are often whole), anything else with one.
QString number(double v) {
  if (std::abs(v - std::round(v)) < 1e-9 && std::abs(v) < 1e15) return QString::number(static_cast<qint64>(v));
  return QString::number(v, 'f', 1);
}

}  // namespace

QString sidePaintPath(const QString& kgraphPath) {
  QFileInfo fi(kgraphPath);
  QString paint = fi.path() + "/" + fi.completeBaseName() + ".paint";
  return QFileInfo::exists(paint) ? paint : QString();
}

WseSolution loadWseSolution(const QString& kgraphPath, const QString& paintPath, double placeSeconds) {
  WseSolution s;
  s.graphPath = kgraphPath;
  s.graph = wse::readKgraph(kgraphPath.toStdString());
  const QString paint = paintPath.isEmpty() ? sidePaintPath(kgraphPath) : paintPath;
  if (!paint.isEmpty()) {
    wse::PaintSolution solution = wse::readPaint(paint.toStdString(), s.graph);
    std::vector<wse::Violation> mismatches;  // evaluatePaint reports them again
    s.layout = wse::layoutFromPaint(s.graph, solution, &mismatches);
    s.evaluation = wse::evaluatePaint(s.graph, solution);
    s.layoutSource = QFileInfo(paint).fileName();
    return s;
  }
  // One thread keeps the studio from competing with other work; the time limit bounds the wait.
  wse::WsePlacerOptions options;
  options.threads = 1;
  core::RunContext ctx(1, placeSeconds);
  wse::WsePlaceResult result = wse::runWsePlacer(s.graph, options, ctx);
  if (!result.found)
    throw core::Error(kgraphPath.toStdString() + ": CU.POKer found no legal layout within " +
                      number(placeSeconds).toStdString() + " s" +
                      (result.message.empty() ? std::string() : " (" + result.message + ")"));
  s.layout = std::move(result.layout);
  s.evaluation = std::move(result.evaluation);
  s.layoutSource = QString("CU.POKer, %1 s").arg(result.seconds, 0, 'f', 1);
  return s;
}

QString wseQorSummary(const wse::Evaluation& e) {
  QString text = QString("MT %1 · WL %2 · AC %3 · score %4 · ")
                     .arg(number(e.mt), number(e.wl), QString::number(e.ac), number(e.score));
  if (e.legal) return text + "legal";
  text += QString("illegal (%1 problem%2)").arg(e.violations.size()).arg(e.violations.size() == 1 ? "" : "s");
  if (!e.violations.empty()) text += ": " + QString::fromStdString(e.violations.front().message);
  return text;
}

}  // namespace ts::ui
