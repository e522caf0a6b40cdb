#include "widgets/image_export.h"

#include <QBuffer>
#include <QFileInfo>
#include <QSvgGenerator>
#include <algorithm>
#include <cmath>

#include "engine/core/atomic_file.h"
#include "engine/core/error.h"

namespace ts::ui {

WholeSceneLayout wholeSceneLayout(const ScenePainter& scene, double pixelsPerTile, double margin, int maxSide) {
  QSizeF world = scene.worldSize();
  double longest = std::max(world.width(), world.height());
  double usable = std::max(1.0, maxSide - 2 * margin);
  double scale = std::min(pixelsPerTile, usable / std::max(1e-6, longest));
  WholeSceneLayout out;
  out.size = QSize(int(std::ceil(world.width() * scale + 2 * margin)),
                   int(std::ceil(world.height() * scale + 2 * margin + scene.footerHeight())));
  out.view.scale = scale;
  out.view.offset = QPointF(margin, margin);
  return out;
}

QImage renderScene(const ScenePainter& scene, const ViewTransform& view, const QSize& size) {
  QImage image(size, QImage::Format_ARGB32_Premultiplied);
  image.fill(Qt::white);
  QPainter painter(&image);
  scene.paint(painter, view, QRectF(QPointF(0, 0), QSizeF(size)));
  painter.end();
  return image;
}

void savePng(const QImage& image, const QString& path) {
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  if (!image.save(&buffer, "PNG")) throw core::Error("cannot encode PNG for " + path.toStdString());
  core::writeFileAtomically(path.toStdString(), std::string(bytes.constData(), size_t(bytes.size())));
}

void saveScene(const ScenePainter& scene, const ViewTransform& view, const QSize& size, const QString& path,
               const QString& title) {
  QString suffix = QFileInfo(path).suffix().toLower();
  if (suffix == "png") {
    savePng(renderScene(scene, view, size), path);
    return;
  }
  if (suffix != "svg")
    throw core::Error(path.toStdString() + ": unknown picture format '" + suffix.toStdString() +
                      "' (expected .png or .svg)");
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  QSvgGenerator svg;
  svg.setOutputDevice(&buffer);
  svg.setSize(size);
  svg.setViewBox(QRect(QPoint(0, 0), size));
  svg.setTitle(title.isEmpty() ? QStringLiteral("TileStudio") : title);
  svg.setDescription(QStringLiteral("Drawn by TileStudio"));
  {
    QPainter painter(&svg);
    scene.paint(painter, view, QRectF(QPointF(0, 0), QSizeF(size)));
  }
  core::writeFileAtomically(path.toStdString(), std::string(bytes.constData(), size_t(bytes.size())));
}

QImage renderWholeScene(const ScenePainter& scene, double pixelsPerTile) {
  WholeSceneLayout l = wholeSceneLayout(scene, pixelsPerTile, kExportMargin);
  return renderScene(scene, l.view, l.size);
}

void saveWholeScene(const ScenePainter& scene, const QString& path, double pixelsPerTile) {
  WholeSceneLayout l = wholeSceneLayout(scene, pixelsPerTile, kExportMargin);
  saveScene(scene, l.view, l.size, path, QFileInfo(path).completeBaseName());
}

}  // namespace ts::ui
