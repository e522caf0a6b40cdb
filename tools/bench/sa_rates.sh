#!/bin/bash
# SA move rates of several builds, run alternately so that machine load hits them alike.
# usage: [SEEDS="1 2 3"] [CPU=0] tools/bench/sa_rates.sh DESIGN COST RUNS DIR...
#   DIR holds a tilestudio-cli and its libtilestudio-engine.so* (e.g. copies of build/bin and
#   build/engine); prints per DIR the median moves/s, every run's rate and the final costs seen,
#   then each DIR's median ratio to the first DIR's run of the same round (build_cli_at.sh builds
#   the DIR of any commit).
#   Each round runs every build once per seed (SEEDS, default 1). CPU pins every run to that
#   CPU (taskset): on a shared cloud machine one vCPU was at times a quarter slower.
set -euo pipefail
if [ $# -lt 4 ]; then
  sed -n 3,9p "$0" >&2
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
python3 - "$work" "$@" <<'PY'
import statistics, sys
work, dirs = sys.argv[1], sys.argv[2:]
runs = []
for n, d in enumerate(dirs, 1):
    rows = [line.split() for line in open(f"{work}/rates{n}")]
    runs.append([float(r[0]) / 1e6 for r in rows])
    print(f"{d}: median {statistics.median(runs[-1]):.3f} M moves/s; runs",
          " ".join(f"{x:.2f}" for x in runs[-1]), "; cost", ", ".join(sorted({r[1] for r in rows})))
# Each run against the first build's run of the same round and seed: machine drift hits both.
for d, r in zip(dirs[1:], runs[1:]):
    ratios = [b / a for a, b in zip(runs[0], r)]
    print(f"{d} / {dirs[0]}: median of paired ratios {statistics.median(ratios):.3f} "
          f"({min(ratios):.3f}-{max(ratios):.3f})")
PY
