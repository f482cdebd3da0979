#!/usr/bin/env bash
# Installs dependencies, builds with warnings as errors, and runs every test (the README's
# test command). With --sanitize, also builds and runs the suite under ASan + UBSan.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --tests
presets=(dev)
[ "${1:-}" = "--sanitize" ] && presets+=(asan)
for preset in "${presets[@]}"; do
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset"
  ctest --preset "$preset" -j2
done
