#!/usr/bin/env bash
# Installs the Debian packages TileStudio needs, and only those that are missing.
# Used by run.sh and test.sh; safe to run again (does nothing when all are present).
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config
  qtbase5-dev libqt5charts5-dev libqt5svg5-dev
  coinor-libcbc-dev libboost-graph-dev libyaml-cpp-dev nlohmann-json3-dev libcli11-dev
  libgtest-dev glpk-utils parallel xvfb xauth fonts-dejavu-core
  clang-14 libclang-rt-14-dev   # sanitizer and libFuzzer build (build-asan, tools/fuzz.sh)
  # packaging and scripting: man pages, .deb (dpkg-shlibdeps needs `file`), desktop checks, Python module
  help2man dpkg-dev file desktop-file-utils shared-mime-info python3-dev pybind11-dev
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing missing Debian packages: ${missing[*]}"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo_cmd=(sudo); else
    echo "error: need root (or sudo) to install: ${missing[*]}" >&2
    exit 2
  fi
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -q
"${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
