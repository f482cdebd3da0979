#!/usr/bin/env bash
# Installs this build into a temporary prefix, checks the man page and the bash completion are
# there, builds tests/package/consumer and examples/ against it with find_package(iosr), and
# runs them on the bundled data.
# Usage: package_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1 source=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
test -x "$work/prefix/bin/iosr"
test -f "$work/prefix/include/iosr/model.hpp"
# The man page as generated, and a bash completion that registers itself for iosr.
cmp "$build/man/iosr.1" "$work/prefix/share/man/man1/iosr.1"
bash -c 'source "$1" && complete -p iosr' _ "$work/prefix/share/bash-completion/completions/iosr" \
  >/dev/null
cmake -S "$source/tests/package/consumer" -B "$work/build" -DCMAKE_PREFIX_PATH="$work/prefix" \
      -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/build" -j2 >/dev/null
out=$("$work/build/consumer" "$source/data/xml/iosched-3way.xml")
expected="composite-xml 3 systems
Flexible IO Tester: 3 entries
Flexible IO Tester: 3 entries
SQLite: 3 entries
trend: 3 tests at 1 point"
if [ "$out" != "$expected" ]; then
  printf 'consumer printed:\n%s\nexpected:\n%s\n' "$out" "$expected" >&2
  exit 1
fi
# The library example, built on its own against the installed package, as a user would build it.
cmake -S "$source/examples" -B "$work/examples" -DCMAKE_PREFIX_PATH="$work/prefix" \
      -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/examples" -j2 >/dev/null
"$source/tests/example_test.sh" "$work/examples/compare_markdown" "$source"
"$work/prefix/bin/iosr" --version
