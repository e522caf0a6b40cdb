#include "background_run.h"

#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>

#include <pybind11/stl.h>

namespace ts::py {

namespace pyb = pybind11;

namespace {

/// What a callback receives: one QoR sample (or a log line) of the running algorithm.
struct Progress {
  double elapsed = 0;
  int64_t iteration = 0;
  std::string phase;
  std::vector<std::pair<std::string, double>> terms;
  std::string message;  ///< a log line ("" for samples)
  std::string level;    ///< "info", "warning", "error" for log lines
};

/// Collects what the algorithm publishes, on its threads, for the caller's thread to deliver.
class QueueSink : public core::ProgressSink {
 public:
  void onSample(const core::QorSample& s) override {
    Progress p{s.elapsedSeconds, s.iteration, s.phase, s.terms, "", ""};
    push(std::move(p));
  }
  void onLog(core::LogLevel level, const std::string& message) override {
    Progress p;
    p.message = message;
    p.level = level == core::LogLevel::Info ? "info" : level == core::LogLevel::Warning ? "warning" : "error";
    push(std::move(p));
  }
  std::deque<Progress> take() {
    std::lock_guard<std::mutex> lock(mutex_);
    std::deque<Progress> out;
    out.swap(queue_);
    return out;
  }

 private:
  void push(Progress p) {
    std::lock_guard<std::mutex> lock(mutex_);
    // A callback slower than the algorithm's (throttled) samples sees the newest ones.
    if (queue_.size() >= kMaxQueued) queue_.pop_front();
    queue_.push_back(std::move(p));
  }
  static constexpr size_t kMaxQueued = 1000;
  std::mutex mutex_;
  std::deque<Progress> queue_;
};

constexpr auto kPoll = std::chrono::milliseconds(50);

}  // namespace

void runInBackground(const RunSettings& settings, const std::function<void(core::RunContext&)>& work) {
  auto cancel = std::make_shared<core::CancelToken>();
  QueueSink sink;
  std::mutex mutex;
  std::condition_variable cv;
  bool done = false;
  std::exception_ptr failure;
  std::unique_ptr<pyb::error_already_set> pythonError;  // KeyboardInterrupt or the callback's
  const bool hasCallback = settings.progress && !settings.progress.is_none();
  if (hasCallback && !PyCallable_Check(settings.progress.ptr()))
    throw pyb::type_error("progress must be callable (it receives a tilestudio.Progress)");

  std::thread worker([&] {
    try {
      core::RunContext ctx(settings.seed, settings.timeLimitSeconds, cancel, hasCallback ? &sink : nullptr);
      work(ctx);
    } catch (...) {
      failure = std::current_exception();
    }
    std::lock_guard<std::mutex> lock(mutex);
    done = true;
    cv.notify_all();
  });

  // Should anything below throw, the worker is stopped and joined before the exception leaves.
  struct JoinOnExit {
    std::thread& worker;
    core::CancelToken& cancel;
    ~JoinOnExit() {
      if (!worker.joinable()) return;
      cancel.requestStop();
      pyb::gil_scoped_release release;
      worker.join();
    }
  } joinOnExit{worker, *cancel};

  auto deliver = [&] {  // with the GIL held
    if (hasCallback && !pythonError) {
      for (Progress& p : sink.take()) {
        try {
          settings.progress(pyb::cast(std::move(p)));
        } catch (pyb::error_already_set& e) {
          pythonError = std::make_unique<pyb::error_already_set>(std::move(e));
          cancel->requestStop();
          break;
        }
      }
    }
    if (!pythonError && PyErr_CheckSignals() != 0) {  // Ctrl-C: Python's handler raised
      pythonError = std::make_unique<pyb::error_already_set>();
      cancel->requestStop();
    }
  };

  bool finished = false;
  while (!finished) {
    {
      pyb::gil_scoped_release release;
      std::unique_lock<std::mutex> lock(mutex);
      finished = cv.wait_for(lock, kPoll, [&] { return done; });
    }
    deliver();
  }
  {
    pyb::gil_scoped_release release;
    worker.join();
  }
  if (pythonError) throw std::move(*pythonError);
  if (failure) std::rethrow_exception(failure);
}

void bindProgress(pyb::module_& m) {
  pyb::class_<Progress>(m, "Progress",
                        "What a progress callback receives while an algorithm runs: a QoR sample (elapsed "
                        "seconds, iteration, phase, named cost terms) or a log line (message, level).")
      .def_readonly("elapsed", &Progress::elapsed, "Seconds since the run started (pauses excluded)")
      .def_readonly("iteration", &Progress::iteration)
      .def_readonly("phase", &Progress::phase, "e.g. 'anneal', 'binary search'; a change marks a new phase")
      .def_property_readonly(
          "terms",
          [](const Progress& p) {
            pyb::dict d;
            for (const auto& [k, v] : p.terms) d[pyb::str(k)] = v;
            return d;
          },
          "Named cost terms of the sample, e.g. {'cost': 12.0, 'temperature': 0.3}")
      .def_readonly("message", &Progress::message, "A log line, or '' for a QoR sample")
      .def_readonly("level", &Progress::level, "'info', 'warning' or 'error' for log lines")
      .def("__repr__", [](const Progress& p) {
        if (!p.message.empty()) return "<Progress " + p.level + ": " + p.message + ">";
        std::string s = "<Progress " + std::to_string(p.elapsed) + " s";
        if (!p.phase.empty()) s += " " + p.phase;
        for (const auto& [k, v] : p.terms) s += " " + k + "=" + std::to_string(v);
        return s + ">";
      });
}

}  // namespace ts::py
