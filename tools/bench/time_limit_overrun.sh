#!/bin/bash
# How far a time-limited placer runs past its limit, for several builds run alternately.
# usage: [CPU=0] tools/bench/time_limit_overrun.sh DESIGN PLACER LIMIT RUNS DIR...
#   DIR holds a tilestudio-cli and its libtilestudio-engine.so* (copies of build/bin and
#   build/engine). Each round runs `place DESIGN --placer PLACER --time-limit LIMIT --seed 1`
#   once per build; prints per DIR the median of the report's `seconds` less LIMIT, every
#   run's figure, and the objectives seen. CPU pins every run to that CPU (taskset).
set -euo pipefail
if [ $# -lt 5 ]; then
  sed -n 3,7p "$0" >&2
  exit 2
fi
design=$1 placer=$2 limit=$3 runs=$4
shift 4
source "$(dirname "$0")/common.sh"
for _ in $(seq "$runs"); do
  n=0
  for dir in "$@"; do
    n=$((n + 1))
    # Exit 1 (no legal placement in time) still reports its seconds.
    run_cli "$dir" place "$design" --placer "$placer" --time-limit "$limit" --seed 1 --out "$work/p.yaml" \
      --report "$work/r.json" || [ $? -eq 1 ]
    python3 -c "import json,sys; s=json.load(open(sys.argv[1]))['stats']; print(s['seconds'], s.get('objective', s.get('cost_total', '-')))" \
      "$work/r.json" >>"$work/runs$n"
  done
done
n=0
for dir in "$@"; do
  n=$((n + 1))
  python3 - "$dir" "$work/runs$n" "$limit" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[2])]
over = [float(r[0]) - float(sys.argv[3]) for r in rows]
print(f"{sys.argv[1]}: median {statistics.median(over):+.2f} s past the limit; runs",
      " ".join(f"{x:+.2f}" for x in over), "; objective", ", ".join(sorted({r[1] for r in rows})))
PY
done
