#!/usr/bin/env bash
# Installs dependencies and builds iosr into build/release (or the preset given as $1).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
preset="${1:-release}"
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset"
