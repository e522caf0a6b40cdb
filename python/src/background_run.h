#pragma once
// Runs an engine algorithm from Python the way a Python user expects of a long call: on a
// worker thread with the GIL released (other Python threads keep running), the progress
// callback called on the caller's thread with the GIL held, and Ctrl-C (KeyboardInterrupt)
// or an exception raised by the callback stopping the run through its CancelToken. The worker
// has ended before any of them reaches the caller, so no engine thread outlives the call.
#include <pybind11/pybind11.h>

#include <functional>
#include <memory>

#include "engine/core/run_context.h"

namespace ts::py {

struct RunSettings {
  uint64_t seed = 1;
  double timeLimitSeconds = 0;  ///< <= 0: none
  pybind11::object progress;    ///< None, or a callable taking one Progress
};

/// Runs `work` with a RunContext built from `settings`. Exceptions of `work` are rethrown here;
/// a KeyboardInterrupt or a callback's exception is raised after the run has stopped. A
/// progress that is not callable is a TypeError before anything runs.
void runInBackground(const RunSettings& settings, const std::function<void(core::RunContext&)>& work);

/// Binds the Progress type handed to callbacks.
void bindProgress(pybind11::module_& m);

}  // namespace ts::py
