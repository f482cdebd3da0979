#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The library's batch example (examples/convert_tree.cpp) on a directory of result files, an
# archive of them and files that are none, and one that fails: its dataset is, byte for byte,
# what `iosr convert DIR --combine OUT.csv` writes, its standard error what iosr says, and it
# exits 1 as iosr does.
# Usage: example_convert_test.sh CONVERT_TREE IOSR SOURCE_DIR
set -euo pipefail
example=$1 iosr=$2 source=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tree=$work/tree
mkdir -p "$tree/text" "$tree/more"
cp "$source"/data/text/*.txt "$tree/text/"
cp "$source"/data/xml/*.xml "$tree/more/"
tar -czf "$tree/archived.tar.gz" -C "$source/data/text" .
printf 'not a result file\n' >"$tree/README"
printf '<?xml version="1.0"?>\n<PhoronixTestSuite><Result>\n' >"$tree/more/cut.xml"
status=0
"$example" "$tree" "$work/example.csv" 2>"$work/example.err" || status=$?
cli_status=0
"$iosr" convert "$tree" --combine "$work/cli.csv" 2>"$work/cli.err" || cli_status=$?
fail() {
  echo "convert_tree: $*" >&2
  exit 1
}
[ "$status" -eq 1 ] && [ "$cli_status" -eq 1 ] || fail "exit $status, iosr $cli_status; expected 1 (cut.xml fails)"
cmp -s "$work/example.csv" "$work/cli.csv" || { diff "$work/cli.csv" "$work/example.csv" | head -20 >&2; fail "its CSV differs from iosr convert's"; }
cmp -s "$work/example.err" "$work/cli.err" || { diff "$work/cli.err" "$work/example.err" | head -20 >&2; fail "it says what iosr says otherwise"; }
[ "$(wc -l <"$work/example.csv")" -gt 100 ] || fail "too few rows: $(wc -l <"$work/example.csv")"
grep -q "^$tree/more/cut.xml:" "$work/example.err" || fail "the failure is not said: $(cat "$work/example.err")"
grep -q "skipped$" "$work/example.err" || fail "no totals line: $(cat "$work/example.err")"
