#!/usr/bin/env bash
# `cmake --install` into a fresh prefix, then what a user and a desktop get from there: the
# programs run (library found through their RPATH) with one version, `placer`, the CMake
# package and headers, presets, samples, a valid desktop entry and MIME types, the icon, man
# pages with every subcommand, and the Python module importing from its site folder.
# Usage: install_tree_test.sh BUILD_DIR PREFIX [PYTHON PYTHON_INSTALL_DIR]
set -euo pipefail
build=$1 prefix=$2 python=${3:-} pydir=${4:-}
source "$(dirname "$0")/common.sh"

rm -rf "$prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null || fail "cmake --install failed"
for f in bin/tilestudio-cli share/applications/tilestudio.desktop share/mime/packages/tilestudio.xml \
  share/icons/hicolor/scalable/apps/tilestudio.svg share/tilestudio/devices/npu2.yaml \
  share/tilestudio/samples/edge_detect.yaml share/tilestudio/samples/wse/resnet50_coarse.kgraph \
  include/tilestudio/engine/aie/design.h include/tilestudio/engine/core/version.h \
  share/man/man1/tilestudio-cli.1.gz; do
  [ -e "$prefix/$f" ] || fail "missing $f"
done
[ -x "$build/bin/tilestudio" ] && { [ -e "$prefix/share/man/man1/tilestudio.1.gz" ] || fail "missing tilestudio.1.gz"; }
config=$(find "$prefix" -name TileStudioConfigVersion.cmake)
[ -n "$config" ] || fail "no TileStudioConfigVersion.cmake"
version=$(sed -n 's/^set(PACKAGE_VERSION "\(.*\)")/\1/p' "$config")
lib=$(find "$prefix" -name "libtilestudio-engine.so.$version")
[ -n "$lib" ] || fail "no libtilestudio-engine.so.$version"
check_programs "$prefix/bin" "$version"

# The installed `placer` is what IRON's SAPlacer runs (NPU_PNR_BIN_DIR=$prefix/bin): it places
# and routes an np-flow netlist and writes the placed netlist IRON reads back.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat >"$work/netlist.json" <<'EOF'
{"nodes": [{"id": 0, "type": "SHIM", "col_x": 0, "row_y": 0}, {"id": 1, "type": "MEM", "col_x": -1, "row_y": -1},
           {"id": 2, "type": "COMP", "col_x": -1, "row_y": -1}, {"id": 3, "type": "COMP", "col_x": -1, "row_y": -1}],
 "nets": [{"net_id": 0, "net_name": "of_in", "src_id": 0, "dst_ids": [1], "depths": [2, 2], "byte_size_per_depth": 4096},
          {"net_id": 1, "net_name": "of_fwd", "src_id": 1, "dst_ids": [2], "depths": [2, 2], "byte_size_per_depth": 4096},
          {"net_id": 2, "net_name": "of_mid", "src_id": 2, "dst_ids": [3], "depths": [2, 2], "byte_size_per_depth": 1024},
          {"net_id": 3, "net_name": "of_out", "src_id": 3, "dst_ids": [0], "depths": [2, 2], "byte_size_per_depth": 1024}],
 "links": [{"src_net_ids": [0], "dst_net_ids": [1]}]}
EOF
(cd "$work" && run_clean "$prefix/bin/placer" netlist.json --output=placed.json --routing-viz=routing.dot >log 2>&1) ||
  { cat "$work/log"; fail "the installed placer failed on an np-flow netlist"; }
cost=$(sed -n 's/.*"routing_cost": *\([-0-9.e+]*\).*/\1/p' "$work/placed.json")
[ -n "$cost" ] || fail "placer wrote no routing_cost"
if grep -qE '"(col_x|row_y)": *-1' "$work/placed.json" || ! awk -v c="$cost" 'BEGIN { exit !(c < 1e9) }'; then
  fail "the installed placer left the netlist unplaced or unrouted (routing_cost $cost)"
fi
head -c 7 "$work/routing.dot" | grep -q digraph || fail "placer wrote no routing DOT"
echo "ok: the installed placer places and routes an np-flow netlist"

# Desktop entry and MIME types as a desktop would read them.
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$prefix/share/applications/tilestudio.desktop" || fail "desktop-file-validate"
fi
mime=$work/mime
mkdir -p "$mime/packages" && cp "$prefix/share/mime/packages/tilestudio.xml" "$mime/packages/"
update-mime-database "$mime" >"$mime/log" 2>&1 || { cat "$mime/log"; fail "update-mime-database rejects tilestudio.xml"; }
for glob in 'application/x-kgraph:\*.kgraph' 'text/x-mlir:\*.mlir' 'application/x-tilestudio-runs+json:\*.tsruns.json'; do
  grep -q "$glob" "$mime/globs" || fail "MIME glob $glob not registered"
done
types=$(sed -n 's/^MimeType=//p' "$prefix/share/applications/tilestudio.desktop")
for t in application/x-kgraph text/x-mlir application/x-tilestudio-runs+json; do
  [[ ";$types" == *";$t;"* ]] || fail "desktop entry does not open $t"
done
echo "ok: desktop entry valid, MIME types kgraph/mlir/tsruns.json registered"

# The man page documents every subcommand's options (from their --help).
page=$(gzip -dc "$prefix/share/man/man1/tilestudio-cli.1.gz")
for s in '"tilestudio-cli pnr"' '"tilestudio-cli bench aie"' '"tilestudio-cli wse place"' 'route-time-limit' 'XDG_CONFIG_HOME'; do
  grep -qF -- "$s" <<<"$page" || fail "man page lacks $s"
done
[ "$(readlink "$prefix/share/man/man1/placer.1.gz")" = tilestudio-cli.1.gz ] || fail "no man page link placer.1.gz"
echo "ok: man pages"

if [ -n "$python" ]; then
  out=$(cd / && PYTHONPATH="$prefix/$pydir" run_clean "$python" -c "
import tilestudio as ts
d = ts.load_design('$prefix/share/tilestudio/samples/edge_detect.yaml')
r = ts.pnr(d, placer='sa', seed=1)
print(ts.__version__, ts.__file__, r.success)") || fail "the installed Python module does not work"
  read -r pyversion pyfile pysuccess <<<"$out"
  [ "$pyversion" = "$version" ] || fail "tilestudio.__version__ is $pyversion, expected $version"
  [[ "$pyfile" == "$prefix/"* ]] || fail "imported $pyfile instead of the installed module"
  [ "$pysuccess" = True ] || fail "pnr through the installed module failed"
  echo "ok: Python module from $prefix/$pydir places and routes a sample"
fi
