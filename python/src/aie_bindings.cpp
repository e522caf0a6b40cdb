// The AIE half of the Python module: devices, designs (YAML, np-flow JSON or dict, MLIR),
// placements, every registered placer and router by name with settings as keyword arguments,
// the independent checkers, QoR, the runtime estimate and the file writers.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <filesystem>
#include <memory>

#include "background_run.h"
#include "bindings.h"
#include "convert.h"
#include "engine/aie/device_library.h"
#include "engine/aie/flow/algorithms.h"
#include "engine/aie/flow/pnr_flow.h"
#include "engine/aie/io/design_loader.h"
#include "engine/aie/io/design_yaml.h"
#include "engine/aie/io/given_routing.h"
#include "engine/aie/io/mlir_import.h"
#include "engine/aie/io/npflow_json.h"
#include "engine/aie/io/placement_yaml.h"
#include "engine/aie/io/report_json.h"
#include "engine/aie/io/routing_dot.h"
#include "engine/aie/io/vitis_constraints.h"
#include "engine/aie/legality.h"
#include "engine/aie/place/joint_milp_placer.h"
#include "engine/aie/qor.h"
#include "engine/aie/routing_legality.h"
#include "engine/aie/runtime_estimate.h"
#include "engine/core/atomic_file.h"

namespace ts::py {

namespace pyb = pybind11;
using namespace pybind11::literals;

namespace {

/// A design as loaded (design, device, the placement its file holds, import warnings).
/// Placements and routings keep their design alive through this shared handle.
struct DesignHandle {
  aie::LoadedDesign loaded;
  const aie::Design& design() const { return loaded.design; }
  const aie::Device& device() const { return loaded.device; }
  aie::CoreId core(const std::string& name) const {
    aie::CoreId c = design().findCore(name);
    if (c < 0) throw pyb::key_error("design '" + design().name + "' has no core '" + name + "'");
    return c;
  }
};
using DesignPtr = std::shared_ptr<DesignHandle>;

/// A placement of one design, indexed by core name: p["core"] -> (col, row) or None.
struct PyPlacement {
  DesignPtr design;
  aie::Placement placement;
};

/// A checked routing of a placed design (edges on the device's routing-resource graph).
struct PyRouting {
  DesignPtr design;
  aie::Placement placement;
  aie::Routing routing;
};

struct PlaceResult {
  bool success = false;
  std::string status;
  std::vector<std::string> reasons;
  PyPlacement placement;
  pyb::dict stats;
};

struct RouteResult {
  bool success = false;
  std::string status;
  std::vector<std::string> reasons;
  std::optional<PyRouting> routing;  ///< only when the routing passed the checker
  pyb::dict stats;
};

struct PnrResult {
  aie::PnrResult r;
  DesignPtr design;
};

/// What the writers and the estimate take from a Placement or a Routing (routing null for a
/// Placement); it points into the Python object, which outlives the call.
struct Placed {
  DesignPtr design;
  const aie::Placement& placement;
  const aie::Routing* routing;
};

Placed placedOf(const pyb::object& placementOrRouting) {
  if (pyb::isinstance<PyRouting>(placementOrRouting)) {
    const auto& r = placementOrRouting.cast<const PyRouting&>();
    return {r.design, r.placement, &r.routing};
  }
  const auto& p = placementOrRouting.cast<const PyPlacement&>();
  return {p.design, p.placement, nullptr};
}

pyb::object tileOrNone(const aie::Placement& p, aie::CoreId c) {
  if (!p.placed(c)) return pyb::none();
  return pyb::make_tuple(p.tile(c).col, p.tile(c).row);
}

aie::TileCoord toTile(const pyb::handle& t) {
  auto v = t.cast<std::pair<int, int>>();
  return {v.first, v.second};
}

pyb::list violationsList(const aie::Design& d, const std::vector<aie::Violation>& violations) {
  pyb::list out;
  for (const aie::Violation& v : violations) {
    pyb::list cores;
    for (aie::CoreId c : v.cores) cores.append(d.cores[c].name);
    pyb::object tile = v.tile ? pyb::object(pyb::make_tuple(v.tile->col, v.tile->row)) : pyb::none();
    out.append(pyb::dict("code"_a = v.code, "message"_a = v.message, "cores"_a = cores, "tile"_a = tile));
  }
  return out;
}

const aie::PlacerInfo& placerNamed(const std::string& name) {
  const aie::PlacerInfo* p = aie::findPlacer(name);
  if (!p) throw pyb::value_error("unknown placer '" + name + "' (known: " + aie::placerNames() + ")");
  return *p;
}

const aie::RouterInfo& routerNamed(const std::string& name) {
  const aie::RouterInfo* r = aie::findRouter(name);
  if (!r) throw pyb::value_error("unknown router '" + name + "' (known: " + aie::routerNames() + ")");
  return *r;
}

/// The placement a run starts from: `start` when given (it must be of the same design),
/// else the design's pins and the cores its file fixes.
aie::Placement startFor(const DesignPtr& design, const std::optional<PyPlacement>& start, const std::string& placer) {
  if (!start) return aie::defaultStartPlacement(design->loaded, placer);
  if (start->design != design) throw pyb::value_error("start: a placement of another design");
  return start->placement;
}

pyb::list algorithmList(const std::string& kind) {
  pyb::list out;
  auto add = [&](const std::string& name, const std::string& description, const std::vector<core::ParamSpec>& specs) {
    out.append(pyb::dict("name"_a = name, "description"_a = description, "settings"_a = specsDict(specs)));
  };
  if (kind == "placer")
    for (const aie::PlacerInfo& p : aie::placerRegistry()) add(p.name, p.description, p.params());
  else
    for (const aie::RouterInfo& r : aie::routerRegistry()) add(r.name, r.description, r.params());
  return out;
}

DesignPtr designFromText(const std::string& text, const std::string& format, const std::string& name,
                         const std::optional<std::string>& device, int module = 0) {
  auto h = std::make_shared<DesignHandle>();
  h->loaded = aie::parseDesignText(text, format, name + "." + format, device.value_or(""), module);
  return h;
}

pyb::object routingStats(const aie::Design& d, const aie::Device& device, const aie::Routing& routing) {
  aie::RrGraph graph(device);
  return toPython(aie::routesJson(d, graph, routing));
}

pyb::object qorOf(const PyRouting& r) {
  const aie::Device& dev = r.design->device();
  aie::RrGraph graph(dev);
  return toPython(aie::qorJson(aie::computeQor(r.design->design(), dev, graph, r.placement, r.routing)));
}

void bindDeviceAndDesign(pyb::module_& m) {
  pyb::class_<aie::Device>(m, "Device", "An AIE array: tile roles per row, resources, stream links")
      .def_property_readonly("name", &aie::Device::name)
      .def_property_readonly("description", &aie::Device::description)
      .def_property_readonly("generation", [](const aie::Device& d) { return toString(d.generation()); })
      .def_property_readonly("columns", &aie::Device::columns)
      .def_property_readonly("rows", &aie::Device::rows)
      .def(
          "tile_kind",
          [](const aie::Device& d, int col, int row) {
            if (!d.contains({col, row}))
              throw pyb::index_error("no tile (" + std::to_string(col) + ", " + std::to_string(row) + ")");
            return std::string(toString(d.kind({col, row})));
          },
          "col"_a, "row"_a, "'shim', 'mem' or 'compute'")
      .def("__repr__", [](const aie::Device& d) {
        return "<tilestudio.Device " + d.name() + " " + std::to_string(d.columns()) + "x" + std::to_string(d.rows()) +
               ">";
      });

  pyb::class_<DesignHandle, DesignPtr>(m, "Design", "An AIE design with its device and the placement its file holds")
      .def_property_readonly("name", [](const DesignHandle& h) { return h.design().name; })
      .def_property_readonly("path", [](const DesignHandle& h) { return h.loaded.path; })
      .def_property_readonly("device", [](const DesignHandle& h) { return h.device(); })
      .def_property_readonly(
          "warnings", [](const DesignHandle& h) { return h.loaded.warnings; },
          "Parts of the file that were recognised but not imported")
      .def_property_readonly(
          "cores",
          [](const DesignHandle& h) {
            pyb::list out;
            for (const aie::LogicalCore& c : h.design().cores) {
              pyb::object pin = c.pin ? pyb::object(pyb::make_tuple(c.pin->col, c.pin->row)) : pyb::none();
              out.append(pyb::dict("name"_a = c.name, "kind"_a = toString(c.kind), "pin"_a = pin, "group"_a = c.group));
            }
            return out;
          },
          "[{name, kind ('compute', 'memtile', 'shim'), pin, group}]")
      .def_property_readonly(
          "nets",
          [](const DesignHandle& h) {
            pyb::list out;
            const aie::Design& d = h.design();
            for (const aie::Net& n : d.nets) {
              pyb::list targets;
              for (aie::CoreId t : n.targets) targets.append(d.cores[t].name);
              out.append(pyb::dict("name"_a = n.name, "source"_a = d.cores[n.source].name, "targets"_a = targets,
                                   "bytes_per_object"_a = n.bytesPerObject));
            }
            return out;
          },
          "[{name, source, targets, bytes_per_object}]")
      .def_property_readonly(
          "placement",
          [](const DesignPtr& h) {
            return PyPlacement{h, h->loaded.placement};
          },
          "A copy of the placement the file holds (pins, placed np-flow nodes, a YAML placement section)")
      .def_property_readonly(
          "given_routes",
          [](const DesignHandle& h) {
            pyb::list out;
            const aie::Design& d = h.design();
            for (const aie::GivenPath& g : h.loaded.givenPaths) {
              pyb::list hops;
              for (const aie::TileCoord& t : g.hops) hops.append(pyb::make_tuple(t.col, t.row));
              out.append(pyb::dict("net"_a = d.nets[size_t(g.net)].name, "target"_a = d.cores[size_t(g.target)].name,
                                   "hops"_a = hops));
            }
            return out;
          },
          "Routes an MLIR file gives (hop_tile_ids of pnr flows and object FIFOs): [{net, target, hops: [(col, row), ...]}]")
      .def(
          "netlist",
          [](const DesignHandle& h) { return toPython(nlohmann::json::parse(aie::npflowNetlistJson(h.design()))); },
          "The design as an np-flow netlist.json dict")
      .def("to_yaml", [](const DesignHandle& h) { return aie::designToYaml(h.design()); })
      .def("__repr__", [](const DesignHandle& h) {
        return "<tilestudio.Design " + h.design().name + " on " + h.device().name() + ": " +
               std::to_string(h.design().coreCount()) + " cores, " + std::to_string(h.design().netCount()) + " nets>";
      });
}

void bindPlacementAndRouting(pyb::module_& m) {
  pyb::class_<PyPlacement>(m, "Placement", "Core name -> (col, row) of one design, with pinned flags")
      .def(pyb::init([](const DesignPtr& design, const std::optional<pyb::dict>& tiles) {
             PyPlacement p{design, aie::Placement::fromDesignPins(design->design())};
             if (tiles)
               for (const auto& [name, tile] : *tiles) p.placement.place(design->core(pyb::str(name)), toTile(tile));
             return p;
           }),
           "design"_a, "tiles"_a = pyb::none(), "The design's pins, plus {core: (col, row)} when given")
      .def_property_readonly("design", [](const PyPlacement& p) { return p.design; })
      .def("__getitem__",
           [](const PyPlacement& p, const std::string& core) { return tileOrNone(p.placement, p.design->core(core)); })
      .def("__setitem__", [](PyPlacement& p, const std::string& core,
                             const pyb::handle& tile) { p.placement.place(p.design->core(core), toTile(tile)); })
      .def("__delitem__", [](PyPlacement& p, const std::string& core) { p.placement.unplace(p.design->core(core)); })
      .def("__len__", [](const PyPlacement& p) { return p.placement.size(); })
      .def("__iter__",
           [](const PyPlacement& p) {
             pyb::list names;
             for (const aie::LogicalCore& c : p.design->design().cores) names.append(c.name);
             return names.attr("__iter__")();
           })
      .def(
          "to_dict",
          [](const PyPlacement& p) {
            pyb::dict out;
            for (aie::CoreId c = 0; c < p.placement.size(); ++c)
              if (p.placement.placed(c)) out[pyb::str(p.design->design().cores[c].name)] = tileOrNone(p.placement, c);
            return out;
          },
          "{core: (col, row)} of the placed cores")
      .def("pinned",
           [](const PyPlacement& p, const std::string& core) { return p.placement.pinned(p.design->core(core)); })
      .def(
          "set_pinned",
          [](PyPlacement& p, const std::string& core, bool pinned) {
            p.placement.setPinned(p.design->core(core), pinned);
          },
          "core"_a, "pinned"_a = true, "Pinned cores are never moved by any placer")
      .def_property_readonly("complete", [](const PyPlacement& p) { return p.placement.complete(); })
      .def_property_readonly("placed_count", [](const PyPlacement& p) { return p.placement.placedCount(); })
      .def("__repr__", [](const PyPlacement& p) {
        return "<tilestudio.Placement of " + p.design->design().name + ": " +
               std::to_string(p.placement.placedCount()) + "/" + std::to_string(p.placement.size()) + " placed>";
      });

  pyb::class_<PyRouting>(m, "Routing", "A routing of a placed design that passed the independent routing checker")
      .def_property_readonly("design", [](const PyRouting& r) { return r.design; })
      .def_property_readonly("placement",
                             [](const PyRouting& r) {
                               return PyPlacement{r.design, r.placement};
                             })
      .def_property_readonly(
          "cost", [](const PyRouting& r) { return r.routing.cost; }, "The router's objective value")
      .def_property_readonly(
          "nets", [](const PyRouting& r) { return routingStats(r.design->design(), r.design->device(), r.routing); },
          "[{name, routed, type, packet_id, hops, buffer_tiles, edges, rr_edges}] per net")
      .def("__repr__", [](const PyRouting& r) {
        return "<tilestudio.Routing of " + r.design->design().name + ", cost " + std::to_string(r.routing.cost) + ">";
      });
}

void bindResults(pyb::module_& m) {
  pyb::class_<PlaceResult>(m, "PlaceResult")
      .def_readonly("success", &PlaceResult::success, "A complete placement that passed the independent checker")
      .def_readonly("status", &PlaceResult::status, "'placed', 'failed', 'time-out' or 'cancelled'")
      .def_readonly("reasons", &PlaceResult::reasons)
      .def_readonly("placement", &PlaceResult::placement, "The best placement found (also when not successful)")
      .def_readonly("stats", &PlaceResult::stats)
      .def("__repr__", [](const PlaceResult& r) { return "<tilestudio.PlaceResult " + r.status + ">"; });
  pyb::class_<RouteResult>(m, "RouteResult")
      .def_readonly("success", &RouteResult::success, "A routing that passed the independent checker")
      .def_readonly("status", &RouteResult::status, "'routed', 'infeasible', 'time-out', 'cancelled' or 'error'")
      .def_readonly("reasons", &RouteResult::reasons)
      .def_readonly("routing", &RouteResult::routing, "The routing, or None when not successful")
      .def_readonly("stats", &RouteResult::stats)
      .def("__repr__", [](const RouteResult& r) { return "<tilestudio.RouteResult " + r.status + ">"; });
  pyb::class_<PnrResult>(m, "PnrResult")
      .def_property_readonly(
          "success", [](const PnrResult& p) { return p.r.success; },
          "Legal placement and legal routing, both checked independently")
      .def_property_readonly(
          "stage", [](const PnrResult& p) { return p.r.stage; }, "'place', 'route' or 'done'")
      .def_property_readonly("status", [](const PnrResult& p) { return p.r.status; })
      .def_property_readonly("reasons", [](const PnrResult& p) { return p.r.reasons; })
      .def_property_readonly("placement",
                             [](const PnrResult& p) {
                               return PyPlacement{p.design, p.r.placement};
                             })
      .def_property_readonly("routing",
                             [](const PnrResult& p) -> std::optional<PyRouting> {
                               if (!p.r.success) return std::nullopt;
                               return PyRouting{p.design, p.r.placement, p.r.routing};
                             })
      .def_property_readonly(
          "qor",
          [](const PnrResult& p) -> pyb::object { return p.r.success ? toPython(aie::qorJson(p.r.qor)) : pyb::none(); })
      .def_property_readonly(
          "placement_violations",
          [](const PnrResult& p) { return violationsList(p.design->design(), p.r.placementViolations); })
      .def_property_readonly(
          "routing_violations",
          [](const PnrResult& p) { return violationsList(p.design->design(), p.r.routingViolations); })
      .def_property_readonly("place_seconds", [](const PnrResult& p) { return p.r.placeSeconds; })
      .def_property_readonly("route_seconds", [](const PnrResult& p) { return p.r.routeSeconds; })
      .def_property_readonly("placer_stats", [](const PnrResult& p) { return statsDict(p.r.placerStats); })
      .def_property_readonly("router_stats", [](const PnrResult& p) { return statsDict(p.r.routerStats); })
      .def(
          "netlist",
          [](const PnrResult& p) {
            const aie::Design& d = p.design->design();
            aie::RrGraph graph(p.design->device());
            const bool routed = p.r.success;
            return toPython(nlohmann::json::parse(aie::npflowPlacedJson(d, p.r.placement, routed ? &graph : nullptr,
                                                                        routed ? &p.r.routing : nullptr, !routed)));
          },
          "The np-flow pnr_placed_netlist.json as a dict: nodes with col_x/row_y, nets with routing_info, "
          "routing.routing_cost (1e9 when nothing legal was found)")
      .def("__repr__", [](const PnrResult& p) {
        return "<tilestudio.PnrResult " + std::string(p.r.success ? "success" : "failed at " + p.r.stage) + " (" +
               p.r.status + ")>";
      });
}

void bindAieFunctions(pyb::module_& m) {
  m.def("devices", &aie::availableDevices, "Names of the device presets and of the devices in user folders");
  m.def("load_device", &aie::loadDevice, "name"_a, "A preset name ('npu2'), a user device's name or a YAML path");
  m.def(
      "load_design",
      [](const std::string& path, const std::optional<std::string>& device, int module) {
        auto h = std::make_shared<DesignHandle>();
        h->loaded = aie::loadDesignFile(path, device.value_or(""), module);
        return h;
      },
      "path"_a, "device"_a = pyb::none(), pyb::kw_only(), "module"_a = 0,
      "Loads a TileStudio .yaml design, an np-flow netlist .json or an MLIR-AIE .mlir file; `device` overrides "
      "the design's device (np-flow netlists name none and default to npu2). `module` (1-based) picks one "
      "aie.device of an MLIR file holding several (see mlir_modules()); 0 = the file's only one");
  m.def(
      "design_from_netlist",
      [](const pyb::handle& netlist, const std::string& device, const std::string& name) {
        return designFromText(jsonText(netlist), "json", name, device);
      },
      "netlist"_a, "device"_a = "npu2", "name"_a = "netlist",
      "A design from an np-flow netlist (a dict as IRON builds it, or its JSON text): nodes with id/type/col_x/row_y "
      "(placed nodes stay fixed), nets with net_id/net_name/src_id/dst_ids/depths/byte_size_per_depth, links");
  m.def(
      "parse_design",
      [](const std::string& text, const std::string& format, const std::string& name,
         const std::optional<std::string>& device,
         int module) { return designFromText(text, format, name, device, module); },
      "text"_a, "format"_a, "name"_a = "design", "device"_a = pyb::none(), pyb::kw_only(), "module"_a = 0,
      "A design from text in memory; format 'yaml', 'json' (np-flow) or 'mlir' (`module` as for load_design)");
  m.def(
      "mlir_modules",
      [](const std::string& path) {
        pyb::list out;
        int index = 0;
        for (const aie::MlirModule& mod : aie::loadMlirModules(path)) {
          pyb::object error = mod.error ? pyb::object(pyb::str(mod.error->what())) : pyb::none();
          out.append(pyb::dict("module"_a = ++index, "title"_a = mod.title, "device"_a = mod.device,
                               "line"_a = mod.line, "error"_a = error));
        }
        return out;
      },
      "path"_a,
      "The aie.device modules of an MLIR file: [{module (the number load_design takes), title, device, line, "
      "error (None when it imports)}]");
  m.def(
      "placers", [] { return algorithmList("placer"); }, "[{name, description, settings}] of every placer");
  m.def(
      "routers", [] { return algorithmList("router"); }, "[{name, description, settings}] of every router");

  m.def(
      "place",
      [](const DesignPtr& design, const std::string& placer, const std::optional<PyPlacement>& start, uint64_t seed,
         double timeLimit, pyb::object progress, const pyb::kwargs& settings) {
        const aie::PlacerInfo& info = placerNamed(placer);
        core::ParamValues values = settingsFrom(settings, info.params(), "placer '" + placer + "'");
        aie::Placement from = startFor(design, start, placer);
        aie::PlaceOutcome out;
        runInBackground({seed, timeLimit, std::move(progress)}, [&](core::RunContext& ctx) {
          out = info.run(design->design(), design->device(), from, values, ctx);
        });
        return PlaceResult{out.success, out.status, out.reasons, PyPlacement{design, out.placement},
                           statsDict(out.stats)};
      },
      "design"_a, "placer"_a = "sa", pyb::kw_only(), "start"_a = pyb::none(), "seed"_a = 1, "time_limit"_a = 0.0,
      "progress"_a = pyb::none(),
      "Places with a registered placer (see placers()); its settings are keyword arguments, e.g. "
      "place(d, 'sa', cost='bbcg'). Starts from `start` (pinned cores stay) or the design's pins. Releases the "
      "GIL; Ctrl-C stops the run and raises KeyboardInterrupt.");
  m.def(
      "route",
      [](const PyPlacement& placement, const std::string& router, uint64_t seed, double timeLimit, pyb::object progress,
         const pyb::kwargs& settings) {
        const aie::RouterInfo& info = routerNamed(router);
        core::ParamValues values = settingsFrom(settings, info.params(), "router '" + router + "'");
        const DesignPtr& design = placement.design;
        aie::RouteOutcome out;
        runInBackground({seed, timeLimit, std::move(progress)}, [&](core::RunContext& ctx) {
          out = info.run(design->design(), design->device(), placement.placement, values, ctx);
        });
        RouteResult r{out.success, out.status, out.reasons, std::nullopt, statsDict(out.stats)};
        if (out.success) r.routing = PyRouting{design, placement.placement, out.routing};
        return r;
      },
      "placement"_a, "router"_a = "milp", pyb::kw_only(), "seed"_a = 1, "time_limit"_a = 0.0,
      "progress"_a = pyb::none(), "Routes a complete placement with a registered router (see routers())");
  m.def(
      "pnr",
      [](const DesignPtr& design, const std::string& placer, const std::string& router,
         const std::optional<PyPlacement>& start, uint64_t seed, double timeLimit, double routeTimeLimit,
         const std::optional<pyb::dict>& placerSettings, const std::optional<pyb::dict>& routerSettings,
         pyb::object progress) {
        aie::PnrFlowConfig cfg;
        cfg.placer = placer;
        cfg.router = router;
        cfg.routeTimeLimitSeconds = routeTimeLimit;
        cfg.placerParams =
            settingsFrom(placerSettings.value_or(pyb::dict()), placerNamed(placer).params(), "placer '" + placer + "'");
        cfg.routerParams =
            settingsFrom(routerSettings.value_or(pyb::dict()), routerNamed(router).params(), "router '" + router + "'");
        aie::Placement from = startFor(design, start, placer);
        PnrResult out{{}, design};
        runInBackground({seed, timeLimit, std::move(progress)}, [&](core::RunContext& ctx) {
          out.r = aie::runPnr(design->design(), design->device(), from, cfg, ctx);
        });
        return out;
      },
      "design"_a, "placer"_a = "sa", "router"_a = "milp", pyb::kw_only(), "start"_a = pyb::none(), "seed"_a = 1,
      "time_limit"_a = 0.0, "route_time_limit"_a = 0.0, "placer_settings"_a = pyb::none(),
      "router_settings"_a = pyb::none(), "progress"_a = pyb::none(),
      "Places, checks, routes and checks again (the CLI's `pnr`). `time_limit` is the placer's; "
      "`route_time_limit` > 0 gives the router its own budget.");

  m.def(
      "check",
      [](const PyPlacement& p) {
        return violationsList(p.design->design(),
                              aie::checkPlacement(p.design->design(), p.design->device(), p.placement));
      },
      "placement"_a, "Problems of a placement ([{code, message, cores, tile}]); empty when legal");
  m.def(
      "check_routing",
      [](const PyRouting& r) {
        aie::RrGraph graph(r.design->device());
        return violationsList(r.design->design(),
                              aie::checkRouting(r.design->design(), r.design->device(), graph, r.placement, r.routing));
      },
      "routing"_a, "Problems of a routing; empty when legal");
  m.def(
      "check_given_routes",
      [](const PyPlacement& p) {
        int length = 0;
        const aie::LoadedDesign& loaded = p.design->loaded;
        auto problems = aie::checkGivenRoutes(loaded.design, loaded.device, p.placement, loaded.givenPaths, &length);
        return pyb::dict("problems"_a = problems, "route_length"_a = length);
      },
      "placement"_a,
      "Checks the routes the design's MLIR file gives (Design.given_routes) on a placement with the routing "
      "checker: {problems (empty when legal), route_length (link hops)}, as the CLI's `check`");
  m.def("qor", &qorOf, "routing"_a,
        "QoR of a routed design: route_length, buffer_kb, shared/intra_tile/circuit/packet nets, dma_channels, "
        "max_link_utilisation");
  m.def(
      "estimate_runtime",
      [](const pyb::object& placementOrRouting) {
        const Placed p = placedOf(placementOrRouting);
        return toPython(
            aie::estimateJson(aie::estimateRuntime(p.design->design(), p.design->device(), p.placement, p.routing)));
      },
      "placement_or_routing"_a, "The runtime estimate (a stated model, not a measurement; see the README)");

  m.def(
      "write_placement",
      [](const std::string& path, const pyb::object& placementOrRouting) {
        const Placed p = placedOf(placementOrRouting);
        const aie::LoadedDesign& loaded = p.design->loaded;
        aie::RrGraph graph(loaded.device);
        aie::savePlacementFile(path, loaded.design, p.placement, p.routing ? &graph : nullptr, p.routing, false,
                               loaded.mlir ? &*loaded.mlir : nullptr);
      },
      "path"_a, "placement_or_routing"_a,
      "Writes a placement by extension: .yaml/.yml, .csv, .json (np-flow pnr_placed_netlist; with routing_info "
      "when given a Routing) or .mlir (a design loaded from MLIR: its own module with every tile placed; else a "
      "new module). Atomic: a failure leaves no half-written file.");
  m.def(
      "write_routing_dot",
      [](const std::string& path, const pyb::object& placementOrRouting) {
        const Placed p = placedOf(placementOrRouting);
        aie::RrGraph graph(p.design->device());
        core::writeFileAtomically(path, aie::routingDot(p.design->design(), graph, p.placement, p.routing));
      },
      "path"_a, "placement_or_routing"_a,
      "Writes the routing (or, given a Placement, the placed cores) as Graphviz DOT, as np-flow's --routing-viz");
  m.def(
      "write_vitis_constraints",
      [](const std::string& path, const PyPlacement& placement, const std::string& graph) {
        aie::requireVitisConstraintsOutput(path);
        return aie::saveVitisConstraints(path, placement.design->design(), placement.design->device(),
                                         placement.placement, graph);
      },
      "path"_a, "placement"_a, "graph"_a = "",
      "Writes AMD Vitis aiecompiler location constraints (.json; kernels named '<graph>.<core>', graph '' = the "
      "design's name), as the CLI's pnr --vitis-constraints; returns notes on cores left out");
  m.def(
      "write_design",
      [](const std::string& path, const DesignHandle& design, const std::optional<PyPlacement>& placement) {
        const aie::Placement* p = placement ? &placement->placement : nullptr;
        const std::string ext = std::filesystem::path(path).extension().string();
        if (ext == ".yaml" || ext == ".yml")
          aie::saveDesignYaml(path, design.design(), p);
        else if (ext == ".json")
          core::writeFileAtomically(path, aie::npflowNetlistJson(design.design(), p));
        else
          throw pyb::value_error("write_design: '" + path + "' must end in .yaml, .yml or .json (np-flow netlist)");
      },
      "path"_a, "design"_a, "placement"_a = pyb::none(),
      "Writes the design (with a placement when given) as TileStudio YAML or an np-flow netlist.json");

  // Solver threads a stopped joint-MILP run left behind end before the interpreter does.
  pyb::module_::import("atexit").attr("register")(pyb::cpp_function([] {
    pyb::gil_scoped_release release;
    aie::waitForAbandonedSolves();
  }));
}

}  // namespace

void bindAie(pyb::module_& m) {
  bindDeviceAndDesign(m);
  bindPlacementAndRouting(m);
  bindResults(m);
  bindAieFunctions(m);
}

}  // namespace ts::py
