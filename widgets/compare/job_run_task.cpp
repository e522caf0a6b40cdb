#include "widgets/compare/job_run_task.h"

#include "widgets/background_job.h"

namespace ts::ui {

JobRunTask::JobRunTask(std::unique_ptr<BackgroundJob> job, const QString& name, int runId, Recorder recorder,
                       QObject* parent)
    : RunTask(parent), job_(std::move(job)), name_(name), runId_(runId), recorder_(std::move(recorder)) {
  connect(job_.get(), &BackgroundJob::sampleReady, this, [this](const core::QorSample& s) {
    series_.add(s);
    emit sample(s);
  });
  connect(job_.get(), &BackgroundJob::snapshotReady, this, &RunTask::snapshotReady);
  connect(job_.get(), &BackgroundJob::finished, this, &JobRunTask::recordOnce);
}

JobRunTask::~JobRunTask() {
  // Closed while running: stop it and still keep it in the history (as stopped).
  if (job_->running()) {
    job_->requestStop();
    if (job_->waitEnded(5000)) recordOnce();
  }
}

void JobRunTask::recordOnce() {
  if (recorded_) return;
  recorded_ = true;
  emit finished(recorder_ ? recorder_(series_) : 0);
}

void JobRunTask::start() {
  job_->start();
}

void JobRunTask::cancel() {
  job_->requestStop();
}

bool JobRunTask::started() const {
  return job_->running() || job_->ended();
}

bool JobRunTask::running() const {
  return job_->running();
}

double JobRunTask::seconds() const {
  return job_->elapsedSeconds();
}

std::shared_ptr<const core::Snapshot> JobRunTask::takeSnapshot() {
  return job_->takeSnapshot();
}

}  // namespace ts::ui
