#pragma once
// Timing of repeated full redraws for `tilestudio --bench-paint` and `tilestudio-cli render
// --repeat`: the median wall-clock time and the median CPU time of the painting thread (the
// latter is steadier on a busy machine).
#include <functional>

namespace ts::ui {

struct PaintTiming {
  int runs = 0;
  double wallMs = 0;  ///< median wall-clock milliseconds per redraw
  double cpuMs = 0;   ///< median CPU milliseconds of this thread per redraw
};

PaintTiming timeRepeated(int runs, const std::function<void()>& paint);

}  // namespace ts::ui
