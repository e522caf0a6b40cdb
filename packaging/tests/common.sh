# Shared by the install tests: failing with a reason, and running a program with a clean
# environment so that nothing but its own RPATH can find the TileStudio library.
fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# Runs "$@" without LD_LIBRARY_PATH and without a display; prints its stdout.
run_clean() {
  env -u LD_LIBRARY_PATH -u DISPLAY -u WAYLAND_DISPLAY QT_QPA_PLATFORM=offscreen "$@"
}

# The installed programs answer from a root (prefix or unpacked package): one version for
# the CLI, the studio and the CMake package / .deb (given as $2); `info --list` shows the presets.
check_programs() {
  local bin=$1 version=$2 out
  out=$(run_clean "$bin/tilestudio-cli" --version) || fail "tilestudio-cli --version failed"
  [ "$out" = "tilestudio-cli $version" ] || fail "tilestudio-cli --version says '$out', expected version $version"
  if [ -x "$bin/tilestudio" ]; then
    out=$(run_clean "$bin/tilestudio" --version 2>/dev/null) || fail "tilestudio --version failed"
    [ "$out" = "tilestudio $version" ] || fail "tilestudio --version says '$out', expected version $version"
  fi
  out=$(run_clean "$bin/tilestudio-cli" info --list) || fail "tilestudio-cli info --list failed"
  # Every preset the root ships (share/tilestudio/devices, or the .deb's usr/share/...) is listed.
  local root preset presets=0
  root=$(cd "$bin/.." && pwd)
  for preset in "$root"/share/tilestudio/devices/*.yaml; do
    preset=$(basename "$preset" .yaml)
    grep -qw "$preset" <<<"$out" || fail "info --list does not show $preset: $out"
    presets=$((presets + 1))
  done
  [ "$presets" -ge 5 ] || fail "only $presets device presets in $root/share/tilestudio/devices"
  # The engine library comes from the same root, not from a build tree or the system.
  local lib
  lib=$(env -u LD_LIBRARY_PATH ldd "$bin/tilestudio-cli" | sed -n 's/.*libtilestudio-engine[^ ]* => \([^ ]*\).*/\1/p')
  [[ "$lib" == "$root/"* ]] || fail "tilestudio-cli loads libtilestudio-engine from '$lib', not from $root"
  [ "$(readlink "$bin/placer")" = tilestudio-cli ] || fail "$bin/placer is not a link to tilestudio-cli"
  echo "ok: tilestudio-cli --version = $version, info --list shows the presets, placer -> tilestudio-cli"
}
