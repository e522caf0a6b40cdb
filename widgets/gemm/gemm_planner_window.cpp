#include "widgets/gemm/gemm_planner_window.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QVBoxLayout>
#include <algorithm>

#include "widgets/gemm/candidate_table.h"
#include "widgets/gemm/plan_text.h"
#include "widgets/gemm/planned_design.h"
#include "widgets/gemm/roofline_chart.h"
#include "widgets/guarded.h"
#include "widgets/theme.h"

namespace ts::ui {

namespace gemm = aie::gemm;

namespace {
const char* const kDimensionNames[3] = {"M", "K", "N"};

/// Bytes of A (M×K), B (K×N) and C (M×N) in DRAM.
double footprintBytes(const gemm::PlanRequest& r) {
  const gemm::ElementBytes b = gemm::elementBytes(r.precision);
  const double m = double(r.size.m), k = double(r.size.k), n = double(r.size.n);
  return m * k * b.a + k * n * b.b + m * n * b.c;
}
}  // namespace

GemmPlannerWindow::GemmPlannerWindow(OpenDesign open, QWidget* parent, bool persistent)
    : QWidget(parent), open_(std::move(open)), persistent_(persistent) {
  setWindowFlag(Qt::Window, true);
  setWindowTitle(tr("GEMM Planner — TileStudio"));
  resize(1400, 950);

  // Inputs, message and model on the left; the roofline over the ranking on the right.
  auto* inputs = new QFormLayout();
  for (int d = 0; d < 3; ++d) {
    size_[d] = new QLineEdit(this);
    inputs->addRow(kDimensionNames[d], size_[d]);
    size_[d]->setToolTip(
        tr("GEMM size %1 (a positive whole number; C = A·B with A M×K, B K×N)").arg(kDimensionNames[d]));
    connect(size_[d], &QLineEdit::returnPressed, this, &GemmPlannerWindow::plan);
  }
  precision_ = new QComboBox(this);
  for (aie::GemmPrecision p :
       {aie::GemmPrecision::I8I8, aie::GemmPrecision::I8I16, aie::GemmPrecision::I8I32, aie::GemmPrecision::Bf16})
    precision_->addItem(aie::toString(p), int(p));
  precision_->setToolTip(tr("Input and output precision of the kernel"));
  device_ = new QComboBox(this);
  device_->addItem(tr("npu1 (XDNA)"), int(gemm::Generation::Xdna));
  device_->addItem(tr("npu2 (XDNA2)"), int(gemm::Generation::Xdna2));
  device_->setToolTip(tr("npu1: XDNA (Phoenix, 4×4 cores for GEMM); npu2: XDNA2 (Strix / Krackan, 4×8 cores)"));
  bLayout_ = new QComboBox(this);
  bLayout_->addItem(tr("column-major"), int(gemm::BLayout::Col));
  bLayout_->addItem(tr("row-major"), int(gemm::BLayout::Row));
  bLayout_->setToolTip(tr("Storage order of B in DRAM (A and C are row-major)"));
  kernelSet_ = new QComboBox(this);
  kernelSet_->addItem(tr("L1-maximal"), int(gemm::CandidateSet::L1Maximal));
  kernelSet_->addItem(tr("largest m·n per k (paper)"), int(gemm::CandidateSet::MaxOutputTile));
  kernelSet_->setToolTip(
      tr("Which kernels are ranked: for every k_ct, each m_ct with its largest n_ct that fits "
         "L1, or only the largest m_ct·n_ct as the paper's Sec. 4.5.2 iteration"));
  top_ = new QSpinBox(this);
  top_->setRange(0, 10000);
  top_->setSpecialValueText(tr("all"));
  top_->setToolTip(tr("How many of the best kernels to show (all: every feasible kernel)"));
  inputs->addRow(tr("Precision"), precision_);
  inputs->addRow(tr("Device"), device_);
  inputs->addRow(tr("B layout"), bLayout_);
  inputs->addRow(tr("Kernels"), kernelSet_);
  inputs->addRow(tr("Show"), top_);
  planButton_ = new QPushButton(tr("&Plan"), this);
  planButton_->setDefault(true);
  inputs->addRow(QString(), planButton_);
  connect(planButton_, &QPushButton::clicked, this, &GemmPlannerWindow::plan);
  for (QComboBox* c : {precision_, device_, bLayout_, kernelSet_})
    connect(c, QOverload<int>::of(&QComboBox::currentIndexChanged), this, &GemmPlannerWindow::plan);
  connect(top_, &QSpinBox::editingFinished, this, &GemmPlannerWindow::plan);

  message_ = new QLabel(this);
  message_->setWordWrap(true);
  message_->setTextInteractionFlags(Qt::TextSelectableByMouse);

  auto* split = new QSplitter(Qt::Vertical, this);
  chart_ = new RooflineChart(split);
  auto* lower = new QWidget(split);
  auto* lowerLayout = new QVBoxLayout(lower);
  lowerLayout->setContentsMargins(0, 0, 0, 0);
  table_ = new CandidateTable(lower);
  lowerLayout->addWidget(table_, 1);
  auto* bar = new QHBoxLayout();
  selection_ = new QLabel(lower);
  selection_->setWordWrap(true);
  openButton_ = new QPushButton(tr("&Open Design"), lower);
  openButton_->setToolTip(
      tr("Generate the whole-array design of the selected kernel (the paper's mapping) and open "
         "it in the studio as a new, unsaved AIE design, to place, route and compare"));
  openButton_->setEnabled(false);
  bar->addWidget(selection_, 1);
  bar->addWidget(openButton_);
  lowerLayout->addLayout(bar);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 2);
  split->setSizes({600, 400});

