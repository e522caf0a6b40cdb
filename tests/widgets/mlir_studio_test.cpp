// The studio with MLIR-AIE files and cascades: the "which module?" dialog, opening a module and
// exporting it as placed MLIR and Vitis constraints, cascade arrows on the canvas (broken ones
// red), and a drag preview that refuses broken cascades and partial-pin violations.
#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QListWidget>
#include <QStandardPaths>
#include <QTimer>
#include <QtTest>

#include "engine/aie/io/mlir_import.h"
#include "engine/core/atomic_file.h"
#include "tests/widgets/widget_test_registry.h"
#include "tests/widgets/widget_test_util.h"
#include "widgets/aie_canvas.h"
#include "widgets/aie_document.h"
#include "widgets/aie_painter.h"
#include "widgets/aie_workspace.h"
#include "widgets/mlir_module_dialog.h"

using namespace ts;
using namespace ts::ui;

namespace {

const QString kCascadeFile =
    QStringLiteral(TS_SHARED_DATA_DIR) + "/mlir-aie/Xilinx+mlir-aie/test/place-tiles/sa_placer/test_sa_cascade.mlir";
const QColor kCascade(0xd4, 0xa0, 0x17), kBroken(0xd3, 0x2f, 0x2f);

}  // namespace

class MlirStudioTest : public QObject {
  Q_OBJECT

  std::unique_ptr<AieDocument> doc_;
  std::unique_ptr<AieCanvas> canvas_;

  int pixelsOf(const QColor& colour) const { return test::pixelsOf(canvas_.get(), colour); }

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void cleanup() {
    canvas_.reset();
    doc_.reset();
  }

  void moduleDialogReturnsTheChosenModule() {
    // Answer the dialog once it is up: pick the third module and open it.
    QTimer::singleShot(50, [] {
      for (QWidget* w : QApplication::topLevelWidgets())
        if (auto* d = qobject_cast<QDialog*>(w); d && d->objectName() == "mlirModuleDialog") {
          auto* list = d->findChild<QListWidget*>("modules");
          QCOMPARE(list->count(), 4);
          QVERIFY(list->item(0)->text().contains("@cascade_pinned_src"));
          d->grab().save(test::outputPath("mlir_module_dialog.png"));
          list->setCurrentRow(2);
          d->accept();
        }
    });
    QString error;
    std::optional<int> chosen = chooseMlirModule(nullptr, kCascadeFile, &error);
    QVERIFY2(chosen.has_value(), qPrintable(error));
    QCOMPARE(*chosen, 3);
    // A file with one module asks nothing.
    QString single = QStringLiteral(TS_SHARED_DATA_DIR) + "/mlir-aie/Xilinx+mlir-aie/test/create-flows/broadcast.mlir";
    QCOMPARE(chooseMlirModule(nullptr, single, &error).value_or(-1), 0);
    // Cancelling gives nothing and no error.
    QTimer::singleShot(50, [] {
      for (QWidget* w : QApplication::topLevelWidgets())
        if (auto* d = qobject_cast<QDialog*>(w); d && d->objectName() == "mlirModuleDialog") d->reject();
    });
    error.clear();
    QVERIFY(!chooseMlirModule(nullptr, kCascadeFile, &error));
    QVERIFY(error.isEmpty());
  }

