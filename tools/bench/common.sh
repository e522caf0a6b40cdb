# Shared by the scripts that run several builds alternately (source it after the arguments are
# read). Each build is a DIR holding a tilestudio-cli and its libtilestudio-engine.so* (e.g.
# copies of build/bin and build/engine). Sets `work`, a temporary folder removed on exit, and
# pins every run to $CPU when it is set (on a shared cloud machine one vCPU was at times a
# quarter slower than the other).
pin=()
[ -n "${CPU:-}" ] && pin=(taskset -c "$CPU")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# run_cli DIR ARGS...: that build's `tilestudio-cli -q ARGS`, its output dropped; returns its exit code.
run_cli() {
  local dir=$1
  shift
  LD_LIBRARY_PATH=$dir "${pin[@]}" "$dir/tilestudio-cli" -q "$@" >/dev/null
}
