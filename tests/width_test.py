#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every ASCII output fits the width (docs/compare.md, "Widths and names"): `iosr compare`,
`iosr table --format ascii`, `iosr show` and `iosr trend`, the summary, legend and notes
included, at COLUMNS=40, 60, 80 and 200, on the seeds, the sample composite.xml, real files of
the corpus fixtures (many systems, long test names, failed entries) and comparisons of several
files; with COLUMNS unset, a terminal's width on a terminal and 80 elsewhere.

Usage: width_test.py IOSR DATA_DIR FIXTURES_DIR"""
import glob
import os
import subprocess
import sys
import tempfile

from terminal import output_on_terminal

IOSR, DATA, FIXTURES = sys.argv[1:4]
SEEDS = sorted(glob.glob(os.path.join(DATA, "text", "*.txt")))
XML = os.path.join(DATA, "xml", "iosched-3way.xml")
CORPUS = os.path.join(FIXTURES, "corpus")
LKML = os.path.join(CORPUS, "text", "pts-9.0.1_sqlite_4-kernels_lkml-email.eml.txt")
failures = []


def check(name, condition, detail=""):
    if not condition:
        failures.append(f"{name}: {detail}"[:1500])


def corpus(*parts):
    return os.path.join(CORPUS, *parts)


# Inputs that stress the layout: long labels and test names, many systems and tests, failed and
# empty entries, groups, tests missing from some input.
INPUTS = {
    "seed 000": [SEEDS[0]],
    "seed 002": [SEEDS[1]],
    "seeds": SEEDS,
    "seeds and xml": SEEDS + [XML],
    "zstd, 20 systems": [corpus("xml", "pts-10.8.4_compress-zstd_20-systems_14-results.xml")],
    "newgvn, failed entries": [corpus("xml", "pts-10.8.4_newgvn_126-results_empty-values-and-errors.xml")],
    "tiobench, 64 results": [corpus("pts-text", "pts-5.6.0_ec2-large_tiobench_64-results.txt")],
    "rpi4 disk suite": [corpus("xml", "pts-5.2.1_rpi4_disk-suite_sqlite-fsmark-dbench-compilebench-postmark.xml")],
    "two osbench files": [corpus("xml", "pts-10.8.4_osbench_base-vs-fwrapv.xml"),
                          corpus("xml", "pts-8.0.1_clearlinux_osbench_date-identifier_mixed-units.xml")],
    "stream, xml and csv": [corpus("xml", "pts-5.6.0_ec2-micro_stream_10-systems.xml"),
                            corpus("csv", "pts-5.6.0_ec2-micro_stream_10-systems.csv")],
    "lkml mail": [LKML],
}


def run(args, columns):
    env = dict(os.environ, NO_COLOR="1", LC_ALL="C.UTF-8")
    env.pop("COLUMNS", None)
    if columns is not None:
        env["COLUMNS"] = str(columns)
    p = subprocess.run([IOSR, *args], capture_output=True, env=env, timeout=300)
    return p.returncode, p.stdout.decode("utf-8"), p.stderr.decode("utf-8", "replace")


def widest(text):
    """The longest line, in characters (the outputs hold no tabs; colour is off)."""
    return max(text.split("\n"), key=len, default="")


def check_fits(what, args, columns, limit):
    rc, out, err = run(args, columns)
    check(f"{what} runs", rc in (0, 1) and out, f"exit {rc}: {err[:300]}")
    line = widest(out)
    check(f"{what} fits {limit} columns", len(line) <= limit,
          f"a line of {len(line)}: {line!r}")
    return out


def on_terminal(args, columns):
    """What `args` prints to a terminal `columns` wide, COLUMNS unset."""
    env = dict(os.environ, LC_ALL="C.UTF-8")
    env.pop("COLUMNS", None)
    return output_on_terminal([IOSR, *args], True, env, columns).replace("\r\n", "\n")


def main():
    for name, paths in INPUTS.items():
        for columns in (40, 60, 80, 200):
            check_fits(f"compare {name} at {columns}", ["compare", *paths], columns, columns)
            check_fits(f"table {name} at {columns}", ["table", "--format", "ascii", *paths],
                       columns, columns)
            check_fits(f"show {name} at {columns}", ["show", *paths], columns, columns)
            check_fits(f"executive summary {name} at {columns}",
                       ["compare", "--format", "executive-summary", *paths], columns, columns)
        # COLUMNS unset and not a terminal: 80.
        check_fits(f"compare {name}, COLUMNS unset", ["compare", *paths], None, 80)
    # A width below the narrowest laid out is taken as 40.
    check_fits("compare at COLUMNS=20", ["compare", *SEEDS], 20, 40)

    # On a terminal without COLUMNS: the terminal's width, and all of it.
    out = on_terminal(["compare", *SEEDS], 100)
    check("compare on a 100-column terminal fits it", len(widest(out)) <= 100, widest(out))
    check("compare on a 100-column terminal uses it", len(widest(out)) > 80, widest(out))

    with tempfile.TemporaryDirectory() as work:
        db = os.path.join(work, "t.db")
        rc, _, err = run(["db", "import", "--db", db, *SEEDS, XML, LKML], 80)
        check("db import", rc == 0, err)
        for by in ("kernel", "date", "label"):
            for columns in (40, 60, 80, 200):
                check_fits(f"trend --by {by} at {columns}", ["trend", "--db", db, "--by", by],
                           columns, columns)

    if failures:
        for f in failures:
            print("FAIL", f)
        sys.exit(1)
    print("ok: every ASCII output fits COLUMNS")


main()
