#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The team store at scale (issues 29 and 41; figures in docs/performance.md, "The store at
scale"): a million entries (bench/generate_trend.py --fleet: 20 machines x 40 kernels x 5
schedulers x 250 tests, 800 files) imported into SQLite and into PostgreSQL (a throwaway server,
tests/pg_cluster.sh), then read back by `iosr trend`, `db list` and `iosr serve`. Every figure
is taken against a floor measured in the same round:
- the SQLite import against `sqlite3 .import` of the same entries as tidy CSV rows into an
  unindexed table (and `iosr convert --combine`, which writes those rows);
- the PostgreSQL import against `psql \\copy` of the same rows into an unindexed table
  (bench/pg_import.py adds the fair floor: the store's own rows, its layout and primary key);
- `trend` over every entry against the backend's own scan of every entry's value and runs
  (`SELECT count(*), sum(value), sum(length(samples)) FROM results`) and its plain dump of the
  rows (`sqlite3 DB 'SELECT * FROM results'`, `psql -c 'COPY results TO STDOUT'`), with its
  peak RSS (GNU time), which the load does not move.
Each round (ROUNDS, default 2) imports anew into both backends and measures everything again;
with --before OLD (an earlier commit's iosr) OLD runs every iosr measurement right after the new
one, so that the two meet the same load, and their outputs must be the same bytes. The load
average and the CPU time the rest of the machine took are printed with each round. Not a ctest
(minutes of work).
Usage: bench/store_bench.py IOSR OUT_DIR [--rounds N] [--before OLD] [--no-import-floors]"""
import hashlib
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLUSTER = os.path.join(ROOT, "tests", "pg_cluster.sh")
PSQL = ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d"]


def measure(args, out=None):
    """A benchlib.run of `args` (stdout to `out` when given), with its output's md5."""
    with open(out or os.devnull, "wb") as sink:
        r = benchlib.run(args, stdout=sink)
    if out:
        with open(out, "rb") as f:
            r.md5 = hashlib.md5(f.read()).hexdigest()
        r.size = os.path.getsize(out)
    return r


def line(what, r, floor=None, unit="s"):
    ratio = f"  {r.wall / floor.wall:5.2f}x wall, {r.cpu / floor.wall:5.2f}x CPU/floor wall" if floor else ""
    rss = f"  {r.rss:7.1f} MB" if r.rss == r.rss else ""
    text = f"  {what:<58} {r.wall:7.3f} s wall {r.cpu:7.3f} s CPU{rss}{ratio}"
    print(text, flush=True)
    return text


def serve_times(iosr, db, paths, tries=5):
    """Median milliseconds of each of `paths` from a fresh `iosr serve` on `db`."""
    proc = subprocess.Popen([iosr, "serve", "--db", db, "--listen", "127.0.0.1:0"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        first = proc.stdout.readline()  # iosr serve: http://127.0.0.1:PORT/ (the store)
        found = re.search(r"http://[^/ ]+:(\d+)/", first)
        if not found:
            raise SystemExit(f"iosr serve said {first!r}")
        base = f"http://127.0.0.1:{found.group(1)}"
        out = {}
        for path in paths:
            times = []
            for _ in range(tries):
                start = time.perf_counter()
                with urllib.request.urlopen(base + path, timeout=60) as response:
                    response.read()
                times.append((time.perf_counter() - start) * 1000)
            out[path] = sorted(times)[len(times) // 2]
        return out
    finally:
        proc.terminate()
        proc.wait()


def main():
    parser = benchlib.before_after_arguments(__doc__, "an earlier iosr, measured beside IOSR in every round")
    parser.add_argument("--no-serve", action="store_true", help="leave out iosr serve's pages")
    opts = parser.parse_args()
    iosr, out = os.path.abspath(opts.iosr), os.path.abspath(opts.out)
    programs = {"new": iosr}
    if opts.before:
        programs["before"] = os.path.abspath(opts.before)
    data = os.path.join(out, "fleet")
    os.makedirs(out, exist_ok=True)
    os.chmod(out, 0o755)
    if not os.path.exists(os.path.join(data, "m19-linux-6.19.xml")):
        subprocess.run([sys.executable, os.path.join(ROOT, "bench", "generate_trend.py"),
                        "--fleet", data], check=True)
    files = sorted(os.path.join(data, f) for f in os.listdir(data))
    tidy = os.path.join(out, "tidy.csv")
    measure([iosr, "convert", "--combine", tidy, "--force", *files])

    cluster = os.path.join(out, "cluster")
    shutil.rmtree(cluster, ignore_errors=True)
    server = subprocess.run([CLUSTER, "start", cluster], capture_output=True, text=True, check=True)
    admin = server.stdout.strip()
    url = lambda name: admin.replace("/postgres?", f"/{name}?")  # noqa: E731
    header = open(tidy, encoding="utf-8", errors="replace").readline().strip().split(",")
    columns = ", ".join(f'"{c}" text' for c in header)
    summary = []
    try:
        for n in range(1, opts.rounds + 1):
            load = os.getloadavg()[0]
            busy0 = benchlib.cpu_ticks()
            started = time.perf_counter()
            print(f"round {n} (load average {load:.1f}):", flush=True)
            rows = []

            # The imports, each against its floor, new and before in turn.
            sq = os.path.join(out, "floor.db")
            for p in (sq, sq + "-wal", sq + "-shm"):
                if os.path.exists(p):
                    os.remove(p)
            sqlite_floor = measure(["sqlite3", sq, "-cmd", ".mode csv", "-cmd",
                                    f".import {tidy} tidy", ".exit"])
            rows.append(line("SQLite floor: sqlite3 .import of the tidy rows", sqlite_floor))
            convert = measure([iosr, "convert", "--combine", tidy, "--force", *files])
            rows.append(line("iosr convert --combine (reading, the tidy rows)", convert,
                             sqlite_floor))
            stores = {}
            for name, program in programs.items():
                db = os.path.join(out, f"{name}.db")
                for p in (db, db + "-wal", db + "-shm"):
                    if os.path.exists(p):
                        os.remove(p)
                r = measure([program, "db", "import", "--db", db, data])
                rows.append(line(f"SQLite: {name} db import", r, sqlite_floor))
                stores[(name, "SQLite")] = db
            for name in ["floor", *programs]:
                subprocess.run([*PSQL, admin, "-c", f"DROP DATABASE IF EXISTS {name}_store",
                                "-c", f"CREATE DATABASE {name}_store"], check=True)
            subprocess.run([*PSQL, url("floor_store"), "-c", f"CREATE TABLE tidy ({columns})"],
                           check=True)
            pg_floor = measure([*PSQL, url("floor_store"), "-c",
                                f"\\copy tidy FROM '{tidy}' WITH (FORMAT csv, HEADER)"])
            rows.append(line("PostgreSQL floor: psql \\copy of the tidy rows", pg_floor))
            for name, program in programs.items():
                r = measure([program, "db", "import", "--db", url(f"{name}_store"), data])
                rows.append(line(f"PostgreSQL: {name} db import", r, pg_floor))
                stores[(name, "PostgreSQL")] = url(f"{name}_store")
                # As a user's server would have it before the first trend: analysed.
                subprocess.run([*PSQL, url(f"{name}_store"), "-c", "ANALYZE"], check=True)

            # The trends, each against the backend's scan and dump of the entries.
            outputs = {}
            for backend in ("SQLite", "PostgreSQL"):
                db = stores[("new", backend)]
                if backend == "SQLite":
                    scan = measure(["sqlite3", db, "SELECT count(*), total(value), "
                                    "total(length(samples)) FROM results"])
                    dump = measure(["sqlite3", db, "SELECT * FROM results"])
                else:
                    scan = measure([*PSQL, db, "-c", "SELECT count(*), sum(value), "
                                    "sum(length(samples)) FROM results"])
                    dump = measure([*PSQL, db, "-c", "COPY results TO STDOUT"])
                rows.append(line(f"{backend} floor: scan of every value and runs", scan))
                rows.append(line(f"{backend} floor: dump of every row", dump))
                for fmt in ("csv", "ascii"):
                    for name in programs:
                        target = os.path.join(out, f"trend.{backend}.{name}.{fmt}")
                        r = measure([programs[name], "trend", "--db", stores[(name, backend)],
                                     "--format", fmt], target)
                        rows.append(line(f"{backend}: {name} trend --format {fmt} "
                                         f"({r.size / 1e6:.0f} MB)", r, scan))
                        rows[-1] += f"  {r.wall / dump.wall:.2f}x dump"
                        outputs.setdefault((backend, fmt), set()).add(r.md5)
                for name in programs:
                    r = measure([programs[name], "trend", "--db", stores[(name, backend)],
                                 "--format", "csv", "--machine", "1500GB"])
                    rows.append(line(f"{backend}: {name} trend --machine 1500GB", r))
                    r = measure([programs[name], "db", "list", "--db", stores[(name, backend)]])
                    rows.append(line(f"{backend}: {name} db list", r))
            same = all(len(md5s) == 1 for md5s in outputs.values())
            # Every backend and program gives the same trend.
            for fmt in ("csv", "ascii"):
                same = same and outputs[("SQLite", fmt)] == outputs[("PostgreSQL", fmt)]
            rows.append(f"  trend outputs the same bytes on both backends"
                        f"{' and both programs' if opts.before else ''}: {same} "
                        f"({', '.join(sorted(next(iter(v)) for v in outputs.values()))})")
            print(rows[-1], flush=True)

            if not opts.no_serve:
                pages = ["/results", "/trend?machine=1500GB&filter=%5EBenchmark%201%24",
                         "/trend?filter=%5EBenchmark%201%24"]
                for backend in ("SQLite", "PostgreSQL"):
                    for name, program in programs.items():
                        times = serve_times(program, stores[(name, backend)], pages)
                        rows.append(f"  {backend}: {name} serve, median of 5: " + ", ".join(
                            f"{p} {ms:.0f} ms" for p, ms in times.items()))
                        print(rows[-1], flush=True)
            busy1 = benchlib.cpu_ticks()
            wall = time.perf_counter() - started
            rows.append(f"  (load average {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the "
                        f"end; the machine was busy {(busy1[0] - busy0[0]) / wall:.2f} cores on "
                        f"average over the round's {wall:.0f} s)")
            print(rows[-1], flush=True)
            summary.append((n, rows))
    finally:
        subprocess.run([CLUSTER, "stop", cluster], capture_output=True)
    for n, rows in summary:
        print(f"round {n}:")
        print("\n".join(rows))


if __name__ == "__main__":
    main()
