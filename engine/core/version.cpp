#include "engine/core/version.h"

namespace ts::core {

const char* version() {
  return TS_VERSION;
}

}  // namespace ts::core
