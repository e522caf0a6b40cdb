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

# Desktop entry and MIME types as a desktop would read them.
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$prefix/share/applications/tilestudio.desktop" || fail "desktop-file-validate"
fi
mime=$(mktemp -d)
trap 'rm -rf "$mime"' EXIT
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
