// The `tilestudio` Python module: TileStudio's engine for scripts and notebooks (IRON,
// MLIR-AIE's Python flows). Errors in user input raise tilestudio.InputError (a ValueError
// naming file, line and column); requests the engine cannot satisfy raise tilestudio.Error.
#include <pybind11/pybind11.h>

#include "background_run.h"
#include "bindings.h"
#include "engine/core/error.h"
#include "engine/core/version.h"

PYBIND11_MODULE(tilestudio, m) {
  namespace pyb = pybind11;
  m.doc() =
      "TileStudio: place and route dataflow designs on AMD AIE arrays, place kernel graphs on the Cerebras "
      "WSE.\n\n"
      "  import tilestudio as ts\n"
      "  d = ts.load_design('edge_detect.yaml')      # or ts.design_from_netlist({...}, device='npu2')\n"
      "  r = ts.pnr(d, placer='sa', router='milp', placer_settings={'cost': 'bbcg'})\n"
      "  print(r.success, r.qor['route_length'], r.placement.to_dict())\n\n"
      "Long runs release the GIL; Ctrl-C stops them and raises KeyboardInterrupt.";
  m.attr("__version__") = ts::core::version();

  // InputError is an Error is a ValueError, so `except ValueError` catches both.
  static pyb::exception<ts::core::Error> error(m, "Error", PyExc_ValueError);
  static pyb::exception<ts::core::InputError> inputError(m, "InputError", error.ptr());
  pyb::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const ts::core::InputError& e) {
      inputError(e.what());
    } catch (const ts::core::Error& e) {
      error(e.what());
    }
  });

  ts::py::bindProgress(m);
  ts::py::bindAie(m);
  ts::py::bindWse(m);
}
