#pragma once
// Engine strings (UTF-8 std::string) shown in Qt widgets.
#include <QString>

#include <string>

namespace ts::ui {

inline QString q(const std::string& s) {
  return QString::fromStdString(s);
}

}  // namespace ts::ui
