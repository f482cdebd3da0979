#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Measures `iosr db import` and `iosr trend` against references taken in the same run (issue 18;
figures in docs/performance.md):
  (f) import of the batch benchmark set against `iosr convert --combine` over it (target <= 3x),
      and the database's size per entry;
  (g) `iosr trend` over a database of a million entries (20 kernels x 5 schedulers x 10,000
      tests, bench/generate_trend.py) in each format, against SQLite alone reading every entry
      (`sqlite3 DB 'SELECT count(*), total(value) FROM results'`), and the 2 s target.
Each figure is the fastest of PASSES runs; a control before and after (bench/benchlib.py) and the
CPU time others took during each kept run say whether the machine was idle: when it was not, a
warning follows the figures and the exit status is 1.
Usage: bench/measure_db.py IOSR BATCH_DATA TREND_INPUT WORK [PASSES=3]"""
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib  # noqa: E402

IOSR, BATCH, TREND_INPUT, WORK = sys.argv[1:5]
PASSES = int(sys.argv[5]) if len(sys.argv) > 5 else 3
SQLITE = shutil.which("sqlite3")
CPU = {}  # args[1:3] -> the smallest CPU time (user + system) of its runs
QUIET = []  # whether the rest of the machine stayed quiet during each kept run


def best(args, before=None):
    """The fastest wall time of PASSES runs (seconds), and all of them; `before` runs untimed
    before each. The CPU time of each run is kept too: on a loaded machine the wall times
    stretch, the CPU times much less."""
    runs = []
    for _ in range(PASSES):
        if before:
            before()
        runs.append(benchlib.run(args))
    key = " ".join(args[1:3])
    CPU[key] = min([CPU.get(key, float("inf"))] + [r.cpu for r in runs])
    fastest = benchlib.best(runs)
    QUIET.append(fastest.quiet())
    return fastest.wall, [r.wall for r in runs]


def fresh(path):
    def remove():
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(path + suffix):
                os.remove(path + suffix)
    return remove


os.makedirs(WORK, exist_ok=True)
controls = [benchlib.control(" before")]

# (f) import against convert --combine, over the batch benchmark set
results = os.path.join(BATCH, "results")
combined = os.path.join(WORK, "combined.csv")
convert_s, convert_all = best([IOSR, "convert", results, "--combine", combined, "--force"])
db = os.path.join(WORK, "import.db")
import_s, import_all = best([IOSR, "db", "import", "--db", db, results], before=fresh(db))
entries = int(subprocess.run([SQLITE, db, "SELECT count(*) FROM results"], capture_output=True, text=True,
                             check=True).stdout)
size = sum(os.path.getsize(db + s) for s in ("", "-wal") if os.path.exists(db + s))
print(f"(f) convert --combine: {convert_s:.2f} s {['%.2f' % t for t in convert_all]}; db import: "
      f"{import_s:.2f} s {['%.2f' % t for t in import_all]}; import / convert = {import_s / convert_s:.2f}x "
      f"(<= 3x)")
convert_cpu = CPU[" ".join(["convert", results])]
import_cpu = CPU[" ".join(["db", "import"])]
print(f"    CPU time: convert {convert_cpu:.2f} s, import {import_cpu:.2f} s = {import_cpu / convert_cpu:.2f}x")
print(f"    database: {size / 1e6:.1f} MB for {entries} entries = {size / entries:.1f} bytes per entry "
      f"(the input: {sum(os.path.getsize(os.path.join(d, n)) for d, _, ns in os.walk(results) for n in ns) / entries:.0f}"
      f" bytes per entry)")
again_s, _ = best([IOSR, "db", "import", "--db", db, results])
print(f"    importing the same files again (nothing changes): {again_s:.2f} s = {again_s / convert_s:.2f}x convert")

# (g) trend over a million entries
tdb = os.path.join(WORK, "trend.db")
if not os.path.exists(tdb):
    subprocess.run([IOSR, "db", "import", "--db", tdb, TREND_INPUT], stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=True)
entries = int(subprocess.run([SQLITE, tdb, "SELECT count(*) FROM results"], capture_output=True, text=True,
                             check=True).stdout)
scan_s, scan_all = best([SQLITE, tdb, "SELECT count(*), total(value) FROM results"])
print(f"(g) {entries} entries; reference, sqlite3 reading every entry: {scan_s:.2f} s "
      f"{['%.2f' % t for t in scan_all]}")
for fmt in ("ascii", "csv", "json", "md", "html"):
    trend_s, trend_all = best([IOSR, "trend", "--db", tdb, "--format", fmt, "-o", os.devnull])
    print(f"    trend --format {fmt:<5}: {trend_s:.2f} s {['%.2f' % t for t in trend_all]} = "
          f"{trend_s / scan_s:.1f}x the reference; {'under' if trend_s < 2 else 'OVER'} 2 s")
controls.append(benchlib.control(" after"))
if not all(c[2] for c in controls) or not all(QUIET):
    print(benchlib.loaded_warning("these runs") + " (the figures above are not clean)")
    sys.exit(1)
