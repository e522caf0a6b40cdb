#pragma once
// Finding and loading device descriptions: built-in presets, user device folders, or a path.
#include <string>
#include <vector>

#include "engine/aie/device.h"

namespace ts::aie {

/// Parses a device YAML text (see README "Device files"). `file` is used in error messages.
Device parseDeviceYaml(const std::string& text, const std::string& file);

/// Loads a device by preset name ("npu2"), by the stem of a YAML file in a user device folder,
/// or from a path to a YAML file. User folders: $TILESTUDIO_DEVICE_PATH (':'-separated) and
/// $XDG_CONFIG_HOME/tilestudio/devices (~/.config/tilestudio/devices when XDG_CONFIG_HOME is
/// unset or not absolute, as QSettings does). "<preset>_<N>col" (MLIR-AIE's partition names, e.g.
/// npu1_1col) is the first N columns of a preset. Unknown names throw core::Error listing the
/// known ones.
Device loadDevice(const std::string& nameOrPath);

/// Names of the built-in presets and of the devices found in user folders, sorted.
std::vector<std::string> availableDevices();

}  // namespace ts::aie
