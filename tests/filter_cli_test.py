#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every command that takes a pattern, on the patterns that made std::regex backtrack for
minutes (issue 44: 40 of 40 runs past 20 s): nested stars, and `(a+)+$` and `(a|aa)+$` on a
title of 48 `a`s and `!`. Each run must end, with its usual exit status, well within the bound
below, which is generous (a loaded 2-core machine, AddressSanitizer) against the old 20 s to
30 min; RE2 takes milliseconds. Then the patterns RE2 refuses: exit 2 and a message that says
why, in every command. And one rule for what a filter is matched against, the title and the
description, each whole (docs/compare.md, "Filters").
Usage: filter_cli_test.py IOSR DATA_DIR"""
import os
import subprocess
import sys
import tempfile
import time

IOSR, DATA = sys.argv[1:3]
XML = os.path.join(DATA, "xml", "iosched-3way.xml")
BOUND = 15  # seconds; std::regex took 20 s to 30 min
failures = []
TITLE = "a" * 48 + "!"
PATTERNS = ["((((((((((x*)*)*)*)*)*)*)*)*)*)y", "(a+)+$", "(a|aa)+$"]


def run(*args, timeout=60):
    env = dict(os.environ, NO_COLOR="1", COLUMNS="80")
    start = time.monotonic()
    try:
        p = subprocess.run([IOSR, *args], capture_output=True, env=env, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "", f"still running after {timeout} s", timeout
    return (p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace"),
            time.monotonic() - start)


def check(name, ok, detail=""):
    if not ok:
        failures.append(f"{name}: {str(detail)[:500]}")


with tempfile.TemporaryDirectory() as tmp:
    # The sample with its SQLite test retitled: the title of the report.
    with open(XML, encoding="utf-8") as f:
        text = f.read()
    hostile = os.path.join(tmp, "hostile.xml")
    with open(hostile, "w", encoding="utf-8") as f:
        f.write(text.replace("<Title>SQLite</Title>", f"<Title>{TITLE}</Title>"))
    other = os.path.join(tmp, "other.xml")
    with open(other, "w", encoding="utf-8") as f:
        f.write(text.replace("<Title>SQLite</Title>", f"<Title>{TITLE}</Title>")
                .replace("iosr sample", "iosr sample (again)"))
    db = os.path.join(tmp, "results.db")
    rc, _, err, _ = run("db", "import", "--db", db, hostile, other)
    check("import", rc == 0, err)

    def commands(option, pattern, n):
        out = os.path.join(tmp, f"out{n}")
        return [
            ("compare", ["compare", hostile, option, pattern]),
            ("table", ["table", hostile, option, pattern]),
            ("chart", ["chart", hostile, option, pattern, "--out-dir", out + "-chart"]),
            ("report", ["report", hostile, option, pattern, "--out-dir", out + "-report"]),
            ("trend", ["trend", "--db", db, "--across-machines", option, pattern]),
            ("db export", ["db", "export", "--db", db, "--combine", out + ".csv", option, pattern]),
            ("edit", ["edit", hostile, option, pattern, "-o", out + "-edit.xml"]),
            ("merge", ["merge", hostile, other, option, pattern, "-o", out + "-merge.xml"]),
        ]

    # Every command on every catastrophic pattern: it ends, writing what the pattern keeps
    # (the nested stars match any text with a `y`: `Type: Random Read`) or saying that it
    # keeps no test (exit 2).
    runs = 0
    for n, pattern in enumerate(PATTERNS):
        for name, args in commands("--filter", pattern, n):
            rc, out, err, took = run(*args)
            runs += 1
            check(f"{name} --filter '{pattern}' ends", rc is not None and took < BOUND,
                  f"{took:.1f} s")
            check(f"{name} --filter '{pattern}': exit 0 or 2", rc in (0, 2), f"{rc}: {err}")
            check(f"{name} --filter '{pattern}': exit 2 says so", rc != 2 or "match" in err, err)
    rc, _, err, took = run("edit", hostile, "--exclude", PATTERNS[1], "-o",
                           os.path.join(tmp, "x.xml"))
    check("edit --exclude ends", rc is not None and took < BOUND, f"{took:.1f} s")
    print(f"{runs + 1} runs of catastrophic patterns, each under {BOUND} s")

    # The title itself is found, by a pattern that std::regex took as long over.
    rc, out, err, took = run("compare", hostile, "--filter", "^(a|aa)+!$")
    check("compare --filter '^(a|aa)+!$' keeps the test", rc == 0 and TITLE in out and took < BOUND,
          f"{rc} {took:.1f} s: {err}")

    # What RE2 refuses: exit 2, the option and why, in every command that takes a pattern.
    for pattern, why in [(r"(a)\1", "backreferences"), ("fio(?=x)", "lookaround"),
                         ("(", "is not closed"), ("a{1001}", "counts up to 1000")]:
        for name, args in commands("--filter", pattern, 9):
            rc, _, err, _ = run(*args)
            check(f"{name} --filter '{pattern}': exit 2", rc == 2, f"{rc}: {err}")
            check(f"{name} --filter '{pattern}': says why", why in err and "--filter" in err, err)

    # One rule: the title and the description, each whole.
    rc, out, err, _ = run("compare", XML, "--filter", "^SQLite$", "--format", "csv")
    check("^SQLite$ keeps SQLite alone", rc == 0 and "SQLite" in out and "Flexible" not in out,
          err)
    rc, out, err, _ = run("compare", XML, "--filter", "Random Read", "--format", "csv")
    check("a description's part keeps its test", rc == 0 and "Flexible IO Tester" in out
          and "SQLite" not in out, err)
    rc, out, err, _ = run("compare", XML, "--filter", "Tester.*Random")
    check("a pattern across title and description keeps nothing", rc == 2, f"{rc}: {err}")

for f in failures:
    print("FAIL", f)
print(f"{len(failures)} failures")
sys.exit(1 if failures else 0)
