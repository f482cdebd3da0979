#!/usr/bin/env bash
# The libFuzzer targets in fuzz/ (docs/reliability.md):
#   scripts/fuzz.sh build                 build them into build/fuzz (clang 16, ASan + UBSan)
#   scripts/fuzz.sh replay                run every committed input once; fails on any crash
#   scripts/fuzz.sh run TARGET [SECONDS]  a campaign (default 600 s), one job, new inputs kept
#                                         in build/fuzz/work/TARGET; crashes in build/fuzz/crashes
#                                         (FUZZ_TIMEOUT=S: an input taking longer is a finding;
#                                         default 10, raise it on a busy machine)
#   scripts/fuzz.sh minimise TARGET       fuzz/corpus/TARGET becomes the smallest set of inputs
#                                         (4 KB at most) covering it, the campaign's and the seeds
# TARGET is one of: pts_text composite_xml pts_csv pts_json iosr_json html_view pts_html pts_run
# pts_graphs iosr_table table compare transport trend blocks serve filter.
set -euo pipefail
cd "$(dirname "$0")/.."
build=build/fuzz
targets=(pts_text composite_xml pts_csv pts_json iosr_json html_view pts_html pts_run pts_graphs iosr_table table compare transport trend blocks serve filter)
# Inputs above this are cut: larger ones only slow a campaign down.
max_len=65536

build() {
  CXX="${CXX:-clang++-16}" cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DIOSR_BUILD_FUZZERS=ON -DIOSR_BUILD_TESTS=OFF -DIOSR_BUILD_APPS=OFF >/dev/null
  cmake --build "$build" -j2
}

check_target() {
  [[ " ${targets[*]} " == *" $1 "* ]] || { echo "unknown target '$1'; one of: ${targets[*]}" >&2; exit 2; }
}

case "${1:-}" in
  build)
    build
    ;;
  replay)
    build
    for t in "${targets[@]}"; do
      echo "replaying fuzz/corpus/$t ($(ls "fuzz/corpus/$t" | wc -l) inputs)"
      "$build/fuzz/fuzz_$t" -runs=0 "fuzz/corpus/$t" 2>"$build/replay-$t.log" ||
        { tail -n 40 "$build/replay-$t.log"; exit 1; }
    done
    ;;
  run)
    check_target "${2:-}"
    mkdir -p "$build/work/$2" "$build/crashes"
    # One process, one job (the machine may be shared). New inputs go to the first directory;
    # the others are read as seeds.
    "$build/fuzz/fuzz_$2" -max_len=$max_len -max_total_time="${3:-600}" -timeout="${FUZZ_TIMEOUT:-10}" \
      -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="$build/crashes/$2-" \
      "$build/work/$2" "fuzz/corpus/$2" fuzz/seeds data tests/fixtures
    ;;
  minimise)
    check_target "${2:-}"
    # A fresh smallest set covering what the corpus, the campaign and the seeds cover, each
    # input cut to 4 KB (the committed corpus stays small and replays in seconds).
    fresh="$build/minimised/$2"
    rm -rf "$fresh" && mkdir -p "$fresh" "fuzz/corpus/$2"
    "$build/fuzz/fuzz_$2" -set_cover_merge=1 -max_len=4096 "$fresh" "fuzz/corpus/$2" \
      "$build/work/$2" fuzz/seeds data tests/fixtures
    # Inputs that once crashed are kept whole, whatever they cover.
    find "fuzz/corpus/$2" -name 'regression-*' -exec cp {} "$fresh" \;
    rm -rf "fuzz/corpus/$2" && mv "$fresh" "fuzz/corpus/$2"
    ;;
  *)
    sed -n '2,10p' "$0" >&2
    exit 2
    ;;
esac
