#pragma once
// Short labels for core glyphs that keep different cores distinguishable. A glyph has room for
// a few characters, and cutting names at the end ("b2_conv2d_0_3" -> "b2_c…") makes every core
// of a layer look the same. Each core gets candidates from longest to shortest, each unique in
// the design: the full name; the shortest run of trailing name parts that no other core ends
// with ("conv2d_0_3"); and the same two with long letter runs cut to their first letter
// ("b2_c2d_0_3", "c2d_0_3"). The painter draws the longest candidate that fits.
#include <QFontMetricsF>
#include <QString>
#include <QStringList>
#include <functional>
#include <string>
#include <vector>

namespace ts::ui {

/// Candidates per name, longest first, duplicates removed; every list starts with the name.
std::vector<QStringList> distinctLabels(const std::vector<std::string>& names);

/// The longest candidate that fits `width`; when none does, the shortest cut in the middle, so
/// that both its first part (what a unique tail starts with) and its end stay ("t2…0_3").
/// Empty when not even that fits.
/// `advance` measures a text (the painter passes its cached widths).
QString fitLabel(const QStringList& candidates, const std::function<double(const QString&)>& advance,
                 const QFontMetricsF& metrics, double width);

}  // namespace ts::ui
