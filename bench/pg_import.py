#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The PostgreSQL `db import` of a million entries against fair floors (issue 41; figures in
docs/performance.md, "Issue 41 ... Third round"). bench/store_bench.py's floor is `psql \\copy`
of the tidy CSV into a table of text columns with no index; the store's `results` table has
typed columns and a primary key (source_id, chart, position) that every row must enter. This
script measures, in each round and in turn on a throwaway server (tests/pg_cluster.sh):
- `psql \\copy` of the tidy CSV into an unindexed text table (store_bench.py's floor);
- `psql \\copy` of the very rows `iosr db import` stores (its own `results`, exported once)
  into a table of the same layout, with its primary key, without it, and in binary format;
- `iosr db import` of the 800 files into an empty store.
Wall times on the shared 2-core machine vary twofold with the load, so each step's CPU time is
given for the client (GNU time) and for the server (every backend's user + system time, read
from the postmaster's children in /proc), and the ratio of the totals. Not a ctest (minutes).
Usage: bench/pg_import.py IOSR OUT_DIR [--rounds N] [--before OLD]  (OUT_DIR as bench/store_bench.py's: its
fleet/ and tidy.csv are made when missing)"""
import os
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLUSTER = os.path.join(ROOT, "tests", "pg_cluster.sh")
PSQL = ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d"]
os.environ["PGOPTIONS"] = "-c client_min_messages=warning"  # no NOTICE of a DROP IF EXISTS


def server_cpu(cluster):
    """CPU seconds of the server: the postmaster's own and its waited-for children's (the
    backends of closed connections), and those of the live children."""
    pm = open(os.path.join(cluster, "data", "postmaster.pid")).readline().strip()
    hz = os.sysconf("SC_CLK_TCK")
    ticks = 0
    for p in os.listdir("/proc"):
        if not p.isdigit():
            continue
        try:
            fields = open(f"/proc/{p}/stat").read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if p == pm:
            ticks += sum(int(f) for f in fields[11:15])
        elif fields[1] == pm:
            ticks += int(fields[11]) + int(fields[12])
    return ticks / hz


def timed(args, cluster):
    """(wall s, client CPU s, server CPU s) of one command."""
    before = server_cpu(cluster)
    start = time.perf_counter()
    t0 = os.times()
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
    t1 = os.times()
    wall = time.perf_counter() - start
    time.sleep(0.3)  # the backend's exit, so that its time is counted
    client = (t1.children_user - t0.children_user) + (t1.children_system - t0.children_system)
    return wall, client, server_cpu(cluster) - before


def main():
    parser = benchlib.before_after_arguments(__doc__, "an earlier iosr, its import timed after IOSR's")
    opts = parser.parse_args()
    iosr, out = os.path.abspath(opts.iosr), os.path.abspath(opts.out)
    data, tidy = os.path.join(out, "fleet"), os.path.join(out, "tidy.csv")
    os.makedirs(out, exist_ok=True)
    if not os.path.exists(os.path.join(data, "m19-linux-6.19.xml")):
        subprocess.run([sys.executable, os.path.join(ROOT, "bench", "generate_trend.py"),
                        "--fleet", data], check=True)
    if not os.path.exists(tidy):
        files = sorted(os.path.join(data, f) for f in os.listdir(data))
        subprocess.run([iosr, "convert", "--combine", tidy, "--force", *files], check=True)
    cluster = os.path.join(out, "pg_import_cluster")
    shutil.rmtree(cluster, ignore_errors=True)
    admin = subprocess.run([CLUSTER, "start", cluster], capture_output=True, text=True,
                           check=True).stdout.strip()
    url = lambda name: admin.replace("/postgres?", f"/{name}?")  # noqa: E731
    psql = lambda db, *sql: subprocess.run([*PSQL, url(db), *[a for s in sql for a in ("-c", s)]],  # noqa: E731
                                           check=True, stdout=subprocess.DEVNULL)
    rows_csv, rows_bin = os.path.join(out, "results.csv"), os.path.join(out, "results.bin")
    try:
        # The store's own rows and table, from one import.
        psql("postgres", "CREATE DATABASE layout")
        subprocess.run([iosr, "db", "import", "--db", url("layout"), data], check=True,
                       stdout=subprocess.DEVNULL)
        psql("layout", f"\\copy results TO '{rows_csv}' WITH (FORMAT csv)",
             f"\\copy results TO '{rows_bin}' WITH (FORMAT binary)")
        ddl = subprocess.run(["pg_dump", "-s", "-t", "results", url("layout")], check=True,
                             capture_output=True, text=True).stdout
        ddl = "\n".join(l for l in ddl.splitlines() if not l.startswith("\\"))
        no_key = ";".join(s for s in ddl.split(";") if "ADD CONSTRAINT" not in s)
        header = open(tidy, encoding="utf-8", errors="replace").readline().strip().split(",")
        columns = ", ".join(f'"{c}" text' for c in header)
        steps = [
            ("floor: tidy CSV into a text table, no index (store_bench.py's)", "tidy",
             f"CREATE TABLE tidy ({columns})",
             f"\\copy tidy FROM '{tidy}' WITH (FORMAT csv, HEADER)"),
            ("floor: the store's rows, its layout and primary key", "keyed", ddl,
             f"\\copy results FROM '{rows_csv}' WITH (FORMAT csv)"),
            ("floor: the store's rows, its layout, no primary key", "unkeyed", no_key,
             f"\\copy results FROM '{rows_csv}' WITH (FORMAT csv)"),
            ("floor: the store's rows and key, COPY in binary", "binaryrows", ddl,
             f"\\copy results FROM '{rows_bin}' WITH (FORMAT binary)"),
        ]
        for n in range(1, opts.rounds + 1):
            print(f"round {n} (load average {os.getloadavg()[0]:.1f}):", flush=True)
            figures = {}
            for what, db, create, copy in steps:
                psql("postgres", f"DROP DATABASE IF EXISTS {db}", f"CREATE DATABASE {db}")
                psql(db, create)
                figures[db] = timed([*PSQL, url(db), "-c", copy], cluster)
                print_step(what, figures[db])
            programs = {"iosr": iosr}
            if opts.before:
                programs["before"] = os.path.abspath(opts.before)
            for name, program in programs.items():
                psql("postgres", "DROP DATABASE IF EXISTS store", "CREATE DATABASE store")
                figures[name] = timed([program, "db", "import", "--db", url("store"), data],
                                      cluster)
                print_step(f"{name} db import into an empty store", figures[name])
            for name in programs:
                i = figures[name]
                for db in ("tidy", "keyed"):
                    f = figures[db]
                    print(f"  {name} / {db}: {i[0] / f[0]:.2f}x wall, "
                          f"{(i[1] + i[2]) / (f[1] + f[2]):.2f}x CPU (client + server), "
                          f"{i[2] / f[2]:.2f}x server CPU", flush=True)
            print(f"  (load average now {os.getloadavg()[0]:.1f})", flush=True)
    finally:
        subprocess.run([CLUSTER, "stop", cluster], capture_output=True)


def print_step(what, figure):
    wall, client, server = figure
    print(f"  {what:<66} {wall:6.2f} s wall, CPU client {client:5.2f} s + server "
          f"{server:5.2f} s", flush=True)


if __name__ == "__main__":
    main()
