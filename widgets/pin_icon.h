#pragma once
// The padlock lists show beside pinned cores and kernels. It is drawn, not a font glyph: the
// padlock emoji (U+1F512) is missing from the fonts of a stock Debian desktop.
#include <QIcon>

namespace ts::ui {

QIcon pinIcon();

}  // namespace ts::ui