  model_ = new QLabel(this);
  model_->setWordWrap(true);
  QPalette muted = model_->palette();
  muted.setColor(QPalette::WindowText, mutedText(palette()));
  model_->setPalette(muted);

  auto* side = new QWidget(this);
  side->setFixedWidth(fontMetrics().horizontalAdvance(QLatin1Char('x')) * 36);
  auto* sideLayout = new QVBoxLayout(side);
  sideLayout->setContentsMargins(0, 0, 0, 0);
  sideLayout->addLayout(inputs);
  sideLayout->addSpacing(8);
  sideLayout->addWidget(message_);
  sideLayout->addStretch(1);
  sideLayout->addWidget(model_);
  auto* layout = new QHBoxLayout(this);
  layout->addWidget(side);
  layout->addWidget(split, 1);

  connect(table_, &CandidateTable::selectedChanged, this, &GemmPlannerWindow::selectionChanged);
  connect(table_, &CandidateTable::openRequested, this, [this](int index) {
    selectCandidate(index);
    openSelected();
  });
  connect(chart_, &RooflineChart::candidateClicked, this, &GemmPlannerWindow::selectCandidate);
  connect(openButton_, &QPushButton::clicked, this, &GemmPlannerWindow::openSelected);

  gemm::PlanRequest initial;
  initial.top = 0;  // every kernel: the roofline shows the whole search space
  setRequest(initial);
  if (persistent_) restoreRequest();
}

GemmPlannerWindow::~GemmPlannerWindow() = default;

void GemmPlannerWindow::setRequest(const gemm::PlanRequest& request) {
  const QSignalBlocker b1(precision_), b2(device_), b3(bLayout_), b4(kernelSet_);
  const int64_t dims[3] = {request.size.m, request.size.k, request.size.n};
  for (int d = 0; d < 3; ++d) size_[d]->setText(QString::number(dims[d]));
  precision_->setCurrentIndex(precision_->findData(int(request.precision)));
  device_->setCurrentIndex(device_->findData(int(request.generation)));
  bLayout_->setCurrentIndex(bLayout_->findData(int(request.bLayout)));
  kernelSet_->setCurrentIndex(kernelSet_->findData(int(request.candidates)));
  top_->setValue(std::max(0, request.top));
}

std::optional<gemm::PlanRequest> GemmPlannerWindow::readRequest() {
  gemm::PlanRequest r;
  int64_t dims[3];
  for (int d = 0; d < 3; ++d) {
    const QString text = size_[d]->text().trimmed();
    bool ok = false;
    dims[d] = text.toLongLong(&ok);
    if (!ok) {
      showMessage(tr("%1: '%2' is not a whole number; give the GEMM size as positive whole numbers")
                      .arg(kDimensionNames[d], text),
                  true);
      return std::nullopt;
    }
  }
  r.size = {dims[0], dims[1], dims[2]};
  r.precision = aie::GemmPrecision(precision_->currentData().toInt());
  r.generation = gemm::Generation(device_->currentData().toInt());
  r.bLayout = gemm::BLayout(bLayout_->currentData().toInt());
  r.candidates = gemm::CandidateSet(kernelSet_->currentData().toInt());
  r.top = top_->value();
  return r;
}

bool GemmPlannerWindow::plan() {
  result_.reset();
  table_->setCandidates({});
  openButton_->setEnabled(false);
  selection_->clear();
  model_->clear();
  std::optional<gemm::PlanRequest> request = readRequest();
  if (!request) {
    chart_->clearPlan(tr("Roofline: no plan (see the message above)"));
    return false;
  }
  gemm::PlanResult planned;
  QString error;
  core::RunContext ctx;
  if (!guarded(&error, [&] { planned = gemm::plan(*request, ctx); })) {
    showMessage(error, true);
    chart_->clearPlan(tr("Roofline: no plan (see the message above)"));
    return false;
  }
  result_ = std::move(planned);
  chart_->setPlan(*result_);
  table_->setCandidates(result_->ranked);
  model_->setText(tr("All figures here are model figures, not measurements. ") +
                  QString::fromStdString(result_->model));
  if (result_->ranked.empty()) {
    showMessage(tr("No kernel fits %1 (L1 with double-buffered A and B, the intrinsic multiples, DMA bandwidth, "
                   "memory tiles); %2 kernels searched")
                    .arg(requestText(*request))
                    .arg(result_->kernelsSearched),
                true);
    return false;
  }
  if (persistent_) saveRequest(*request);
  const gemm::Candidate& best = result_->ranked.front();
  // Predicted TOPS count the requested MACs only: padding is work the array does for nothing.
  const double padding = 1 - double(request->size.m) * double(request->size.k) * double(request->size.n) /
                                 (double(best.padded.m) * double(best.padded.k) * double(best.padded.n));
  showMessage(tr("%1: %2 feasible kernels of %3 searched%4. Best %5: %6 TOPS predicted, %7 bound (model); padded "
                 "to %9 (%10 % of its MACs are padding). A, B and C take %8 in DRAM.")
                  .arg(requestText(*request))
                  .arg(result_->feasibleKernels)
                  .arg(result_->kernelsSearched)
                  .arg(int(result_->ranked.size()) < result_->feasibleKernels
                           ? tr(", the best %1 shown").arg(result_->ranked.size())
                           : QString())
                  .arg(kernelText(best.kernel))
                  .arg(best.predictedTops, 0, 'f', 2)
                  .arg(best.computeBound ? tr("compute") : tr("memory"))
                  .arg(bytesText(footprintBytes(*request)))
                  .arg(sizeText(best.padded))
                  .arg(padding * 100, 0, 'f', 0),
              false);
  selectCandidate(0);
  return true;
}

