#pragma once
// Properties of the canvas selection (a core, several cores, a tile, or the design when nothing
// is selected) with links to related objects, a pin toggle and "unplace".
#include <QWidget>

class QCheckBox;
class QPushButton;
class QTextBrowser;
class QUrl;

namespace ts::ui {

class AieCanvas;
class AieDocument;

class InspectorView : public QWidget {
  Q_OBJECT
 public:
  InspectorView(AieDocument* document, AieCanvas* canvas, QWidget* parent = nullptr);

  /// The HTML currently shown (tests).
  QString html() const;
  /// Follows a link: "core:ID", "net:ID", "tile:C,R".
  void follow(const QString& link);

 private:
  void refresh();
  QString designHtml() const;
  QString coresHtml(const std::vector<int>& cores) const;
  QString tileHtml(int col, int row) const;

  AieDocument* doc_;
  AieCanvas* canvas_;
  QTextBrowser* text_;
  QCheckBox* pinned_;
  QPushButton* unplace_;
  QPushButton* zoom_;
  bool updating_ = false;
};

}  // namespace ts::ui
