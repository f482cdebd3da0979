#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The database benchmark (issue 18; figures in docs/performance.md): builds the release preset,
# makes the batch set (bench/generate.py, 10,000 files) and the trend set (bench/generate_trend.py,
# a million entries) once under build/bench-data, then measures import and trend.
# Usage: bench/run_db.sh [PASSES=3]
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset release -DIOSR_BUILD_BENCH=ON >/dev/null
cmake --build --preset release >/dev/null
[ -f build/bench-data/10000/results.tar.gz ] || python3 bench/generate.py build/bench-data/10000 10000
[ -f build/bench-data/trend/linux-5.19.xml ] || python3 bench/generate_trend.py build/bench-data/trend 10000
python3 bench/measure_db.py build/release/apps/iosr build/bench-data/10000 build/bench-data/trend \
  build/bench-data/db "${1:-3}"
