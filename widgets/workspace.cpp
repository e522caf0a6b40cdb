#include "widgets/workspace.h"

#include "widgets/run_panel_base.h"
#include "widgets/workspace_menus.h"

namespace ts::ui {

void Workspace::restoreSettings() {
  layersMenu()->restore();
  runPanel()->restoreSettings();
}

void Workspace::saveSettings() const {
  layersMenu()->save();
  runPanel()->saveSettings();
}

}  // namespace ts::ui
