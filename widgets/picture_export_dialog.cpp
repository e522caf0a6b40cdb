#include "widgets/picture_export_dialog.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

#include "widgets/grid_canvas.h"

namespace ts::ui {

PictureExportDialog::PictureExportDialog(const GridCanvas* canvas, bool whole, const QString& suggestedPath,
                                         double pixelsPerTile, QWidget* parent)
    : QDialog(parent), canvas_(canvas) {
  setWindowTitle(tr("Export picture"));
  auto* form = new QFormLayout();
  auto* fileRow = new QHBoxLayout();
  path_ = new QLineEdit(suggestedPath, this);
  path_->setMinimumWidth(380);
  auto* browse = new QPushButton(tr("Browse…"), this);
  fileRow->addWidget(path_, 1);
  fileRow->addWidget(browse);
  form->addRow(tr("File (.png or .svg)"), fileRow);
  whole_ = new QRadioButton(tr("Whole array"), this);
  visible_ = new QRadioButton(tr("Visible part"), this);
  (whole ? whole_ : visible_)->setChecked(true);
  auto* scope = new QHBoxLayout();
  scope->addWidget(whole_);
  scope->addWidget(visible_);
  scope->addStretch(1);
  form->addRow(tr("Show"), scope);
  tile_ = new QDoubleSpinBox(this);
  tile_->setRange(4, 400);
  tile_->setDecimals(0);
  tile_->setSuffix(tr(" px per tile"));
  tile_->setValue(pixelsPerTile > 0 ? pixelsPerTile : kDefaultPixelsPerTile);
  tile_->setToolTip(tr("Size of one tile in the picture; %1 px shows core names and coordinates readably at 100 %")
                        .arg(kDefaultPixelsPerTile));
  form->addRow(tr("Tile size"), tile_);
  size_ = new QLabel(this);
  form->addRow(tr("Picture"), size_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addWidget(buttons);

  connect(browse, &QPushButton::clicked, this, [this] {
    QString p = QFileDialog::getSaveFileName(this, tr("Export picture"), path_->text(),
                                             tr("PNG image (*.png);;SVG drawing (*.svg)"));
    if (!p.isEmpty()) path_->setText(p);
  });
  connect(whole_, &QRadioButton::toggled, this, &PictureExportDialog::updateSize);
  connect(tile_, qOverload<double>(&QDoubleSpinBox::valueChanged), this, &PictureExportDialog::updateSize);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  updateSize();
}

QString PictureExportDialog::path() const {
  return path_->text().trimmed();
}

bool PictureExportDialog::whole() const {
  return whole_->isChecked();
}

double PictureExportDialog::pixelsPerTile() const {
  return tile_->value();
}

void PictureExportDialog::updateSize() {
  QSize s = canvas_->exportSize(whole(), pixelsPerTile());
  size_->setText(tr("%1 × %2 px").arg(s.width()).arg(s.height()));
}

}  // namespace ts::ui
