#pragma once
// What the run-history and compare tests share: a document with its canvas, run panel, charts,
// history dock and AIE history, and a helper that runs an algorithm from the run panel and
// waits until the history has recorded it.
#include <QTest>
#include <memory>

#include "widgets/aie_canvas.h"
#include "widgets/aie_document.h"
#include "widgets/history/aie_history.h"
#include "widgets/history/history_dock.h"
#include "widgets/param_form.h"
#include "widgets/qor_chart.h"
#include "widgets/run_panel.h"

namespace ts::test {

struct HistoryFixture {
  std::unique_ptr<ui::AieDocument> doc;
  std::unique_ptr<ui::AieCanvas> canvas;
  std::unique_ptr<ui::QorChartPanel> charts;
  std::unique_ptr<ui::RunPanel> panel;
  std::unique_ptr<ui::HistoryDock> dock;
  std::unique_ptr<ui::AieHistory> history;

  /// Opens `design`; `persistent`: the history reads and writes its sidecar file.
  bool open(const QString& design, bool persistent, QString* error) {
    doc = std::make_unique<ui::AieDocument>();
    if (!doc->open(design, error)) return false;
    canvas = std::make_unique<ui::AieCanvas>(doc.get());
    canvas->resize(600, 400);
    charts = std::make_unique<ui::QorChartPanel>();
    panel = std::make_unique<ui::RunPanel>(doc.get(), canvas.get(), charts.get());
    dock = std::make_unique<ui::HistoryDock>();
    history = std::make_unique<ui::AieHistory>(doc.get(), canvas.get(), panel.get(), dock.get(), persistent);
    return true;
  }

  void close() {
    history.reset();
    dock.reset();
    panel.reset();
    charts.reset();
    canvas.reset();
    doc.reset();
  }

  /// Runs `algorithm` from the run panel to its end; returns the id it got in the history
  /// (negative when it could not start or did not end within a minute).
  int run(const QString& algorithm, const core::ParamValues& settings = {}, uint64_t seed = 1) {
    int before = history->history()->count();
    if (!panel->selectAlgorithm(algorithm)) return -1;
    panel->form()->resetDefaults();
    panel->form()->setValues(settings);
    panel->setSeed(seed);
    panel->setTimeLimit(30);
    if (!panel->start()) return -2;
    if (!QTest::qWaitFor([&] { return history->history()->count() == before + 1; }, 60000)) return -3;
    return history->history()->records().back().id;
  }
};

}  // namespace ts::test
