#pragma once
// Pictures of a scene as PNG or SVG: the whole fabric at a chosen tile size, or a given view.
// Files are written atomically (a failed export never leaves a partial file).
#include <QImage>
#include <QSize>
#include <QString>

#include "widgets/scene_painter.h"

namespace ts::ui {

/// Margin around whole-fabric pictures (GUI export and CLI render use the same).
constexpr double kExportMargin = 16;

struct WholeSceneLayout {
  ViewTransform view;
  QSize size;
};

/// Transform and image size that show the whole scene at `pixelsPerTile` with a margin.
/// The size is capped at `maxSide` pixels per side (the tile size shrinks to fit).
WholeSceneLayout wholeSceneLayout(const ScenePainter& scene, double pixelsPerTile, double margin, int maxSide = 16000);

/// Paints the scene into a new ARGB image.
QImage renderScene(const ScenePainter& scene, const ViewTransform& view, const QSize& size);

/// Writes the scene to `path`: .png (raster) or .svg (vector). Throws core::Error with a
/// one-line message on an unknown extension or a write failure.
void saveScene(const ScenePainter& scene, const ViewTransform& view, const QSize& size, const QString& path,
               const QString& title = {});

/// The whole scene at `pixelsPerTile` (with kExportMargin), as whole-fabric exports and
/// `tilestudio-cli render` draw it: an image, or a .png/.svg file titled after its name.
QImage renderWholeScene(const ScenePainter& scene, double pixelsPerTile);
void saveWholeScene(const ScenePainter& scene, const QString& path, double pixelsPerTile);

/// Writes an image as PNG atomically; throws core::Error on failure.
void savePng(const QImage& image, const QString& path);

}  // namespace ts::ui
