#!/usr/bin/env bash
# The chart images' figures (docs/performance.md, "Chart images"): builds the release preset with
# the bench tools, then bench/chart_bench on seed 000 (52 tests): every image as SVG against
# the HTML page of the same comparison, then PNG and PDF. Not part of the test suite.
# Usage: bench/charts.sh [PASSES=20]
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset release -DIOSR_BUILD_BENCH=ON >/dev/null
cmake --build --preset release --target chart_bench >/dev/null
build/release/bench/chart_bench data/text/000_1809f3a92cbbf2f4.txt --passes "${1:-20}"
