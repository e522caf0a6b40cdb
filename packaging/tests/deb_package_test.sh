#!/usr/bin/env bash
# Builds the .deb with CPack, checks its control fields (version from project(VERSION), computed
# dependencies) and contents, unpacks it with `dpkg -x` into a temporary root and runs
# `tilestudio-cli --version` and `info --list` (and the Python module) from there.
# Usage: deb_package_test.sh BUILD_DIR WORK_DIR [PYTHON PYTHON_INSTALL_DIR]
set -euo pipefail
build=$1 work=$2 python=${3:-} pydir=${4:-}
source "$(dirname "$0")/common.sh"

rm -rf "$work" && mkdir -p "$work"
(cd "$build" && cpack -G DEB -B "$work/out" >"$work/cpack.log" 2>&1) || { cat "$work/cpack.log"; fail "cpack -G DEB"; }
deb=$(ls "$work"/out/tilestudio_*.deb)
version=$(dpkg-deb -f "$deb" Version)
depends=$(dpkg-deb -f "$deb" Depends)
echo "package: $(basename "$deb"), $(du -k "$deb" | cut -f1) KiB, installed size $(dpkg-deb -f "$deb" Installed-Size) KiB"
echo "Depends: $depends"
# Computed by dpkg-shlibdeps from what the binaries link, with versions.
for lib in libc6 libstdc++6 libcbc3 libyaml-cpp; do
  grep -q "$lib[^,]*(>= " <<<"$depends" || fail "Depends lacks a versioned $lib: $depends"
done
[ -x "$build/bin/tilestudio" ] && { grep -q 'libqt5widgets5' <<<"$depends" || fail "Depends lacks Qt: $depends"; }
contents=$(dpkg-deb -c "$deb")
for f in ./usr/bin/tilestudio-cli ./usr/bin/placer ./usr/share/applications/tilestudio.desktop \
  ./usr/share/mime/packages/tilestudio.xml ./usr/share/icons/hicolor/scalable/apps/tilestudio.svg \
  ./usr/share/man/man1/tilestudio-cli.1.gz ./usr/share/man/man1/placer.1.gz ./usr/share/tilestudio/devices/npu2.yaml; do
  grep -q " $f\( \|$\)" <<<"$contents" || fail "package lacks $f"
done

root=$work/root
dpkg -x "$deb" "$root"
check_programs "$root/usr/bin" "$version"
if [ -n "$python" ]; then
  grep -q "python3 (<< " <<<"$depends" || fail "Depends does not pin the Python minor version: $depends"
  # Once installed, the interpreter finds the module without PYTHONPATH.
  run_clean "$python" -c "import sys; sys.exit('/usr/$pydir' not in sys.path)" ||
    fail "/usr/$pydir is not on $python's sys.path"
  out=$(cd / && PYTHONPATH="$root/usr/$pydir" run_clean "$python" -c "import tilestudio; print(tilestudio.__version__, tilestudio.__file__)") ||
    fail "the packaged Python module does not import"
  [[ "$out" == "$version $root/usr/$pydir/"* ]] || fail "imported '$out'"
  echo "ok: Python module in /usr/$pydir"
fi
