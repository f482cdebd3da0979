#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The PostgreSQL store end to end, against a real server this test starts (tests/pg_cluster.sh):
the same files imported into SQLite and PostgreSQL give the same `db list` counts, `db export`
(CSV and JSONL) and `trend --format csv`, byte for byte; 8 importers at once on overlapping
sets of files (and 4 on one SQLite file) store each file, system and test once; the server
stopped with `pg_ctl stop -m immediate` in the middle of an import leaves no partial file, and
importing again completes; a refused connection, a wrong password and a database that is not
iosr's each give one line; a password is never printed; a role with SELECT alone runs list,
export and trend; `iosr serve` answers a request past --time-limit 503 and cancels its query. Usage: store_postgresql_test.py IOSR DATA_DIR FIXTURES_DIR TESTS_DIR"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

from missing_tool import missing

IOSR, DATA, FIXTURES, TESTS = sys.argv[1:5]
CLUSTER = os.path.join(TESTS, "pg_cluster.sh")
failures = []


def check(name, condition, detail=""):
    if not condition:
        failures.append(f"{name}: {detail}")


def run(*args, timeout=600):
    env = dict(os.environ, NO_COLOR="1")
    env.pop("IOSR_DB", None)
    p = subprocess.run([IOSR, *args], capture_output=True, env=env, timeout=timeout)
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")


def files_of(*patterns):
    out = []
    for pattern in patterns:
        out += sorted(glob.glob(os.path.join(FIXTURES, pattern)))
    return out


SEEDS = sorted(glob.glob(os.path.join(DATA, "text", "*.txt"))) + [
    os.path.join(DATA, "xml", "iosched-3way.xml")]
CORPUS = files_of("corpus/pts-text/*", "corpus/xml/*", "corpus/csv/*", "corpus/json/*")

if subprocess.run([CLUSTER, "bin"], capture_output=True).returncode != 0:
    failure = missing("PostgreSQL's server (initdb, pg_ctl)", "postgresql")
    if failure:
        print(failure)
        sys.exit(1)
    sys.exit(77)
PSQL = shutil.which("psql")

work = tempfile.mkdtemp(prefix="iosr-pg-test-")
os.chmod(work, 0o755)
cluster = os.path.join(work, "cluster")
started = subprocess.run([CLUSTER, "start", cluster], capture_output=True, text=True)
if started.returncode != 0:
    print(f"pg_cluster.sh start failed: {started.stderr}")
    sys.exit(1)


def url(database, user="iosr", extra=""):
    return f"postgresql:///{database}?host={cluster}&user={user}{extra}"


def psql(database, command, user="iosr", password=None):
    env = dict(os.environ)
    if password:
        env["PGPASSWORD"] = password
    p = subprocess.run([PSQL, "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d",
                        url(database, user), "-c", command],
                       capture_output=True, text=True, env=env, timeout=120)
    if p.returncode != 0:
        failures.append(f"psql {command!r}: {p.stderr.strip()}")
    return p.stdout.strip()


def create(database):
    psql("postgres", f"CREATE DATABASE {database}")
    return url(database)


def one_line(name, stderr, *wanted):
    lines = [l for l in stderr.splitlines() if l.strip()]
    check(name + ": one line", len(lines) == 1, repr(stderr))
    for w in wanted:
        check(name + f": says {w!r}", w in stderr, repr(stderr))


def consistent(name, db):
    """No partial file: every file's entries are all there, and each file, system and test is
    stored once."""
    partial = psql(db, "SELECT count(*) FROM sources so WHERE so.entries <> (SELECT count(*) "
                       "FROM results r WHERE r.source_id = so.id)")
    check(name + ": no partial file", partial == "0", partial)
    # results hold no foreign keys to systems and tests (docs/performance.md): the lock that
    # keeps `remove` apart from imports is what keeps every entry's system and test there.
    for table, column in (("systems", "system_id"), ("tests", "test_id")):
        lost = psql(db, f"SELECT count(*) FROM results r WHERE NOT EXISTS (SELECT 1 FROM {table} "
                        f"t WHERE t.id = r.{column})")
        check(name + f": every entry's row of {table} there", lost == "0", lost)
    for table, key in (("sources", "sha256"), ("systems", "identity"), ("tests", "identity")):
        twice = psql(db, f"SELECT count(*) FROM (SELECT {key} FROM {table} GROUP BY {key} "
                         "HAVING count(*) > 1) x")
        check(name + f": each of {table} once", twice == "0", twice)


