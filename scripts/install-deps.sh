#!/usr/bin/env bash
# Installs what iosr needs to build and run every test, from Debian packages; does nothing when
# all of it is present. No test installs anything itself. Run as root (or with sudo available)
# on Debian 12.
# With arguments, installs those packages instead (install-fuzz-deps.sh uses this).
set -euo pipefail

# The build (libmimalloc-dev: iosr's malloc; libsqlite3-dev and libssl-dev for `iosr db`: SQLite,
# and OpenSSL's SHA-256), then
# what the tests use: chromium (the HTML page, headless), groff (the man page), python3-pandas
# (the guide's and the dataset docs' pandas examples), python3-scipy (the statistics checked
# against SciPy), python3-jsonschema (the JSON Schemas in docs/), sqlite3 (the database read with
# SQLite's own shell), openssl (a certificate for the TLS check), strace (that --sync flushes
# every output), Node.js and npm (DuckDB, below).
# A test whose tool is missing fails under CI. libcurl is for iosr-http alone
# (docs/openbenchmarking.md); ca-certificates, which libcurl4 only recommends, lets it verify
# OpenBenchmarking.org's TLS.
packages=(cmake g++ make python3 libpugixml-dev libfmt-dev libboost-dev catch2 libcxxopts-dev
          nlohmann-json3-dev libarchive-dev libmimalloc-dev libcurl4-openssl-dev ca-certificates
          libsqlite3-dev libssl-dev chromium groff-base python3-pandas python3-scipy
          python3-jsonschema sqlite3 openssl strace)
# Debian's nodejs and npm, unless a Node.js with its npm is there already (a nodejs package from
# elsewhere bundles npm, and Debian's npm package would conflict with it).
command -v node >/dev/null && command -v npm >/dev/null || packages+=(nodejs npm)
engines="$(cd "$(dirname "$0")/.." && pwd)/tests/engines"
[ $# -gt 0 ] && packages=("$@") engines=""

# DuckDB, for the tests that load the datasets as users do: the npm package @duckdb/node-api,
# which ships the engine, at the versions pinned in tests/engines/package-lock.json. Installed
# again only when the lock file changed since the last install (a copy of it marks that one).
install_engines() {
  [ -n "$engines" ] || return 0
  local installed="$engines/node_modules/.installed-package-lock.json"
  cmp -s "$engines/package-lock.json" "$installed" && return 0
  echo "installing: tests/engines (npm ci)" >&2
  (cd "$engines" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
  cp "$engines/package-lock.json" "$installed"
}

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -eq 0 ]; then
  install_engines
  exit 0
fi

echo "installing: ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
install_engines
