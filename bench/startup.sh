#!/usr/bin/env bash
# Start-up of iosr (issue 16; docs/performance.md, "Start-up"): builds the release preset, checks
# that iosr loads at start none of the libraries it loads on first use (SQLite, libpq, libcrypto,
# libarchive, the chart images' librsvg, cairo, fontconfig and pango) nor libcurl (only iosr-http
# links it), then bench/startup.py times `iosr --version` and `iosr compare
# data/xml/iosched-3way.xml` against /bin/true with hyperfine, which it installs through
# scripts/install-deps.sh. Not part of the test suite (tests/loaded_libraries_test.py is).
# Usage: bench/startup.sh [ROUNDS] [--before OLD_IOSR] [--cpu-runs N] (bench/startup.py)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh hyperfine
cmake --preset release >/dev/null
cmake --build --preset release >/dev/null
iosr=build/release/apps/iosr
for lib in libcurl libsqlite libpq libcrypto libarchive librsvg libcairo libfontconfig libpango; do
  if ldd "$iosr" | grep -q "$lib"; then
    echo "$iosr loads $lib; it may not (docs/performance.md, \"Start-up\")" >&2
    exit 1
  fi
done
echo "$iosr loads $(ldd "$iosr" | grep -c '=>') shared libraries: $(ldd "$iosr" | awk '/=>/ {print $1}' | tr '\n' ' ')"
python3 bench/startup.py "$iosr" "$@"
