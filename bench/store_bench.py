#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The team store at scale (issue 29; figures in docs/performance.md, "The store at scale"): a
million entries (bench/generate_trend.py --fleet: 20 machines x 40 kernels x 5 schedulers x 250
tests, 800 files) imported into SQLite and into PostgreSQL (a throwaway server,
tests/pg_cluster.sh), each against a floor measured in the same run: for SQLite `iosr convert
--combine` of the same files (reading and writing the tidy rows, no database), for PostgreSQL
`psql \\copy` of those tidy rows into an unindexed table. Then `trend` over everything and over
one machine (by a part of its name, and by its number), and `db list`, on each backend. Not a ctest (minutes of work).
Usage: bench/store_bench.py IOSR OUT_DIR"""
import os
import shutil
import subprocess
import sys
import time

IOSR, OUT = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLUSTER = os.path.join(ROOT, "tests", "pg_cluster.sh")
DATA = os.path.join(OUT, "fleet")
os.makedirs(OUT, exist_ok=True)
os.chmod(OUT, 0o755)
if not os.path.exists(os.path.join(DATA, "m19-linux-6.19.xml")):
    subprocess.run([sys.executable, os.path.join(ROOT, "bench", "generate_trend.py"), "--fleet",
                    DATA], check=True)
FILES = sorted(os.path.join(DATA, f) for f in os.listdir(DATA))


def timed(*args, env=None):
    start = time.perf_counter()
    p = subprocess.run(args, capture_output=True, env=env)
    elapsed = time.perf_counter() - start
    if p.returncode != 0:
        sys.exit(f"{' '.join(args[:4])}...: exit {p.returncode}: {p.stderr.decode()[-500:]}")
    return elapsed, p.stdout


rows = []


def report(what, seconds, floor=None):
    ratio = f"{seconds / floor:.2f}x floor" if floor else ""
    rows.append(f"{what:<48} {seconds:8.3f} s  {ratio}")
    print(rows[-1], flush=True)


tidy = os.path.join(OUT, "tidy.csv")
for p in (tidy, os.path.join(OUT, "store.db"), os.path.join(OUT, "store.db-wal"),
          os.path.join(OUT, "store.db-shm")):
    if os.path.exists(p):
        os.remove(p)
floor, _ = timed(IOSR, "convert", "--combine", tidy, *FILES)
report("SQLite floor: iosr convert --combine (1M rows)", floor)
sqlite = os.path.join(OUT, "store.db")
t, _ = timed(IOSR, "db", "import", "--db", sqlite, DATA)
report("SQLite: iosr db import", t, floor)

cluster = os.path.join(OUT, "cluster")
shutil.rmtree(cluster, ignore_errors=True)
server = subprocess.run([CLUSTER, "start", cluster], capture_output=True, text=True, check=True)
try:
    admin = server.stdout.strip()
    psql = ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d"]
    subprocess.run([*psql, admin, "-c", "CREATE DATABASE floor", "-c", "CREATE DATABASE store"],
                   check=True)
    floor_url = admin.replace("/postgres?", "/floor?")
    store_url = admin.replace("/postgres?", "/store?")
    header = open(tidy, encoding="utf-8", errors="replace").readline().strip().split(",")
    columns = ", ".join(f'"{c}" text' for c in header)
    subprocess.run([*psql, floor_url, "-c", f"CREATE TABLE tidy ({columns})"], check=True)
    pg_floor, _ = timed(*psql, floor_url, "-c", f"\\copy tidy FROM '{tidy}' WITH (FORMAT csv, HEADER)")
    report("PostgreSQL floor: psql \\copy of the tidy rows", pg_floor)
    t, _ = timed(IOSR, "db", "import", "--db", store_url, DATA)
    report("PostgreSQL: iosr db import", t, pg_floor)
    machine = "1500GB"  # the third machine, by a part of its name (its disk), as a user names one
    for name, db in (("SQLite", sqlite), ("PostgreSQL", store_url)):
        t, out = timed(IOSR, "trend", "--db", db, "--format", "csv")
        report(f"{name}: trend over all ({len(out.splitlines())} rows)", t)
        t, out = timed(IOSR, "trend", "--db", db, "--format", "csv", "--machine", machine)
        report(f"{name}: trend --machine {machine} ({len(out.splitlines())} rows)", t)
        # By its number: known only once the trend over all is computed, so every entry is read.
        t, out = timed(IOSR, "trend", "--db", db, "--format", "csv", "--machine", "3")
        report(f"{name}: trend --machine 3 ({len(out.splitlines())} rows)", t)
        t, _ = timed(IOSR, "db", "list", "--db", db)
        report(f"{name}: db list", t)
finally:
    subprocess.run([CLUSTER, "stop", cluster], capture_output=True)
print("\n".join(rows))
