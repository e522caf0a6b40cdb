#!/bin/bash
# Builds the tilestudio-cli of any commit into DIR, for sa_rates.sh and the other scripts that
# compare builds (e.g. the engine that issue 13's move rates were measured on, 8c264e1, against
# today's: the only way to tell machine speed from code speed on a cloud machine).
# usage: tools/bench/build_cli_at.sh COMMIT DIR
#   Release build of that commit in a temporary worktree (removed afterwards); DIR gets its
#   tilestudio-cli and, where the engine was a shared library, libtilestudio-engine.so*.
set -euo pipefail
if [ $# -ne 2 ]; then
  sed -n 5,7p "$0" >&2
  exit 2
fi
commit=$1 out=$2
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
git -C "$repo" rev-parse --verify --quiet "$commit^{commit}" >/dev/null || {
  echo "error: $commit is not a commit of $repo" >&2
  exit 2
}
tree=$(mktemp -d)
trap 'git -C "$repo" worktree remove --force "$tree" 2>/dev/null || rm -rf "$tree"' EXIT
git -C "$repo" worktree add --detach --quiet "$tree" "$commit"
cmake -S "$tree" -B "$tree/build" -DCMAKE_BUILD_TYPE=Release >"$tree/configure.log" 2>&1 ||
  { tail -20 "$tree/configure.log" >&2; exit 1; }
cmake --build "$tree/build" --target tilestudio-cli -j "$(nproc)" >"$tree/build.log" 2>&1 ||
  { tail -20 "$tree/build.log" >&2; exit 1; }
mkdir -p "$out"
cp "$tree/build/bin/tilestudio-cli" "$out/"
shopt -s nullglob
libs=("$tree"/build/engine/libtilestudio-engine.so*)
[ ${#libs[@]} -gt 0 ] && cp -a "${libs[@]}" "$out/"
echo "$out: tilestudio-cli of $(git -C "$repo" log -1 --format='%h %s' "$commit" | cut -c1-80)"
