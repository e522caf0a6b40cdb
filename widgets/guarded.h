#pragma once
// Runs engine calls from the GUI: an exception becomes one line of text for a dialog or the
// log instead of escaping into Qt's event loop.
#include <QString>
#include <exception>

namespace ts::ui {

/// Calls f(); on an exception sets `error` (when given) to its message and returns false.
template <typename F>
bool guarded(QString* error, F&& f) {
  try {
    f();
    return true;
  } catch (const std::exception& e) {
    if (error) *error = QString::fromUtf8(e.what());
  }
  return false;
}

}  // namespace ts::ui
