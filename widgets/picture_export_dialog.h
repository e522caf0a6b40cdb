#pragma once
// Options of a picture export: the file, the whole array or the visible part, and the size of
// a tile in pixels (the picture does not depend on the zoom on screen). Shows the resulting
// picture size as the options change.
#include <QDialog>

class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QRadioButton;

namespace ts::ui {

class GridCanvas;

class PictureExportDialog : public QDialog {
  Q_OBJECT
 public:
  /// Readable names and coordinates at 100 % in a viewer.
  static constexpr double kDefaultPixelsPerTile = 64;

  PictureExportDialog(const GridCanvas* canvas, bool whole, const QString& suggestedPath, double pixelsPerTile,
                      QWidget* parent = nullptr);

  QString path() const;
  bool whole() const;
  double pixelsPerTile() const;

 private:
  void updateSize();

  const GridCanvas* canvas_;
  QLineEdit* path_;
  QRadioButton *whole_, *visible_;
  QDoubleSpinBox* tile_;
  QLabel* size_;
};

}  // namespace ts::ui
