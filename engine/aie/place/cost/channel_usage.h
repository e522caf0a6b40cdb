#pragma once
// Expected use of the stream network's channel segments by one connection, assuming every
// shortest route between its ends is equally likely (the paper's Fig. 4). A channel segment is
// the group of parallel links leaving a tile in one direction. The probabilities are exact: the
// number of shortest routes through a link divided by the number of shortest routes, counted on
// the real link graph (memory tiles have no east/west links, so some boxes have holes; when no
// monotone route exists in the box at all, the counting runs over the whole array).
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/aie/device.h"

namespace ts::aie {

/// One connection's expected use in fixed-point units on the smallest rectangle of tiles that
/// holds it. With row bins (ChannelUsage's rowsPerBin > 1) its rows are bins: each value is the
/// sum of the connection's use of that direction's segments over the bin's rows in that column. Columns are relative to
/// an anchor column (the source's), so one pattern serves every shift of a box.
///
/// Laid out by direction: a shortest route goes only one way across and one way up or down, so
/// a connection uses two of the four directions. Each row holds, for each direction the pattern
/// uses (`dirs`, a bit per Direction, in Direction order), a lane of span() values (one per tile
/// column, padded with zeros to a multiple of four), so that adding it to a usage array laid out
/// the same way (row, direction, column) is one contiguous loop per lane. Fewer values than four
/// directions per tile (on CRONet's moves, two thirds), so fewer bytes read from the (large,
/// rarely cached) pattern store; large arrays gain most. The padding values are zeros: adding
/// them past a lane's end changes nothing.
///
/// A small value type: the cost keeps a copy per connection, so that reading a pattern's shape
/// costs no trip to the pattern store; only its values live there.
///
/// Values are 16 bits: much of a move's time goes into reading patterns from the outer caches,
/// and half the bytes made CRONet's SA+BBCG moves 1.26x faster. A unit per net of at most 65535
/// (unitsPerNet) keeps them in range.
using PatternValue = uint16_t;

struct PatternRef {
  const PatternValue* values = nullptr;  ///< rows x lanes() x span()
  int16_t firstRow = 0, rows = 0;        ///< absolute rows (bins) firstRow .. firstRow + rows - 1
  int16_t col0 = 0, tiles = 0;           ///< columns anchor + col0 .. anchor + col0 + tiles - 1
  uint8_t dirs = 0;                      ///< a bit per Direction with a lane in every row

  bool empty() const { return rows == 0; }
  /// The same values on the same rows, columns and directions (patterns at other heights may
  /// share values).
  bool operator==(const PatternRef& o) const {
    return values == o.values && firstRow == o.firstRow && rows == o.rows && col0 == o.col0 && tiles == o.tiles &&
           dirs == o.dirs;
  }
  int lanes() const { return __builtin_popcount(dirs); }
  int span() const { return (tiles + 3) & ~3; }   ///< values per lane
  int width() const { return lanes() * span(); }  ///< values per row
  int size() const { return rows * width(); }
  /// Index in values of the tile `t` columns right of col0 on row r (0 = firstRow), direction
  /// d (which must be in dirs).
  int index(int r, int t, int d) const {
    return (r * lanes() + __builtin_popcount(dirs & ((1u << d) - 1))) * span() + t;
  }
};

class ChannelUsage {
 public:
  /// `unitsPerNet`: fixed-point units of one expected net (see unitsPerNet()). `rowsPerBin` > 1
  /// counts use and capacity on bins of up to that many adjacent array rows of the same kind
  /// (bottom up), a coarser grid with fewer, shorter passes per pattern.
  ChannelUsage(const Device& device, int32_t unitsPerNet, int rowsPerBin = 1);

  /// Units per expected net for a design of `nets` nets: 50000 (fits a PatternValue, and counts
  /// halves, fifths, eighths and tenths exactly), divided by `rowsPerBin` (a connection may use a
  /// segment of each of a bin's rows), coarser for designs so large that a segment's total
  /// could overflow 32 bits.
  static int32_t unitsPerNet(int nets, int rowsPerBin = 1);

