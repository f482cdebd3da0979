#!/usr/bin/env bash
# Installs what the fuzz targets need beyond install-deps.sh: clang 16 and its libFuzzer and
# sanitizer runtimes (Debian 12's default clang 14 cannot compile iosr's C++20 against GCC 12's
# library). Does nothing when they are present. Run as root (or with sudo) on Debian 12.
set -euo pipefail

packages=(clang-16 libclang-rt-16-dev)

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