void GemmPlannerWindow::selectCandidate(int index) {
  table_->selectCandidate(index);
  selectionChanged(table_->selectedCandidate());
}

int GemmPlannerWindow::selectedCandidate() const {
  return table_->selectedCandidate();
}

void GemmPlannerWindow::selectionChanged(int index) {
  chart_->setSelected(index);
  const bool any = result_ && index >= 0 && index < int(result_->ranked.size());
  openButton_->setEnabled(any);
  if (!any) {
    selection_->clear();
    return;
  }
  const gemm::Candidate& c = result_->ranked[size_t(index)];
  selection_->setText(tr("Rank %1, kernel %2: its design has %3×%4 compute cores on %5, A broadcast along rows and B "
                         "along columns from memory tiles, C joined per column.")
                          .arg(c.rank)
                          .arg(kernelText(c.kernel))
                          .arg(result_->params.rows)
                          .arg(result_->params.cols)
                          .arg(gemm::toString(result_->request.generation)));
}

bool GemmPlannerWindow::openSelected() {
  const int index = selectedCandidate();
  if (!result_ || index < 0 || index >= int(result_->ranked.size())) {
    showMessage(tr("Select a kernel in the table (or its point on the chart) to open its design"), true);
    return false;
  }
  const gemm::Candidate& c = result_->ranked[size_t(index)];
  aie::LoadedDesign loaded;
  QString error;
  if (!guarded(&error, [&] { loaded = plannedDesign(*result_, c); })) {
    showMessage(tr("Cannot generate the design of %1: %2").arg(kernelText(c.kernel), error), true);
    return false;
  }
  const QString name = QString::fromStdString(loaded.design.name);
  const int cores = loaded.design.countCores(aie::CoreKind::Compute);
  if (!open_ || !open_(std::move(loaded), &error)) {
    if (!error.isEmpty()) showMessage(tr("Cannot open the design of %1: %2").arg(kernelText(c.kernel), error), true);
    return false;
  }
  showMessage(tr("Opened %1 (%2 compute cores) in the studio as a new AIE design; it is not saved until you save it.")
                  .arg(name)
                  .arg(cores),
              false);
  emit designOpened(name);
  return true;
}

QString GemmPlannerWindow::message() const {
  return message_->text();
}

void GemmPlannerWindow::showMessage(const QString& text, bool error) {
  messageIsError_ = error;
  message_->setText(text);
  QPalette p = message_->palette();
  p.setColor(QPalette::WindowText, error ? toneColour(Tone::Error, palette()) : palette().color(QPalette::WindowText));
  message_->setPalette(p);
  QFont f = message_->font();
  f.setBold(error);
  message_->setFont(f);
}

void GemmPlannerWindow::saveRequest(const gemm::PlanRequest& r) const {
  QSettings s;
  s.beginGroup("gemmPlanner");
  s.setValue("m", qlonglong(r.size.m));
  s.setValue("k", qlonglong(r.size.k));
  s.setValue("n", qlonglong(r.size.n));
  s.setValue("precision", aie::toString(r.precision));
  s.setValue("device", gemm::toString(r.generation));
  s.setValue("bLayout", gemm::toString(r.bLayout));
}

void GemmPlannerWindow::restoreRequest() {
  QSettings s;
  s.beginGroup("gemmPlanner");
  gemm::PlanRequest r;
  r.size = {s.value("m", qlonglong(r.size.m)).toLongLong(), s.value("k", qlonglong(r.size.k)).toLongLong(),
            s.value("n", qlonglong(r.size.n)).toLongLong()};
  r.precision = aie::parseGemmPrecision(s.value("precision").toString().toStdString()).value_or(r.precision);
  r.generation = gemm::parseGeneration(s.value("device").toString().toStdString()).value_or(r.generation);
  r.bLayout = gemm::parseBLayout(s.value("bLayout").toString().toStdString()).value_or(r.bLayout);
  setRequest(r);
}

}  // namespace ts::ui
