#pragma once
// Everything the main window shows and does for one kind of document (AIE design, WSE kernel
// graph): the document, its canvas, the contents of the docks (list, inspector, problems, run
// panel, charts), its layers, algorithms and kind-specific edit actions, and the words for the
// status bar. The window keeps one workspace per kind, shows the current one's panels in its
// docks and closes the other's document when a file of another kind opens, so nothing of the
// previous file stays on screen. app/gui only assembles windows, menus and docks around this.
#include <QList>
#include <QObject>
#include <QPoint>
#include <QString>

#include "widgets/document.h"

class QAction;
class QMenu;
class QWidget;

namespace ts::ui {

class GridCanvas;
class LayerMenu;
class RunPanelBase;

class Workspace : public QObject {
  Q_OBJECT
 public:
  struct Panels {
    GridCanvas* canvas = nullptr;
    QWidget *browser = nullptr, *inspector = nullptr, *problems = nullptr, *run = nullptr, *charts = nullptr;
  };
  using QObject::QObject;

  virtual Document* document() = 0;
  virtual Panels panels() = 0;
  /// "AIE design", "WSE kernel graph".
  virtual QString kindName() const = 0;
  /// True for the files this workspace opens (by extension).
  virtual bool handles(const QString& path) const = 0;
  /// Opens a file; on failure keeps what was open and sets `error` to one line.
  virtual bool open(const QString& path, QString* error) = 0;
  /// Reads a solution of the open document (an AIE placement, a WSE .paint) as an undoable edit.
  virtual bool openSolution(const QString& path, QString* error) = 0;
  virtual QString solutionFilter() const = 0;
  /// Solution export in other formats (empty filter: none).
  virtual QString exportFilter() const { return {}; }
  virtual bool exportSolution(const QString& /*path*/, QString* /*error*/) { return false; }
  /// Tile size of whole-fabric pictures unless the user picks another.
  virtual double defaultPixelsPerTile() const = 0;

  /// QoR of the current state for the status bar.
  virtual QString statusText() const = 0;
  /// What is at a canvas cell (world column, display row) for the status bar.
  virtual QString cursorText(const QPoint& cell) const = 0;
  /// Mouse and key help for Help > Mouse and Keys.
  virtual QString mouseHelp() const = 0;

  virtual bool hasSelection() const = 0;
  virtual void selectAll() = 0;
  virtual void clearSelection() = 0;
  virtual void setSelectionPinned(bool pinned) = 0;
  /// Edit-menu actions of this kind (enabled with the selection), e.g. Unplace or Rotate.
  virtual QList<QAction*> editActions() = 0;
  /// View > Layers and Run > Algorithm of this kind.
  virtual LayerMenu* layersMenu() const = 0;
  virtual QMenu* algorithmMenu() const = 0;
  /// The run dock: Run > Start, Pause, Stop, Keep and Discard go to it.
  virtual RunPanelBase* runPanel() const = 0;

  /// Layers and run settings from / to QSettings.
  void restoreSettings();
  void saveSettings() const;

 signals:
  void selectionChanged();
  void statusChanged();
  /// A line for the log dock.
  void logMessage(const QString& text);
  /// A transient line for the status bar.
  void message(const QString& text);
  void runStarted();
};

}  // namespace ts::ui
