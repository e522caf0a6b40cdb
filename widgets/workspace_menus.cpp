#include "widgets/workspace_menus.h"

#include <QActionGroup>
#include <QSettings>

namespace ts::ui {

LayerMenu::LayerMenu(const QString& settingsPrefix, const Entries& layers, const QString& choiceTitle,
                     const Entries& choices)
    : QMenu(tr("&Layers")), prefix_(settingsPrefix) {
  for (const auto& [key, label] : layers) {
    QAction* a = addAction(label);
    a->setCheckable(true);
    a->setChecked(true);
    a->setData(QString::fromStdString(key));
    connect(a, &QAction::toggled, this, &LayerMenu::changed);
    layerActions_ << a;
  }
  QMenu* into = this;
  if (choiceTitle.isEmpty())
    addSeparator();
  else
    into = addMenu(choiceTitle);
  auto* group = new QActionGroup(this);
  for (const auto& [key, label] : choices) {
    QAction* a = into->addAction(label);
    a->setCheckable(true);
    a->setData(QString::fromStdString(key));
    a->setChecked(choiceActions_.isEmpty());
    group->addAction(a);
    connect(a, &QAction::triggered, this, &LayerMenu::changed);
    choiceActions_ << a;
  }
}

std::vector<std::pair<std::string, bool>> LayerMenu::layers() const {
  std::vector<std::pair<std::string, bool>> out;
  for (QAction* a : layerActions_) out.emplace_back(a->data().toString().toStdString(), a->isChecked());
  return out;
}

std::string LayerMenu::choice() const {
  for (QAction* a : choiceActions_)
    if (a->isChecked()) return a->data().toString().toStdString();
  return {};
}

void LayerMenu::restore() {
  QSettings s;
  {
    const QSignalBlocker block(this);
    for (QAction* a : layerActions_) a->setChecked(s.value(prefix_ + a->data().toString(), a->isChecked()).toBool());
    const QString chosen = s.value(prefix_ + "heat", QString::fromStdString(choice())).toString();
    for (QAction* a : choiceActions_) a->setChecked(a->data().toString() == chosen);
  }
  emit changed();
}

void LayerMenu::save() const {
  QSettings s;
  for (QAction* a : layerActions_) s.setValue(prefix_ + a->data().toString(), a->isChecked());
  s.setValue(prefix_ + "heat", QString::fromStdString(choice()));
}

std::unique_ptr<QMenu> makeAlgorithmMenu(const std::vector<AlgorithmEntry>& entries, std::function<QString()> current,
                                         std::function<void(const QString&)> select) {
  auto menu = std::make_unique<QMenu>(QMenu::tr("&Algorithm"));
  auto* group = new QActionGroup(menu.get());
  for (const AlgorithmEntry& e : entries) {
    QAction* a = menu->addAction(e.label);
    a->setCheckable(true);
    a->setToolTip(e.tooltip);
    a->setData(e.id);
    group->addAction(a);
    QObject::connect(a, &QAction::triggered, menu.get(), [a, select] { select(a->data().toString()); });
  }
  QMenu* m = menu.get();
  QObject::connect(m, &QMenu::aboutToShow, m, [group, current] {
    for (QAction* a : group->actions()) a->setChecked(a->data().toString() == current());
  });
  return menu;
}

}  // namespace ts::ui
