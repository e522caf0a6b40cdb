#include "widgets/history/run_history.h"

#include <QBrush>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include "engine/core/atomic_file.h"
#include "engine/core/error.h"
#include "engine/core/json_text.h"

namespace ts::ui {

namespace {
constexpr const char* kFormat = "tilestudio-runs";
constexpr int kVersion = 1;

QString seconds(double s) {
  return s < 10 ? QString::number(s, 'f', 2) + " s" : QString::number(s, 'f', 1) + " s";
}
}  // namespace

RunHistory::RunHistory(QObject* parent) : QAbstractTableModel(parent) {}
RunHistory::~RunHistory() = default;

QString RunHistory::sidecarPath(const QString& documentPath) {
  if (documentPath.isEmpty()) return {};
  QFileInfo fi(documentPath);
  return fi.absoluteDir().filePath(fi.completeBaseName() + ".tsruns.json");
}

void RunHistory::addReader(std::unique_ptr<RunPayloadReader> reader) {
  QString kind = reader->kind();
  readers_[kind] = std::move(reader);
}

void RunHistory::reset(const QString& sidecar, nlohmann::json identity) {
  beginResetModel();
  records_.clear();
  foreign_.clear();
  sidecar_ = sidecar;
  identity_ = std::move(identity);
  nextId_ = 1;
  endResetModel();
}

bool RunHistory::moveTo(const QString& sidecar, QString* error) {
  if (sidecar == sidecar_) return true;
  sidecar_ = sidecar;
  return save(error);
}

bool RunHistory::load(QString* warning) {
  if (sidecar_.isEmpty() || !QFileInfo::exists(sidecar_)) return false;
  QStringList problems;
  std::vector<RunRecord> loaded;
  std::vector<nlohmann::json> foreign;
  int maxId = 0;
  try {
    nlohmann::json j = core::readJsonFile(sidecar_.toStdString());
    if (j.value("format", std::string()) != kFormat) throw core::Error("not a TileStudio run history");
    if (j.value("version", 0) > kVersion) throw core::Error("written by a newer TileStudio");
    std::string want = identity_.value("fingerprint", std::string());
    std::string have = j.value("document", nlohmann::json::object()).value("fingerprint", std::string());
    if (!want.empty() && have != want) {
      // Runs of another version of the design: keep the file aside rather than overwrite it.
      QString aside = sidecar_ + ".old";
      QFile::remove(aside);
      QFile::rename(sidecar_, aside);
      if (warning)
        *warning = tr("%1 was written for another version of this design; moved it to %2")
                       .arg(QFileInfo(sidecar_).fileName(), QFileInfo(aside).fileName());
      return false;
    }
    for (const auto& item : j.value("runs", nlohmann::json::array())) {
      try {
        RunRecord r = recordFromJson(item);
        maxId = std::max(maxId, r.id);
        auto reader = readers_.find(r.kind);
        if (reader == readers_.end()) {
          foreign.push_back(item);
          continue;
        }
        r.payload = reader->second->read(item.at("result"));
        loaded.push_back(std::move(r));
      } catch (const std::exception& e) {
        problems << tr("run %1 left out: %2").arg(item.value("id", 0)).arg(QString::fromUtf8(e.what()));
      }
    }
  } catch (const std::exception& e) {
    // Set aside, so that the next run's save cannot overwrite what may still be the user's runs.
    QString aside = sidecar_ + ".unreadable";
    QFile::remove(aside);
    const bool moved = QFile::rename(sidecar_, aside);
    if (warning)
      *warning = tr("cannot read %1: %2%3")
                     .arg(sidecar_, QString::fromUtf8(e.what()),
                          moved ? tr("; kept it as %1").arg(QFileInfo(aside).fileName()) : QString());
    return false;
  }
  beginResetModel();
  records_ = std::move(loaded);
  foreign_ = std::move(foreign);
  nextId_ = maxId + 1;
  endResetModel();
  if (warning) *warning = problems.join("; ");
  return true;
}

bool RunHistory::save(QString* error) const {
  if (sidecar_.isEmpty()) return true;
  nlohmann::json runs = nlohmann::json::array();
  for (const RunRecord& r : records_) {
    nlohmann::json item = recordToJson(r);
    item["result"] = r.payload ? r.payload->toJson() : nlohmann::json();
    runs.push_back(std::move(item));
  }
  for (const auto& item : foreign_) runs.push_back(item);
  nlohmann::json out{{"format", kFormat}, {"version", kVersion}, {"document", identity_}, {"runs", runs}};
  try {
    // A document without runs leaves no file behind (and removes an emptied one).
    if (records_.empty() && foreign_.empty()) {
      if (QFileInfo::exists(sidecar_) && !QFile::remove(sidecar_))
        throw core::Error("cannot remove " + sidecar_.toStdString());
      return true;
    }
    core::writeFileAtomically(sidecar_.toStdString(), out.dump(1) + "\n");
  } catch (const std::exception& e) {
    if (error) *error = QString::fromUtf8(e.what());
    return false;
  }
  return true;
}

void RunHistory::saveOrReport() {
  QString error;
  if (!save(&error)) emit saveFailed(error);
}

void RunHistory::add(RunRecord record) {
  if (record.id <= 0 || find(record.id)) record.id = nextId_;
  nextId_ = std::max(nextId_, record.id + 1);
  int row = int(records_.size());
  beginInsertRows({}, row, row);
  records_.push_back(std::move(record));
  endInsertRows();
  saveOrReport();
  emit added(records_.back().id);
}

bool RunHistory::remove(int id) {
  for (size_t i = 0; i < records_.size(); ++i) {
    if (records_[i].id != id) continue;
    beginRemoveRows({}, int(i), int(i));
    records_.erase(records_.begin() + long(i));
    endRemoveRows();
    saveOrReport();
    emit removed(id);
    return true;
  }
  return false;
}

const RunRecord* RunHistory::find(int id) const {
  for (const RunRecord& r : records_)
    if (r.id == id) return &r;
  return nullptr;
}

int RunHistory::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : int(records_.size());
}