try:
    if not PSQL:
        failures.append("psql is missing (Debian postgresql-client, a dependency of postgresql)")
        raise SystemExit

    # The same files into each backend: the same answers, byte for byte.
    pg = create("same")
    sqlite = os.path.join(work, "same.db")
    inputs = SEEDS + CORPUS
    for db in (sqlite, pg):
        code, _, err = run("db", "import", "--db", db, *inputs)
        check(f"import into {db}", code in (0, 1), err)
    for args in (["db", "export", "--combine", "-", "--to", "csv"],
                 ["db", "export", "--combine", "-", "--to", "jsonl"],
                 ["trend", "--format", "csv"], ["trend", "--format", "json"],
                 ["trend", "--by", "date", "--format", "csv"]):
        a = run(*args, "--db", sqlite)
        b = run(*args, "--db", pg)
        check(" ".join(args) + ": the same bytes from both", a[1] == b[1] and a[0] == b[0],
              f"sqlite {len(a[1])} bytes (exit {a[0]}), postgresql {len(b[1])} (exit {b[0]}): "
              f"{b[2]}")
        check(" ".join(args) + ": not empty", len(a[1]) > 100, a[2])
    la = run("db", "list", "--db", sqlite)[1].decode().split("\n", 1)[1]
    lb = run("db", "list", "--db", pg)[1].decode().split("\n", 1)[1]
    check("db list: the same counts, kernels, dates and files", la == lb, f"{la!r} vs {lb!r}")
    consistent("same", "same")

    # A password is never printed: not by list, not in an error.
    psql("postgres", "CREATE ROLE alice LOGIN PASSWORD 's3cret-word'")
    psql("same", "GRANT SELECT ON ALL TABLES IN SCHEMA public TO alice")
    code, out, err = run("db", "list", "--db",
                         f"postgresql://alice:s3cret-word@/same?host={cluster}")
    check("list as alice", code == 0, err)
    check("list: no password", b"s3cret-word" not in out and "s3cret-word" not in err,
          out[:200])
    code, out, err = run("db", "list", "--db",
                         f"postgresql://alice:wrong-word@/same?host={cluster}")
    check("a wrong password: exit 1", code == 1, err)
    one_line("a wrong password", err, "password authentication failed", "alice")
    check("a wrong password: not printed", "wrong-word" not in err, err)
    code, out, err = run("db", "list", "--db", url("same", "alice", "&password=wrong-word"))
    check("a wrong password in the query: not printed", code == 1 and "wrong-word" not in err, err)

    # A refused connection: no server on that socket.
    empty_dir = os.path.join(work, "no-server")
    os.mkdir(empty_dir)
    code, _, err = run("db", "list", "--db", f"postgresql:///x?host={empty_dir}")
    check("refused: exit 1", code == 1, err)
    one_line("refused", err, "cannot connect", empty_dir)

    # A database that is not iosr's: refused by import, and by list; nothing created in it.
    other = create("other")
    psql("other", "CREATE TABLE accounts (id int)")
    code, _, err = run("db", "import", "--db", other, SEEDS[0])
    check("not iosr's: import exit 1", code == 1, err)
    one_line("not iosr's: import", err, "not an iosr database")
    check("not iosr's: nothing made", psql("other", "SELECT count(*) FROM pg_tables WHERE "
                                                    "schemaname = 'public'") == "1")
    empty = create("empty")
    code, _, err = run("db", "list", "--db", empty)
    check("an empty database: list exit 1", code == 1, err)
    one_line("an empty database: list", err, "no iosr store in this database")

    # A newer database than this iosr: refused, naming its version.
    newer = create("newer")
    run("db", "import", "--db", newer, SEEDS[0])
    psql("newer", "UPDATE iosr_schema SET version = 99")
    code, _, err = run("db", "list", "--db", newer)
    one_line("newer", err, "database version 99 is newer")

    # A version-1 store: read as it is, migrated to version 3 by the next import (version 2
    # made the index results_by_system, version 3 drops it and makes source_systems_by_system).
    older = create("older")
    run("db", "import", "--db", older, SEEDS[0])
    psql("older", "DROP INDEX source_systems_by_system; DROP VIEW tidy; "
                  "ALTER TABLE results DROP COLUMN relative_deviation; "
                  "ALTER TABLE source_systems DROP COLUMN baseline; UPDATE iosr_schema SET version = 1")
    code, out, err = run("db", "list", "--db", older)
    check("version 1: list reads it", code == 0 and b"(schema version 1)" in out, err)
    code, out, err = run("trend", "--db", older, "--format", "csv", "--machine", "1")
    check("version 1: trend --machine reads it", code == 0 and out, err)
    code, out, err = run("db", "export", "--db", older, "--to", "jsonl", "--combine", "-")
    check("version 1: db export reads it (no relative deviation, no baseline)",
          code == 0 and out and all(json.loads(line)["baseline"] is False and
                                    json.loads(line)["relative_deviation"] is None
                                    for line in out.splitlines()), err)
    code, _, err = run("db", "import", "--db", older, SEEDS[1])
    check("version 1: import migrates", code == 0 and
          psql("older", "SELECT max(version) FROM iosr_schema") == "4", err)
    check("version 4: relative_deviation and baseline, the rows before NULL and 0",
          psql("older", "SELECT count(*) > 0, count(relative_deviation), sum(baseline) FROM tidy")
          == "t|0|0")
    check("version 3: results_by_system is gone, source_systems_by_system made",
          psql("older", "SELECT string_agg(indexname, ',' ORDER BY indexname) FROM pg_indexes "
                        "WHERE indexname IN ('results_by_system', 'source_systems_by_system')")
          == "source_systems_by_system")
    no_fk = ("SELECT count(*) FROM pg_constraint WHERE conname IN ('results_system_id_fkey', "
             "'results_test_id_fkey', 'results_source_id_fkey')")
    check("version 3: results' per-entry foreign keys dropped", psql("older", no_fk) == "0")
    check("a new store has none either", psql("same", no_fk) == "0")

    # The least-privilege roles of docs/db.md: a reader with SELECT alone.
    psql("postgres", "CREATE ROLE reader LOGIN PASSWORD 'r'")
    psql("same", "GRANT SELECT ON ALL TABLES IN SCHEMA public TO reader")
    reader = f"postgresql://reader:r@/same?host={cluster}"
    for args in (["db", "list"], ["db", "export", "--combine", "-", "--to", "csv"],
                 ["trend", "--format", "csv"]):
        code, out, err = run(*args, "--db", reader)
        # list's first line is the store's location, which names the role
        same = run(*args, "--db", pg)[1]
        if args[-1] == "list":
            out, same = out.split(b"\n", 1)[1], same.split(b"\n", 1)[1]
        check("reader: " + " ".join(args), code == 0 and out == same, err)
    code, _, err = run("db", "import", "--db", reader, os.path.join(DATA, "text",
                                                                     "000_1809f3a92cbbf2f4.txt"))
    check("reader: import of a file already in says so", code == 0, err)
    extra = os.path.join(work, "extra.txt")
    with open(SEEDS[0], "rb") as f:
        data = f.read()
    with open(extra, "wb") as f:
        f.write(data + b"\n")
    code, _, err = run("db", "import", "--db", reader, extra)
    check("reader: a new file is refused", code == 1 and "permission denied" in err, err)

    # 8 importers at once on overlapping sets, then 4 on one SQLite file.
    sets = [inputs[i::3] + inputs[(i + 1) % 3::3] for i in range(8)]
    for name, db, n in (("postgresql", create("many"), 8),
                        ("sqlite", os.path.join(work, "many.db"), 4)):
        procs = [subprocess.Popen([IOSR, "db", "import", "--jobs", "1", "--db", db, *sets[i]],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                 for i in range(n)]
        results = []
        for p in procs:
            err = p.communicate(timeout=600)[1].decode()
            results.append((p.returncode, err))
        # The corpus has files that fail alone (exit 1); what matters is that no import failed
        # because of another.
        for code, err in results:
            check(f"{name} importers: no error from the others",
                  "database" not in err.lower() or "already in" in err, err[-400:])
            check(f"{name} importers: exit 0 or 1", code in (0, 1), err[-400:])
        union = sorted({f for s in sets[:n] for f in s})
        ref = os.path.join(work, f"ref-{name}.db")
        run("db", "import", "--db", ref, *union)
        a = run("db", "export", "--combine", "-", "--to", "csv", "--db", ref)[1]
        b = run("db", "export", "--combine", "-", "--to", "csv", "--db", db)[1]
        ka = sorted(a.splitlines())
        kb = sorted(b.splitlines())
        check(f"{name} importers: every file once, the same rows as one import", ka == kb,
              f"{len(ka)} rows vs {len(kb)}")
        if name == "postgresql":
            consistent("many", "many")

    # Removals while another process imports files that share their systems and tests: the
    # removal never deletes a row the import has read and is about to name.
    race = create("race")
    run("db", "import", "--db", race, *SEEDS)
    importer = subprocess.Popen([IOSR, "db", "import", "--jobs", "1", "--db", race, *inputs],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    removals = 0
    while importer.poll() is None and removals < 40:
        for seed in SEEDS:
            run("db", "remove", "--db", race, seed)
            run("db", "import", "--db", race, seed)
            removals += 1
    err = importer.communicate(timeout=600)[1].decode()
    check("race: the importer met no error from the removals", importer.returncode in (0, 1) and
          "vanished" not in err and "foreign key" not in err, err[-400:])
    consistent("race", "race")

    # The lock that keeps removals apart from imports (pg_store.cpp, import_lock), held by
    # hand: a removal waits while an import's transaction holds it shared, and an import waits
    # while a removal holds it alone. Each finishes once the other side commits.
    def holding(database, lock):
        session = subprocess.Popen([PSQL, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", url(database)],
                                   stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE, text=True)
        session.stdin.write(f"BEGIN; SELECT {lock}(1768910706, 2);\n")
        session.stdin.flush()
        deadline = time.time() + 30
        while time.time() < deadline and psql(database, "SELECT count(*) FROM pg_locks WHERE "
                                                        "locktype = 'advisory' AND objid = 2 AND "
                                                        "granted") != "1":
            time.sleep(0.05)
        return session

    def release(session):
        session.stdin.write("COMMIT;\n")
        session.stdin.close()
        session.wait(timeout=30)

    locks = create("locks")
    run("db", "import", "--db", locks, *SEEDS)
    session = holding("locks", "pg_advisory_xact_lock_shared")
    remover = subprocess.Popen([IOSR, "db", "remove", "--db", locks, SEEDS[0]],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    time.sleep(1.5)
    check("lock: a removal waits for an import's transaction", remover.poll() is None)
    release(session)
    err = remover.communicate(timeout=30)[1].decode()
    check("lock: ... and removes once it commits", remover.returncode == 0, err)
    session = holding("locks", "pg_advisory_xact_lock")
    importer = subprocess.Popen([IOSR, "db", "import", "--db", locks, SEEDS[0]],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    time.sleep(1.5)
    check("lock: an import waits for a removal's transaction", importer.poll() is None)
    release(session)
    err = importer.communicate(timeout=30)[1].decode()
    check("lock: ... and imports once it commits", importer.returncode == 0, err)
    check("lock: the file is in again", psql("locks", "SELECT count(*) FROM sources") ==
          str(len(SEEDS)))

    # iosr serve on PostgreSQL: a request past --time-limit is answered 503 and its query is
    # cancelled (PostgreSQL's cancel request), not left running in the server. The results
    # table locked by hand holds the trend's query past the limit whatever the machine's speed.
    served = create("served")
    run("db", "import", "--db", served, *SEEDS)
    # Whichever of the reading's statements meets the lock first (a cursor's FETCH, a count)
    # waits on it: a statement of the store waiting for a lock, whatever its text.
    waiting = "SELECT count(*) FROM pg_stat_activity WHERE datname = 'served' AND state = " \
              "'active' AND wait_event_type = 'Lock'"
    # A limit of 4 s, not 1: on a loaded machine one psql call below can take most of a second,
    # and the wait it looks for must last long enough to be seen.
    server = subprocess.Popen([IOSR, "serve", "--db", served, "--listen", "127.0.0.1:0",
                               "--time-limit", "4"], stderr=subprocess.PIPE, text=True)
    listening = re.search(r"http://127\.0\.0\.1:(\d+)/", server.stderr.readline())
    # Locked once the server is up (its start reads the store).
    locker = subprocess.Popen([PSQL, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", url("served")],
                              stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
    locker.stdin.write("BEGIN; LOCK TABLE results IN ACCESS EXCLUSIVE MODE;\n")
    locker.stdin.flush()
    held = "SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation WHERE " \
           "c.relname = 'results' AND l.mode = 'AccessExclusiveLock' AND l.granted"
    deadline = time.time() + 30
    while time.time() < deadline and psql("served", held) != "1":
        time.sleep(0.05)
    check("serve: listens on a PostgreSQL store", listening)
    if listening:
        base = f"http://127.0.0.1:{listening.group(1)}"
        answer = {}

        def get_trend():
            try:
                with urllib.request.urlopen(base + "/trend", timeout=60) as r:
                    answer["status"], answer["body"] = r.status, r.read()
            except urllib.error.HTTPError as e:
                answer["status"], answer["body"] = e.code, e.read()

        request = threading.Thread(target=get_trend)
        request.start()
        seen = False
        while request.is_alive():
            seen = seen or psql("served", waiting) == "1"
            time.sleep(0.05)
        request.join()
        check("serve: the trend's query waited on the lock while the request ran", seen)
        check("serve: a request past --time-limit on PostgreSQL is answered 503",
              answer.get("status") == 503 and b"time limit" in answer.get("body", b""),
              answer.get("status"))
        deadline = time.time() + 10
        while time.time() < deadline and psql("served", waiting) != "0":
            time.sleep(0.05)
        check("serve: ... and its query is cancelled (gone from pg_stat_activity)",
              psql("served", waiting) == "0", psql("served", waiting))
        locker.stdin.write("COMMIT;\n")
        locker.stdin.close()
        locker.wait(timeout=30)
        # A failure here is a check, not an exception: the server must still be stopped below.
        try:
            with urllib.request.urlopen(base + "/api/v1/results", timeout=60) as r:
                status = r.status
        except urllib.error.HTTPError as e:
            status = e.code
        check("serve: the next request is answered", status == 200, status)
    else:
        locker.stdin.write("COMMIT;\n")
        locker.stdin.close()
        locker.wait(timeout=30)
    server.terminate()
    check("serve: stops on SIGTERM", server.wait(timeout=60) == 0)

    # The server stopped in the middle of an import: exit 1 naming the file, nothing partial,
    # and importing again completes.
    crash = create("crash")
    # Enough files that the import is still running when the server goes: copies of a seed,
    # each its own bytes.
    os.mkdir(os.path.join(work, "copies"))
    big = []
    for i in range(600):
        big.append(os.path.join(work, "copies", f"copy-{i:04}.txt"))
        with open(big[-1], "wb") as f:
            f.write(data + b"\n" * (i + 2))
    p = subprocess.Popen([IOSR, "db", "import", "--jobs", "1", "--db", crash, *big],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.time() + 60
    while time.time() < deadline and psql("crash", "SELECT count(*) FROM pg_tables WHERE "
                                                   "tablename = 'sources'") != "1":
        time.sleep(0.05)
    while time.time() < deadline and int(psql("crash", "SELECT count(*) FROM sources") or 0) < 3:
        time.sleep(0.02)
    subprocess.run([CLUSTER, "stop", cluster, "immediate"], check=False)
    err = p.communicate(timeout=300)[1].decode()
    code = p.returncode
    check("crash: exit 1", code == 1, err[-500:])
    check("crash: the file is named", any(os.path.basename(f) in err for f in big), err[-500:])
    check("crash: says the server went", "server" in err or "connection" in err, err[-500:])
    restarted = subprocess.run([CLUSTER, "restart", cluster], capture_output=True, text=True)
    check("crash: the server restarts", restarted.returncode == 0, restarted.stderr)
    consistent("crash", "crash")
    code, _, err = run("db", "import", "--db", crash, *big)
    check("crash: importing again completes", code == 0 and " 0 failed" in err, err[-300:])
    ref = os.path.join(work, "ref-crash.db")
    run("db", "import", "--db", ref, *big)
    a = run("db", "export", "--combine", "-", "--to", "csv", "--db", ref)[1]
    b = run("db", "export", "--combine", "-", "--to", "csv", "--db", crash)[1]
    check("crash: after the import again, the same rows as one import",
          sorted(a.splitlines()) == sorted(b.splitlines()))
    consistent("crash again", "crash")
finally:
    subprocess.run([CLUSTER, "stop", cluster], capture_output=True)
    shutil.rmtree(work, ignore_errors=True)

for f in failures:
    print("FAIL", f)
print(f"{len(failures)} failures")
sys.exit(1 if failures else 0)
