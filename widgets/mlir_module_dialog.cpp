#include "widgets/mlir_module_dialog.h"

#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>
#include <algorithm>

#include "engine/aie/device_library.h"
#include "engine/aie/io/design_loader.h"
#include "engine/aie/io/mlir_import.h"

namespace ts::ui {

std::optional<int> chooseMlirModule(QWidget* parent, const QString& path, QString* error, const QString& device) {
  if (QFileInfo(path).suffix().compare(QStringLiteral("mlir"), Qt::CaseInsensitive) != 0) return 0;
  std::vector<aie::MlirModule> modules;
  try {
    const std::optional<aie::Device> given = aie::givenDevice(device.toStdString(), path.toStdString());
    modules = aie::loadMlirModules(path.toStdString(), given ? &*given : nullptr);
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    return std::nullopt;
  }
  if (modules.size() <= 1) return 0;

  QDialog dialog(parent);
  dialog.setObjectName(QStringLiteral("mlirModuleDialog"));
  dialog.setWindowTitle(QObject::tr("Open which module?"));
  auto* layout = new QVBoxLayout(&dialog);
  layout->addWidget(new QLabel(QObject::tr("%1 holds %2 modules (separated by '// -----'). Open which one?")
                                   .arg(QFileInfo(path).fileName())
                                   .arg(modules.size())));
  auto* list = new QListWidget(&dialog);
  list->setObjectName(QStringLiteral("modules"));
  int first = -1;
  for (size_t i = 0; i < modules.size(); ++i) {
    const aie::MlirModule& m = modules[i];
    QString text = QStringLiteral("%1  %2  (line %3)").arg(i + 1).arg(QString::fromStdString(m.title)).arg(m.line);
    if (m.imported) {
      const aie::Design& d = m.imported->design;
      text += QObject::tr(" — %1, %2 cores, %3 nets")
                  .arg(QString::fromStdString(d.device))
                  .arg(d.coreCount())
                  .arg(d.netCount());
    } else {
      text += QObject::tr(" — cannot be opened: %1").arg(QString::fromStdString(m.error->message()));
    }
    auto* item = new QListWidgetItem(text, list);
    item->setData(Qt::UserRole, int(i) + 1);
    if (!m.imported)
      item->setFlags(item->flags() & ~Qt::ItemIsEnabled & ~Qt::ItemIsSelectable);
    else if (first < 0)
      first = int(i);
  }
  if (first >= 0) list->setCurrentRow(first);
  layout->addWidget(list);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, &dialog);
  buttons->button(QDialogButtonBox::Open)->setEnabled(first >= 0);
  QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
  QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
  QObject::connect(list, &QListWidget::itemDoubleClicked, &dialog, &QDialog::accept);
  layout->addWidget(buttons);
  dialog.resize(640, 360);
  if (dialog.exec() != QDialog::Accepted || !list->currentItem()) return std::nullopt;
  return list->currentItem()->data(Qt::UserRole).toInt();
}

std::optional<QString> chooseMlirDevice(QWidget* parent, const QString& path) {
  if (QFileInfo(path).suffix().compare(QStringLiteral("mlir"), Qt::CaseInsensitive) != 0) return QString();
  std::vector<aie::MlirModule> modules;
  try {
    modules = aie::loadMlirModules(path.toStdString());
  } catch (const std::exception&) {
    return QString();  // the open reports it
  }
  // Only when no module opens as it is: in a file that mixes devices, the module dialog offers
  // the ones that do (a device given would replace every module's).
  QStringList unknown;
  for (const aie::MlirModule& m : modules) {
    if (m.imported) return QString();
    const QString name = QString::fromStdString(m.device);
    if (m.error && !m.device.empty() && !aie::knownMlirDevice(m.device) && !unknown.contains(name)) unknown << name;
  }
  if (unknown.isEmpty()) return QString();

  QDialog dialog(parent);
  dialog.setObjectName(QStringLiteral("mlirDeviceDialog"));
  dialog.setWindowTitle(QObject::tr("Open on which device?"));
  auto* layout = new QVBoxLayout(&dialog);
  auto* text = new QLabel(QObject::tr("%1 names the device %2, which TileStudio does not know (MLIR-AIE's tests write "
                                      "NPUDEVICE for the machine's NPU). Open it on:")
                              .arg(QFileInfo(path).fileName(), QStringLiteral("'") + unknown.join("', '") + "'"),
                          &dialog);
  text->setWordWrap(true);
  layout->addWidget(text);
  auto* devices = new QComboBox(&dialog);
  devices->setObjectName(QStringLiteral("devices"));
  for (const std::string& d : aie::availableDevices()) devices->addItem(QString::fromStdString(d));
  devices->setCurrentIndex(std::max(0, devices->findText(QStringLiteral("npu2"))));
  layout->addWidget(devices);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, &dialog);
  QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
  QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
  layout->addWidget(buttons);
  if (dialog.exec() != QDialog::Accepted || devices->currentText().isEmpty()) return std::nullopt;
  return devices->currentText();
}

}  // namespace ts::ui