  void deviceDialogOpensAPlaceholderFileOnTheChosenDevice() {
    // MLIR-AIE's tests write NPUDEVICE; the command line gives the device with --device, and
    // the studio's open asks for it (before, it could only show the error).
    const QString path = test::outputPath("placeholder_device.mlir");
    core::writeFileAtomically(path.toStdString(),
                              "module {\n  aie.device(NPUDEVICE) {\n    %a = aie.tile(0, 2)\n    %b = aie.tile(0, 3)\n"
                              "    aie.objectfifo @of(%a, {%b}, 2 : i32) : !aie.objectfifo<memref<16xi32>>\n  }\n}\n");
    // Answers the dialog once it is up (polling, so that a slow machine cannot leave it open).
    auto answer = [](const QString& device) {
      auto* poll = new QTimer();
      QObject::connect(poll, &QTimer::timeout, [poll, device] {
        for (QWidget* w : QApplication::topLevelWidgets())
          if (auto* d = qobject_cast<QDialog*>(w); d && d->objectName() == "mlirDeviceDialog" && d->isVisible()) {
            poll->stop();
            poll->deleteLater();
            auto* devices = d->findChild<QComboBox*>("devices");
            QVERIFY(devices && devices->findText("npu1") >= 0);
            d->grab().save(test::outputPath("mlir_device_dialog.png"));
            if (device.isEmpty()) {
              d->reject();
              return;
            }
            devices->setCurrentText(device);
            d->accept();
          }
      });
      poll->start(20);
    };
    answer("npu1");
    QCOMPARE(chooseMlirDevice(nullptr, path).value_or("(cancelled)"), QString("npu1"));
    answer({});
    QVERIFY(!chooseMlirDevice(nullptr, path));
    // Known devices ask nothing, nor does a file with a module that opens as it is (the module
    // dialog offers that one; a device given would replace every module's).
    QCOMPARE(chooseMlirDevice(nullptr, kCascadeFile).value_or("(cancelled)"), QString());
    const QString mixed = test::outputPath("placeholder_and_npu2.mlir");
    core::writeFileAtomically(mixed.toStdString(),
                              "module {\n  aie.device(NPUDEVICE) {\n    %a = aie.tile(0, 2)\n  }\n}\n"
                              "// -----\n"
                              "module {\n  aie.device(npu2) {\n    %a = aie.tile(0, 2)\n  }\n}\n");
    QCOMPARE(chooseMlirDevice(nullptr, mixed).value_or("(cancelled)"), QString());

    // The studio's open path: asked, then opened on that device.
    AieWorkspace workspace(nullptr, false);
    answer("npu1");
    QString error;
    QVERIFY2(workspace.open(path, &error), qPrintable(error));
    QCOMPARE(QString::fromStdString(workspace.aieDocument()->device().name()), QString("npu1"));
    // Cancelled: not opened, and no error to show.
    AieWorkspace other(nullptr, false);
    answer({});
    QVERIFY(!other.open(path, &error));
    QVERIFY2(error.isEmpty(), qPrintable(error));
  }

  void documentOpensAModuleAndExportsItPlaced() {
    doc_ = std::make_unique<AieDocument>();
    QString error;
    QVERIFY(!doc_->open(kCascadeFile, &error));  // several modules and none chosen
    QVERIFY(error.contains("holds 4 modules"));
    QVERIFY2(doc_->open(kCascadeFile, &error, {}, 3), qPrintable(error));
    QCOMPARE(QString::fromStdString(doc_->design().name), QString("cascade_with_fifo_pinned"));
    // Place the movable cores by hand next to their partners, then export.
    auto place = [&](const char* name, aie::TileCoord t) {
      QString why;
      QVERIFY2(doc_->moveCore(doc_->design().findCore(name), t, &why), qPrintable(why));
    };
    place("dst", {3, 3});
    place("shim", {2, 0});
    const QString out = test::outputPath("cascade_module3.placed.mlir");
    QVERIFY2(doc_->exportPlacement(out, &error), qPrintable(error));
    aie::MlirImport back = aie::loadMlirDesign(out.toStdString());
    QCOMPARE(back.design.name, std::string("cascade_with_fifo_pinned"));
    QVERIFY(back.placement.tile(back.design.findCore("dst")) == (aie::TileCoord{3, 3}));
    const QString vitis = test::outputPath("cascade_module3.constraints.json");
    QVERIFY2(doc_->exportVitisConstraints(vitis, &error), qPrintable(error));
    QVERIFY(QString::fromStdString(core::readFile(vitis.toStdString())).contains("cascade_with_fifo_pinned.dst"));
  }

  void givenPnrFlowRoutesAreShownAsTheRouting() {
    doc_ = std::make_unique<AieDocument>();
    QString error;
    QVERIFY2(doc_->open(QStringLiteral(TS_SHARED_DATA_DIR) +
                            "/mlir-aie/ueqri+mlir-aie/pnr_test/fine_grain_router/basic_cct.mlir",
                        &error),
             qPrintable(error));
    QVERIFY(doc_->routing() != nullptr);
    QCOMPARE(doc_->usage().routeLength, 9);  // the hops the file gives
  }

