// The AIE canvas: drag-and-drop placement, moving placed cores with the mouse, swaps, pins,
// undo/redo, selection, zoom about the cursor, and one-line errors for bad files.
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTreeWidget>
#include <QUndoStack>
#include <QtTest>

#include "tests/widgets/widget_test_registry.h"
#include "tests/widgets/widget_test_util.h"
#include "widgets/aie_canvas.h"
#include "widgets/aie_document.h"
#include "widgets/aie_painter.h"
#include "widgets/design_browser.h"

using namespace ts;
using namespace ts::ui;

// QCOMPARE cannot print TileCoord (ADL finds core::toString, which returns std::string).
#define TILE_EQ(a, b) \
  QVERIFY2((a) == (b), qPrintable(QString::fromStdString(core::toString(a) + " != " + core::toString(b))))

class AieCanvasTest : public QObject {
  Q_OBJECT

 private:
  std::unique_ptr<AieDocument> doc_;
  std::unique_ptr<AieCanvas> canvas_;

  aie::CoreId core(const char* name) const { return doc_->design().findCore(name); }
  aie::TileCoord tileOf(const char* name) const { return doc_->placement().tile(core(name)); }
  QPoint centre(aie::TileCoord t) const { return canvas_->tileCenter(t).toPoint(); }
  /// Pixels of exactly this colour in the canvas as it is on screen now.
  int pixelsOf(const QColor& colour) const { return test::pixelsOf(canvas_.get(), colour); }
  QMimeData* coreMime(aie::CoreId c) const {
    auto* mime = new QMimeData();
    mime->setData(AieCanvas::kCoreMimeType, QByteArray::number(c));
    return mime;
  }

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

  void dropOntoTilePlacesCore() {
    aie::CoreId spare = core("spare");
    QVERIFY(!doc_->placement().placed(spare));
    std::unique_ptr<QMimeData> mime(coreMime(spare));
    aie::TileCoord target{3, 4};
    QVERIFY(doc_->placement().coresAt(target).empty());
    QVERIFY(pixelsOf(AiePalette::legal()) == 0);
    QVERIFY(test::dragTo(canvas_.get(), mime.get(), centre(target)));
    // While dragging: a green preview on the target tile, nothing red.
    QVERIFY(pixelsOf(AiePalette::legal()) > 40);
    QCOMPARE(pixelsOf(AiePalette::violation()), 0);
    canvas_->grab().save(test::outputPath("drag_preview_legal.png"));
    QVERIFY(test::dropAt(canvas_.get(), mime.get(), centre(target)));
    TILE_EQ(doc_->placement().tile(spare), target);
    QCOMPARE(pixelsOf(AiePalette::legal()), 0);  // the preview is gone after the drop
    QVERIFY(doc_->modified());
    QCOMPARE(doc_->undoStack()->count(), 1);
  }

  void dropOnWrongTileKindIsRefused() {
    aie::CoreId spare = core("spare");
    std::unique_ptr<QMimeData> mime(coreMime(spare));
    aie::TileCoord memTile{5, 1};
    MoveCheck check = canvas_->previewDrop(spare, memTile);
    QVERIFY(!check.allowed);
    QVERIFY(check.reason.contains("mem"));
    QVERIFY(!test::dragTo(canvas_.get(), mime.get(), centre(memTile)));
    // A red preview says why not.
    QVERIFY(pixelsOf(AiePalette::violation()) > 40);
    QCOMPARE(pixelsOf(AiePalette::legal()), 0);
    canvas_->grab().save(test::outputPath("drag_preview_refused.png"));
    QVERIFY(!test::dropAt(canvas_.get(), mime.get(), centre(memTile)));
    QVERIFY(!doc_->placement().placed(spare));
    QCOMPARE(doc_->undoStack()->count(), 0);
  }

