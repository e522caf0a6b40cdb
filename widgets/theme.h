#pragma once
// Colours of the studio's chrome (lists, labels, charts) derived from the application palette,
// so that a dark desktop theme stays readable: status colours keep their hue and take the
// lightness that reads on the palette's background. The canvases paint their own light
// background and keep their own colours (AiePalette, WsePalette); they do not use these.
#include <QApplication>
#include <QColor>
#include <QPalette>

class QStyle;

namespace QtCharts {
class QChart;
}

namespace ts::ui {

enum class Tone { Error, Warning, Ok };

/// WCAG 2 contrast ratio of two opaque colours: 1 (same luminance) to 21 (black on white).
double contrastRatio(const QColor& a, const QColor& b);

/// `wanted` with its hue and saturation, made darker or lighter until its contrast with
/// `background` reaches `minRatio` (WCAG AA for text: 4.5).
QColor readableOn(const QColor& wanted, const QColor& background, double minRatio = 4.5);

bool isDarkPalette(const QPalette& palette = QApplication::palette());

/// Status text (problems red, warnings amber, "no problems" green) readable on the palette's base.
QColor toneColour(Tone tone, const QPalette& palette = QApplication::palette());

/// Secondary text such as descriptions: between text and base, still readable on both window and base.
QColor mutedText(const QPalette& palette = QApplication::palette());

/// A dark Fusion palette (`tilestudio --theme dark`), for desktops whose dark mode Qt 5 does not follow.
QPalette darkPalette();

/// Fusion whose standard icons (open, save, media buttons...) are lightened to show on the dark
/// palette; QApplication::setStyle takes ownership.
QStyle* darkStyle();

/// Chart background, axes, labels and title from the palette (QtCharts has its own themes).
void applyPalette(QtCharts::QChart* chart, const QPalette& palette);

}  // namespace ts::ui
