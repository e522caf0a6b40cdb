#include "widgets/gemm/plan_text.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QStringList>

namespace ts::ui {

namespace {
QString tr(const char* text) {
  return QCoreApplication::translate("GemmPlanner", text);
}
}  // namespace

QString kernelText(const aie::gemm::KernelShape& kernel) {
  return QStringLiteral("%1×%2×%3").arg(kernel.m).arg(kernel.k).arg(kernel.n);
}

QString sizeText(const aie::gemm::GemmSize& size) {
  return QStringLiteral("%1×%2×%3").arg(size.m).arg(size.k).arg(size.n);
}

QString requestText(const aie::gemm::PlanRequest& request) {
  const bool xdna2 = request.generation == aie::gemm::Generation::Xdna2;
  return tr("%1 (%2), %3, %4, B %5")
      .arg(aie::gemm::toString(request.generation))
      .arg(xdna2 ? "XDNA2" : "XDNA")
      .arg(aie::toString(request.precision))
      .arg(sizeText(request.size))
      .arg(request.bLayout == aie::gemm::BLayout::Col ? tr("column-major") : tr("row-major"));
}

std::optional<aie::gemm::GemmSize> parseGemmSize(const QString& text) {
  QStringList parts = text.trimmed().split(QRegularExpression(QStringLiteral("[x×X]")));
  if (parts.size() == 1) parts << parts.front() << parts.front();
  if (parts.size() != 3) return std::nullopt;
  int64_t v[3];
  for (int i = 0; i < 3; ++i) {
    bool ok = false;
    v[i] = parts[i].trimmed().toLongLong(&ok);
    if (!ok || v[i] <= 0) return std::nullopt;
  }
  return aie::gemm::GemmSize{v[0], v[1], v[2]};
}

QString bytesText(double bytes) {
  const char* const units[] = {"KB", "MB", "GB", "TB", "PB"};
  if (bytes < 1024) return tr("%1 B").arg(bytes, 0, 'f', 0);
  int unit = 0;
  for (bytes /= 1024; bytes >= 1024 && unit < 4; bytes /= 1024) ++unit;
  return QStringLiteral("%1 %2").arg(bytes, 0, 'f', unit == 0 ? 1 : 2).arg(units[unit]);
}

QString candidateTooltip(const aie::gemm::Candidate& c) {
  return tr("Rank %1: kernel m_ct×k_ct×n_ct = %2, k_mt %3\n"
            "Model figures (not measurements):\n"
            "  %4 MACs/cycle per core (efficiency %5 %)\n"
            "  L1 %6 (%7 % of the core's memory), L2 %8 (%9 % of the memory tiles)\n"
            "  peak compute %10 TOPS; predicted %11 TOPS, %12 bound\n"
            "  padded GEMM %13; arithmetic intensity %14 ops per DRAM byte\n"
            "  T_comp %15 ms, T_mem %16 ms")
      .arg(c.rank)
      .arg(kernelText(c.kernel))
      .arg(c.kMt)
      .arg(c.macsPerCycle, 0, 'f', 1)
      .arg(c.efficiency * 100, 0, 'f', 1)
      .arg(bytesText(c.l1Bytes))
      .arg(c.l1Fraction * 100, 0, 'f', 0)
      .arg(bytesText(c.l2Bytes))
      .arg(c.l2Fraction * 100, 0, 'f', 0)
      .arg(c.peakComputeTops, 0, 'f', 2)
      .arg(c.predictedTops, 0, 'f', 2)
      .arg(c.computeBound ? tr("compute") : tr("memory"))
      .arg(sizeText(c.padded))
      .arg(c.arithmeticIntensity, 0, 'f', 0)
      .arg(c.tCompSeconds * 1e3, 0, 'f', 2)
      .arg(c.tMemSeconds * 1e3, 0, 'f', 2);
}

}  // namespace ts::ui
