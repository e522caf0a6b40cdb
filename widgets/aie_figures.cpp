#include "widgets/aie_figures.h"

#include "engine/aie/qor.h"
#include "engine/aie/runtime_estimate.h"

namespace ts::ui {

AieFigures aieFigures(const aie::Design& design, const aie::Device& device, const aie::Placement& placement,
                      const aie::Routing* routing, const aie::RrGraph* graph, const AieUsage& usage) {
  AieFigures f;
  f.cores = design.coreCount();
  f.placed = placement.placedCount();
  f.routed = routing && graph && usage.routed;
  f.problems = int(usage.violations.size());
  f.warnings = int(usage.warnings.size());
  f.legal = placement.complete() && f.routed && f.problems == 0 && f.warnings == 0;
  if (f.routed) {
    aie::QorMetrics m = aie::computeQor(design, device, *graph, placement, *routing);
    f.routeLength = m.routeLength;
    f.bufferKb = m.bufferKb();
    f.sharedNets = m.sharedNets + m.intraTileNets;
    f.circuitNets = m.circuitNets;
    f.packetNets = m.packetNets;
    f.streamNets = m.streamNets();
    f.dmaChannels = m.dmaChannels;
    f.maxLinkUse = m.maxLinkUtilisation;
  } else {
    f.routeLength = usage.routeLength;
    f.bufferKb = double(usage.bufferBytes) / 1024.0;
    f.sharedNets = usage.sharedMemoryNets;
    f.streamNets = usage.streamNets;
    f.dmaChannels = usage.dmaChannels;
  }
  if (placement.complete()) {
    try {
      f.runtimeUs = aie::estimateRuntime(design, device, placement, f.routed ? routing : nullptr).microseconds;
    } catch (const std::exception&) {
      // The model cannot judge every placement (e.g. one it finds deadlocked): no figure.
    }
  }
  return f;
}

QString aieFiguresSummary(const AieFigures& f) {
  QString est = f.routed ? QString() : QStringLiteral("est. ");
  QString s = QStringLiteral("%1route length %2 · %3 problem%4")
                  .arg(est)
                  .arg(f.routeLength, 0, 'f', 0)
                  .arg(f.problems)
                  .arg(f.problems == 1 ? "" : "s");
  if (f.warnings > 0) s += QStringLiteral(" · %1 warning%2").arg(f.warnings).arg(f.warnings == 1 ? "" : "s");
  if (f.placed < f.cores) s = QStringLiteral("placed %1/%2 · ").arg(f.placed).arg(f.cores) + s;
  if (AieFigures::has(f.runtimeUs)) s += QStringLiteral(" · est. runtime %1 µs").arg(f.runtimeUs, 0, 'f', 1);
  return s;
}

QString aieFiguresComparisonHtml(const AieFigures& b, const AieFigures& a) {
  auto num = [](double v, int decimals) {
    return AieFigures::has(v) ? QString::number(v, 'f', decimals) : QStringLiteral("–");
  };
  QString rows;
  auto row = [&](const QString& what, double before, double after, int decimals, bool lowerIsBetter) {
    QString colour;
    if (AieFigures::has(before) && AieFigures::has(after) && std::abs(after - before) > 1e-9)
      colour = (after < before) == lowerIsBetter ? QStringLiteral("#2e7d32") : QStringLiteral("#c62828");
    QString afterText = num(after, decimals);
    if (!colour.isEmpty()) afterText = QStringLiteral("<span style='color:%1'><b>%2</b></span>").arg(colour, afterText);
    rows += QStringLiteral("<tr><td>%1</td><td align=right>%2</td><td>→</td><td align=right>%3</td></tr>")
                .arg(what, num(before, decimals), afterText);
  };
  row(QStringLiteral("placed"), b.placed, a.placed, 0, false);
  row(b.routed && a.routed ? QStringLiteral("route length") : QStringLiteral("route length (est.)"), b.routeLength,
      a.routeLength, 0, true);
  row(QStringLiteral("problems"), b.problems, a.problems, 0, true);
  if (b.warnings > 0 || a.warnings > 0) row(QStringLiteral("warnings (est.)"), b.warnings, a.warnings, 0, true);
  row(QStringLiteral("DMA channels"), b.dmaChannels, a.dmaChannels, 0, true);
  row(QStringLiteral("buffers KiB"), b.bufferKb, a.bufferKb, 1, true);
  if (b.routed || a.routed) row(QStringLiteral("max link use"), b.maxLinkUse, a.maxLinkUse, 2, true);
  row(QStringLiteral("est. runtime µs"), b.runtimeUs, a.runtimeUs, 1, true);
  return QStringLiteral(
             "<table cellspacing=0 cellpadding=1><tr><th align=left></th><th>before</th><th></th>"
             "<th>after</th></tr>%1</table>")
      .arg(rows);
}

}  // namespace ts::ui
