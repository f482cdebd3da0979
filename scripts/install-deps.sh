#!/usr/bin/env bash
# Installs what iosr needs to build and test, from Debian packages; does nothing when all of
# it is present. Run as root (or with sudo available) on Debian 12.
# With arguments, installs those packages instead (install-fuzz-deps.sh uses this).
set -euo pipefail

packages=(cmake g++ make python3 libpugixml-dev libfmt-dev libboost-dev catch2 libcxxopts-dev
          nlohmann-json3-dev libarchive-dev)
[ $# -gt 0 ] && packages=("$@")

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "installing: ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
