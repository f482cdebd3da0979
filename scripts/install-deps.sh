#!/usr/bin/env bash
# Installs what iosr needs to build and run every test, from Debian packages; does nothing when
# all of it is present. No test installs anything itself. Run as root (or with sudo available)
# on Debian 12.
# With arguments, installs those packages instead (install-fuzz-deps.sh uses this).
set -euo pipefail

# The build, then what the tests use: chromium (the HTML page, headless), groff (the man page),
# python3-pandas (the guide's pandas examples), openssl (a certificate for the TLS check). A test
# whose tool is missing fails under CI. libcurl is for iosr-http alone (docs/openbenchmarking.md);
# ca-certificates, which libcurl4 only recommends, lets it verify OpenBenchmarking.org's TLS.
packages=(cmake g++ make python3 libpugixml-dev libfmt-dev libboost-dev catch2 libcxxopts-dev
          nlohmann-json3-dev libarchive-dev libmimalloc-dev libcurl4-openssl-dev ca-certificates
          chromium groff-base python3-pandas openssl)
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
