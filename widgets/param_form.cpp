#include "widgets/param_form.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleValidator>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <climits>
#include <cmath>

#include "widgets/qt_text.h"

namespace ts::ui {

namespace {
int clampInt(double v) {
  if (!std::isfinite(v)) return v > 0 ? INT_MAX : INT_MIN;
  return int(std::max<double>(INT_MIN, std::min<double>(INT_MAX, v)));
}
}  // namespace

ParamForm::ParamForm(QWidget* parent) : QWidget(parent), form_(new QFormLayout(this)) {
  form_->setContentsMargins(0, 0, 0, 0);
  form_->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
}

void ParamForm::setSpecs(const std::vector<core::ParamSpec>& specs) {
  while (form_->rowCount() > 0) form_->removeRow(0);
  editors_.clear();
  specs_ = specs;
  if (specs_.empty()) {
    form_->addRow(new QLabel(tr("This algorithm has no settings."), this));
    return;
  }
  for (const core::ParamSpec& s : specs_) {
    QWidget* w = nullptr;
    switch (s.type) {
      case core::ParamType::Int: {
        auto* spin = new QSpinBox(this);
        spin->setRange(clampInt(s.min), clampInt(s.max));
        connect(spin, qOverload<int>(&QSpinBox::valueChanged), this, &ParamForm::edited);
        w = spin;
        break;
      }
      case core::ParamType::Bool: {
        auto* box = new QCheckBox(this);
        connect(box, &QCheckBox::toggled, this, &ParamForm::edited);
        w = box;
        break;
      }
      case core::ParamType::Choice: {
        auto* combo = new QComboBox(this);
        for (const auto& c : s.choices) combo->addItem(q(c));
        connect(combo, qOverload<int>(&QComboBox::currentIndexChanged), this, &ParamForm::edited);
        w = combo;
        break;
      }
      case core::ParamType::Real:
      case core::ParamType::Text: {
        auto* line = new QLineEdit(this);
        if (s.type == core::ParamType::Real) {
          auto* v = new QDoubleValidator(line);
          v->setNotation(QDoubleValidator::ScientificNotation);
          if (std::isfinite(s.min)) v->setBottom(s.min);
          if (std::isfinite(s.max)) v->setTop(s.max);
          line->setValidator(v);
        }
        connect(line, &QLineEdit::textEdited, this, &ParamForm::edited);
        w = line;
        break;
      }
    }
    QString tip = q(s.help);
    if (!s.defaultValue.empty()) tip += tr("\nDefault: %1").arg(q(s.defaultValue));
    if (std::isfinite(s.min) || std::isfinite(s.max))
      if (s.type == core::ParamType::Int || s.type == core::ParamType::Real)
        tip += tr("\nRange: %1 … %2")
                   .arg(std::isfinite(s.min) && s.min > -1e300 ? QString::number(s.min) : QStringLiteral("−∞"),
                        std::isfinite(s.max) && s.max < 1e300 ? QString::number(s.max) : QStringLiteral("∞"));
    w->setToolTip(tip);
    w->setObjectName(q(s.key));
    auto* label = new QLabel(q(s.key), this);
    label->setToolTip(tip);
    form_->addRow(label, w);
    editors_.push_back(w);
  }
  resetDefaults();
}

std::string ParamForm::valueOf(size_t i) const {
  QWidget* w = editors_[i];
  switch (specs_[i].type) {
    case core::ParamType::Int:
      return std::to_string(static_cast<QSpinBox*>(w)->value());
    case core::ParamType::Bool:
      return static_cast<QCheckBox*>(w)->isChecked() ? "true" : "false";
    case core::ParamType::Choice:
      return static_cast<QComboBox*>(w)->currentText().toStdString();
    default:
      return static_cast<QLineEdit*>(w)->text().trimmed().toStdString();
  }
}

void ParamForm::setValueOf(size_t i, const std::string& value) {
  QWidget* w = editors_[i];
  QString v = q(value);
  switch (specs_[i].type) {
    case core::ParamType::Int:
      static_cast<QSpinBox*>(w)->setValue(v.toInt());
      break;
    case core::ParamType::Bool:
      static_cast<QCheckBox*>(w)->setChecked(v == "true" || v == "1" || v == "yes" || v == "on");
      break;
    case core::ParamType::Choice: {
      auto* combo = static_cast<QComboBox*>(w);
      int idx = combo->findText(v);
      if (idx >= 0) combo->setCurrentIndex(idx);
      break;
    }
    default:
      static_cast<QLineEdit*>(w)->setText(v);
      break;
  }
}

core::ParamValues ParamForm::values() const {
  core::ParamValues out;
  for (size_t i = 0; i < specs_.size(); ++i) {
    std::string v = valueOf(i);
    const std::string& d = specs_[i].defaultValue;
    bool same = v == d;
    if (!same && specs_[i].type == core::ParamType::Real) {
      bool a = false, b = false;
      double x = q(v).toDouble(&a), y = q(d).toDouble(&b);
      same = a && b && x == y;
    }
    if (!same && !v.empty()) out[specs_[i].key] = v;
  }
  return out;
}

void ParamForm::setValues(const core::ParamValues& values) {
  for (size_t i = 0; i < specs_.size(); ++i) {
    auto it = values.find(specs_[i].key);
    if (it != values.end()) setValueOf(i, it->second);
  }
}

void ParamForm::resetDefaults() {
  for (size_t i = 0; i < specs_.size(); ++i) setValueOf(i, specs_[i].defaultValue);
}

QWidget* ParamForm::editor(const std::string& key) const {
  for (size_t i = 0; i < specs_.size(); ++i)
    if (specs_[i].key == key) return editors_[i];
  return nullptr;
}

}  // namespace ts::ui
