#pragma once
// Timing of repeated full redraws for `tilestudio --bench-paint` and `tilestudio-cli render
// --repeat`: the median wall-clock time and the median CPU time of the painting thread (the
// latter is steadier on a busy machine), and the time from an action to the next frame.
#include <functional>

class QWidget;

namespace ts::ui {

struct PaintTiming {
  int runs = 0;
  double wallMs = 0;  ///< median wall-clock milliseconds per redraw
  double cpuMs = 0;   ///< median CPU milliseconds of this thread per redraw
};

PaintTiming timeRepeated(int runs, const std::function<void()>& paint);

/// Milliseconds from calling `action` until `widget` has finished painting once after it
/// (the event loop runs meanwhile); -1 when no paint came within `timeoutMs`.
double msUntilPainted(QWidget* widget, const std::function<void()>& action, int timeoutMs = 10000);

}  // namespace ts::ui
