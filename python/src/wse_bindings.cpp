// The WSE half of the Python module: ISPD 2020 kernel graphs, the placers (CU.POKer and the two
// baselines) and the independent evaluator of layouts and .paint solutions.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>

#include "background_run.h"
#include "bindings.h"
#include "convert.h"
#include "engine/core/error.h"
#include "engine/wse/evaluator.h"
#include "engine/wse/io/kgraph_io.h"
#include "engine/wse/io/paint_io.h"
#include "engine/wse/placers.h"

namespace ts::py {

namespace pyb = pybind11;
using namespace pybind11::literals;

namespace {

struct GraphHandle {
  wse::KernelGraph graph;
  std::string path;
};
using GraphPtr = std::shared_ptr<GraphHandle>;

/// A layout of one kernel graph: per kernel its execution arguments, corner and rotation.
struct PyLayout {
  GraphPtr graph;
  wse::Layout layout;
};

/// The evaluator's verdict, with kernel names instead of indices.
struct PyEvaluation {
  GraphPtr graph;
  wse::Evaluation e;
};

struct WseResult {
  bool found = false;
  std::optional<PyLayout> layout;
  PyEvaluation evaluation;
  bool stopped = false;
  double seconds = 0;
  std::string message;
  pyb::dict stats;
};

pyb::dict kernelDict(const wse::KernelGraph& g, int i, const wse::PlacedKernel& k) {
  pyb::dict d("name"_a = g.kernels[i].name, "type"_a = wse::toString(g.kernels[i].spec.type), "placed"_a = k.placed);
  if (k.placed) {
    wse::Box b = wse::kernelBox(g.kernels[i].spec, k);
    d["x"] = b.x;
    d["y"] = b.y;
    d["width"] = b.width;
    d["height"] = b.height;
    d["rotated"] = k.rotated;
  }
  return d;
}

PyEvaluation evaluationOf(const PyLayout& l) {
  return {l.graph, wse::evaluate(l.graph->graph, l.layout)};
}

void bindTypes(pyb::module_& m) {
  pyb::class_<GraphHandle, GraphPtr>(m, "KernelGraph", "An ISPD 2020 WSE kernel graph (.kgraph)")
      .def_property_readonly(
          "name", [](const GraphHandle& h) { return h.graph.test; }, "The header's test= name")
      .def_property_readonly("path", [](const GraphHandle& h) { return h.path; })
      .def_property_readonly(
          "width", [](const GraphHandle& h) { return h.graph.width; }, "Fabric width in tiles")
      .def_property_readonly("height", [](const GraphHandle& h) { return h.graph.height; })
      .def_property_readonly("weights",
                             [](const GraphHandle& h) {
                               return pyb::dict("wdeltat"_a = h.graph.wdeltat, "wlength"_a = h.graph.wlength,
                                                "wadapter"_a = h.graph.wadapter);
                             })
      .def_property_readonly("kernel_count", [](const GraphHandle& h) { return h.graph.kernelCount(); })
      .def_property_readonly(
          "kernels",
          [](const GraphHandle& h) {
            pyb::list out;
            for (const wse::Kernel& k : h.graph.kernels)
              out.append(pyb::dict("name"_a = k.name, "type"_a = wse::toString(k.spec.type)));
            return out;
          },
          "[{name, type ('conv', 'dblock', 'cblock')}]")
      .def_property_readonly(
          "edges",
          [](const GraphHandle& h) {
            pyb::list out;
            for (const wse::KernelEdge& e : h.graph.kernelEdges)
              out.append(pyb::make_tuple(h.graph.kernels[e.src].name, h.graph.kernels[e.dst].name));
            return out;
          },
          "Kernel-to-kernel data edges as (source, target) names")
      .def("__repr__", [](const GraphHandle& h) {
        return "<tilestudio.KernelGraph " + h.graph.test + ": " + std::to_string(h.graph.kernelCount()) + " kernels>";
      });

  pyb::class_<PyLayout>(m, "Layout", "Where each kernel of a graph sits (x, y, size, rotation)")
      .def_property_readonly("graph", [](const PyLayout& l) { return l.graph; })
      .def_property_readonly("placed_count", [](const PyLayout& l) { return l.layout.placedCount(); })
      .def_property_readonly(
          "kernels",
          [](const PyLayout& l) {
            pyb::list out;
            for (int i = 0; i < l.graph->graph.kernelCount(); ++i)
              out.append(kernelDict(l.graph->graph, i, l.layout.kernels[i]));
            return out;
          },
          "[{name, type, placed, x, y, width, height, rotated}]")
      .def("__getitem__",
           [](const PyLayout& l, const std::string& name) {
             int i = l.graph->graph.findKernel(name);
             if (i < 0) throw pyb::key_error("no kernel '" + name + "'");
             return kernelDict(l.graph->graph, i, l.layout.kernels[i]);
           })
      .def("__repr__", [](const PyLayout& l) {
        return "<tilestudio.Layout of " + l.graph->graph.test + ": " + std::to_string(l.layout.placedCount()) + "/" +
               std::to_string(l.graph->graph.kernelCount()) + " placed>";
      });

  pyb::class_<PyEvaluation>(m, "Evaluation", "The independent evaluator's legality verdict and score terms")
      .def_property_readonly("legal", [](const PyEvaluation& v) { return v.e.legal; })
      .def_property_readonly(
          "mt", [](const PyEvaluation& v) { return v.e.mt; }, "Maximum kernel time")
      .def_property_readonly(
          "wl", [](const PyEvaluation& v) { return v.e.wl; }, "Wirelength (centre-to-centre L1)")
      .def_property_readonly(
          "ac", [](const PyEvaluation& v) { return v.e.ac; }, "Adapter cost")
      .def_property_readonly(
          "score", [](const PyEvaluation& v) { return v.e.score; }, "wdeltat*MT + wlength*WL + wadapter*AC")
      .def_property_readonly("max_memory", [](const PyEvaluation& v) { return v.e.maxMemory; })
      .def_property_readonly("critical_kernel",
                             [](const PyEvaluation& v) -> pyb::object {
                               if (v.e.criticalKernel < 0) return pyb::none();
                               return pyb::str(v.graph->graph.kernels[v.e.criticalKernel].name);
                             })
      .def_property_readonly(
          "violations",
          [](const PyEvaluation& v) {
            pyb::list out;
            for (const wse::Violation& x : v.e.violations) {
              pyb::list kernels;
              for (int k : x.kernels) kernels.append(v.graph->graph.kernels[k].name);
              out.append(pyb::dict("code"_a = x.code, "message"_a = x.message, "kernels"_a = kernels));
            }
            return out;
          },
          "[{code, message, kernels}]; empty when legal")
      .def("__repr__", [](const PyEvaluation& v) {
        return "<tilestudio.Evaluation " + std::string(v.e.legal ? "legal" : "illegal") + " MT " +
               std::to_string(v.e.mt) + " WL " + std::to_string(v.e.wl) + " AC " + std::to_string(v.e.ac) + " score " +
               std::to_string(v.e.score) + ">";
      });

  pyb::class_<WseResult>(m, "WseResult")
      .def_readonly("found", &WseResult::found, "A layout that passed the evaluator was found")
      .def_readonly("layout", &WseResult::layout, "The best legal layout, or None")
      .def_readonly("evaluation", &WseResult::evaluation)
      .def_readonly("stopped", &WseResult::stopped, "Ctrl-C, a callback or the time limit ended the run early")
      .def_readonly("seconds", &WseResult::seconds)
      .def_readonly("message", &WseResult::message, "Why nothing was found")
      .def_readonly("stats", &WseResult::stats)
      .def("__repr__", [](const WseResult& r) {
        return "<tilestudio.WseResult " + std::string(r.found ? "found" : "not found") + ", " +
               std::to_string(r.seconds) + " s>";
      });
}

void bindWseFunctions(pyb::module_& m) {
  m.def(
      "load_kgraph",
      [](const std::string& path) {
        return std::make_shared<GraphHandle>(GraphHandle{wse::readKgraph(path), path});
      },
      "path"_a, "Reads an ISPD 2020 .kgraph file");
  m.def(
      "parse_kgraph",
      [](const std::string& text) {
        return std::make_shared<GraphHandle>(GraphHandle{wse::parseKgraph(text), ""});
      },
      "text"_a, "A kernel graph from .kgraph text");
  m.def("wse_algorithms", &wse::wseAlgorithms, "Names of the WSE placers: cupoker, tbs-sa, dnc");
  m.def(
      "place_wse",
      [](const GraphPtr& graph, const std::string& algorithm, int threads, double effort,
         const std::optional<PyLayout>& initial, uint64_t seed, double timeLimit, pyb::object progress) {
        if (!wse::isWseAlgorithm(algorithm)) throw pyb::value_error("unknown WSE algorithm '" + algorithm + "'");
        if (initial && initial->graph != graph) throw pyb::value_error("initial: a layout of another graph");
        wse::WsePlacerOptions options;
        options.algorithm = algorithm;
        options.threads = threads;
        options.effort = effort;
        if (initial) options.initial = initial->layout;
        wse::WsePlaceResult r;
        runInBackground({seed, timeLimit, std::move(progress)},
                        [&](core::RunContext& ctx) { r = wse::runWsePlacer(graph->graph, options, ctx); });
        WseResult out{r.found,   std::nullopt, {graph, r.evaluation}, r.stopped,
                      r.seconds, r.message,    statsDict(r.stats)};
        if (r.found) out.layout = PyLayout{graph, r.layout};
        return out;
      },
      "graph"_a, "algorithm"_a = "cupoker", pyb::kw_only(), "threads"_a = 0, "effort"_a = 1.0,
      "initial"_a = pyb::none(), "seed"_a = 1, "time_limit"_a = 0.0, "progress"_a = pyb::none(),
      "Places a kernel graph (CU.POKer by default; threads 0 = all cores). Every result passes the evaluator. "
      "Releases the GIL; Ctrl-C stops the run and raises KeyboardInterrupt.");
  m.def("evaluate", &evaluationOf, "layout"_a, "Legality, MT, WL, AC and score of a layout");
  m.def(
      "read_paint",
      [](const GraphPtr& graph, const std::string& path) {
        std::vector<wse::Violation> mismatches;
        wse::Layout layout = wse::layoutFromPaint(graph->graph, wse::readPaint(path, graph->graph), &mismatches);
        if (!mismatches.empty())
          throw core::InputError(path, 0, 0, mismatches.front().message + " (evaluate_paint reports every problem)");
        return PyLayout{graph, layout};
      },
      "graph"_a, "path"_a, "Reads a .paint solution of `graph` as a Layout");
  m.def(
      "evaluate_paint",
      [](const GraphPtr& graph, const std::string& path) {
        return PyEvaluation{graph, wse::evaluatePaint(graph->graph, wse::readPaint(path, graph->graph))};
      },
      "graph"_a, "path"_a, "Evaluates a .paint solution as the contest did (mismatching kernels are violations)");
  m.def(
      "write_paint",
      [](const std::string& path, const PyLayout& l) { wse::writePaint(path, l.graph->graph, l.layout); }, "path"_a,
      "layout"_a, "Writes a layout as a .paint solution (atomically)");
}

}  // namespace

void bindWse(pyb::module_& m) {
  bindTypes(m);
  bindWseFunctions(m);
}

}  // namespace ts::py
