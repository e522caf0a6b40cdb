// tilestudio: the desktop studio. `tilestudio FILE` opens a design or a WSE kernel graph; `--screenshot OUT.png`
// writes the window picture and exits (tests, run.sh); `--bench-paint N` times redraws and
// `--bench-open` the time from opening FILE to the first frame; `--gemm-planner MxKxN` opens the GEMM
// planner (with --screenshot: its picture).
#include <QApplication>
#include <QCommandLineParser>
#include <QDockWidget>
#include <QFileInfo>
#include <QStyle>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "app/gui/main_window.h"
#include "engine/core/version.h"
#include "widgets/aie_canvas.h"
#include "widgets/aie_document.h"
#include "widgets/aie_workspace.h"
#include "widgets/compare/compare_controller.h"
#include "widgets/compare/compare_window.h"
#include "widgets/gemm/gemm_planner_controller.h"
#include "widgets/gemm/plan_text.h"
#include "widgets/image_export.h"
#include "widgets/paint_timing.h"
#include "widgets/theme.h"
#include "widgets/wse/wse_canvas.h"
#include "widgets/wse/wse_workspace.h"

namespace {

bool hasDisplay() {
  auto set = [](const char* name) {
    const char* v = std::getenv(name);
    return v && *v;
  };
  return set("DISPLAY") || set("WAYLAND_DISPLAY") || set("QT_QPA_PLATFORM");
}

const char* const kNoDisplay =
    "tilestudio: no display found (DISPLAY, WAYLAND_DISPLAY and QT_QPA_PLATFORM are unset).\n"
    "  Picture of the window without a display:\n"
    "    QT_QPA_PLATFORM=offscreen tilestudio DESIGN --screenshot window.png\n"
    "  Everything else from the command line:\n"
    "    tilestudio-cli render DESIGN --out design.png     (picture of the placed design)\n"
    "    tilestudio-cli check DESIGN                       (problems of a design/placement)\n"
    "    tilestudio-cli --help\n";

/// The design to open for a command-line argument. A run history (NAME.tsruns.json, which the
/// desktop entry passes for its MIME type) opens the design it sits beside, whose history it is.
/// Empty when a history has no design beside it.
QString designForArgument(const QString& path) {
  const QString suffix = QStringLiteral(".tsruns.json");
  if (!path.endsWith(suffix)) return path;
  const QString stem = path.left(path.size() - suffix.size());
  for (const char* ext : {".yaml", ".yml", ".json", ".mlir", ".kgraph"})
    if (QFileInfo::exists(stem + ext)) return stem + ext;
  return {};
}

}  // namespace

