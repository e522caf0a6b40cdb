// The docks around the canvas and the document's files: inspector links and pin toggle, the
// browser's search, the problem list, and saving/exporting/re-reading designs and placements
// in every format the studio writes.
#include <QCheckBox>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTreeWidget>
#include <QUndoStack>
#include <QtTest>

#include "tests/widgets/widget_test_registry.h"
#include "tests/widgets/widget_test_util.h"
#include "widgets/design_browser.h"
#include "widgets/inspector_view.h"
#include "widgets/problem_list.h"

using namespace ts;
using namespace ts::ui;

class StudioDocksTest : public QObject {
  Q_OBJECT

 private:
  std::unique_ptr<AieDocument> doc_;
  std::unique_ptr<AieCanvas> canvas_;
  aie::CoreId core(const char* name) const { return doc_->design().findCore(name); }

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void init() {
    QString error;
    QVERIFY2(test::openOnCanvas("edge_npu2.yaml", QSize(800, 600), doc_, canvas_, &error), qPrintable(error));
  }

  void cleanup() {
    canvas_.reset();
    doc_.reset();
  }

  void inspectorShowsSelectionAndFollowsLinks() {
    InspectorView inspector(doc_.get(), canvas_.get());
    QVERIFY(inspector.html().contains("edge_small"));  // nothing selected: the design
    canvas_->setSelectedCores({core("gray")});
    QString html = inspector.html();
    QVERIFY(html.contains("gray") && html.contains("g2f") && html.contains("filter"));
    inspector.follow(QStringLiteral("core:%1").arg(core("filter")));
    QCOMPARE(canvas_->selectedCores(), std::vector<aie::CoreId>{core("filter")});
    inspector.follow(QStringLiteral("net:%1").arg(doc_->design().findNet("t2c")));
    std::vector<aie::CoreId> sel = canvas_->selectedCores();
    QCOMPARE(sel.size(), size_t(2));  // source and target of the net
    inspector.follow("tile:5,3");
    QVERIFY(canvas_->selectedCores().empty());
    QVERIFY(inspector.html().contains("compute tile (5,3)"));
  }

  void inspectorPinToggleIsUndoable() {
    InspectorView inspector(doc_.get(), canvas_.get());
    canvas_->setSelectedCores({core("thresh")});
    auto* box = inspector.findChild<QCheckBox*>();
    QVERIFY(box && box->isEnabled() && !box->isChecked());
    box->click();
    QVERIFY(doc_->placement().pinned(core("thresh")));
    QVERIFY(box->isChecked());
    doc_->undoStack()->undo();
    QVERIFY(!doc_->placement().pinned(core("thresh")));
    QVERIFY(!box->isChecked());
  }

  void browserSearchFiltersEntries() {
    DesignBrowser browser(doc_.get());
    browser.setFilter("thr");
    QStringList visible;
    QTreeWidget* tree = browser.tree();
    for (int g = 0; g < tree->topLevelItemCount(); ++g)
      for (int i = 0; i < tree->topLevelItem(g)->childCount(); ++i)
        if (!tree->topLevelItem(g)->child(i)->isHidden()) visible << tree->topLevelItem(g)->child(i)->text(0);
    visible.sort();
    // The core itself, and the net it drives (matched on its "thresh → 1 target" column).
    QCOMPARE(visible, QStringList({"t2c", "thresh"}));
    browser.setFilter("");
    QVERIFY(browser.unplacedItem(core("spare")));
  }

  void problemListSelectsWhatIsWrong() {
    ProblemList problems(doc_.get(), canvas_.get());
    QCOMPARE(problems.count(), 1);  // "No problems found"
    QCOMPARE(problems.item(0)->data(Qt::UserRole).isValid(), false);
    // Two compute cores on one tile: a definite problem naming both.
    aie::Placement p = doc_->placement();
    p.place(core("thresh"), p.tile(core("filter")));
    doc_->setState({p, nullptr}, "overlap");
    QVERIFY(!doc_->usage().violations.empty());
    QVERIFY(problems.count() >= 1);
    QListWidgetItem* first = problems.item(0);
    QVERIFY(first->text().contains("holds 2 cores"));
    emit problems.itemClicked(first);
    std::vector<aie::CoreId> sel = canvas_->selectedCores();
    std::sort(sel.begin(), sel.end());
    std::vector<aie::CoreId> want{core("filter"), core("thresh")};
    std::sort(want.begin(), want.end());
    QCOMPARE(sel, want);
  }

  void designAndPlacementFilesRoundTrip() {
    QString error;
    QVERIFY(doc_->moveCore(core("spare"), {2, 3}));
    doc_->setPinned({core("spare")}, true);
    aie::Placement edited = doc_->placement();
    QVERIFY(doc_->modified());

    // Design + placement as YAML, then reopened.
    QString yaml = test::outputPath("studio_saved.yaml");
    QVERIFY2(doc_->saveAs(yaml, &error), qPrintable(error));
    QVERIFY(!doc_->modified());
    AieDocument reopened;
    QVERIFY2(reopened.open(yaml, &error), qPrintable(error));
    QCOMPARE(reopened.placement(), edited);

    // np-flow netlist: placed nodes come back placed (np-flow treats them as fixed).
    QString json = test::outputPath("studio_saved.netlist.json");
    QVERIFY2(doc_->saveAs(json, &error), qPrintable(error));
    AieDocument fromJson;
    QVERIFY2(fromJson.open(json, &error), qPrintable(error));
    QCOMPARE(fromJson.design().coreCount(), doc_->design().coreCount());
    QCOMPARE(fromJson.placement().placedCount(), edited.placedCount());

    // Placement exports in all three formats read back into the same placement.
    for (const char* ext : {"yaml", "csv", "json"}) {
      QString path = test::outputPath(QStringLiteral("studio_placement.%1").arg(ext));
      QVERIFY2(doc_->exportPlacement(path, &error), qPrintable(error));
      AieDocument other;
      QVERIFY(other.open(test::dataPath("edge_npu2.yaml"), &error));
      QVERIFY2(other.loadPlacement(path, &error), qPrintable(error));
      for (aie::CoreId c = 0; c < edited.size(); ++c)
        QVERIFY2(other.placement().tile(c) == edited.tile(c), qPrintable(QString("%1 %2").arg(ext).arg(c)));
      QCOMPARE(other.undoStack()->count(), 1);  // loading a placement is undoable
    }

    // QoR report: the complete placement gets the runtime estimate.
    QString qor = test::outputPath("studio_qor.json");
    QVERIFY2(doc_->exportQorReport(qor, &error), qPrintable(error));
    QFile f(qor);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QJsonObject report = QJsonDocument::fromJson(f.readAll()).object();
    QCOMPARE(report["placed"].toInt(), 9);
    QVERIFY(report.contains("runtime_estimate"));
    QVERIFY(report["runtime_estimate"].toObject()["microseconds"].toDouble() > 0);

    // Unknown formats fail with a message and write nothing.
    QVERIFY(!doc_->exportPlacement(test::outputPath("studio_placement.txt"), &error));
    QVERIFY(error.contains(".txt") || error.contains("txt"));
    QVERIFY(!QFile::exists(test::outputPath("studio_placement.txt")));
  }
};

TS_WIDGET_TEST(StudioDocksTest)
#include "studio_docks_test.moc"
