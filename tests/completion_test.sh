#!/usr/bin/env bash
# Drives the bash completion as bash does: sets COMP_WORDS and COMP_CWORD, calls the function
# that `complete -p iosr` names, and checks COMPREPLY.
# Usage: completion_test.sh COMPLETION_SCRIPT IOSR
set -uo pipefail
script=$(realpath "$1") iosr=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/results"
ln -s "$iosr" "$work/bin/iosr"
touch "$work/results/run-1.xml" "$work/results/run-2.txt"
# A cache holding one OpenBenchmarking.org result, and a temporary file of a fetch under way.
export XDG_CACHE_HOME="$work/cache"
mkdir -p "$XDG_CACHE_HOME/iosr/openbenchmarking"
touch "$XDG_CACHE_HOME/iosr/openbenchmarking/1902028-PAUL-SINGLEH35.xml" \
  "$XDG_CACHE_HOME/iosr/openbenchmarking/.1902028-PAUL-SINGLEH36.xml.1-2-3.tmp"
cd "$work" || exit 1
PATH="$work/bin:$PATH"
source "$script"

failures=0
registered=$(complete -p iosr 2>/dev/null)
function=$(sed -nE 's/.*-F ([^ ]+) iosr$/\1/p' <<<"$registered")
if [ -z "$function" ]; then
  echo "FAIL: complete -p iosr names no function: '$registered'"
  exit 1
fi

sorted() { printf '%s\n' "$@" | sort | tr '\n' ' '; }

# expect "EXPECTED COMPREPLY, space-separated, any order" WORD... (the last word is completed)
expect() {
  local expected=$1
  shift
  COMP_WORDS=("$@")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMPREPLY=()
  "$function"
  local got
  got=$(sorted "${COMPREPLY[@]}")
  if [ "$got" != "$(sorted $expected)" ]; then
    echo "FAIL: iosr ${*:2} -> '$got', expected '$expected'"
    failures=$((failures + 1))
  fi
}

expect "show compare table chart report convert merge edit db trend serve fetch help --help --version" iosr ""
expect "compare convert" iosr co
# The chart images and the report: their formats and themes, as their --help lists them.
expect "svg png pdf" iosr chart -f ""
expect "light dark" iosr chart --theme ""
expect "dark" iosr report --theme d
expect "--format --force --filter --from" iosr chart --f
expect "--out-dir" iosr report --out
expect "results/" iosr report --out-dir res
expect "table trend" iosr help t
expect "--output --out-dir --offline" iosr convert --o
expect "-t" iosr convert -t
expect "--skip-existing" iosr convert --sk
expect "--format --force --filter --fail-if-worse --from" iosr compare --f
# The format names are the ones `iosr convert --help` lists, whatever they are today.
expect "$("$iosr" convert --help | sed -nE 's/^  ([a-z][a-z0-9+-]*): .*/\1/p')" iosr convert --to ""
expect "csv" iosr convert --to cs
# --from offers the input formats `iosr --help` lists (its help's "(one of: ...)"), table too.
expect "$(COLUMNS=9999 "$iosr" --help | sed -n '/^input formats/,/^$/s/^  \([a-z][a-z0-9+-]*\): .*/\1/p')" iosr convert --from ""
expect "table" iosr compare --from ta
expect "lkp" iosr convert --from l
expect "pts-text" iosr convert --to = p
expect "ascii md html csv json executive-summary bmf" iosr compare -f ""
expect "--junit" iosr compare --j
expect "--step-summary" iosr compare --ste
expect "md" iosr table --format m
expect "" iosr compare --baseline ""
# The options of the statistics and the article tables, and their values left to the user.
expect "--baseline --bootstrap" iosr compare --b
expect "--power" iosr compare --po
expect "--ci --columns" iosr table --c
expect "--alpha" iosr compare --alp
expect "" iosr compare --power ""
expect "" iosr compare --ci ""
expect "" iosr table --columns ""
expect "results/run-1.xml results/run-2.txt" iosr compare results/run
expect "results/run-2.txt" iosr convert --to csv -o results/run-2
expect "results/" iosr convert --to xml --out-dir res
# Result IDs: the cached ones, beside files; `iosr fetch` takes IDs only, and -o a directory.
expect "1902028-PAUL-SINGLEH35" iosr compare 19
expect "bin/ cache/ results/ 1902028-PAUL-SINGLEH35" iosr show ""
expect "1902028-PAUL-SINGLEH35" iosr fetch ""
expect "results/" iosr fetch -o res
expect "--offline" iosr table --off
# `iosr db`: its commands, then each command's own options; `--db` takes a file.
expect "import list remove export --help" iosr db ""
expect "import" iosr db im
expect "--jobs" iosr db import --j
expect "--combine" iosr db export --com
expect "results/run-1.xml results/run-2.txt" iosr db import --db results/run
expect "results/run-2.txt" iosr db import results/run-2
expect "ascii md html csv json" iosr trend --format ""
expect "--by --baseline" iosr trend --b
expect "identifier date" iosr edit --sort-by ""
expect "--rename --remove --refresh" iosr edit --re
expect "--prefix-collisions" iosr merge --pre
expect "pts-text" iosr merge --to p
expect "results/run-1.xml results/run-2.txt" iosr merge results/run
# The values an option's help lists as "(one of: ...)", from its enum's names table.
expect "kernel date label" iosr trend --by ""
expect "label" iosr trend --by l
expect "group none" iosr trend --group-by ""
expect "$("$iosr" compare --help | tr -s ' \n' ' ' |
  sed -nE 's/.*--group-by HOW which configurations share a baseline \(one of: ([^)]*)\).*/\1/p' |
  sed 's/,//g; s/ or / /')" iosr compare --group-by ""
expect "input+group input" iosr table --group-by inp
expect "file delta name" iosr compare --sort ""
expect "delta" iosr table --sort = d
expect "csv jsonl" iosr db export --to ""
# A directory comes with its slash, so that the next tab goes on into it.
expect "results/" iosr compare res
expect "results/run-1.xml" iosr table results/run-1

if [ "$failures" -ne 0 ]; then
  echo "$failures completion case(s) failed"
  exit 1
fi
echo "bash completion: every case passed"
