#include "widgets/wse/wse_describe.h"

#include <QStringList>
#include <cmath>

#include "widgets/theme.h"

namespace ts::ui {

QString wseNumber(double v) {
  if (std::abs(v - std::round(v)) < 1e-9 && std::abs(v) < 1e15) return QString::number(static_cast<qint64>(v));
  return QString::number(v, 'f', std::abs(v) < 10 ? 2 : 1);
}

QString wseChange(double before, double after) {
  if (std::abs(after - before) < 1e-9) return wseNumber(after);
  double d = after - before;
  return QStringLiteral("%1 → %2 (%3%4)")
      .arg(wseNumber(before), wseNumber(after), d > 0 ? "+" : "−", wseNumber(std::abs(d)));
}

QString wseQorSummary(const wse::Evaluation& e) {
  QString text = QStringLiteral("MT %1 · WL %2 · AC %3 · score %4 · ")
                     .arg(wseNumber(e.mt), wseNumber(e.wl), QString::number(e.ac), wseNumber(e.score));
  if (e.legal) return text + "legal";
  text += QStringLiteral("illegal (%1 problem%2)").arg(e.violations.size()).arg(e.violations.size() == 1 ? "" : "s");
  if (!e.violations.empty()) text += ": " + QString::fromStdString(e.violations.front().message);
  return text;
}

QString wseFormalArgs(const wse::KernelSpec& spec) {
  if (spec.type == wse::KernelType::Conv) {
    const wse::ConvSpec& c = spec.conv;
    return QStringLiteral("H %1 · W %2 · R %3 · S %4 · C %5 · K %6 · T %7")
        .arg(c.H)
        .arg(c.W)
        .arg(c.R)
        .arg(c.S)
        .arg(c.C)
        .arg(c.K)
        .arg(c.T);
  }
  return QStringLiteral("H %1 · W %2 · F %3").arg(spec.H).arg(spec.W).arg(spec.F);
}

namespace {
QString joined(const wse::ConvValues& v) {
  QStringList parts;
  for (int x : v) parts << QString::number(x);
  return parts.join('/');
}
}  // namespace

QString wseExecArgs(const wse::ExecArgs& a) {
  return QStringLiteral("h %1 · w %2 · c %3 · k %4").arg(a.h).arg(a.w).arg(joined(a.c), joined(a.k));
}

QString wseAdapterMismatch(const wse::ExecArgs& u, const wse::ExecArgs& v) {
  QStringList parts;
  if (u.h != v.h) parts << QStringLiteral("h %1≠%2").arg(u.h).arg(v.h);
  if (u.w != v.w) parts << QStringLiteral("w %1≠%2").arg(u.w).arg(v.w);
  if (!u.c.empty() && !v.c.empty() && u.cLast() != v.cFirst())
    parts << QStringLiteral("c %1≠%2").arg(u.cLast()).arg(v.cFirst());
  return parts.join(QStringLiteral(" · "));
}

QString wseShape(const wse::Box& box) {
  return QStringLiteral("%1 × %2").arg(box.height).arg(box.width);
}

QString wseKernelHtml(const wse::KernelGraph& g, const wse::Layout& layout, int k, bool links) {
  const wse::Kernel& kernel = g.kernels[size_t(k)];
  const wse::PlacedKernel& p = layout.kernels[size_t(k)];
  auto name = [&](int i) {
    QString n = QString::fromStdString(g.kernels[size_t(i)].name).toHtmlEscaped();
    return links ? QStringLiteral("<a href=\"kernel:%1\">%2</a>").arg(i).arg(n) : n;
  };
  QString s = QStringLiteral("<b>%1</b> (%2)")
                  .arg(QString::fromStdString(kernel.name).toHtmlEscaped(),
                       QString::fromStdString(wse::toString(kernel.spec.type)));
  s += QStringLiteral("<br>formal: %1").arg(wseFormalArgs(kernel.spec));
  if (!p.placed) return s + QStringLiteral("<br><i>not placed</i>");
  const bool wellFormed = p.args.c.size() == size_t(kernel.spec.convCount()) && p.args.k.size() == p.args.c.size();
  s += QStringLiteral("<br>execution: %1").arg(wseExecArgs(p.args));
  if (!wellFormed) return s + QStringLiteral("<br><i>arguments do not fit the kernel type</i>");
  wse::Perf perf = wse::kernelPerf(kernel.spec, p.args);
  wse::Box box = wse::kernelBox(kernel.spec, p);
  s += QStringLiteral("<br>shape %1 (h × w) at (%2, %3) %4")
           .arg(wseShape(box))
           .arg(p.x)
           .arg(p.y)
           .arg(p.rotated ? "R90" : "R0");
  double mt = wse::layoutMaxTime(g, layout);
  s += QStringLiteral("<br>time %1").arg(wseNumber(perf.time));
  if (mt > 0) s += QStringLiteral(" (%1% of MT)").arg(100 * perf.time / mt, 0, 'f', 1);
  QString memory = QStringLiteral("memory %1 / %2 limit").arg(wseNumber(perf.memory), wseNumber(g.memlimit));
  s += "<br>" + (perf.memory > g.memlimit
                     ? QStringLiteral("<span style=\"color:%1\">%2</span>").arg(toneColour(Tone::Error).name(), memory)
                     : memory);
  if (p.pinned) s += QStringLiteral("<br>pinned: no algorithm moves it");
  QStringList adapters;
  auto edge = [&](int from, int to, int other, const QString& arrow) {
    const wse::PlacedKernel& o = layout.kernels[size_t(other)];
    if (!o.placed) return;
    QString m = wseAdapterMismatch(layout.kernels[size_t(from)].args, layout.kernels[size_t(to)].args);
    adapters << QStringLiteral("%1 %2: %3")
                    .arg(arrow, name(other),
                         m.isEmpty() ? QStringLiteral("protocols match")
                                     : QStringLiteral("<span style=\"color:%1\">%2</span>")
                                           .arg(toneColour(Tone::Warning).name(), m));
  };
  for (int pred : g.pred[size_t(k)]) edge(pred, k, pred, QStringLiteral("from"));
  for (int succ : g.succ[size_t(k)]) edge(k, succ, succ, QStringLiteral("to"));
  if (!adapters.isEmpty()) s += QStringLiteral("<br><u>adapters</u><br>") + adapters.join("<br>");
  return s;
}

}  // namespace ts::ui