int RunHistory::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunHistory::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= int(records_.size())) return {};
  const RunRecord& r = records_[size_t(index.row())];
  if (role == kIdRole) return r.id;
  if (role == Qt::DecorationRole && index.column() == TitleColumn) return runColour(r.colour);
  if (role == Qt::ForegroundRole && index.column() == EndColumn)
    return QBrush(r.end == RunEnd::Failed    ? QColor(0xc6, 0x28, 0x28)
                  : r.end == RunEnd::Stopped ? QColor(0x8d, 0x6e, 0x00)
                                             : QColor(0x2e, 0x7d, 0x32));
  if (role == Qt::ToolTipRole) {
    QString settings;
    for (const auto& [k, v] : r.settings)
      settings += QStringLiteral("<br>%1 = %2").arg(QString::fromStdString(k), QString::fromStdString(v));
    QString reasons =
        r.reasons.isEmpty() ? QString() : QStringLiteral("<br>• ") + r.reasons.join("<br>• ").toHtmlEscaped();
    return QStringLiteral("<b>%1</b> (%2)<br>seed %3 · time limit %4 · started from %5<br>%6 after %7%8%9%10")
        .arg(r.title().toHtmlEscaped(), r.algorithm)
        .arg(r.seed)
        .arg(r.timeLimit > 0 ? seconds(r.timeLimit) : tr("none"), r.startText(), r.endText().toHtmlEscaped(),
             seconds(r.seconds),
             r.pausedSeconds > 0 ? tr(" (pauses of %1 not counted)").arg(seconds(r.pausedSeconds)) : QString(), reasons,
             settings.isEmpty() ? QString() : tr("<br><i>settings</i>") + settings);
  }
  if (role != Qt::DisplayRole) return {};
  switch (index.column()) {
    case TitleColumn:
      return r.title();
    case StartColumn:
      return tr("seed %1, from %2").arg(r.seed).arg(r.startText());
    case EndColumn:
      return QString::fromLatin1(toString(r.end)) +
             (r.end == RunEnd::Finished && !r.success ? tr(" (no success)") : QString());
    case TimeColumn:
      return seconds(r.seconds);
    case ResultColumn:
      return r.payload ? r.payload->summary() : QString();
  }
  return {};
}

QVariant RunHistory::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case TitleColumn:
      return tr("Run");
    case StartColumn:
      return tr("Start");
    case EndColumn:
      return tr("End");
    case TimeColumn:
      return tr("Time");
    case ResultColumn:
      return tr("Result");
  }
  return {};
}

}  // namespace ts::ui
