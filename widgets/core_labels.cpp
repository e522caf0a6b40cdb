#include "widgets/core_labels.h"

#include <QHash>
#include <QRegularExpression>

namespace ts::ui {

namespace {

const QRegularExpression& separators() {
  static const QRegularExpression re(QStringLiteral("[_./:\\-]"));
  return re;
}

/// Name parts and the separators between them (separators[i] follows parts[i]).
struct Split {
  QStringList parts;
  QStringList separators;
};

Split split(const QString& name) {
  Split s;
  int from = 0;
  auto it = separators().globalMatch(name);
  while (it.hasNext()) {
    auto m = it.next();
    s.parts << name.mid(from, m.capturedStart() - from);
    s.separators << m.captured();
    from = m.capturedEnd();
  }
  s.parts << name.mid(from);
  return s;
}

/// Parts from `first` to the end, joined with their original separators.
QString tail(const Split& s, int first) {
  QString out;
  for (int i = first; i < s.parts.size(); ++i) {
    out += s.parts[i];
    if (i + 1 < s.parts.size()) out += s.separators[i];
  }
  return out;
}

/// Words of three or more letters become their first letter: "maxpool2d" -> "m2d",
/// "memC0" -> "mC0", "MaxPool" -> "MP".
QString abbreviate(const QString& name) {
  static const QRegularExpression letters(QStringLiteral("[A-Z][a-z]{2,}|[a-z]{3,}|[A-Z]{3,}"));
  QString out = name;
  auto it = letters.globalMatch(name);
  int removed = 0;
  while (it.hasNext()) {
    auto m = it.next();
    out.remove(m.capturedStart() + 1 - removed, m.capturedLength() - 1);
    removed += m.capturedLength() - 1;
  }
  return out;
}

/// For each name, its shortest trailing run of parts that no other name ends with (the whole
/// name when every shorter run is shared).
QStringList uniqueTails(const QStringList& names) {
  std::vector<Split> splits;
  splits.reserve(size_t(names.size()));
  QHash<QString, int> count;
  for (const QString& n : names) {
    splits.push_back(split(n));
    const Split& s = splits.back();
    for (int k = 0; k < s.parts.size(); ++k) ++count[tail(s, k)];
  }
  QStringList out;
  for (size_t i = 0; i < splits.size(); ++i) {
    const Split& s = splits[i];
    QString best = names[int(i)];
    for (int k = s.parts.size() - 1; k >= 0; --k) {
      QString t = tail(s, k);
      if (count.value(t) == 1 && !t.isEmpty()) {
        best = t;
        break;
      }
    }
    out << best;
  }
  return out;
}

}  // namespace

std::vector<QStringList> distinctLabels(const std::vector<std::string>& names) {
  QStringList full, shortNames;
  for (const std::string& n : names) full << QString::fromStdString(n);
  QHash<QString, int> abbreviatedCount;
  for (const QString& n : full) {
    shortNames << abbreviate(n);
    ++abbreviatedCount[shortNames.back()];
  }
  // Abbreviations that collide are not offered at all (neither whole nor as a tail).
  QStringList fullTails = uniqueTails(full), shortTails = uniqueTails(shortNames);
  std::vector<QStringList> out(names.size());
  for (int i = 0; i < full.size(); ++i) {
    QStringList c{full[i], fullTails[i]};
    if (abbreviatedCount.value(shortNames[i]) == 1) c << shortNames[i] << shortTails[i];
    c.removeDuplicates();
    std::stable_sort(c.begin(), c.end(), [](const QString& a, const QString& b) { return a.size() > b.size(); });
    out[size_t(i)] = c;
  }
  return out;
}

FittedLabel fitLabel(const QStringList& candidates, double width, int minSize, int maxSize,
                     const std::function<double(const QString&, int)>& advance,
                     const std::function<QString(const QString&, int, double)>& elide) {
  if (candidates.isEmpty() || width <= 0 || maxSize < minSize) return {};
  for (const QString& c : candidates) {
    double full = advance(c, maxSize);
    if (full <= width) return {c, maxSize};
    // Text width grows about linearly with the font size.
    for (int size = std::min(maxSize - 1, int(maxSize * width / full)); size >= minSize; --size)
      if (advance(c, size) <= width) return {c, size};
  }
  QString cut = elide(candidates.back(), minSize, width);
  if (cut.isEmpty() || cut == QStringLiteral("…")) return {};
  return {cut, minSize};
}

}  // namespace ts::ui
