#include "widgets/paint_timing.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEvent>
#include <QWidget>
#include <algorithm>
#include <chrono>
#include <ctime>
#include <vector>

namespace ts::ui {

namespace {

double threadCpuMs() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

/// Notes when its widget has processed a paint event.
class PaintWatch : public QObject {
 public:
  bool eventFilter(QObject*, QEvent* e) override {
    if (e->type() == QEvent::Paint) painted = true;
    return false;
  }
  bool painted = false;
};

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

}  // namespace

PaintTiming timeRepeated(int runs, const std::function<void()>& paint) {
  std::vector<double> wall, cpu;
  for (int i = 0; i < runs; ++i) {
    auto t0 = std::chrono::steady_clock::now();
    double c0 = threadCpuMs();
    paint();
    cpu.push_back(threadCpuMs() - c0);
    wall.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  return {runs, median(wall), median(cpu)};
}

double msUntilPainted(QWidget* widget, const std::function<void()>& action, int timeoutMs) {
  PaintWatch watch;
  widget->installEventFilter(&watch);
  QElapsedTimer clock;
  clock.start();
  action();
  while (!watch.painted && clock.elapsed() < timeoutMs)
    QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents, 5);
  // The filter sees the paint event first; the paint itself ends within the same processEvents.
  double ms = double(clock.nsecsElapsed()) / 1e6;
  widget->removeEventFilter(&watch);
  return watch.painted ? ms : -1;
}

}  // namespace ts::ui
