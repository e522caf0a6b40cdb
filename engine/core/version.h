#pragma once
// The product version (CMake's project version), shown by --version and written into every
// JSON report so that results can be traced to the build that made them.
namespace ts::core {

const char* version();

}  // namespace ts::core
