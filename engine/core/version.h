#pragma once
// TileStudio's version, one number for every front end (CLI and studio --version, the About
// box, JSON reports, the Python module, the Debian package). It comes from CMake's
// project(VERSION), compiled into the engine library, so a program and the library it loaded
// can never disagree.
namespace ts::core {

/// "MAJOR.MINOR.PATCH", e.g. "0.1.0".
const char* version();

}  // namespace ts::core
