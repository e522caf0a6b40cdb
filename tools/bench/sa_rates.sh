#!/bin/bash
# SA move rates of several builds, run alternately so that machine load hits them alike.
# usage: [SEEDS="1 2 3"] [CPU=0] tools/bench/sa_rates.sh DESIGN COST RUNS DIR...
#   DIR holds a tilestudio-cli and its libtilestudio-engine.so* (e.g. copies of build/bin and
#   build/engine); prints per DIR the median moves/s, every run's rate and the final costs seen.
#   Each round runs every build once per seed (SEEDS, default 1). CPU pins every run to that
#   CPU (taskset): on a shared cloud machine one vCPU was at times a quarter slower.
set -euo pipefail
if [ $# -lt 4 ]; then
  sed -n 3,7p "$0" >&2
  exit 2
fi
design=$1 cost=$2 runs=$3
shift 3
source "$(dirname "$0")/common.sh"
for _ in $(seq "$runs"); do
  for seed in ${SEEDS:-1}; do
    n=0
    for dir in "$@"; do
      n=$((n + 1))
      run_cli "$dir" place "$design" --placer sa --cost "$cost" --seed "$seed" --out "$work/p.yaml" \
        --report "$work/r.json"
      python3 -c "import json,sys; s=json.load(open(sys.argv[1]))['stats']; print(s['moves_per_s'], s['cost_total'])" \
        "$work/r.json" >>"$work/rates$n"
    done
  done
done
n=0
for dir in "$@"; do
  n=$((n + 1))
  python3 - "$dir" "$work/rates$n" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[2])]
rates = [float(r[0]) / 1e6 for r in rows]
print(f"{sys.argv[1]}: median {statistics.median(rates):.3f} M moves/s; runs",
      " ".join(f"{x:.2f}" for x in rates), "; cost", ", ".join(sorted({r[1] for r in rows})))
PY
done
