#include "widgets/inspector_view.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QPushButton>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

#include "engine/aie/legality.h"
#include "engine/aie/runtime_estimate.h"
#include "widgets/aie_canvas.h"
#include "widgets/aie_document.h"
#include "widgets/theme.h"

namespace ts::ui {

namespace {
QString escaped(const std::string& s) {
  return QString::fromStdString(s).toHtmlEscaped();
}
QString tileLink(aie::TileCoord t) {
  return QStringLiteral("<a href=\"tile:%1,%2\">(%1,%2)</a>").arg(t.col).arg(t.row);
}
QString bytes(int64_t b) {
  return b >= 1024 ? QString::number(double(b) / 1024.0, 'f', 1) + " KiB" : QString::number(b) + " B";
}
/// A status colour for rich text, readable on the application palette (dark themes too).
QString toneName(Tone tone) {
  return toneColour(tone).name();
}
QString row(const QString& k, const QString& v) {
  return QStringLiteral("<tr><td style='color:%3;padding-right:8px'>%1</td><td>%2</td></tr>")
      .arg(k, v, mutedText().name());
}
}  // namespace

InspectorView::InspectorView(AieDocument* document, AieCanvas* canvas, QWidget* parent)
    : QWidget(parent), doc_(document), canvas_(canvas) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  text_ = new QTextBrowser(this);
  text_->setOpenLinks(false);
  layout->addWidget(text_);
  auto* buttons = new QHBoxLayout();
  pinned_ = new QCheckBox(tr("Pinned"), this);
  pinned_->setToolTip(tr("Pinned cores are never moved by any algorithm"));
  unplace_ = new QPushButton(tr("Unplace"), this);
  zoom_ = new QPushButton(tr("Zoom to"), this);
  buttons->addWidget(pinned_);
  buttons->addStretch(1);
  buttons->addWidget(unplace_);
  buttons->addWidget(zoom_);
  layout->addLayout(buttons);
  connect(text_, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) { follow(url.toString()); });
  connect(pinned_, &QCheckBox::clicked, this, [this](bool on) {
    if (!updating_) doc_->setPinned(canvas_->selectedCores(), on);
  });
  connect(unplace_, &QPushButton::clicked, this, [this] { doc_->unplaceCores(canvas_->selectedCores()); });
  connect(zoom_, &QPushButton::clicked, canvas_, &AieCanvas::zoomToSelection);
  connect(canvas_, &AieCanvas::selectionChanged, this, &InspectorView::refresh);
  connect(doc_, &AieDocument::changed, this, &InspectorView::refresh);
  refresh();
}

QString InspectorView::html() const {
  return text_->toHtml();
}

void InspectorView::follow(const QString& link) {
  int colon = link.indexOf(':');
  QString kind = link.left(colon), arg = link.mid(colon + 1);
  if (!doc_->isOpen()) return;
  if (kind == "core") {
    canvas_->setSelectedCores({arg.toInt()});
  } else if (kind == "net") {
    int n = arg.toInt();
    if (n < 0 || n >= doc_->design().netCount()) return;
    const aie::Net& net = doc_->design().nets[n];
    std::vector<aie::CoreId> cores{net.source};
    cores.insert(cores.end(), net.targets.begin(), net.targets.end());
    canvas_->setSelectedCores(cores);
  } else if (kind == "tile") {
    QStringList parts = arg.split(',');
    if (parts.size() == 2) canvas_->selectTile({parts[0].toInt(), parts[1].toInt()});
  }
  canvas_->zoomToSelection();
}

