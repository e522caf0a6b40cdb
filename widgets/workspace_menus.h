#pragma once
// The two menus every workspace has: View > Layers (checkable layers plus one exclusive
// colouring choice, kept in QSettings under a prefix) and Run > Algorithm (one checkable entry
// per algorithm, following the run panel's choice).
#include <QMenu>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace ts::ui {

class LayerMenu : public QMenu {
  Q_OBJECT
 public:
  using Entries = std::vector<std::pair<std::string, QString>>;  ///< key, label

  /// `layers` start checked; `choices` go into `choiceTitle` (a submenu, or this menu when
  /// empty) with the first one checked. Settings keys: prefix + key, prefix + "heat".
  LayerMenu(const QString& settingsPrefix, const Entries& layers, const QString& choiceTitle, const Entries& choices);

  /// Checked state of every layer by key.
  std::vector<std::pair<std::string, bool>> layers() const;
  /// The checked choice's key.
  std::string choice() const;
  void restore();
  void save() const;

 signals:
  void changed();

 private:
  QString prefix_;
  QList<QAction*> layerActions_, choiceActions_;
};

struct AlgorithmEntry {
  QString id, label, tooltip;
};

/// Run > Algorithm: `select(id)` when one is picked; `current()` ticks the entry on opening.
std::unique_ptr<QMenu> makeAlgorithmMenu(const std::vector<AlgorithmEntry>& entries, std::function<QString()> current,
                                         std::function<void(const QString&)> select);

}  // namespace ts::ui
