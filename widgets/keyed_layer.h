#pragma once
// A picture layer kept between frames and drawn again only when its inputs change: the
// caller lists every value that shapes the layer's pixels (a key), so a frame whose scene
// changed elsewhere (cores moved, nets rerouted) copies the layer instead of drawing it. A
// layer made of parts (tiles) redraws only the parts whose entries changed.
#include <QImage>
#include <QPainter>
#include <functional>
#include <vector>

namespace ts::ui {

class KeyedLayer {
 public:
  using Key = std::vector<quint64>;
  using Draw = std::function<void(QPainter&)>;
  /// Redraws the listed parts (indices from the key's `firstPart`); it clears them itself.
  using RedrawParts = std::function<void(QPainter&, const std::vector<size_t>& parts)>;
  /// Opaque layers are drawn over the kept pixels (the draw covers every pixel); the others
  /// on a transparent image.
  enum class Fill { Transparent, Opaque };
  explicit KeyedLayer(Fill fill = Fill::Transparent) : fill_(fill) {}

  /// The layer of `size` pixels for `key`; `draw` paints it when the kept one has another size
  /// or key. The key's entries from `firstPart` on are one per part (`firstPart` = key.size():
  /// no parts): when the size and the entries before `firstPart` are the same, only the changed
  /// parts are redrawn.
  const QImage& get(const QSize& size, const Key& key, size_t firstPart, const Draw& draw,
                    const RedrawParts& redrawParts);
  /// Forget the key (the next get() draws); the pixels' memory is kept for it.
  void clear() { key_.clear(); }
  /// Whole draws and part redraws since construction: how tests tell a copy from a redraw.
  int draws() const { return draws_; }
  int partRedraws() const { return partRedraws_; }

  /// A double's bits as a key entry (exact: no two views share an entry).
  static quint64 bits(double value);

 private:
  QImage image_;
  Key key_;
  Fill fill_;
  int draws_ = 0, partRedraws_ = 0;
};

}  // namespace ts::ui
