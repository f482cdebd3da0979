#!/usr/bin/env bash
# Installs what iosr needs from Debian packages; does nothing when all of it is present. No test
# installs anything itself. Run as root (or with sudo available) on Debian 12.
#   install-deps.sh            what building and running iosr needs (scripts/build.sh)
#   install-deps.sh --tests    that, and what the tests use (scripts/test.sh)
#   install-deps.sh PKG...     those packages instead (install-fuzz-deps.sh uses this)
# When another install holds the package manager's lock, apt-get waits for it (up to 10 minutes)
# instead of failing with "Could not get lock".
set -euo pipefail

# The build and the run: python3 (the man page is made from iosr's --help), libmimalloc-dev (iosr's malloc), libsqlite3-dev and libssl-dev for
# `iosr db` (SQLite, and OpenSSL's SHA-256). libcurl is for iosr-http alone
# (docs/openbenchmarking.md); ca-certificates, which libcurl4 only recommends, lets it verify
# OpenBenchmarking.org's TLS. librsvg2-dev (with cairo and fontconfig; pkg-config finds them)
# renders the chart images to PNG and PDF, in fonts-dejavu-core's DejaVu Sans (docs/charts.md).
# `iosr serve`'s HTTP server is Boost.Beast, in libboost-dev, its gzip zlib1g-dev's zlib.
# libre2-dev (found with pkg-config)
# compiles every filter a user gives, in linear time (docs/compare.md, "Filters").
packages=(cmake g++ make python3 libpugixml-dev libfmt-dev libboost-dev libcxxopts-dev
          nlohmann-json3-dev libarchive-dev libmimalloc-dev libcurl4-openssl-dev ca-certificates
          libsqlite3-dev libssl-dev libpq-dev librsvg2-dev pkg-config fonts-dejavu-core
          libre2-dev zlib1g-dev)
# What the tests use: catch2, chromium (the HTML page, headless), groff-base (the man
# page), cmark-gfm (the Markdown outputs as GitHub reads them), python3-pandas (the guide's and
# the dataset docs' pandas examples), python3-scipy (the statistics checked against SciPy),
# python3-jsonschema (the JSON Schemas in docs/, and BMF's), libxml2-utils (xmllint: the JUnit
# report against its XSD), sqlite3 (the database read with SQLite's own
# shell), openssl (a certificate for the TLS check), strace (that --sync flushes every output),
# Node.js and npm (DuckDB, below), postgresql (a throwaway server the store's tests start:
# tests/pg_cluster.sh), python3-websocket (the DevTools protocol client that drives Chromium
# through iosr serve's pages). A test whose tool is missing fails under CI.
test_packages=(catch2 chromium groff-base cmark-gfm python3-pandas python3-scipy
               python3-jsonschema libxml2-utils sqlite3 openssl strace postgresql
               python3-websocket)
# Debian's nodejs and npm, unless a Node.js with its npm is there already (a nodejs package from
# elsewhere bundles npm, and Debian's npm package would conflict with it).
command -v node >/dev/null && command -v npm >/dev/null || test_packages+=(nodejs npm)
# binutils: readelf, for the libraries iosr names as NEEDED (tests/loaded_libraries_test.py);
# g++ brings it, named here all the same.
test_packages+=(binutils)
engines=""
if [ "${1:-}" = "--tests" ]; then
  shift
  packages+=("${test_packages[@]}")
  engines="$(cd "$(dirname "$0")/.." && pwd)/tests/engines"
fi
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
# DPkg::Lock::Timeout makes apt-get wait for the dpkg lock and the lists' lock (apt 1.9.11 and
# later; Debian 12 has 2.6) rather than fail while another install, such as unattended-upgrades
# on a fresh machine, runs.
lock_wait=(-o DPkg::Lock::Timeout=600)
$sudo apt-get "${lock_wait[@]}" update -qq
$sudo apt-get "${lock_wait[@]}" install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
install_engines