int main(int argc, char** argv) {
  bool helpOnly = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    helpOnly = helpOnly || a == "-h" || a == "--help" || a == "--help-all" || a == "-v" || a == "--version";
  }
  if (!hasDisplay()) {
    if (!helpOnly) {
      std::fputs(kNoDisplay, stderr);
      return 2;
    }
    qputenv("QT_QPA_PLATFORM", "offscreen");  // printing help needs no screen
  }

  // Scaled by the screen's pixel density on high-DPI screens, with sharp icons. The factor is
  // rounded (Qt 5's default): unrounded factors from X11's often inexact physical sizes blur
  // ordinary screens (QT_SCALE_FACTOR_ROUNDING_POLICY=PassThrough gives 150% where it is right).
  QApplication::setAttribute(Qt::AA_EnableHighDpiScaling);
  QApplication::setAttribute(Qt::AA_UseHighDpiPixmaps);
  QApplication app(argc, argv);
  Q_INIT_RESOURCE(tilestudio);
  QApplication::setOrganizationName("TileStudio");
  QApplication::setApplicationName("tilestudio");
  QApplication::setApplicationVersion(ts::core::version());
  QGuiApplication::setDesktopFileName("tilestudio");  // tilestudio.desktop: taskbar icon and grouping

  QCommandLineParser parser;
  parser.setApplicationDescription(
      "TileStudio: place and route dataflow designs on AMD AIE arrays; floorplan Cerebras WSE kernel graphs.\n"
      "Example: tilestudio samples/edge_detect.yaml --placement out/edge_detect.placed.yaml");
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addPositionalArgument("design",
                               "Design to open (.yaml design, np-flow netlist .json, MLIR-AIE .mlir) or WSE kernel "
                               "graph (.kgraph)");
  QCommandLineOption placementOpt({"p", "placement"},
                                  "Placement file to apply (.yaml, .json, .csv; .paint for a .kgraph)", "file");
  QCommandLineOption deviceOpt({"d", "device"}, "Override the design's device (preset or YAML)", "device");
  QCommandLineOption shotOpt("screenshot", "Write the window picture to FILE (.png) and exit", "file");
  QCommandLineOption sizeOpt("size", "Window size for --screenshot (default 1600x1000)", "WxH", "1600x1000");
  QCommandLineOption selectOpt("select", "Select these cores or kernels (comma-separated names)", "names");
  QCommandLineOption heatOpt("heat", "Heat map: none, dma, memory, links (AIE); none, time, memory (WSE)", "kind",
                             "none");
  QCommandLineOption benchOpt("bench-paint",
                              "Time N redraws of the canvas (unchanged scene, after a scene change, drawing "
                              "everything), print the medians and exit",
                              "N");
  QCommandLineOption openBenchOpt("bench-open", "Print the milliseconds from opening the file to its first frame");
  QCommandLineOption runOpt("run",
                            "Start an algorithm after opening, e.g. place/sa, route/milp, flow/sa+milp; for a .kgraph "
                            "cupoker, tbs-sa or dnc",
                            "id");
  QCommandLineOption keepOpt("keep", "With --run: keep the result when the run ends (--delay counts from then)");
  QCommandLineOption moduleOpt("module", "MLIR file with several modules: open module N (default: ask)", "N");
  QCommandLineOption delayOpt("delay", "Seconds to wait before --screenshot (e.g. to show a run)", "seconds", "0.4");
  QCommandLineOption compareOpt("compare",
                                "Open the compare window and launch these runs, comma-separated: SA+BB, SA+BBCG, "
                                "LSMO, sequential or a placer's name; for a .kgraph cupoker, tbs-sa, dnc (with "
                                "--screenshot: the compare window's picture once they have ended)",
                                "runs");
  QCommandLineOption parallelOpt("parallel", "With --compare: launch the runs together, not one after the other");
  QCommandLineOption limitOpt("time-limit", "With --compare: the placer time limit of each run", "seconds", "30");
  QCommandLineOption gemmOpt("gemm-planner",
                             "Open the GEMM planner on an M×K×N GEMM (e.g. 4096x4096x4096, or 4096 for a cube); "
                             "with --screenshot: the planner's picture",
                             "MxKxN");
  QCommandLineOption gemmDeviceOpt("gemm-device", "With --gemm-planner: npu1 (XDNA) or npu2 (XDNA2)", "device", "npu2");
  QCommandLineOption gemmPrecisionOpt("gemm-precision",
                                      "With --gemm-planner: int8-int8, int8-int16, int8-int32 or bf16-bf16",
                                      "precision", "int8-int8");
  QCommandLineOption gemmLayoutOpt("gemm-b-layout", "With --gemm-planner: B col(umn-major) or row(-major)", "layout",
                                   "col");
  QCommandLineOption gemmRankOpt("gemm-rank", "With --gemm-planner: select the kernel of this rank", "N", "1");
  QCommandLineOption gemmOpenOpt("gemm-open", "With --gemm-planner: open the selected kernel's design in the studio");
  QCommandLineOption themeOpt("theme", "Colours: system (the desktop's), light or dark", "theme", "system");
  parser.addOptions({placementOpt,     deviceOpt,     shotOpt,     sizeOpt,    selectOpt, heatOpt,
                     benchOpt,         openBenchOpt,  runOpt,      keepOpt,    delayOpt,  compareOpt,
                     parallelOpt,      limitOpt,      moduleOpt,   themeOpt,   gemmOpt,   gemmDeviceOpt,
                     gemmPrecisionOpt, gemmLayoutOpt, gemmRankOpt, gemmOpenOpt});
  parser.process(app);
  auto fail = [&](const QString& message) {
    std::fprintf(stderr, "error: %s\n", message.toLocal8Bit().constData());
    return 2;
  };
  // Qt 5 does not follow every desktop's dark mode; --theme picks one explicitly.
  const QString theme = parser.value(themeOpt);
  if (theme != "system" && theme != "light" && theme != "dark") return fail("--theme: expected system, light or dark");
  if (theme != "system") {
    if (theme == "dark") {
      QApplication::setStyle(ts::ui::darkStyle());
      QApplication::setPalette(ts::ui::darkPalette());
    } else {
      QApplication::setStyle("Fusion");
      QApplication::setPalette(QApplication::style()->standardPalette());
    }
  }

  const bool batch = parser.isSet(shotOpt) || parser.isSet(benchOpt) || parser.isSet(openBenchOpt);
  ts::studio::MainWindow window(!batch);
  if (batch) {
    QStringList wh = parser.value(sizeOpt).split('x');
    if (wh.size() != 2 || wh[0].toInt() < 200 || wh[1].toInt() < 150)
      return fail("--size: expected WxH, e.g. 1600x1000");
    window.resize(wh[0].toInt(), wh[1].toInt());
  }
  const QStringList args = parser.positionalArguments();
  if (args.size() > 1) return fail("give one design file");
  if (parser.isSet(openBenchOpt)) {
    if (args.isEmpty()) return fail("--bench-open needs a file");
    window.show();
    QApplication::processEvents();
    QString error;
    bool ok = true;
    QWidget* canvas = window.wse()->handles(args.first()) ? static_cast<QWidget*>(window.wseCanvas())
                                                          : static_cast<QWidget*>(window.canvas());
    double ms = ts::ui::msUntilPainted(canvas, [&] { ok = window.openDesign(args.first(), &error, true); });
    if (!ok) return fail(error);
    std::printf("first frame %.1f ms after opening %s\n", ms, args.first().toLocal8Bit().constData());
    return 0;
  }
  if (!args.isEmpty()) {
    const QString design = designForArgument(args.first());
    if (design.isEmpty())
      return fail(args.first() + ": a run history, but no design beside it (NAME.yaml, .json, .mlir or .kgraph)");
    QString error;
    const int module = parser.isSet(moduleOpt) ? parser.value(moduleOpt).toInt() : -1;
    if (parser.isSet(moduleOpt) && module < 1) return fail("--module: expected a module number from 1");
    const QString device = parser.value(deviceOpt);
    if (!device.isEmpty() && !window.aie()->handles(design))
      return fail("--device applies to AIE designs (.yaml, .json, .mlir), not " + design);
    if (!window.openDesign(design, &error, batch, module, device) && batch) return fail(error);
    if (parser.isSet(placementOpt) && !window.openPlacement(parser.value(placementOpt), &error, batch) && batch)
      return fail(error);
  } else if (parser.isSet(benchOpt)) {
    return fail("--bench-paint needs a design file");
  }
  const bool wse = window.showingWse();
  if (parser.isSet(selectOpt) && window.current()->document()->isOpen()) {
    std::vector<int> ids;
    for (const QString& name : parser.value(selectOpt).split(',', Qt::SkipEmptyParts)) {
      const std::string n = name.trimmed().toStdString();
      int id = wse ? window.wse()->wseDocument()->graph().findKernel(n) : window.document()->design().findCore(n);
      if (id < 0) return fail("--select: nothing named '" + name + "'");
      ids.push_back(id);
    }
    if (wse)
      window.wseCanvas()->setSelectedKernels(ids);
    else
      window.canvas()->setSelectedCores(ids);
  }
  const std::string heatName = parser.value(heatOpt).toStdString();
  if (wse) {
    ts::ui::WseLayers layers = window.wseCanvas()->layers();
    if (!ts::ui::parseWseHeat(heatName, &layers.heat)) return fail("--heat: expected none, time or memory");
    window.wseCanvas()->setLayers(layers);
  } else {
    ts::ui::HeatMap heat;
    if (!ts::ui::parseHeatMap(heatName, &heat)) return fail("--heat: expected none, dma, memory or links");
    window.canvas()->setHeatMap(heat);
  }
  window.show();
  bool requestedRunStarted = false;
  if (parser.isSet(runOpt)) {
    const QString id = parser.value(runOpt);
    if (!window.current()->document()->isOpen()) return fail("--run needs a file");
    ts::ui::RunPanelBase* panel = window.current()->runPanel();
    if (!panel->selectAlgorithm(id)) return fail("--run: unknown algorithm '" + id + "'");
    // The run starts once the panel is free: a kernel graph without a .paint is first placed by
    // CU.POKer in the background, and a run started meanwhile would be refused.
    auto startRequested = [&, panel, id] {
      if (requestedRunStarted || panel->running()) return;
      requestedRunStarted = true;
      if (!panel->start()) {
        fail("--run: " + id + " did not start");
        QApplication::exit(2);
      }
    };
    QObject::connect(panel, &ts::ui::RunPanelBase::finished, &window,
                     [&window, startRequested] { QTimer::singleShot(0, &window, startRequested); });
    QTimer::singleShot(0, &window, startRequested);
  }

  ts::ui::CompareWindow* compare = nullptr;
  if (parser.isSet(compareOpt)) {
    if (!window.current()->document()->isOpen()) return fail("--compare needs a design or kernel graph file");
    compare = (wse ? window.wse()->compare() : window.aie()->compare())->open({});
    compare->setParallel(parser.isSet(parallelOpt));
    if (parser.isSet(shotOpt)) compare->resize(window.size());
    const std::vector<ts::ui::LaunchPreset> presets = compare->support()->presets();
    for (const QString& name : parser.value(compareOpt).split(',', Qt::SkipEmptyParts)) {
      auto it = std::find_if(presets.begin(), presets.end(), [&](const ts::ui::LaunchPreset& p) {
        return p.name.compare(name.trimmed(), Qt::CaseInsensitive) == 0 ||
               p.algorithm.compare(name.trimmed(), Qt::CaseInsensitive) == 0;
      });
      if (it == presets.end()) {
        QStringList known;
        for (const auto& p : presets) known << p.name;
        return fail("--compare: unknown run '" + name + "' (known: " + known.join(", ") + ")");
      }
      if (!compare->launch(*it, 1, parser.value(limitOpt).toDouble())) return fail("--compare: cannot launch " + name);
    }
  }

  ts::ui::GemmPlannerWindow* planner = nullptr;
  if (parser.isSet(gemmOpt)) {
    ts::aie::gemm::PlanRequest request;
    request.top = 0;
    const auto size = ts::ui::parseGemmSize(parser.value(gemmOpt));
    const auto generation = ts::aie::gemm::parseGeneration(parser.value(gemmDeviceOpt).toStdString());
    const auto precision = ts::aie::parseGemmPrecision(parser.value(gemmPrecisionOpt).toStdString());
    const auto layout = ts::aie::gemm::parseBLayout(parser.value(gemmLayoutOpt).toStdString());
    if (!size) return fail("--gemm-planner: expected MxKxN with positive whole numbers, e.g. 4096x4096x4096");
    if (!generation) return fail("--gemm-device: expected npu1 or npu2");
    if (!precision) return fail("--gemm-precision: expected int8-int8, int8-int16, int8-int32 or bf16-bf16");
    if (!layout) return fail("--gemm-b-layout: expected col or row");
    request.size = *size;
    request.generation = *generation;
    request.precision = *precision;
    request.bLayout = *layout;
    planner = window.gemmPlanner()->open();
    planner->setRequest(request);
    if (!planner->plan()) return fail("--gemm-planner: " + planner->message());
    const int rank = parser.value(gemmRankOpt).toInt();
    if (rank < 1 || rank > int(planner->result()->ranked.size()))
      return fail(QString("--gemm-rank: expected 1 to %1").arg(planner->result()->ranked.size()));
    planner->selectCandidate(rank - 1);
    if (parser.isSet(gemmOpenOpt)) {
      if (!planner->openSelected()) return fail("--gemm-open: " + planner->message());
      planner->close();
      planner = nullptr;  // the picture is the studio's, with the design
    } else if (parser.isSet(shotOpt)) {
      planner->resize(window.size());
    }
  }

  if (parser.isSet(shotOpt) && compare) {
    // The compare window's picture once every launched run has ended.
    const QString out = parser.value(shotOpt);
    int code = 0;
    QTimer poll;
    poll.setInterval(250);
    QObject::connect(&poll, &QTimer::timeout, &window, [&] {
      if (compare->runningCount() + compare->queuedCount() > 0) return;
      poll.stop();
      QTimer::singleShot(std::max(500, int(parser.value(delayOpt).toDouble() * 1000)), &window, [&] {
        try {
          ts::ui::savePng(compare->grab().toImage(), out);
          std::printf("wrote %s\n", out.toLocal8Bit().constData());
        } catch (const std::exception& e) {
          code = fail(QString::fromUtf8(e.what()));
        }
        app.quit();
      });
    });
    poll.start();
    app.exec();
    return code;
  }
  if (parser.isSet(shotOpt)) {
    const QString out = parser.value(shotOpt);
    int code = 0;
    // Let the docks and the canvas lay out and paint once before grabbing.
    int delayMs = int(parser.value(delayOpt).toDouble() * 1000);
    if (delayMs < 0) return fail("--delay: expected seconds >= 0");
    auto shoot = [&] {
      // With a selection, show what the inspector says about it (a run raises the run panel).
      if (parser.isSet(selectOpt))
        if (auto* inspector = window.findChild<QDockWidget*>("inspectorDock")) inspector->raise();
      QApplication::processEvents();
      try {
        ts::ui::savePng(planner ? planner->grab().toImage() : window.grab().toImage(), out);
        std::printf("wrote %s\n", out.toLocal8Bit().constData());
      } catch (const std::exception& e) {
        code = fail(QString::fromUtf8(e.what()));
      }
      app.quit();
    };
    if (parser.isSet(keepOpt) && parser.isSet(runOpt)) {
      auto keepThenShoot = [&, delayMs](bool, const QString& summary) {
        if (!requestedRunStarted) return;  // the background placement of the open, not the run
        std::printf("%s\n", summary.toLocal8Bit().constData());
        window.current()->runPanel()->keepResult();
        QTimer::singleShot(std::max(400, delayMs), &window, shoot);
      };
      QObject::connect(window.current()->runPanel(), &ts::ui::RunPanelBase::finished, &window, keepThenShoot);
    } else {
      QTimer::singleShot(std::max(400, delayMs), &window, shoot);
    }
    if (const int exited = app.exec(); exited != 0) return exited;  // e.g. a --run that did not start
    return code;
  }
  if (parser.isSet(benchOpt)) {
    int n = parser.value(benchOpt).toInt();
    if (n < 1) return fail("--bench-paint: expected a positive count");
    QTimer::singleShot(400, &window, [&] {
      ts::ui::GridCanvas* canvas = window.current()->panels().canvas;
      // A redraw of an unchanged scene (cached base layer), and one after a scene change.
      ts::ui::PaintTiming same = ts::ui::timeRepeated(n, [canvas] { canvas->repaint(); });
      // After a scene change the painter still copies what did not change (the tile layer,
      // glyphs of unchanged cores); with its caches dropped it draws everything.
      ts::ui::PaintTiming changed = ts::ui::timeRepeated(n, [canvas] {
        canvas->invalidateScene();
        canvas->repaint();
      });
      ts::ui::PaintTiming full = ts::ui::timeRepeated(n, [canvas] {
        canvas->scenePainter().dropCaches();
        canvas->invalidateScene();
        canvas->repaint();
      });
      std::printf(
          "paint: median %.2f ms wall, %.2f ms CPU over %d redraws of an unchanged scene; %.2f ms wall, %.2f ms CPU "
          "after a scene change; %.2f ms wall, %.2f ms CPU drawing everything (%dx%d px canvas, %.1f px/tile, "
          "platform %s)\n",
          same.wallMs, same.cpuMs, n, changed.wallMs, changed.cpuMs, full.wallMs, full.cpuMs, canvas->width(),
          canvas->height(), canvas->pixelsPerTile(), QGuiApplication::platformName().toLocal8Bit().constData());
      app.quit();
    });
    app.exec();
    return 0;
  }
  return app.exec();
}