  static int segment(int tile, Direction d) { return tile * 4 + int(d); }
  int segmentCount() const { return int(capacity_.size()); }
  /// Links in the segment (0 where there is no neighbour or no link).
  int capacity(int segment) const { return capacity_[size_t(segment)]; }
  int32_t units() const { return units_; }
  /// The largest pattern value: a net's certain use of every segment of a bin.
  int32_t maxValue() const { return units_ * rowsPerBin_; }
  /// Rows of the usage grid (bins; the array's rows without binning) and the bin of an array row.
  int bins() const { return bins_; }
  int binOf(int row) const { return binOf_[size_t(row)]; }

  /// Probability that a uniformly chosen shortest route from -> to (tile indices) uses each
  /// segment; nothing when from == to or when `to` cannot be reached. `viaWholeArray`, when
  /// given, says whether the routes had to leave the box (no monotone route inside it).
  void connection(int fromTile, int toTile, std::vector<std::pair<int, double>>& out,
                  bool* viaWholeArray = nullptr) const;
  /// connection() rounded to units, anchored at the source's column (see PatternRef); its values stay valid for
  /// this object's life (per-pair patterns: until trimPairCache drops them). On arrays whose
  /// links are the same along every row (all presets) a box's probabilities depend only on its
  /// rows and signed width, so patterns are shared by every shift of a box; routes that leave
  /// the box (and other arrays) are cached per pair.
  PatternRef pattern(int fromTile, int toTile);
  /// Whether patterns are shared by every shift of a box (the array's links are alike along each
  /// row); otherwise each pair has its own.
  bool sharesShapes() const { return rowUniform_; }
  /// Values held by the per-pair cache, and a way to bound it: drops every pair pattern except
  /// those whose values are in `keep` (patterns still referenced by the caller).
  size_t pairCacheValues() const { return pairValues_; }
  void trimPairCache(const std::vector<const PatternValue*>& keep);

 private:
  bool link(int tile, Direction d) const { return capacity_[size_t(segment(tile, d))] > 0; }
  /// byShape_'s index of the box from source row sr to target row tr, dc columns across.
  size_t shapeKey(int sr, int tr, int dc) const {
    return (size_t(sr) * size_t(rows_) + size_t(tr)) * size_t(2 * columns_ - 1) + size_t(dc + columns_ - 1);
  }
  void wholeArray(int fromTile, int toTile, std::vector<std::pair<int, double>>& out) const;
  /// The pattern of from -> to: its shape, and its values in `values`.
  PatternRef build(int fromTile, int toTile, std::vector<PatternValue>& values, bool* viaWholeArray);
  /// Room for `n` values that never moves (shape patterns are kept side by side in blocks).
  PatternValue* allocate(size_t n);

  const Device* device_;
  int columns_ = 0, rows_ = 0;
  int32_t units_ = 0;
  int rowsPerBin_ = 1, bins_ = 0;
  std::vector<int> binOf_;  // per array row
  std::vector<int> capacity_;
  std::vector<int> rowOf_, colOf_;  // per tile index (no divisions on the hot path)
  bool rowUniform_ = false;
  // Shift-invariant patterns by (source row, target row, signed width); shapeState_ says
  // whether a shape is built, and marks shapes whose routes leave the box (those go to the pair
  // cache).
  enum ShapeState : char { kUnknown, kBuilt, kLeavesBox };
  std::vector<PatternRef> byShape_;
  std::vector<char> shapeState_;
  std::vector<int> canonicalRow_;  // per (source row, target row): the source row holding the values
  std::vector<std::unique_ptr<PatternValue[]>> blocks_;
  size_t blockUsed_ = 0, blockSize_ = 0;
  struct PairPattern {
    PatternRef ref;
    std::vector<PatternValue> values;
  };
  std::unordered_map<int64_t, PairPattern> byPair_;  // nodes never move: their values stay put
  size_t pairValues_ = 0;
  std::vector<std::pair<int, double>> scratch_;
  std::vector<PatternValue> buildValues_;
};

}  // namespace ts::aie
