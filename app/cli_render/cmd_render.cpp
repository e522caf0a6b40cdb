// tilestudio-cli render: a picture of a design and its placement (PNG or SVG) drawn by the
// studio's own paint code on Qt's offscreen platform, so it needs no display and matches the
// GUI's File > Export > Picture of the Whole Array exactly.
#include <QGuiApplication>
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>
#include <sstream>

#include "app/cli/cli_common.h"
#include "engine/aie/flow/algorithms.h"
#include "engine/aie/io/design_loader.h"
#include "engine/core/atomic_file.h"
#include "engine/core/error.h"
#include "widgets/aie_render.h"
#include "widgets/paint_timing.h"

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

void hideLayers(const std::string& list, ui::AieLayers& layers) {
  std::stringstream in(list);
  std::string key;
  while (std::getline(in, key, ',')) {
    if (key.empty()) continue;
    bool* field = layers.byName(key);
    if (!field) {
      std::string known;
      for (const auto& n : ui::AieLayers::layerNames()) known += (known.empty() ? "" : ", ") + n;
      throw core::Error("--hide: unknown layer '" + key + "' (" + known + ")");
    }
    *field = false;
  }
}

}  // namespace

void addRenderCommand(CLI::App& app, GlobalOptions& global) {
  auto* cmd = app.add_subcommand("render", "Draw an AIE design and its placement as PNG or SVG");
  struct Options {
    std::string design, placement, device, out, heat = "none", hide, router;
    int module = 0;
    double pixelsPerTile = 48;
    double timeLimit = 60;
    int repeat = 0;
  };
  auto o = std::make_shared<Options>();
  cmd->add_option("design", o->design, "Design file (.yaml, np-flow netlist .json or MLIR-AIE .mlir)")->required();
  addModuleOption(cmd, o->module);
  cmd->add_option("-p,--placement", o->placement, "Placement file (.yaml, .json, .csv, .mlir)");
  cmd->add_option("-d,--device", o->device, "Override the design's device");
  cmd->add_option("-o,--out", o->out, "Picture to write: .png or .svg")->required();
  cmd->add_option("--px-per-tile", o->pixelsPerTile, "Size of one tile in pixels")
      ->capture_default_str()
      ->check(CLI::Range(1.0, 400.0));
  cmd->add_option("--heat", o->heat, "Heat map: none, dma, memory, links")
      ->capture_default_str()
      ->check(CLI::IsMember({"none", "dma", "memory", "links"}));
  cmd->add_option("--hide", o->hide,
                  "Layers to leave out, comma-separated: tiles, grid, coordinates, cores, names, nets, "
                  "routes, badges, violations, legend");
  cmd->add_option("--route", o->router,
                  "Route the placement first with this router (" + aie::routerNames() + ") to draw routes");
  cmd->add_option("--time-limit", o->timeLimit, "Seconds the router may take with --route (0 = none)")
      ->capture_default_str()
      ->check(CLI::Range(0.0, 1e6));
  cmd->add_option("--repeat", o->repeat, "Also time N full redraws and print the median (ms)")
      ->check(CLI::Range(0, 100000));
  cmd->footer(
      "The picture is the same as the studio's File > Export > Picture of the Whole Array.\n"
      "Example (without --placement the design file's own placement is drawn):\n"
      "  tilestudio-cli render samples/edge_detect.yaml --out edge_detect.png\n"
      "  tilestudio-cli render samples/edge_detect.yaml --route milp --heat links --out links.svg");
  cmd->callback([o, &global] {
    const std::string ext = std::filesystem::path(o->out).extension().string();
    if (ext != ".png" && ext != ".svg") throw core::Error("--out must end in .png or .svg, got '" + o->out + "'");
    core::requireWritableOutput(o->out);
    aie::LoadedDesign loaded = aie::loadDesignFile(o->design, o->device, o->module);
    if (!o->placement.empty()) aie::applyPlacementFile(loaded, o->placement);
    std::shared_ptr<const aie::Routing> routing;
    if (!o->router.empty()) {
      const aie::RouterInfo* router = aie::findRouter(o->router);
      if (!router) throw core::Error("--route: unknown router '" + o->router + "' (" + aie::routerNames() + ")");
      ConsoleProgress progress("route", global.quiet);
      core::RunContext ctx(1, o->timeLimit, nullptr, &progress);
      aie::RouteOutcome routed = router->run(loaded.design, loaded.device, loaded.placement, {}, ctx);
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
    hideLayers(o->hide, render.scene().layers);
    ui::parseHeatMap(o->heat, &render.scene().heat);  // CLI11 already checked the name
    if (o->repeat > 0) {
      ui::WholeSceneLayout layout = render.layout(o->pixelsPerTile);
      ui::PaintTiming t = ui::timeRepeated(
          o->repeat, [&] { QImage image = ui::renderScene(render.painter(), layout.view, layout.size); });
      std::cout << "paint: median " << t.wallMs << " ms wall, " << t.cpuMs << " ms CPU over " << t.runs
                << " full redraws (" << layout.size.width() << "x" << layout.size.height() << " px, "
                << layout.view.scale << " px/tile)\n";
    }
    render.save(QString::fromStdString(o->out), o->pixelsPerTile);
    ui::WholeSceneLayout layout = render.layout(o->pixelsPerTile);
    std::cout << "wrote " << o->out << " (" << layout.size.width() << "x" << layout.size.height() << " px, "
              << loaded.placement.placedCount() << "/" << loaded.design.coreCount() << " cores placed)\n";
  });
}

}  // namespace ts::cli