void InspectorView::refresh() {
  updating_ = true;
  std::vector<aie::CoreId> cores = doc_->isOpen() ? canvas_->selectedCores() : std::vector<aie::CoreId>{};
  aie::TileCoord tile = canvas_->selectedTile();
  if (!doc_->isOpen())
    text_->setHtml(tr("<i>No design open.</i>"));
  else if (!cores.empty())
    text_->setHtml(coresHtml(cores));
  else if (tile.col >= 0)
    text_->setHtml(tileHtml(tile.col, tile.row));
  else
    text_->setHtml(designHtml());
  int pinned = 0, placed = 0;
  for (aie::CoreId c : cores) {
    if (!doc_->placement().placed(c)) continue;
    ++placed;
    pinned += doc_->placement().pinned(c);
  }
  pinned_->setEnabled(placed > 0);
  pinned_->setTristate(pinned > 0 && pinned < placed);
  pinned_->setCheckState(pinned == 0 ? Qt::Unchecked : pinned == placed ? Qt::Checked : Qt::PartiallyChecked);
  unplace_->setEnabled(placed > pinned);
  zoom_->setEnabled(!cores.empty() || tile.col >= 0);
  updating_ = false;
}

QString InspectorView::designHtml() const {
  const aie::Design& d = doc_->design();
  const AieUsage& u = doc_->usage();
  const aie::Placement& p = doc_->placement();
  QString s = QStringLiteral("<h3>%1</h3>").arg(escaped(d.name));
  if (!d.description.empty()) s += QStringLiteral("<p>%1</p>").arg(escaped(d.description));
  s += "<table>";
  s += row(tr("device"), escaped(doc_->device().name()) + " — " + escaped(doc_->device().description()));
  s += row(tr("cores"), QString::number(d.coreCount()));
  s += row(tr("nets"), QString::number(d.netCount()));
  s += row(tr("placed"), QStringLiteral("%1 / %2").arg(p.placedCount()).arg(d.coreCount()));
  s += row(tr("routed"), u.routed ? tr("yes") : tr("no"));
  s += row(u.routed ? tr("route length") : tr("route length est."), QString::number(u.routeLength));
  s += row(tr("buffers"), bytes(u.bufferBytes));
  s += row(tr("shared-memory nets"), QString::number(u.sharedMemoryNets));
  s += row(tr("stream nets"), QString::number(u.streamNets));
  s += row(tr("DMA channels"), QString::number(u.dmaChannels));
  if (u.routed) s += row(tr("max link use"), QString::number(u.maxLinkUtilisation * 100, 'f', 0) + "%");
  s +=
      row(tr("problems"),
          u.violations.empty()
              ? tr("none")
              : QStringLiteral("<span style='color:%1'>%2</span>").arg(toneName(Tone::Error)).arg(u.violations.size()));
  if (!u.warnings.empty())
    s += row(tr("warnings"),
             QStringLiteral("<span style='color:%1'>%2</span>").arg(toneName(Tone::Warning)).arg(u.warnings.size()));
  if (p.complete()) {
    try {
      aie::RuntimeEstimate r = aie::estimateRuntime(d, doc_->device(), p, doc_->routing().get());
      s += row(tr("est. runtime"),
               QStringLiteral("%1 µs (bottleneck: %2)").arg(r.microseconds, 0, 'f', 1).arg(escaped(r.bottleneck)));
    } catch (const std::exception&) {
    }
  }
  s += "</table>";
  if (!u.routed)
    s += tr("<p style='color:%1'><i>DMA and memory figures are estimates until the design is routed.</i></p>")
             .arg(mutedText().name());
  return s;
}

