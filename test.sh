#!/usr/bin/env bash
# Installs missing packages, builds TileStudio and runs every test (engine, CLI and the
# offscreen GUI tests). Before that, a second build (build-asan: clang, AddressSanitizer +
# UBSan, asserts on, GUI off) runs the engine and CLI tests again and every libFuzzer harness
# (tools/fuzz.sh). TS_SANITIZERS chooses how much (README "Sanitizers and fuzzing"):
#   quick (default, CI): every engine and CLI test but the long algorithm-quality runs listed in
#                        tests/sanitizer_skip.txt, each fuzzer for 5 s, and the malformed-input
#                        corpus with one command per case in rotation in both builds, each build
#                        with other pairs (TS_MALFORMED_COMMANDS=rotate and rotate:1);
#   full:                every engine and CLI test, each fuzzer for 20 s, every corpus pair;
#   0:                   no sanitizer build (TS_SKIP_SANITIZERS=1 too), every corpus pair.
# The last lines are ctest's summary.
set -euo pipefail
cd "$(dirname "$0")"

./tools/install_deps.sh
jobs=$(nproc 2>/dev/null || echo 2)
# New build trees use Ninja (a clean build took 5 min 36 s against make's 6 min 31 s on two
# cores); an existing tree keeps the generator it was made with.
export CMAKE_GENERATOR=${CMAKE_GENERATOR:-Ninja}
cmake_options=(-DCMAKE_BUILD_TYPE=Release)

# --- packaging and scripting: also build the Python module, so that ctest runs its unittest
# tests and the install / .deb / consumer-project tests (labels python, install) ---
cmake_options+=(-DTS_PYTHON=ON)
# --- end packaging and scripting ---

cmake -S . -B build "${cmake_options[@]}" >/dev/null
cmake --build build -j"$jobs"

sanitizers=${TS_SANITIZERS:-quick}
[ "${TS_SKIP_SANITIZERS:-0}" = 1 ] && sanitizers=0
case "$sanitizers" in
  quick) skip=$(grep -v -e '^#' -e '^$' tests/sanitizer_skip.txt | paste -sd'|'); fuzz_seconds=5
         corpus_commands=rotate; release_corpus_commands=rotate:1 ;;
  full) skip=''; fuzz_seconds=20; corpus_commands=all; release_corpus_commands=all ;;
  0) release_corpus_commands=all ;;
  *) echo "error: TS_SANITIZERS must be quick, full or 0, got '$sanitizers'" >&2; exit 2 ;;
esac
if [ "$sanitizers" != 0 ]; then
  CC=clang-14 CXX=clang++-14 cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DTS_BUILD_GUI=OFF \
    -DTS_SANITIZE=ON -DTS_FUZZ=ON >/dev/null
  cmake --build build-asan -j"$jobs"
  # Leaks inside Debian's COIN-OR libraries are not ours to fix (tools/lsan.supp).
  export LSAN_OPTIONS="suppressions=$PWD/tools/lsan.supp:print_suppressions=0"
  echo "== engine and CLI tests with AddressSanitizer + UBSan (build-asan, TS_SANITIZERS=$sanitizers)"
  if ! (cd build-asan && TS_MALFORMED_COMMANDS=$corpus_commands ctest -L 'engine|cli' ${skip:+-E "$skip"} -j"$jobs" --output-on-failure >ctest.log 2>&1); then
    grep -E "Failed|\*\*\*|runtime error|ERROR: AddressSanitizer" build-asan/ctest.log | head -40
    # The failing tests' own output (assertion messages, stacks of a hung process).
    grep -E -A80 "^[0-9]+/[0-9]+ Test +#[0-9]+: .*\*\*\*(Failed|Timeout|Exception)" build-asan/ctest.log | head -200
    tail -n 3 build-asan/ctest.log
    exit 1
  fi
  tail -n 1 build-asan/ctest.log | sed 's/^/sanitizer build: /'
  grep -E "tests passed" build-asan/ctest.log | sed 's/^/sanitizer build: /'
  echo "== libFuzzer harnesses, $fuzz_seconds s each (tools/fuzz.sh)"
  ./tools/fuzz.sh "$fuzz_seconds"
fi

cd build
# GUI tests set QT_QPA_PLATFORM=offscreen themselves (ctest ENVIRONMENT); export it as well
# for anything started outside ctest's properties.
export QT_QPA_PLATFORM=offscreen
TS_MALFORMED_COMMANDS=$release_corpus_commands exec ctest --output-on-failure -j"$jobs"
