#!/usr/bin/env bash
# The batch benchmarks (figures in docs/performance.md): builds the release preset with the bench
# tools, generates 1,000 and 10,000 result files and the 4,500-file corpus set once
# (build/bench-data), then measures: bench/measure.py (generated files against their floors),
# bench/corpus_ratio.py (issue 16's target: real composite.xml files against pugixml's parse).
# Not part of the test suite. Exits 1 when a control showed a loaded machine (no figures then).
# Usage: bench/run.sh [N=10000]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-10000}
cmake --preset release -DIOSR_BUILD_BENCH=ON >/dev/null
cmake --build --preset release >/dev/null
for count in 1000 "$n"; do
  [ -f "build/bench-data/$count/results.tar.gz" ] || python3 bench/generate.py "build/bench-data/$count" "$count"
done
status=0
python3 bench/corpus_ratio.py build/release/apps/iosr build/release/bench/xml_parse_floor \
  build/bench-data/corpus-4500 || status=1
python3 bench/measure.py build/release/apps/iosr build/release/bench/xml_parse_floor \
  "build/bench-data/$n" build/bench-data/1000 || status=1
exit $status
