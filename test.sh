#!/usr/bin/env bash
# Installs missing packages, builds TileStudio and runs every test (engine, CLI and the
# offscreen GUI tests). Before that, a second build (build-asan: clang, AddressSanitizer +
# UBSan, asserts on, GUI off) runs the engine and CLI tests again and every libFuzzer harness
# for 20 s (tools/fuzz.sh); TS_SKIP_SANITIZERS=1 skips it. The last lines are ctest's summary.
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

if [ "${TS_SKIP_SANITIZERS:-0}" != 1 ]; then
  CC=clang-14 CXX=clang++-14 cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DTS_BUILD_GUI=OFF \
    -DTS_SANITIZE=ON -DTS_FUZZ=ON >/dev/null
  cmake --build build-asan -j"$jobs"
  echo "== engine and CLI tests with AddressSanitizer + UBSan (build-asan)"
  export LSAN_OPTIONS="suppressions=$PWD/tools/lsan.supp:print_suppressions=0"
  if ! (cd build-asan && ctest -L 'engine|cli' -j"$jobs" --output-on-failure >ctest.log 2>&1); then
    grep -E "Failed|\*\*\*|runtime error|ERROR: AddressSanitizer" build-asan/ctest.log | head -40
    tail -n 3 build-asan/ctest.log
    exit 1
  fi
  tail -n 1 build-asan/ctest.log | sed 's/^/sanitizer build: /'
  grep -E "tests passed" build-asan/ctest.log | sed 's/^/sanitizer build: /'
  echo "== libFuzzer harnesses, 20 s each (tools/fuzz.sh)"
  ./tools/fuzz.sh 20
fi

cd build
# GUI tests set QT_QPA_PLATFORM=offscreen themselves (ctest ENVIRONMENT); export it as well
# for anything started outside ctest's properties.
export QT_QPA_PLATFORM=offscreen
exec ctest --output-on-failure -j"$jobs"
