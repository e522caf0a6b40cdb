#pragma once
// One run of an algorithm on a document, as the run history keeps it: what ran (algorithm,
// settings, seed, time limit, the placement it started from), how it ended (finished /
// stopped / failed and why, running time without pauses), its chart series and its result.
// The result is a per-kind payload (AIE placement and routing, WSE layout) behind
// the small RunPayload interface, so the history, its sidecar file and the compare window do
// not depend on the problem kind.
#include <QColor>
#include <QDateTime>
#include <QMap>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <QVector>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <vector>

#include "engine/core/params.h"

namespace ts::ui {

enum class RunEnd { Finished, Stopped, Failed };
const char* toString(RunEnd end);
bool parseRunEnd(const std::string& text, RunEnd* end);

/// A column of the run table and the compare window's metrics table.
struct MetricColumn {
  enum class Better { Lower, Higher, None };
  QString key;    ///< stable id ("route_length")
  QString title;  ///< header ("route length")
  QString tip;    ///< what it is, and which way is better
  Better better = Better::Lower;
  int decimals = 0;
  bool yesNo = false;  ///< 1 / 0 shown as "yes" / "no" (success, legal)
};

/// A run's result for one problem kind.
class RunPayload {
 public:
  virtual ~RunPayload() = default;
  /// "aie" or "wse": which reader and compare support handle it.
  virtual QString kind() const = 0;
  /// Value of a metric column of this kind (NaN: not applicable, e.g. no MILP gap).
  virtual double metric(const QString& key) const = 0;
  /// One line for lists and logs.
  virtual QString summary() const = 0;
  virtual nlohmann::json toJson() const = 0;
};

/// Reads a kind's payloads back from the sidecar file; knows the document they belong to.
class RunPayloadReader {
 public:
  virtual ~RunPayloadReader() = default;
  virtual QString kind() const = 0;
  /// Throws core::Error with a one-line reason when the JSON does not fit the document.
  virtual std::shared_ptr<const RunPayload> read(const nlohmann::json& json) const = 0;
};

struct RunRecord {
  int id = 0;              ///< 1, 2, ... in the order the runs started; never reused in a history
  QString kind;            ///< payload kind ("aie")
  QString algorithm;       ///< stable id: "place/sa", "flow/sa+milp"
  QString algorithmLabel;  ///< "Place: sa"
  QString name;            ///< what the user called it (presets: "SA+BBCG"); empty: the label
  core::ParamValues settings;
  uint64_t seed = 1;
  double timeLimit = 0;  ///< seconds, 0 = none
  /// Id of the run whose result it started from; 0 = "manual" (the document's own state),
  /// kStartScratch = from nothing (no complete start layout).
  int startRun = 0;
  static constexpr int kStartScratch = -1;
  RunEnd end = RunEnd::Finished;
  bool success = false;
  QString status;  ///< the algorithm's word ("placed", "time-out", ...)
  QStringList reasons;
  double seconds = 0;        ///< running time, pauses excluded
  double pausedSeconds = 0;  ///< time spent paused (not in `seconds`)
  QDateTime started;
  int colour = 0;                          ///< index into runColour(): the run's colour everywhere
  QMap<QString, QVector<QPointF>> series;  ///< chart term -> (seconds, value)
  std::shared_ptr<const RunPayload> payload;

  /// "#3 SA+BBCG" / "#3 Place: sa".
  QString title() const;
  /// "manual", "run #2" or "scratch".
  QString startText() const;
  /// "finished", "stopped", "failed: reason".
  QString endText() const;
};

/// Stable, distinguishable colours for runs (canvas frame, table row, chart series).
QColor runColour(int index);

/// Serialisation of everything but the payload (written by the history next to it).
nlohmann::json recordToJson(const RunRecord& record);
/// Throws core::Error on a malformed record; the payload is left empty.
RunRecord recordFromJson(const nlohmann::json& json);

}  // namespace ts::ui
