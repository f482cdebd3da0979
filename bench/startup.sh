#!/usr/bin/env bash
# Start-up time of `iosr --version` (docs/openbenchmarking.md, "Start-up"): builds the release
# preset, checks that iosr loads no libcurl (only iosr-http does), and times it with hyperfine,
# which it installs through scripts/install-deps.sh. Not part of the test suite.
# Usage: bench/startup.sh [EXTRA HYPERFINE OPTIONS]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh hyperfine
cmake --preset release >/dev/null
cmake --build --preset release >/dev/null
iosr=build/release/apps/iosr
if ldd "$iosr" | grep -q libcurl; then
  echo "$iosr loads libcurl; only iosr-http may" >&2
  exit 1
fi
echo "$iosr loads $(ldd "$iosr" | grep -c '=>') shared libraries"
hyperfine -N --warmup 20 --runs 300 "$@" "$iosr --version"
