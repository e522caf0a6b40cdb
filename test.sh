#!/usr/bin/env bash
# Installs missing packages, builds TileStudio and runs every test (engine, CLI and the
# offscreen GUI tests). The last lines are ctest's summary.
set -euo pipefail
cd "$(dirname "$0")"

./tools/install_deps.sh
jobs=$(nproc 2>/dev/null || echo 2)
cmake_options=(-DCMAKE_BUILD_TYPE=Release)

# --- packaging and scripting: also build the Python module, so that ctest runs its unittest
# tests and the install / .deb / consumer-project tests (labels python, install) ---
cmake_options+=(-DTS_PYTHON=ON)
# --- end packaging and scripting ---

cmake -S . -B build "${cmake_options[@]}" >/dev/null
cmake --build build -j"$jobs"
cd build
# GUI tests set QT_QPA_PLATFORM=offscreen themselves (ctest ENVIRONMENT); export it as well
# for anything started outside ctest's properties.
export QT_QPA_PLATFORM=offscreen
exec ctest --output-on-failure -j"$jobs"
