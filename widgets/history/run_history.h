#pragma once
// The runs made on one document, as a table model for the history dock, kept in a sidecar file
// next to the document ("design.yaml" -> "design.tsruns.json", written atomically after every
// change) and read back when the document is opened again. Payloads are read by the reader of
// their kind; records of a kind without a reader are kept as they are and written back.
#include <QAbstractTableModel>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <vector>

#include "widgets/history/run_record.h"

namespace ts::ui {

class RunHistory : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Column { TitleColumn, StartColumn, EndColumn, TimeColumn, ResultColumn, ColumnCount };
  static constexpr int kIdRole = Qt::UserRole + 1;

  explicit RunHistory(QObject* parent = nullptr);
  ~RunHistory() override;

  /// "dir/name.ext" -> "dir/name.tsruns.json"; empty for an empty path.
  static QString sidecarPath(const QString& documentPath);

  void addReader(std::unique_ptr<RunPayloadReader> reader);
  /// Forgets all runs and binds to a document: `identity` names what the runs belong to (its
  /// "fingerprint" must match for a sidecar to be read); `sidecar` may be empty (not saved).
  void reset(const QString& sidecar, nlohmann::json identity);
  QString sidecar() const { return sidecar_; }
  /// What the runs belong to (as given to reset()).
  const nlohmann::json& identity() const { return identity_; }
  /// Moves to another sidecar (the document was saved elsewhere) and writes it there.
  bool moveTo(const QString& sidecar, QString* error);

  /// Reads the sidecar. False when there is none; `warning` names runs or files left out.
  bool load(QString* warning);
  /// Writes the sidecar (no-op without one); false and `error` when it cannot be written.
  bool save(QString* error) const;

  /// The id the next run gets (and its colour).
  int nextId() const { return nextId_; }
  /// Takes the next id for a run that is starting now (its colour is fixed from the start).
  int reserveId() { return nextId_++; }
  /// Adds a finished run (its id must be nextId() or unused) and saves.
  void add(RunRecord record);
  bool remove(int id);
  const RunRecord* find(int id) const;
  const std::vector<RunRecord>& records() const { return records_; }
  int count() const { return int(records_.size()); }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 signals:
  /// A run was added (after it is in the model).
  void added(int id);
  void removed(int id);
  /// Saving failed (the run stays in memory).
  void saveFailed(const QString& error);

 private:
  void saveOrReport();

  std::map<QString, std::unique_ptr<RunPayloadReader>> readers_;
  std::vector<RunRecord> records_;
  std::vector<nlohmann::json> foreign_;  ///< records of kinds without a reader, kept verbatim
  QString sidecar_;
  nlohmann::json identity_;
  int nextId_ = 1;
};

}  // namespace ts::ui
