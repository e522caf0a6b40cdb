#!/usr/bin/env bash
# AIE4ML block placement ("blocks" placer) on MLP designs for xcve2802: placement J, B&B
# nodes, placer time, and whether the MILP router routes the result (pnr runs the independent
# placement and routing checkers before it says "routed").
#   tools/bench/mlp_blocks.sh [CLI] [OUTDIR] [extra pnr options, e.g. --set mem_weight=0]
# Designs: the ML suite's mlp7 (7 layers of 4x4, `suite generate --set ml`) and smaller or
# irregular stacks from `suite mlp --layers`.
set -u
CLI=${1:-build/bin/tilestudio-cli}
OUT=${2:-/tmp/mlp_blocks}
shift 2 2>/dev/null || true
mkdir -p "$OUT"
printf '%-12s %-8s %10s %8s %8s %10s %6s %8s %8s\n' design stage J nodes optimal place_s routed length route_s
for spec in mlp7: mlp3:4x4,4x4,4x4 mlp4_mixed:8x2,4x4,2x8,4x1 mlp5_wide:8x4,8x4,8x4,8x4,8x4 mlp9_tall:2x8,2x8,2x8,2x8,2x8,2x8,2x8,2x8,2x8; do
  name=${spec%%:*}
  layers=${spec#*:}
  f="$OUT/$name.yaml"
  if [ -n "$layers" ]; then
    "$CLI" -q suite mlp --device xcve2802 --layers "$layers" --no-placement --out "$f" || continue
  else
    "$CLI" -q suite mlp --device xcve2802 --no-placement --out "$f" || continue
  fi
  "$CLI" -q pnr "$f" --placer blocks --router milp --time-limit 120 --route-time-limit 120 --out "$OUT/$name.placed.yaml" \
    --report "$OUT/$name.json" "$@" >/dev/null 2>"$OUT/$name.err"
  python3 - "$OUT/$name.json" "$name" <<'PY'
import json, sys
path, name = sys.argv[1:]
try:
    j = json.load(open(path))
except Exception:
    print(f"{name:<12} no report"); sys.exit()
s = j.get("placer_stats", {})
q = j.get("qor", {})
print(f"{name:<12} {j['stage']:<8} {s.get('objective', float('nan')):10.3f} {int(s.get('moves', 0)):8d} "
      f"{int(s.get('optimal', 0)):8d} {s.get('seconds', float('nan')):10.4f} {'yes' if j.get('success') else 'no':>6} "
      f"{q.get('route_length', 0):8} {j.get('seconds', {}).get('route', float('nan')):8.2f}")
PY
done