QString InspectorView::coresHtml(const std::vector<int>& cores) const {
  const aie::Design& d = doc_->design();
  const aie::Placement& p = doc_->placement();
  if (cores.size() > 1) {
    QString s = tr("<h3>%1 cores</h3><ul>").arg(cores.size());
    for (aie::CoreId c : cores)
      s += QStringLiteral("<li><a href=\"core:%1\">%2</a> %3</li>")
               .arg(c)
               .arg(escaped(d.cores[c].name), p.placed(c) ? tileLink(p.tile(c)) : tr("unplaced"));
    return s + "</ul>";
  }
  aie::CoreId c = cores.front();
  const aie::LogicalCore& core = d.cores[c];
  QString s = QStringLiteral("<h3>%1</h3><table>").arg(escaped(core.name));
  s += row(tr("kind"), aie::toString(core.kind));
  s += row(tr("tile"), p.placed(c) ? tileLink(p.tile(c)) : tr("unplaced"));
  s += row(tr("pinned"), p.pinned(c) ? tr("yes")
                         : core.pin  ? tr("in the design, to %1").arg(tileLink(*core.pin))
                                     : tr("no"));
  if (!core.group.empty()) s += row(tr("group"), escaped(core.group));
  s += row(tr("own buffers"), bytes(core.bufferBytes));
  s += row(tr("net buffers"), bytes(aie::streamBufferBytes(d, c)));
  if (core.computeCycles) s += row(tr("cycles / object"), QString::number(core.computeCycles));
  s += "</table><h4>" + tr("Nets") + "</h4><ul>";
  std::vector<char> neighbour(size_t(d.coreCount()), 0);
  for (aie::NetId n = 0; n < d.netCount(); ++n) {
    const aie::Net& net = d.nets[n];
    bool out = net.source == c;
    bool in = std::find(net.targets.begin(), net.targets.end(), c) != net.targets.end();
    if (!out && !in) continue;
    QString other;
    if (out) {
      for (aie::CoreId t : net.targets) {
        other += (other.isEmpty() ? "" : ", ") +
                 QStringLiteral("<a href=\"core:%1\">%2</a>").arg(t).arg(escaped(d.cores[t].name));
        neighbour[t] = 1;
      }
    } else {
      other = QStringLiteral("<a href=\"core:%1\">%2</a>").arg(net.source).arg(escaped(d.cores[net.source].name));
      neighbour[net.source] = 1;
    }
    s += QStringLiteral("<li><a href=\"net:%1\">%2</a> %3 %4 (%5 × %6)</li>")
             .arg(n)
             .arg(escaped(net.name), out ? "→" : "←", other, bytes(net.bytesPerObject))
             .arg(out                        ? net.sourceDepth
                  : net.targetDepths.empty() ? 0
                                             : net.targetDepths.front());
  }
  s += "</ul>";
  for (const auto* list : {&doc_->usage().violations, &doc_->usage().warnings})
    for (const auto& v : *list)
      if (std::find(v.cores.begin(), v.cores.end(), c) != v.cores.end())
        s += QStringLiteral("<p style='color:%1'>%2</p>")
                 .arg(toneName(list == &doc_->usage().warnings ? Tone::Warning : Tone::Error), escaped(v.message));
  return s;
}

QString InspectorView::tileHtml(int col, int rowIndex) const {
  const aie::Device& dev = doc_->device();
  aie::TileCoord t{col, rowIndex};
  if (!dev.contains(t)) return {};
  const aie::TileResources& r = dev.resources(t);
  const AieUsage& u = doc_->usage();
  int ti = dev.index(t);
  QString s = tr("<h3>%1 tile (%2,%3)</h3><table>").arg(aie::toString(dev.kind(t))).arg(col).arg(rowIndex);
  if (r.memoryBytes > 0) s += row(tr("memory"), bytes(u.memoryUsed[ti]) + " / " + bytes(r.memoryBytes));
  s += row(tr("DMA in (S2MM)"), QStringLiteral("%1 / %2").arg(u.dmaInUsed[ti]).arg(r.dmaIn));
  s += row(tr("DMA out (MM2S)"), QStringLiteral("%1 / %2").arg(u.dmaOutUsed[ti]).arg(r.dmaOut));
  s += row(tr("locks"), QString::number(r.locks));
  s += row(tr("buffer descriptors"), QString::number(r.bufferDescriptors));
  s += "</table><h4>" + tr("Cores") + "</h4><ul>";
  for (aie::CoreId c : doc_->placement().coresAt(t))
    s += QStringLiteral("<li><a href=\"core:%1\">%2</a></li>").arg(c).arg(escaped(doc_->design().cores[c].name));
  s += "</ul>";
  for (const auto* list : {&u.violations, &u.warnings})
    for (const auto& v : *list)
      if (v.tile && *v.tile == t)
        s += QStringLiteral("<p style='color:%1'>%2</p>")
                 .arg(toneName(list == &u.warnings ? Tone::Warning : Tone::Error), escaped(v.message));
  return s;
}

}  // namespace ts::ui
