#pragma once
// A one-line label for text of any length (a run's failure reason, say): it never asks for more
// width than its layout gives, cuts the text with an ellipsis where it does not fit and shows
// the whole text as its tooltip.
#include <QLabel>

namespace ts::ui {

class ElidedLabel : public QLabel {
  Q_OBJECT
 public:
  explicit ElidedLabel(QWidget* parent = nullptr);
  void setFullText(const QString& text);
  const QString& fullText() const { return full_; }
  QSize minimumSizeHint() const override;
  QSize sizeHint() const override;

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  void elide();
  QString full_;
};

}  // namespace ts::ui
