#!/usr/bin/env bash
# Installs this build into a temporary prefix, checks the man page, the bash completion and
# iosr's HTTP helper are there, builds tests/package/consumer and examples/ against it with
# find_package(iosr) (which needs no CURL), and runs them on the bundled data.
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
# The store through the installed package: a file kept, read back, and a trend's input from it.
out=$("$work/build/consumer_store" "$source/data/xml/iosched-3way.xml" "$work/store.db")
expected="imported: 1
read back: 3 charts
trend input: 9 runs"
if [ "$out" != "$expected" ]; then
  printf 'consumer_store printed:\n%s\nexpected:\n%s\n' "$out" "$expected" >&2
  exit 1
fi
test -f "$work/prefix/include/iosr/store.hpp"
test ! -e "$work/prefix/include/iosr/serve.hpp"
# The library example, built on its own against the installed package, as a user would build it.
cmake -S "$source/examples" -B "$work/examples" -DCMAKE_PREFIX_PATH="$work/prefix" \
      -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/examples" -j2 >/dev/null
"$source/tests/example_test.sh" "$work/examples/compare_markdown" "$source"
"$source/tests/example_convert_test.sh" "$work/examples/convert_tree" "$work/prefix/bin/iosr" \
  "$source"
"$work/prefix/bin/iosr" --version
# iosr-http, when built (libcurl found), is installed under libexec/iosr/, not bin/, and iosr
# finds it there: a result ID then fails to connect (nothing listens on port 9) instead of
# missing the helper.
if [ -x "$build/libexec/iosr/iosr-http" ]; then
  test -x "$work/prefix/libexec/iosr/iosr-http"
  test ! -e "$work/prefix/bin/iosr-http"
  err=$(env -u http_proxy -u https_proxy -u all_proxy -u ALL_PROXY XDG_CACHE_HOME="$work/cache" \
        IOSR_OPENBENCHMARKING_URL=http://127.0.0.1:9/ "$work/prefix/bin/iosr" show \
        1902028-PAUL-SINGLEH35 2>&1 >/dev/null) && exit 1
  case $err in
    *"cannot fetch http://127.0.0.1:9/f/client.php: cannot connect"*) ;;
    *) printf 'the installed iosr did not run its helper:\n%s\n' "$err" >&2; exit 1 ;;
  esac
fi
