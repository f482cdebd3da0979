#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Start-up of iosr against a bare process (issue 16: `iosr --version` at most 1.5 ms and
`iosr compare data/xml/iosched-3way.xml` at most 3 ms above /bin/true, median of 21 runs).
hyperfine runs the three commands one after the other, ROUNDS times (default 3), so that the
bare process is measured beside iosr in every round; the round with the lowest bare median is
kept. A control before and after, and the CPU time others took during the rounds, say whether
the machine was idle: when it was not, a warning replaces the figures.
Usage: bench/startup.py IOSR [ROUNDS]"""
import json
import os
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
TARGETS = {"--version": 1.5, "compare data/xml/iosched-3way.xml": 3.0}


def main():
    iosr = os.path.abspath(sys.argv[1])
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    os.chdir(ROOT)
    commands = ["/bin/true"] + [f"{iosr} {args}" for args in TARGETS]
    clean = benchlib.control(" before")[2]
    best = None
    quiet = True
    for r in range(rounds):
        with tempfile.NamedTemporaryFile("r", suffix=".json") as out:
            run = benchlib.run(["hyperfine", "-N", "--warmup", "5", "--runs", "21", "--export-json",
                                out.name, *commands])
            medians = [statistics.median(res["times"]) * 1000 for res in json.load(out)["results"]]
        # hyperfine's own CPU is part of `run`; others' use is what disturbs the figures.
        quiet = quiet and run.quiet()
        print(f"round {r + 1}: medians " + ", ".join(f"{m:.2f} ms" for m in medians) +
              f" (others used {run.foreign:.2f} s of CPU in {run.wall:.1f} s)")
        if best is None or medians[0] < best[0]:
            best = medians
    clean = benchlib.control(" after")[2] and clean
    if not (clean and quiet):
        print(benchlib.loaded_warning("the start-up runs"))
        return 1
    ok = True
    for (args, target), median in zip(TARGETS.items(), best[1:]):
        above = median - best[0]
        ok = ok and above <= target
        print(f"iosr {args}: {above:.2f} ms above /bin/true ({median:.2f} - {best[0]:.2f} ms; "
              f"target <= {target} ms) {'met' if above <= target else 'NOT MET'}")
    return 0 if ok else 2


if __name__ == "__main__":
    sys.exit(main())
