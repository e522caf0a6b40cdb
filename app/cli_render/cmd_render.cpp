// tilestudio-cli render: a picture of a design and its placement, or of a WSE kernel graph and
// its layout (PNG or SVG), drawn by the studio's own paint code on Qt's offscreen platform, so
// it needs no display and matches the GUI's File > Export > Picture of the Whole Fabric exactly.
#include <QFileInfo>
#include <QGuiApplication>
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <memory>
#include <sstream>

#include "app/cli/cli_common.h"
#include "app/cli/design_warnings.h"
#include "engine/aie/flow/algorithms.h"
#include "engine/aie/io/design_loader.h"
#include "engine/core/atomic_file.h"
#include "engine/core/error.h"
#include "engine/wse/io/kgraph_io.h"
#include "engine/wse/io/paint_io.h"
#include "widgets/aie_render.h"
#include "widgets/paint_timing.h"
#include "widgets/wse/wse_describe.h"
#include "widgets/wse/wse_document.h"
#include "widgets/wse/wse_render.h"

namespace ts::cli {

namespace {

/// Qt needs an application object for fonts; force the offscreen platform (no display).
std::unique_ptr<QGuiApplication> makeOffscreenApp() {
  if (QCoreApplication::instance()) return nullptr;
  qputenv("QT_QPA_PLATFORM", "offscreen");
  static int argc = 1;
  static char name[] = "tilestudio-cli";
  static char* argv[] = {name, nullptr};
  return std::make_unique<QGuiApplication>(argc, argv);
}

/// Turns the comma-separated layers of `option` (--hide: off, --show: on); `known` lists the
/// names for the error message.
template <typename Layers>
void switchLayers(const std::string& list, Layers& layers, const std::vector<std::string>& known, bool on,
                  const std::string& option) {
  std::stringstream in(list);
  std::string key;
  while (std::getline(in, key, ',')) {
    if (key.empty()) continue;
    bool* field = layers.byName(key);
    if (!field) {
      std::string names;
      for (const auto& n : known) names += (names.empty() ? "" : ", ") + n;
      throw core::Error(option + ": unknown layer '" + key + "' (" + names + ")");
    }
    *field = on;
  }
}

/// --show, then --hide (so hiding wins when a layer is named in both).
template <typename Layers>
void applyLayerOptions(const std::string& show, const std::string& hide, Layers& layers,
                       const std::vector<std::string>& known) {
  switchLayers(show, layers, known, true, "--show");
  switchLayers(hide, layers, known, false, "--hide");
}

/// Median time of `repeat` full redraws, printed as `tilestudio --bench-paint` does.
void timeRedraws(const ui::ScenePainter& painter, double pixelsPerTile, int repeat) {
  ui::WholeSceneLayout layout = ui::wholeSceneLayout(painter, pixelsPerTile, ui::kExportMargin);
  ui::PaintTiming t = ui::timeRepeated(repeat, [&] {
    painter.dropCaches();  // a full redraw: nothing kept from the last one
    QImage image = ui::renderScene(painter, layout.view, layout.size);
  });
  std::cout << "paint: median " << t.wallMs << " ms wall, " << t.cpuMs << " ms CPU over " << t.runs << " full redraws ("
            << layout.size.width() << "x" << layout.size.height() << " px, " << layout.view.scale << " px/tile)\n";
}

struct RenderOptions {
  std::string design, placement, device, out, heat = "none", hide, show, router;
  std::vector<int> region;  ///< kernel graphs: x y width height in fabric tiles (empty = all)
  int module = 0;           ///< MLIR files with several modules: which one (1-based)
  double pixelsPerTile = 48;
  double timeLimit = 60;
  int repeat = 0;
  bool pixelsGiven = false;
};

/// A .kgraph with its layout (--placement, or the .paint beside it).
void renderKernelGraph(const RenderOptions& o) {
  if (!o.router.empty() || !o.device.empty()) throw core::Error("--route and --device apply to AIE designs only");
  const QString kgraph = QString::fromStdString(o.design);
  QString paint = o.placement.empty() ? ui::sidePaintPath(kgraph) : QString::fromStdString(o.placement);
  wse::KernelGraph graph = wse::readKgraph(o.design);
  if (paint.isEmpty())
    throw core::Error(o.design +
                      ": no layout to draw; give --placement FILE.paint (or make one: tilestudio-cli wse "
                      "place " +
                      o.design + " --out FILE.paint)");
  wse::Layout layout = wse::layoutFromPaint(graph, wse::readPaint(paint.toStdString(), graph), nullptr);
  auto qt = makeOffscreenApp();
  ui::WseRender render(graph, layout,
                       QFileInfo(kgraph).fileName() + QStringLiteral(" · layout from ") + QFileInfo(paint).fileName());
  std::vector<std::string> known;
  for (const auto& [key, label] : ui::WseLayers::all()) known.push_back(key);
  applyLayerOptions(o.show, o.hide, render.scene().layers, known);
  if (!ui::parseWseHeat(o.heat, &render.scene().layers.heat))
    throw core::Error("--heat: for a kernel graph expected none, time or memory");
  // A whole 633 x 633 fabric at 3 px per tile is about 1900 px wide.
  const double pixels = o.pixelsGiven ? o.pixelsPerTile : 3;
  if (o.repeat > 0) timeRedraws(render.painter(), pixels, o.repeat);
  ui::WholeSceneLayout size = ui::wholeSceneLayout(render.painter(), pixels, ui::kExportMargin);
  if (o.region.empty()) {
    ui::saveWholeScene(render.painter(), QString::fromStdString(o.out), pixels);
  } else {
    // A part of the fabric, as the studio's "visible part" export draws a view of it.
    const int x = o.region[0], y = o.region[1], w = o.region[2], h = o.region[3];
    if (w <= 0 || h <= 0) throw core::Error("--region: width and height must be positive");
    size.size = QSize(int(std::ceil(w * pixels)), int(std::ceil(h * pixels)));
    size.view.scale = pixels;
    size.view.offset = QPointF(-x * pixels, -(graph.height - y - h) * pixels);  // fabric y grows upwards
    ui::saveScene(render.painter(), size.view, size.size, QString::fromStdString(o.out),
                  QFileInfo(QString::fromStdString(o.out)).completeBaseName());
  }
  std::cout << "wrote " << o.out << " (" << size.size.width() << "x" << size.size.height() << " px, "
            << layout.placedCount() << "/" << graph.kernelCount() << " kernels placed; "
            << ui::wseQorSummary(render.evaluation()).toStdString() << ")\n";
}

}  // namespace

void addRenderCommand(CLI::App& app, GlobalOptions& global) {
  auto* cmd = app.add_subcommand("render",
                                 "Draw an AIE design and its placement, or a WSE kernel graph and its "
                                 "layout, as PNG or SVG");
  auto o = std::make_shared<RenderOptions>();
  cmd->add_option("design", o->design,
                  "Design file (.yaml, np-flow netlist .json or MLIR-AIE .mlir) or WSE kernel graph (.kgraph)")
      ->required();
  addModuleOption(cmd, o->module);
  cmd->add_option("-p,--placement", o->placement,
                  "Placement file (.yaml, .json, .csv, .mlir); for a .kgraph a .paint (default: the one beside it)");
  cmd->add_option("-d,--device", o->device, "Override the design's device");
  cmd->add_option("-o,--out", o->out, "Picture to write: .png or .svg")->required();
  auto* pixels = cmd->add_option("--px-per-tile", o->pixelsPerTile,
                                 "Size of one tile in pixels (default 48 for AIE arrays, 3 for the WSE fabric)")
                     ->check(CLI::Range(0.25, 400.0));
  cmd->add_option("--heat", o->heat,
                  "Heat map: none, dma, memory, links, bds (buffer descriptors) (AIE); none, time, memory (WSE)")
      ->capture_default_str()
      ->check(CLI::IsMember({"none", "dma", "memory", "links", "bds", "time"}));
  std::string aieLayers, wseLayers;
  for (const std::string& key : ui::AieLayers::layerNames()) aieLayers += (aieLayers.empty() ? "" : ", ") + key;
  for (const auto& [key, label] : ui::WseLayers::all()) wseLayers += (wseLayers.empty() ? "" : ", ") + key;
  cmd->add_option("--hide", o->hide,
                  "Layers to leave out, comma-separated: " + aieLayers + " (AIE); " + wseLayers + " (WSE)");
  cmd->add_option("--show", o->show, "Layers to draw that are off by default, e.g. groups (colour cores by group)");
  cmd->add_option("--region", o->region,
                  "Kernel graphs: draw only fabric tiles X Y W H (x, y of the lower-left corner)")
      ->expected(4);
  cmd->add_option("--route", o->router,
                  "Route the placement first with this router (" + aie::routerNames() + ") to draw routes");
  cmd->add_option("--time-limit", o->timeLimit, "Seconds the router may take with --route (0 = none)")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 1e6));
  cmd->add_option("--repeat", o->repeat, "Also time N full redraws and print the median (ms)")
      ->check(CLI::Range(0, 100000));
  cmd->footer(
      "The picture is the same as the studio's File > Export > Picture of the Whole Fabric.\n"
      "Example (without --placement the design file's own placement is drawn):\n"
      "  tilestudio-cli render samples/edge_detect.yaml --out edge_detect.png\n"
      "  tilestudio-cli render samples/edge_detect.yaml --route milp --heat links --out links.svg\n"
      "  tilestudio-cli render samples/wse/resnet50_coarse.kgraph --heat time --out resnet50.png");
  cmd->callback([o, pixels, &global] {
    o->pixelsGiven = pixels->count() > 0;
    const std::string ext = std::filesystem::path(o->out).extension().string();
    if (ext != ".png" && ext != ".svg") throw core::Error("--out must end in .png or .svg, got '" + o->out + "'");
    core::requireWritableOutput(o->out);
    if (QFileInfo(QString::fromStdString(o->design)).suffix().compare("kgraph", Qt::CaseInsensitive) == 0) {
      if (o->module) throw core::Error("--module applies to MLIR designs only");
      renderKernelGraph(*o);
      return;
    }
    if (o->heat == "time") throw core::Error("--heat time applies to kernel graphs only");
    if (!o->region.empty()) throw core::Error("--region applies to kernel graphs only");
    aie::LoadedDesign loaded = aie::loadDesignFile(o->design, o->device, o->module);
    printDesignWarnings(loaded, global.quiet);
    if (!o->placement.empty()) aie::applyPlacementFile(loaded, o->placement);
    std::shared_ptr<const aie::Routing> routing;
    if (!o->router.empty()) {
      const aie::RouterInfo* router = aie::findRouter(o->router);
      if (!router) throw core::Error("--route: unknown router '" + o->router + "' (" + aie::routerNames() + ")");
      ConsoleProgress progress("route", global.quiet);
      aie::RouteOutcome routed;
      {
        InterruptStop interrupt;  // Ctrl-C: the best routing so far, or the placement alone
        core::RunContext ctx(1, o->timeLimit, interrupt.token(), &progress);
        routed = router->run(loaded.design, loaded.device, loaded.placement, {}, ctx);
      }
      if (!routed.success) {
        std::string why = routed.reasons.empty() ? routed.status : routed.reasons.front();
        std::cerr << "warning: not routed (" << why << "); drawing the placement only\n";
        global.exitCode = kFailed;
      } else {
        routing = std::make_shared<const aie::Routing>(std::move(routed.routing));
      }
      progress.finish();
    }
    auto qt = makeOffscreenApp();
    ui::AieRender render(loaded, routing);
    applyLayerOptions(o->show, o->hide, render.scene().layers, ui::AieLayers::layerNames());
    ui::HeatMap heat = ui::HeatMap::None;
    ui::parseHeatMap(o->heat, &heat);  // CLI11 already checked the name
    render.scene().setHeatMap(heat);
    if (o->repeat > 0) timeRedraws(render.painter(), o->pixelsPerTile, o->repeat);
    render.save(QString::fromStdString(o->out), o->pixelsPerTile);
    ui::WholeSceneLayout layout = render.layout(o->pixelsPerTile);
    std::cout << "wrote " << o->out << " (" << layout.size.width() << "x" << layout.size.height() << " px, "
              << loaded.placement.placedCount() << "/" << loaded.design.coreCount() << " cores placed)\n";
  });
}

}  // namespace ts::cli
