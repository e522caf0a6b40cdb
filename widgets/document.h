#pragma once
// What the studio's main window and docks know of an open file, whatever its kind (an AIE
// design or a WSE kernel graph): whether something is open, its name, its undo stack and
// "modified", saving and the QoR report. Views of one kind bind to their own document class;
// the window binds to this interface, so switching kinds leaves nothing of the previous file.
#include <QObject>
#include <QString>

class QUndoStack;

namespace ts::ui {

class Document : public QObject {
  Q_OBJECT
 public:
  enum class Kind { Aie, Wse };
  using QObject::QObject;

  virtual Kind kind() const = 0;
  virtual bool isOpen() const = 0;
  /// The file opened (empty when nothing is open).
  virtual QString filePath() const = 0;
  /// Window title part, e.g. "edge.yaml — npu2".
  virtual QString title() const = 0;
  virtual QUndoStack* undoStack() = 0;
  virtual bool modified() const = 0;

  /// True when save() can write the current state without asking for a file.
  virtual bool canSaveInPlace() const = 0;
  virtual bool save(QString* error) = 0;
  virtual bool saveAs(const QString& path, QString* error) = 0;
  /// File-dialog filter and suggested path for Save As.
  virtual QString saveFilter() const = 0;
  virtual QString suggestedSavePath() const = 0;
  /// QoR report of the current state as JSON (written atomically).
  virtual bool exportQorReport(const QString& path, QString* error) const = 0;
  /// Forgets the open file: views show nothing. Emits opened() and changed().
  virtual void close() = 0;

 signals:
  /// Another file (or none) is open now: views reset their selection and rebuild.
  void opened();
  /// The current state changed (an edit, an undo, a kept result).
  void changed();
  void modifiedChanged(bool modified);
};

}  // namespace ts::ui
