#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The library example (examples/compare_markdown.cpp) on seeds 000 and 002 prints, byte for byte,
# the golden output of `iosr compare --format md` on the same files (tests/golden_test.py), and
# exits 1 with the error for a file it cannot read.
# Usage: example_test.sh EXAMPLE SOURCE_DIR
set -euo pipefail
example=$1 source=$2
cd "$source"
golden=tests/golden/000+002.compare.md.golden
test -s "$golden"
out=$(mktemp)
trap 'rm -f "$out"' EXIT
"$example" data/text/000_1809f3a92cbbf2f4.txt data/text/002_236e153a66cd3c9d.txt >"$out"
if ! cmp -s "$golden" "$out"; then
  echo "compare_markdown differs from $golden:" >&2
  diff -u "$golden" "$out" | head -40 >&2
  exit 1
fi
status=0
"$example" data/text/000_1809f3a92cbbf2f4.txt /nonexistent.txt 2>"$out" || status=$?
if [ "$status" -ne 1 ] || ! grep -q '^/nonexistent.txt: cannot open' "$out"; then
  echo "compare_markdown on a missing file: exit $status, said: $(cat "$out")" >&2
  exit 1
fi