  void hostileMlirGivesAnErrorNotACrash() {
    // A 31 KB dense constant opens; an unclosed '(' is a one-line error naming its line.
    std::string values;
    for (int i = 0; values.size() < 31 * 1024; ++i) values += (i ? ", " : "") + std::to_string(i);
    const std::string dense = test::outputPath("dense31k.mlir").toStdString();
    core::writeFileAtomically(dense,
                              "module {\n  aie.device(npu2) {\n    memref.global \"private\" constant @lut : "
                              "memref<8000xi32> = dense<[" +
                                  values + "]>\n    %a = aie.tile(1, 2)\n  }\n}\n");
    doc_ = std::make_unique<AieDocument>();
    QString error;
    QVERIFY2(doc_->open(QString::fromStdString(dense), &error), qPrintable(error));
    const std::string open = test::outputPath("unclosed.mlir").toStdString();
    core::writeFileAtomically(open,
                              "module {\n  aie.device(npu2) {\n    %a = aie.tile(1, 2)\n    aie.flow(%a, DMA : 0,"
                              "\n  }\n}\n");
    QVERIFY(!doc_->open(QString::fromStdString(open), &error));
    QVERIFY2(error.contains("unclosed.mlir:4:13") && error.contains("never closed"), qPrintable(error));
    QVERIFY(!error.contains('\n'));
  }

  void cascadesAreDrawnAndBrokenOnesMarked() {
    QString error;
    QVERIFY2(test::openOnCanvas("cascade_npu2.yaml", QSize(900, 700), doc_, canvas_, &error), qPrintable(error));
    QVERIFY(pixelsOf(kCascade) > 20);
    QCOMPARE(pixelsOf(kBroken), 0);
    // dst north of src: not a cascade neighbour.
    QString why;
    QVERIFY2(doc_->moveCore(doc_->design().findCore("dst"), {2, 5}, &why), qPrintable(why));
    canvas_->grab().save(test::outputPath("cascade_broken.png"));
    QVERIFY(pixelsOf(kBroken) > 20);
    QCOMPARE(pixelsOf(kCascade), 0);
  }

  void memoryUsesAreDrawnAndOutOfReachOnesMarked() {
    QString error;
    QVERIFY2(test::openOnCanvas("memory_use_npu1.yaml", QSize(700, 900), doc_, canvas_, &error), qPrintable(error));
    const int drawn = pixelsOf(AiePalette::memoryUse());
    QVERIFY(drawn > 20);
    QCOMPARE(pixelsOf(AiePalette::violation()), 0);
    // East of the owner is out of reach (an AIE2 core reaches its own, north, south and west).
    const aie::CoreId u3 = doc_->design().findCore("u3");
    MoveCheck away = doc_->checkMove(u3, {2, 4});
    QVERIFY(away.allowed && !away.legal);
    QVERIFY2(away.reason.contains("memory use 'u3' -> 'owner'"), qPrintable(away.reason));
    QString why;
    QVERIFY2(doc_->moveCore(u3, {2, 4}, &why), qPrintable(why));
    canvas_->grab().save(test::outputPath("memory_use_out_of_reach.png"));
    QVERIFY(pixelsOf(AiePalette::violation()) > 20);
    QVERIFY(pixelsOf(AiePalette::memoryUse()) < drawn);
  }

  void dragPreviewRefusesBrokenCascadesAndPartialPins() {
    QString error;
    QVERIFY2(test::openOnCanvas("cascade_npu2.yaml", QSize(900, 700), doc_, canvas_, &error), qPrintable(error));
    MoveCheck ok = doc_->checkMove(doc_->design().findCore("dst"), {3, 4});  // east of src
    QVERIFY(ok.allowed && ok.legal);
    MoveCheck broken = doc_->checkMove(doc_->design().findCore("dst"), {4, 4});
    QVERIFY(broken.allowed);
    QVERIFY(!broken.legal);
    QVERIFY2(broken.reason.contains("cascade"), qPrintable(broken.reason));
    MoveCheck held = doc_->checkMove(doc_->design().findCore("held"), {4, 3});
    QVERIFY(!held.allowed);
    QVERIFY2(held.reason.contains("must stay in column 5"), qPrintable(held.reason));
    QVERIFY(doc_->checkMove(doc_->design().findCore("held"), {5, 5}).allowed);
  }
};

TS_WIDGET_TEST(MlirStudioTest)
#include "mlir_studio_test.moc"