  void browserDragCarriesTheCanvasMimeType() {
    DesignBrowser browser(doc_.get());
    QTreeWidgetItem* item = browser.unplacedItem(core("spare"));
    QVERIFY(item);
    // The tree's own mimeData() is what QDrag would carry.
    QTreeWidget* tree = browser.tree();
    tree->setCurrentItem(item);
    std::unique_ptr<QMimeData> mime(tree->model()->mimeData({tree->currentIndex()}));
    QVERIFY(mime);
    QVERIFY(mime->hasFormat(AieCanvas::kCoreMimeType));
    aie::TileCoord target{6, 5};
    QVERIFY(test::dragTo(canvas_.get(), mime.get(), centre(target)));
    QVERIFY(test::dropAt(canvas_.get(), mime.get(), centre(target)));
    TILE_EQ(doc_->placement().tile(core("spare")), target);
    // The browser's unplaced list follows the document.
    QVERIFY(!browser.unplacedItem(core("spare")));
  }

  void mouseDragMovesPlacedCore() {
    aie::TileCoord from = tileOf("filter");
    aie::TileCoord to{4, 4};
    QCOMPARE(canvas_->coreAt(centre(from)), core("filter"));
    test::mouseDrag(canvas_.get(), centre(from), centre(to));
    TILE_EQ(tileOf("filter"), to);
    QVERIFY(doc_->placement().coresAt(from).empty());
    QCOMPARE(doc_->undoStack()->count(), 1);
  }

  void mouseDragOntoOccupiedTileSwaps() {
    aie::TileCoord a = tileOf("thresh"), b = tileOf("color");
    test::mouseDrag(canvas_.get(), centre(a), centre(b));
    TILE_EQ(tileOf("thresh"), b);
    TILE_EQ(tileOf("color"), a);
    QCOMPARE(doc_->undoStack()->count(), 1);
    QVERIFY(doc_->undoStack()->undoText().startsWith("Swap"));
  }

  void undoRestoresAndRedoReapplies() {
    aie::Placement original = doc_->placement();
    test::mouseDrag(canvas_.get(), centre(tileOf("gray")), centre({5, 2}));
    aie::Placement moved = doc_->placement();
    QVERIFY(moved != original);
    doc_->setPinned({core("gray")}, true);
    QVERIFY(doc_->placement().pinned(core("gray")));
    QCOMPARE(doc_->undoStack()->count(), 2);

    doc_->undoStack()->undo();  // unpin
    QVERIFY(!doc_->placement().pinned(core("gray")));
    QCOMPARE(doc_->placement(), moved);
    doc_->undoStack()->undo();  // move
    QCOMPARE(doc_->placement(), original);
    QVERIFY(!doc_->modified());
    // The canvas draws the restored placement: gray is back under the mouse at its tile.
    QCOMPARE(canvas_->coreAt(centre(tileOf("gray"))), core("gray"));
    doc_->undoStack()->redo();
    QCOMPARE(doc_->placement(), moved);
  }

  void pinnedCoreIsNotMoved() {
    aie::CoreId shim = core("shim_in");
    QVERIFY(doc_->placement().pinned(shim));
    aie::TileCoord from = tileOf("shim_in");
    MoveCheck check = canvas_->previewDrop(shim, {4, 0});
    QVERIFY(!check.allowed);
    QVERIFY(check.reason.contains("pinned"));
    test::mouseDrag(canvas_.get(), centre(from), centre({4, 0}));
    TILE_EQ(tileOf("shim_in"), from);
    QCOMPARE(doc_->undoStack()->count(), 0);
  }

  void moveShowsQorChange() {
    // Moving "thresh" far away lengthens its nets: the estimate must say so before the drop.
    QSignalSpy messages(canvas_.get(), &AieCanvas::moveMessage);
    MoveCheck check = canvas_->previewDrop(core("thresh"), {7, 5});
    QVERIFY(check.allowed);
    QVERIFY(check.routeLengthAfter > check.routeLengthBefore);
    QVERIFY(messages.count() >= 1);
    QVERIFY(messages.last().first().toString().contains("route length"));
    canvas_->clearPreview();
  }

