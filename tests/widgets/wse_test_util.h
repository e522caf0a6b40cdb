#pragma once
// Helpers of the WSE studio tests: sample and shared-data paths, files written under the test
// output folder, and a document with a canvas shown on screen.
#include <QDir>
#include <QFile>
#include <QTest>
#include <memory>

#include "tests/widgets/widget_test_util.h"
#include "widgets/wse/wse_canvas.h"
#include "widgets/wse/wse_document.h"

namespace ts::test {

inline QString wseSample(const QString& name) {
  return QStringLiteral(TS_SOURCE_DIR) + "/samples/wse/" + name;
}

inline QString sharedData(const QString& rel) {
  return QStringLiteral(TS_SHARED_DATA_DIR) + "/" + rel;
}

inline QByteArray readAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

/// Writes `text` to `name` under the test output folder's sub-folder `dir`; returns its path.
inline QString writeFile(const QString& dir, const QString& name, const QByteArray& text) {
  QString folder = outputPath(dir);
  QDir().mkpath(folder);
  QFile f(folder + "/" + name);
  if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(f.fileName()));
  f.write(text);
  return f.fileName();
}

/// A kernel graph with the given layout beside it (same stem), copied under `dir`.
inline QString graphWithLayout(const QString& dir, const QString& kgraph, const QString& paint) {
  const QString stem = QFileInfo(kgraph).completeBaseName();
  writeFile(dir, stem + ".paint", readAll(paint));
  return writeFile(dir, stem + ".kgraph", readAll(kgraph));
}

/// Opens `kgraph` (with the .paint beside it) into a new document and shows a canvas on it.
inline bool openWse(const QString& kgraph, const QSize& size, std::unique_ptr<ui::WseDocument>& doc,
                    std::unique_ptr<ui::WseCanvas>& canvas, QString* error) {
  doc = std::make_unique<ui::WseDocument>();
  if (!doc->open(kgraph, error)) return false;
  canvas = std::make_unique<ui::WseCanvas>(doc.get());
  canvas->resize(size);
  canvas->show();
  if (!QTest::qWaitForWindowExposed(canvas.get())) {
    *error = "canvas window not exposed";
    return false;
  }
  canvas->fitAll();
  return true;
}

}  // namespace ts::test
