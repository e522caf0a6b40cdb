// The studio meets the malformed-input corpus (tests/data/malformed, as the CLI test does): every
// bad design (YAML, np-flow JSON, MLIR, kernel graph, a paint beside its graph, a design naming
// a bad device file) and every bad placement file (YAML, CSV, np-flow JSON) is refused with
// the corpus' expected message naming the file and a line, in a dialog unless quiet, and the
// document open before stays open and unchanged. Nothing crashes.
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include "app/gui/main_window.h"
#include "tests/widgets/widget_test_registry.h"
#include "widgets/aie_document.h"

using namespace ts;

namespace {

const QString kCorpus = QStringLiteral(TS_SOURCE_DIR) + "/tests/data/malformed";
const QString kSample = QStringLiteral(TS_SOURCE_DIR) + "/samples/edge_detect.yaml";

struct Case {
  QString file, fragment;
};

/// The cases of one corpus folder with the message fragment of their .expect file (line 2).
QList<Case> casesOf(const QString& format) {
  QList<Case> out;
  QDir dir(kCorpus + "/" + format);
  for (const QString& name : dir.entryList(QDir::Files, QDir::Name)) {
    if (name.endsWith(".expect")) continue;
    QFile expect(dir.filePath(name) + ".expect");
    if (!expect.open(QIODevice::ReadOnly | QIODevice::Text)) qFatal("%s has no .expect file", qPrintable(name));
    const QStringList lines = QString::fromUtf8(expect.readAll()).split('\n');
    out.push_back({dir.filePath(name), lines.value(1).trimmed()});
  }
  if (out.isEmpty()) qFatal("no cases in %s", qPrintable(dir.path()));
  return out;
}

/// The error names `file` (by its name) and a line: "NAME:12".
bool namesFileAndLine(const QString& error, const QString& file) {
  return error.contains(QRegularExpression(QRegularExpression::escape(QFileInfo(file).fileName()) + ":[1-9]"));
}

QByteArray contents(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool write(const QString& path, const QByteArray& data) {
  QFile f(path);
  return f.open(QIODevice::WriteOnly) && f.write(data) == data.size();
}

}  // namespace

class StudioMalformedTest : public QObject {
  Q_OBJECT

  /// Opens `design` (quietly) in a window holding the sample and checks the refusal.
  void refusedAsDesign(studio::MainWindow& w, const QString& design, const Case& c) {
    QString error;
    QVERIFY2(!w.openDesign(design, &error, true), qPrintable(c.file + " was accepted"));
    QVERIFY2(error.contains(c.fragment), qPrintable(c.file + ": expected '" + c.fragment + "' in: " + error));
    QVERIFY2(namesFileAndLine(error, c.file), qPrintable(c.file + ": no file and line in: " + error));
    QVERIFY2(!error.contains('\n'), qPrintable(c.file + ": more than one line: " + error));
    QCOMPARE(w.document()->filePath(), kSample);
  }

  void refuseDesignFormat(const QString& format) {
    studio::MainWindow w(false);
    QString error;
    QVERIFY2(w.openDesign(kSample, &error, true), qPrintable(error));
    for (const Case& c : casesOf(format)) {
      refusedAsDesign(w, c.file, c);
      if (QTest::currentTestFailed()) return;
    }
  }

 private slots:
  void initTestCase() {
    Q_INIT_RESOURCE(tilestudio);  // the window's icons live in ts_widgets' resources
  }

  void designYaml() { refuseDesignFormat("design_yaml"); }
  void npflowJson() { refuseDesignFormat("npflow_json"); }
  void mlir() { refuseDesignFormat("mlir"); }
  void kernelGraph() { refuseDesignFormat("kgraph"); }

  void paintBesideItsGraph() {
    // The studio reads NAME.paint beside NAME.kgraph: each bad paint gets a valid graph.
    QTemporaryDir dir;
    const QByteArray graph = contents(kCorpus + "/fixtures/graph.kgraph");
    QVERIFY(!graph.isEmpty());
    studio::MainWindow w(false);
    QString error;
    QVERIFY2(w.openDesign(kSample, &error, true), qPrintable(error));
    for (const Case& c : casesOf("paint")) {
      const QString stem = dir.filePath(QFileInfo(c.file).completeBaseName());
      QVERIFY(write(stem + ".kgraph", graph) && QFile::copy(c.file, stem + ".paint"));
      refusedAsDesign(w, stem + ".kgraph", c);
      if (QTest::currentTestFailed()) return;
    }
  }

  void deviceFileNamedByADesign() {
    QTemporaryDir dir;
    QByteArray sample = contents(kSample);
    QVERIFY(sample.contains("\ndevice: npu2\n"));
    studio::MainWindow w(false);
    QString error;
    QVERIFY2(w.openDesign(kSample, &error, true), qPrintable(error));
    for (const Case& c : casesOf("device_yaml")) {
      const QString design = dir.filePath(QFileInfo(c.file).completeBaseName() + "_design.yaml");
      QByteArray text = sample;
      QVERIFY(write(design, text.replace("\ndevice: npu2\n", "\ndevice: " + c.file.toUtf8() + "\n")));
      refusedAsDesign(w, design, c);
      if (QTest::currentTestFailed()) return;
    }
  }

  void placementFiles() {
    studio::MainWindow w(false);
    QString error;
    QVERIFY2(w.openDesign(kSample, &error, true), qPrintable(error));
    const auto before = w.document()->placement();
    for (const QString format : {"placement_yaml", "placement_csv", "placement_json"})
      for (const Case& c : casesOf(format)) {
        QVERIFY2(!w.openPlacement(c.file, &error, true), qPrintable(c.file + " was accepted"));
        QVERIFY2(error.contains(c.fragment), qPrintable(c.file + ": expected '" + c.fragment + "' in: " + error));
        QVERIFY2(namesFileAndLine(error, c.file), qPrintable(c.file + ": no file and line in: " + error));
        QVERIFY2(w.document()->placement() == before, qPrintable(c.file + " changed the placement"));
        QVERIFY(!w.document()->modified());
      }
  }

  void aDialogTellsTheUser() {
    studio::MainWindow w(false);
    const QString bad = kCorpus + "/design_yaml/bytes_nan.yaml";
    QString title, text;
    QTimer closer;
    closer.setInterval(20);
    connect(&closer, &QTimer::timeout, [&] {
      if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
        title = box->windowTitle();
        text = box->text();
        box->button(QMessageBox::Ok)->click();
      }
    });
    closer.start();
    QVERIFY(!w.openDesign(bad));
    QVERIFY2(title.startsWith("Cannot open"), qPrintable(title));
    QVERIFY2(text.contains("bytes_nan.yaml:9:48") && text.contains("'.nan'"), qPrintable(text));
  }
};

TS_WIDGET_TEST(StudioMalformedTest)
#include "studio_malformed_test.moc"
