#!/usr/bin/env bash
# The batch benchmark (issue 5; figures in docs/performance.md): builds the release preset with
# the bench tools, generates 1,000 and 10,000 result files once (build/bench-data), measures.
# Not part of the test suite: it takes a few minutes. Usage: bench/run.sh [N=10000]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-10000}
cmake --preset release -DIOSR_BUILD_BENCH=ON >/dev/null
cmake --build --preset release >/dev/null
for count in 1000 "$n"; do
  [ -f "build/bench-data/$count/results.tar.gz" ] || python3 bench/generate.py "build/bench-data/$count" "$count"
done
python3 bench/measure.py build/release/apps/iosr build/release/bench/xml_parse_floor \
  "build/bench-data/$n" build/bench-data/1000
