#include "engine/core/version.h"

#ifndef TS_VERSION
#error "TS_VERSION must be defined by the build (CMake's project(VERSION))"
#endif

namespace ts::core {

const char* version() {
  return TS_VERSION;
}

}  // namespace ts::core