  void clickSelectsCoreAndHighlightsItsNets() {
    QSignalSpy spy(canvas_.get(), &AieCanvas::selectionChanged);
    test::click(canvas_.get(), centre(tileOf("gray")));
    QCOMPARE(spy.count(), 1);
    QCOMPARE(canvas_->selectedCores(), std::vector<aie::CoreId>{core("gray")});
    const AieScene& s = canvas_->scene();
    const aie::Design& d = doc_->design();
    for (const char* net : {"in1", "g2f", "g2s"}) QVERIFY(s.highlightedNets[d.findNet(net)]);
    QVERIFY(!s.highlightedNets[d.findNet("t2c")]);
    QVERIFY(s.neighbourCores[core("mem_in")]);
    QVERIFY(s.neighbourCores[core("filter")]);
    QVERIFY(!s.neighbourCores[core("color")]);
    // Ctrl-click adds a core; clicking an empty tile selects the tile instead.
    test::click(canvas_.get(), centre(tileOf("color")), Qt::ControlModifier);
    QCOMPARE(canvas_->selectedCores().size(), size_t(2));
    test::click(canvas_.get(), centre({6, 4}));
    QVERIFY(canvas_->selectedCores().empty());
    TILE_EQ(canvas_->selectedTile(), (aie::TileCoord{6, 4}));
  }

  void rubberBandSelectsCoresInside() {
    // From the empty tile (2,5) to the corner of (0,2): covers the four compute cores only.
    QRectF top = canvas_->view().toScreen(canvas_->scene().tileWorldRect({2, 5}));
    QRectF bottom = canvas_->view().toScreen(canvas_->scene().tileWorldRect({0, 2}));
    test::mouseDrag(canvas_.get(), top.center().toPoint(), (bottom.bottomLeft() + QPointF(2, -2)).toPoint());
    std::vector<aie::CoreId> sel = canvas_->selectedCores();
    std::sort(sel.begin(), sel.end());
    std::vector<aie::CoreId> want{core("gray"), core("filter"), core("thresh"), core("color")};
    std::sort(want.begin(), want.end());
    QCOMPARE(sel, want);
    QCOMPARE(doc_->undoStack()->count(), 0);  // a rubber band is not an edit
  }

  void wheelZoomKeepsPointUnderCursor() {
    QPoint at = centre({2, 3}) + QPoint(7, -5);
    QPointF before = canvas_->view().toWorld(at);
    double scale = canvas_->pixelsPerTile();
    QWheelEvent wheel(QPointF(at), QPointF(canvas_->mapToGlobal(at)), QPoint(), QPoint(0, 240), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(canvas_.get(), &wheel);
    QVERIFY(canvas_->pixelsPerTile() > scale * 1.2);
    QPointF after = canvas_->view().toWorld(at);
    QVERIFY(std::abs(after.x() - before.x()) < 1e-9 && std::abs(after.y() - before.y()) < 1e-9);
    canvas_->fitAll();
    QVERIFY(canvas_->visibleWorldRect().contains(QRectF(0, 0, 8, 6)));
  }

  void groupsLayerColoursCoresByGroup() {
    QString error;
    QVERIFY2(test::openOnCanvas("../../../samples/resnet_npu2.yaml", QSize(800, 600), doc_, canvas_, &error),
             qPrintable(error));
    AieLayers layers = canvas_->layers();
    layers.legend = false;  // its boxes would show the colours too
    canvas_->setLayers(layers);
    QCOMPARE(pixelsOf(AiePalette::group(0)), 0);
    layers.groups = true;
    canvas_->setLayers(layers);
    QVERIFY(pixelsOf(AiePalette::group(0)) > 40);  // block0's cores
    QVERIFY(pixelsOf(AiePalette::group(1)) > 40);  // block1's
    QVERIFY(AiePalette::group(0) != AiePalette::group(1));
  }

  void badFileGivesOneLineError() {
    QString error;
    QVERIFY(!doc_->open(test::dataPath("bad_design.yaml"), &error));
    QVERIFY2(error.contains("bad_design.yaml:5:"), qPrintable(error));
    QVERIFY(!error.contains('\n'));
    // The open design is kept.
    QCOMPARE(QString::fromStdString(doc_->design().name), QString("edge_small"));
    QVERIFY(!doc_->open(test::dataPath("no_such_file.yaml"), &error));
    QVERIFY(error.contains("no_such_file.yaml"));
  }
};

TS_WIDGET_TEST(AieCanvasTest)
#include "aie_canvas_test.moc"
