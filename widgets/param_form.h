#pragma once
// A settings form built from an algorithm's ParamSpec list (engine/core/params.h): one editor
// per parameter with its default, range and help text as tooltip.
#include <QWidget>
#include <vector>

#include "engine/core/params.h"

class QFormLayout;

namespace ts::ui {

class ParamForm : public QWidget {
  Q_OBJECT
 public:
  explicit ParamForm(QWidget* parent = nullptr);

  void setSpecs(const std::vector<core::ParamSpec>& specs);
  const std::vector<core::ParamSpec>& specs() const { return specs_; }
  /// Values that differ from the defaults, as text (what `--set key=value` would take).
  core::ParamValues values() const;
  /// Sets editors from values (unknown keys are ignored).
  void setValues(const core::ParamValues& values);
  void resetDefaults();
  /// The editor of a key (tests), or nullptr.
  QWidget* editor(const std::string& key) const;

 signals:
  void edited();

 private:
  std::string valueOf(size_t i) const;
  void setValueOf(size_t i, const std::string& value);

  QFormLayout* form_;
  std::vector<core::ParamSpec> specs_;
  std::vector<QWidget*> editors_;
};

}  // namespace ts::ui
