#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Golden files: what iosr prints for the bundled seeds 000, 002 and 004 and the sample
composite.xml, in every comparison format (`iosr compare`, `iosr table`) and every result
format (`iosr convert --to ...`, `iosr show`), compared byte for byte with tests/golden/.

A renderer change that alters a single byte fails here, with a diff. When the change is
meant, run with IOSR_UPDATE_GOLDEN=1 to rewrite the files, and review `git diff tests/golden`
before committing them (docs/HACKING.md). Files in tests/golden/ that no case writes fail the
test too, so that a dropped case does not leave a golden behind that checks nothing.

Usage: golden_test.py IOSR SOURCE_DIR"""
import difflib
import os
import re
import subprocess
import sys

IOSR, SOURCE = os.path.realpath(sys.argv[1]), os.path.realpath(sys.argv[2])
GOLDEN = os.path.join(SOURCE, "tests", "golden")
UPDATE = os.environ.get("IOSR_UPDATE_GOLDEN") == "1"

# Paths relative to the source tree, which is the working directory: they are printed in the
# outputs (file columns, headings), so the goldens do not depend on where the tree is.
INPUTS = {
    "000": ["data/text/000_1809f3a92cbbf2f4.txt"],
    "002": ["data/text/002_236e153a66cd3c9d.txt"],
    "004": ["data/text/004_38fbc586aba1b507.txt"],
    "xml": ["data/xml/iosched-3way.xml"],
}
# All four at once: several inputs, several groups, tests missing from some input, notes.
INPUTS["all"] = [path for paths in INPUTS.values() for path in paths]

COMPARISON_FORMATS = ["ascii", "md", "html", "csv", "json", "executive-summary", "bmf"]
TABLE_FORMATS = ["ascii", "md", "html"]  # the formats with a table view of their own
RESULT_FORMATS = ["csv", "jsonl", "json", "xml", "pts-text"]
COMBINING = ["csv", "jsonl"]  # several inputs make one output
# Every golden ends in .golden: they are data, and tools that look at code by its file ending
# (the HTML ones would look like hand-written pages) should leave them alone.
SUFFIX = ".golden"


# Two seeds compared, as examples/compare_markdown.cpp compares them (tests/example_test.sh
# checks the example against this file).
PAIR = INPUTS["000"] + INPUTS["002"]


WIDTHS = (60, 200)


def columns_of(name):
    """COLUMNS for a case: N for INPUT.COMMAND.FORMAT.wN.golden, else 80."""
    m = re.search(r"\.w(\d+)\.golden$", name)
    return m.group(1) if m else "80"


def cases():
    """(golden file name, iosr arguments) of every case: INPUT.COMMAND[.FORMAT].golden."""
    yield f"000+002.compare.md{SUFFIX}", ["compare", "--format", "md", *PAIR]
    for key, paths in INPUTS.items():
        for fmt in COMPARISON_FORMATS:
            yield f"{key}.compare.{fmt}{SUFFIX}", ["compare", "--format", fmt, *paths]
        for fmt in TABLE_FORMATS:
            yield f"{key}.table.{fmt}{SUFFIX}", ["table", "--format", fmt, *paths]
        for fmt in RESULT_FORMATS:
            if len(paths) == 1 or fmt in COMBINING:
                yield f"{key}.convert.{fmt}{SUFFIX}", ["convert", "--to", fmt, *paths]
        yield f"{key}.show{SUFFIX}", ["show", *paths]
    # The terminal layouts at other widths (docs/compare.md, "Widths and names"): the cases
    # above are at COLUMNS=80; INPUT.COMMAND.FORMAT.wN.golden at COLUMNS=N.
    for width in WIDTHS:
        for key in ("002", "all"):
            yield f"{key}.compare.ascii.w{width}{SUFFIX}", ["compare", *INPUTS[key]]
            yield f"{key}.table.ascii.w{width}{SUFFIX}", ["table", "--format", "ascii", *INPUTS[key]]
        yield f"000+002.compare.ascii.w{width}{SUFFIX}", ["compare", *PAIR]
        yield f"002.show.w{width}{SUFFIX}", ["show", *INPUTS["002"]]
        yield f"xml.show.w{width}{SUFFIX}", ["show", *INPUTS["xml"]]
        for key in ("000", "all"):
            yield (f"{key}.compare.executive-summary.w{width}{SUFFIX}",
                   ["compare", "--format", "executive-summary", *INPUTS[key]])
    # The reports CI tools read (docs/ci-reports.md), each to standard output; the gate trips
    # on both inputs, so that the failures and the verdict are pinned too.
    for key, limit in (("xml", "10"), ("all", "25")):
        gate = ["compare", "--fail-if-worse", limit, "-o", "/dev/null"]
        yield f"{key}.compare.junit{SUFFIX}", [*gate, "--junit", "-", *INPUTS[key]]
        yield (f"{key}.compare.step-summary{SUFFIX}",
               [*gate, "--step-summary", "/dev/stdout", *INPUTS[key]])


def diff(expected, actual, name):
    lines = difflib.unified_diff(expected.decode("utf-8", "replace").splitlines(True),
                                 actual.decode("utf-8", "replace").splitlines(True),
                                 f"tests/golden/{name}", "iosr printed", n=2)
    text = "".join(lines)
    return text if len(text) < 4000 else text[:4000] + "\n[diff cut at 4000 characters]\n"


failures, written = [], set()
env = dict(os.environ, COLUMNS="80", NO_COLOR="1", LC_ALL="C")
for name, args in cases():
    written.add(name)
    p = subprocess.run([IOSR, *args], cwd=SOURCE, env=dict(env, COLUMNS=columns_of(name)),
                       capture_output=True, timeout=120)
    # The gate's cases trip it (exit status 3) on purpose.
    expected_status = 3 if "--fail-if-worse" in args else 0
    if p.returncode != expected_status:
        failures.append(f"{name}: `iosr {' '.join(args)}` exited {p.returncode}:\n"
                        f"{p.stderr.decode('utf-8', 'replace')[:2000]}")
        continue
    path = os.path.join(GOLDEN, name)
    if UPDATE:
        os.makedirs(GOLDEN, exist_ok=True)
        old = open(path, "rb").read() if os.path.exists(path) else None
        if old != p.stdout:
            with open(path, "wb") as f:
                f.write(p.stdout)
            print(f"{'rewrote' if old is not None else 'wrote'} tests/golden/{name}")
        continue
    if not os.path.exists(path):
        failures.append(f"{name}: no golden file; run with IOSR_UPDATE_GOLDEN=1 to write it")
        continue
    expected = open(path, "rb").read()
    if expected != p.stdout:
        failures.append(f"{name}: `iosr {' '.join(args)}` differs from the golden file:\n"
                        + diff(expected, p.stdout, name))

# Only the files here: escaping/ belongs to tests/escaping_golden_test.cpp.
present = {n for n in os.listdir(GOLDEN) if os.path.isfile(os.path.join(GOLDEN, n))} \
    if os.path.isdir(GOLDEN) else set()
stale = sorted(present - written)
for name in stale:
    if UPDATE:
        os.remove(os.path.join(GOLDEN, name))
        print(f"removed tests/golden/{name} (no case writes it)")
    else:
        failures.append(f"{name}: no case writes this golden file; remove it, or run with "
                        "IOSR_UPDATE_GOLDEN=1")

for f in failures:
    print("FAIL", f)
if failures:
    print("\nIf the change is meant: IOSR_UPDATE_GOLDEN=1 ctest --preset dev -R golden, then "
          "review git diff tests/golden")
print(f"golden files: {len(written)} cases, {len(failures)} failed"
      + (" (IOSR_UPDATE_GOLDEN=1: files rewritten)" if UPDATE else ""))
sys.exit(1 if failures else 0)
