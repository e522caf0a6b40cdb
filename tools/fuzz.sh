#!/usr/bin/env bash
# Runs every libFuzzer harness of the sanitizer build (build-asan, made by ./test.sh or
# `cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DTS_BUILD_GUI=OFF -DTS_SANITIZE=ON
# -DTS_FUZZ=ON` with CXX=clang++-14) for SECONDS each (default 20), FUZZ_JOBS at a time
# (default 2). Seeds come from samples/, resources/devices/, the malformed-input corpus and
# ../shared/data; what the fuzzers find grows in build-asan/fuzz-work/corpus/. Exits 1 when a
# harness finds a crash, a leak, a timeout or an unexpected exception, naming the input.
#   tools/fuzz.sh            # 20 s each (test.sh: 5 s each in its quick mode, CI's)
#   nice tools/fuzz.sh 600   # 10 minutes each
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
build=${TS_FUZZ_BUILD:-build-asan}
jobs=${FUZZ_JOBS:-2}
shared=../shared/data
work=$build/fuzz-work
malformed=tests/data/malformed

harnesses=("$build"/fuzz/fuzz_*)
[ -x "${harnesses[0]}" ] || { echo "error: no fuzz harnesses in $build/fuzz (configure with -DTS_FUZZ=ON)" >&2; exit 2; }
mkdir -p "$work"/{corpus,seeds,logs,artifacts}

# Seed folders, rebuilt on every run; `add h files...` copies existing files only.
add() {
  local h=$1
  shift
  mkdir -p "$work/seeds/$h"
  for f in "$@"; do [ -f "$f" ] && cp "$f" "$work/seeds/$h/$(echo "$f" | tr '/' '_')"; done
  return 0
}
rm -rf "$work/seeds" && mkdir -p "$work/seeds"
placed=$work/seeds/placed && mkdir -p "$placed"
for ext in yaml csv json; do
  "$build/bin/tilestudio-cli" -q place samples/edge_detect.yaml --placer manual --out "$placed/edge_detect.$ext" >/dev/null
done
shopt -s nullglob globstar
add fuzz_design_yaml samples/*.yaml "$malformed"/design_yaml/*.yaml
add fuzz_placement_yaml "$placed/edge_detect.yaml" "$malformed"/placement_yaml/*.yaml
add fuzz_placement_csv "$placed/edge_detect.csv" "$malformed"/placement_csv/*.csv
add fuzz_npflow_json "$placed/edge_detect.json" "$malformed"/npflow_json/*.json "$malformed"/placement_json/*.json
add fuzz_device_yaml resources/devices/*.yaml "$malformed"/device_yaml/*.yaml
add fuzz_kgraph "$shared"/ispd20/**/*.kgraph samples/wse/*.kgraph "$malformed"/kgraph/*.kgraph "$malformed"/fixtures/*.kgraph
add fuzz_paint "$shared"/ispd20/**/*.paint samples/wse/*.paint "$malformed"/paint/*.paint "$malformed"/fixtures/*.paint
add fuzz_mlir "$shared"/mlir-aie/**/*.mlir "$malformed"/mlir/*.mlir
rm -rf "$placed"

run() {
  local exe=$1 h
  h=$(basename "$exe")
  mkdir -p "$work/corpus/$h" "$work/seeds/$h"
  "$exe" "$work/corpus/$h" "$work/seeds/$h" -max_total_time="$seconds" -max_len=16384 -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$work/artifacts/$h-" >"$work/logs/$h.log" 2>&1
}

declare -A pid
for exe in "${harnesses[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  run "$exe" &
  pid[$exe]=$!
done
failed=0
printf '%-22s %12s %8s  %s\n' harness executions corpus result
for exe in "${harnesses[@]}"; do
  h=$(basename "$exe")
  status=0
  wait "${pid[$exe]}" || status=$?
  log=$work/logs/$h.log
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  size=$(find "$work/corpus/$h" -type f | wc -l)
  if [ "$status" -eq 0 ]; then
    printf '%-22s %12s %8s  ok\n' "$h" "${execs:-?}" "$size"
  else
    failed=1
    printf '%-22s %12s %8s  FAILED (exit %s), log: %s\n' "$h" "${execs:-?}" "$size" "$status" "$log"
    grep -E "^(==[0-9]+==ERROR|SUMMARY|.*runtime error|unexpected exception|InputError without)|Test unit written" "$log" |
      head -5 || true
  fi
done
exit "$failed"
