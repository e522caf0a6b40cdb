#pragma once
// Short labels for core glyphs that keep different cores distinguishable. A glyph has room for
// a few characters, and cutting names at the end ("b2_conv2d_0_3" -> "b2_c…") makes every core
// of a layer look the same. Each core gets candidates from longest to shortest, each unique in
// the design: the full name; the shortest run of trailing name parts that no other core ends
// with ("conv2d_0_3"); and the same two with words of 3+ letters cut to their first letter
// ("b2_c2d_0_3", "c2d_0_3"). The painter draws the longest candidate that fits.
#include <QString>
#include <QStringList>
#include <functional>
#include <string>
#include <vector>

namespace ts::ui {

/// Candidates per name, longest first, duplicates removed; every list starts with the name.
std::vector<QStringList> distinctLabels(const std::vector<std::string>& names);

struct FittedLabel {
  QString text;  ///< empty: nothing fits
  int pixelSize = 0;
};

/// The longest candidate that fits `width` at a font size from `maxSize` down to `minSize`
/// (at the largest size it fits). When none does, the shortest is cut in the middle at
/// `minSize`, so that both its first part (what a unique tail starts with) and its end stay
/// ("t2…0_3"). `advance(text, size)` measures, `elide(text, size, width)` cuts.
FittedLabel fitLabel(const QStringList& candidates, double width, int minSize, int maxSize,
                     const std::function<double(const QString&, int)>& advance,
                     const std::function<QString(const QString&, int, double)>& elide);

}  // namespace ts::ui
