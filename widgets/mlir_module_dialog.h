#pragma once
// "Which module?": an MLIR-AIE file run with --split-input-file (or holding several aie.device
// ops) is several designs. The studio's open path asks the user which one to open, and first,
// when the file names a device TileStudio does not know, which device to open it on.
#include <QString>
#include <QWidget>
#include <optional>

namespace ts::ui {

/// 0 when the file holds at most one module (nothing to ask), the chosen module (1-based), or
/// nothing when the user cancelled or the file cannot be read (`error` then says why; it stays
/// empty on cancel). Modules that do not import are listed with their error and cannot be chosen.
/// `device`, when given, replaces each module's own (e.g. MLIR-AIE's NPUDEVICE placeholder).
std::optional<int> chooseMlirModule(QWidget* parent, const QString& path, QString* error,
                                    const QString& device = {});

/// "Which device?": when no module of an MLIR-AIE file opens and some name a device TileStudio
/// does not know (MLIR-AIE's tests write the NPUDEVICE placeholder, which their runner
/// replaces), asks which device to open it on, as --device does on the command line. An empty
/// string when nothing needs asking (no MLIR file, a module that opens as it is, or a file the
/// open itself will report as unreadable); nothing when the user cancelled.
std::optional<QString> chooseMlirDevice(QWidget* parent, const QString& path);

}  // namespace ts::ui
