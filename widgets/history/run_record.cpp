#include "widgets/history/run_record.h"

#include <nlohmann/json.hpp>

#include "engine/core/error.h"

namespace ts::ui {

const char* toString(RunEnd end) {
  switch (end) {
    case RunEnd::Finished:
      return "finished";
    case RunEnd::Stopped:
      return "stopped";
    case RunEnd::Failed:
      return "failed";
  }
  return "?";
}

bool parseRunEnd(const std::string& text, RunEnd* end) {
  for (RunEnd e : {RunEnd::Finished, RunEnd::Stopped, RunEnd::Failed})
    if (text == toString(e)) {
      *end = e;
      return true;
    }
  return false;
}

QString RunRecord::title() const {
  return QStringLiteral("#%1 %2").arg(id).arg(name.isEmpty() ? algorithmLabel : name);
}

QString RunRecord::startText() const {
  if (startRun == kStartScratch) return QStringLiteral("scratch");
  return startRun > 0 ? QStringLiteral("run #%1").arg(startRun) : QStringLiteral("manual");
}

QString RunRecord::endText() const {
  QString s = QString::fromLatin1(toString(end));
  if (end == RunEnd::Failed && !reasons.isEmpty()) s += QStringLiteral(": ") + reasons.front();
  return s;
}

QColor runColour(int index) {
  // Tableau 10: distinguishable on white and on the canvas's light tiles.
  static const QColor colours[] = {QColor(0x4e, 0x79, 0xa7), QColor(0xf2, 0x8e, 0x2b), QColor(0xe1, 0x57, 0x59),
                                   QColor(0x76, 0xb7, 0xb2), QColor(0x59, 0xa1, 0x4f), QColor(0xed, 0xc9, 0x48),
                                   QColor(0xb0, 0x7a, 0xa1), QColor(0xff, 0x9d, 0xa7), QColor(0x9c, 0x75, 0x5f),
                                   QColor(0xba, 0xb0, 0xac)};
  constexpr int n = int(sizeof(colours) / sizeof(colours[0]));
  return colours[((index % n) + n) % n];
}

nlohmann::json recordToJson(const RunRecord& r) {
  nlohmann::json series = nlohmann::json::object();
  for (auto it = r.series.begin(); it != r.series.end(); ++it) {
    nlohmann::json points = nlohmann::json::array();
    for (const QPointF& p : it.value()) points.push_back({p.x(), p.y()});
    series[it.key().toStdString()] = points;
  }
  nlohmann::json reasons = nlohmann::json::array();
  for (const QString& s : r.reasons) reasons.push_back(s.toStdString());
  return {{"id", r.id},
          {"kind", r.kind.toStdString()},
          {"algorithm", r.algorithm.toStdString()},
          {"label", r.algorithmLabel.toStdString()},
          {"name", r.name.toStdString()},
          {"settings", r.settings},
          {"seed", r.seed},
          {"time_limit", r.timeLimit},
          {"start_run", r.startRun},
          {"end", toString(r.end)},
          {"success", r.success},
          {"status", r.status.toStdString()},
          {"reasons", reasons},
          {"seconds", r.seconds},
          {"paused_seconds", r.pausedSeconds},
          {"started", r.started.toString(Qt::ISODateWithMs).toStdString()},
          {"colour", r.colour},
          {"series", series}};
}

RunRecord recordFromJson(const nlohmann::json& j) {
  RunRecord r;
  try {
    r.id = j.at("id").get<int>();
    r.kind = QString::fromStdString(j.at("kind").get<std::string>());
    r.algorithm = QString::fromStdString(j.at("algorithm").get<std::string>());
    r.algorithmLabel = QString::fromStdString(j.value("label", r.algorithm.toStdString()));
    r.name = QString::fromStdString(j.value("name", std::string()));
    r.settings = j.value("settings", core::ParamValues{});
    r.seed = j.value("seed", uint64_t(1));
    r.timeLimit = j.value("time_limit", 0.0);
    r.startRun = j.value("start_run", 0);
    if (!parseRunEnd(j.value("end", std::string("finished")), &r.end))
      throw core::Error("unknown end '" + j.value("end", std::string()) + "'");
    r.success = j.value("success", false);
    r.status = QString::fromStdString(j.value("status", std::string()));
    for (const auto& s : j.value("reasons", nlohmann::json::array())) r.reasons << QString::fromStdString(s);
    r.seconds = j.value("seconds", 0.0);
    r.pausedSeconds = j.value("paused_seconds", 0.0);
    r.started = QDateTime::fromString(QString::fromStdString(j.value("started", std::string())), Qt::ISODateWithMs);
    r.colour = j.value("colour", r.id - 1);
    const nlohmann::json series = j.value("series", nlohmann::json::object());
    for (const auto& [term, points] : series.items()) {
      QVector<QPointF> v;
      v.reserve(int(points.size()));
      for (const auto& p : points) v.append(QPointF(p.at(0).get<double>(), p.at(1).get<double>()));
      r.series.insert(QString::fromStdString(term), v);
    }
  } catch (const nlohmann::json::exception& e) {
    throw core::Error(std::string("malformed run record: ") + e.what());
  }
  if (r.id <= 0) throw core::Error("malformed run record: id must be positive");
  return r;
}

}  // namespace ts::ui
