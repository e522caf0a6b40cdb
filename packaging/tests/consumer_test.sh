#!/usr/bin/env bash
# Builds a small project against the installed package (find_package(TileStudio) ->
# TileStudio::engine) and runs it: it loads a sample, places and routes it and checks the result
# with the engine's independent checkers.
# Usage: consumer_test.sh CONSUMER_SOURCE WORK_DIR PREFIX SAMPLES_DIR
set -euo pipefail
src=$1 work=$2 prefix=$3 samples=$4
source "$(dirname "$0")/common.sh"
rm -rf "$work"
cmake -S "$src" -B "$work" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null ||
  fail "configuring the consumer project against $prefix"
cmake --build "$work" >/dev/null || fail "building the consumer project"
run_clean "$work/consumer" "$samples/edge_detect.yaml" || fail "the consumer program failed"
