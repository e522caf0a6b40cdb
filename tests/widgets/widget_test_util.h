#pragma once
// Helpers shared by the studio's QtTest binaries (offscreen): test data paths, an output
// folder under the build tree for pictures people can look at, and hand-made mouse and
// drag-and-drop events (QTest::mouseMove carries no buttons; QDrag::exec would block).
#include <QApplication>
#include <QDir>
#include <QDragEnterEvent>
#include <QImage>
#include <QMimeData>
#include <QMouseEvent>
#include <QProcess>
#include <QString>
#include <QTest>
#include <QWidget>
#include <memory>

#include "widgets/aie_canvas.h"
#include "widgets/aie_document.h"

namespace ts::test {

inline QString dataPath(const QString& name) {
  return QStringLiteral(TS_SOURCE_DIR) + "/tests/widgets/data/" + name;
}

inline QString outputPath(const QString& name) {
  QDir().mkpath(QStringLiteral(TS_TEST_OUTPUT_DIR));
  return QStringLiteral(TS_TEST_OUTPUT_DIR) + "/" + name;
}

/// Opens tests/widgets/data/`design` into a new document and shows a canvas of `size` on it.
/// Returns false (with `error`) when the design does not open or the window is not exposed.
inline bool openOnCanvas(const QString& design, const QSize& size, std::unique_ptr<ui::AieDocument>& doc,
                         std::unique_ptr<ui::AieCanvas>& canvas, QString* error) {
  doc = std::make_unique<ui::AieDocument>();
  if (!doc->open(dataPath(design), error)) return false;
  canvas = std::make_unique<ui::AieCanvas>(doc.get());
  canvas->resize(size);
  canvas->show();
  if (!QTest::qWaitForWindowExposed(canvas.get())) {
    *error = "canvas window not exposed";
    return false;
  }
  return true;
}

/// Drag enter + move to `pos`; returns whether the move was accepted.
inline bool dragTo(QWidget* target, const QMimeData* mime, const QPoint& pos) {
  QDragEnterEvent enter(pos, Qt::MoveAction, mime, Qt::LeftButton, Qt::NoModifier);
  QApplication::sendEvent(target, &enter);
  if (!enter.isAccepted()) return false;
  QDragMoveEvent move(pos, Qt::MoveAction, mime, Qt::LeftButton, Qt::NoModifier);
  QApplication::sendEvent(target, &move);
  return move.isAccepted();
}

/// Drops at `pos` (after dragTo); returns whether the drop was accepted.
inline bool dropAt(QWidget* target, const QMimeData* mime, const QPoint& pos) {
  QDropEvent drop(QPointF(pos), Qt::MoveAction, mime, Qt::LeftButton, Qt::NoModifier);
  QApplication::sendEvent(target, &drop);
  return drop.isAccepted();
}

/// Press at `from`, move with the left button held in `steps` steps, release at `to`.
inline void mouseDrag(QWidget* w, const QPoint& from, const QPoint& to, int steps = 6,
                      Qt::KeyboardModifiers mods = Qt::NoModifier) {
  QMouseEvent press(QEvent::MouseButtonPress, from, w->mapToGlobal(from), Qt::LeftButton, Qt::LeftButton, mods);
  QApplication::sendEvent(w, &press);
  for (int i = 1; i <= steps; ++i) {
    QPoint p = from + (to - from) * i / steps;
    QMouseEvent move(QEvent::MouseMove, p, w->mapToGlobal(p), Qt::NoButton, Qt::LeftButton, mods);
    QApplication::sendEvent(w, &move);
  }
  QMouseEvent release(QEvent::MouseButtonRelease, to, w->mapToGlobal(to), Qt::LeftButton, Qt::NoButton, mods);
  QApplication::sendEvent(w, &release);
}

inline void click(QWidget* w, const QPoint& at, Qt::KeyboardModifiers mods = Qt::NoModifier) {
  QMouseEvent press(QEvent::MouseButtonPress, at, w->mapToGlobal(at), Qt::LeftButton, Qt::LeftButton, mods);
  QApplication::sendEvent(w, &press);
  QMouseEvent release(QEvent::MouseButtonRelease, at, w->mapToGlobal(at), Qt::LeftButton, Qt::NoButton, mods);
  QApplication::sendEvent(w, &release);
}

/// Pixels that differ between two images of the same size (-1 when the sizes differ).
inline int differingPixels(const QImage& a, const QImage& b) {
  if (a.size() != b.size()) return -1;
  QImage x = a.convertToFormat(QImage::Format_ARGB32), y = b.convertToFormat(QImage::Format_ARGB32);
  int n = 0;
  for (int r = 0; r < x.height(); ++r)
    for (int c = 0; c < x.width(); ++c) n += x.pixel(c, r) != y.pixel(c, r);
  return n;
}

/// Runs a program to its end (60 s at most); returns its exit code, stderr in `err`.
inline int runProgram(const QString& program, const QStringList& args, QString* err = nullptr) {
  QProcess p;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.insert("QT_QPA_PLATFORM", "offscreen");
  p.setProcessEnvironment(env);
  p.start(program, args);
  if (!p.waitForFinished(60000)) return -1;
  if (err) *err = QString::fromUtf8(p.readAllStandardError());
  return p.exitCode();
}

}  // namespace ts::test
