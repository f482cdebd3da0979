#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""`iosr db` and `iosr trend` end to end, with the database read by SQLite's own shell: import
(files, directories, archives), idempotent re-import, one system row for the same system in
several files, list, remove, export (the same bytes as `iosr convert --combine`), a killed
import (SIGKILL), two imports at once, the hand-made version-0 database migrated, hostile
inputs failing alone, and trend on real multi-kernel files and on a synthetic step.
Usage: db_test.py IOSR DATA_DIR FIXTURES_DIR"""
import csv
import glob
import io
import json
import os
import shutil
import signal
import subprocess
import sys
import tarfile
import tempfile
import time

from missing_tool import missing
from terminal import output_on_terminal

IOSR, DATA, FIXTURES = sys.argv[1:4]
SEEDS = sorted(glob.glob(os.path.join(DATA, "text", "*.txt")))
XML = os.path.join(DATA, "xml", "iosched-3way.xml")
LKML = os.path.join(FIXTURES, "corpus", "text", "pts-9.0.1_sqlite_4-kernels_lkml-email.eml.txt")
failures = []
SQLITE = shutil.which("sqlite3")


def check(name, condition, detail=""):
    if not condition:
        failures.append(f"{name}: {detail}")


def run(*args, env_extra=None, timeout=300, cwd=None):
    env = dict(os.environ, NO_COLOR="1")
    env.pop("IOSR_DB", None)
    if env_extra:
        env.update(env_extra)
    p = subprocess.run([IOSR, *args], capture_output=True, env=env, timeout=timeout, cwd=cwd)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def sql(db, query):
    """The sqlite3 shell's answer, rows of '|'-separated fields."""
    p = subprocess.run([SQLITE, "-batch", db, query], capture_output=True, text=True, timeout=60)
    if p.returncode != 0:
        failures.append(f"sqlite3 {query!r}: {p.stderr}")
    return p.stdout.strip()


if not SQLITE:
    failure = missing("the sqlite3 shell", "sqlite3")
    if failure:
        print(failure)
        sys.exit(1)
    sys.exit(77)


def xml_file(kernel, values, day=1):
    """A composite.xml: one system per scheduler on kernel KERNEL, values[test][label]."""
    labels = list(next(iter(values.values())).keys())
    systems = "".join(
        f"<System><Identifier>{label}</Identifier><Hardware>Processor: Test CPU @ 3.00GHz, "
        f"Motherboard: Test Board, Memory: 16GB, Disk: 512GB Test SSD, Graphics: Test GPU"
        f"</Hardware><Software>OS: Debian 12, Kernel: {kernel} (x86_64), File-System: ext4"
        f"</Software><User>t</User><TimeStamp>2024-01-{day:02} 10:00:00</TimeStamp>"
        f"<TestClientVersion>10.8.4</TestClientVersion><Notes></Notes><JSON></JSON></System>"
        for label in labels)
    results = ""
    for test, row in values.items():
        entries = "".join(f"<Entry><Identifier>{label}</Identifier><Value>{value:.2f}</Value>"
                          f"<RawString>{value:.2f}</RawString></Entry>" for label, value in row.items())
        results += (f"<Result><Identifier>pts/synthetic-1.0.0</Identifier><Title>Synthetic</Title>"
                    f"<AppVersion>1.0</AppVersion><Arguments>{test}</Arguments>"
                    f"<Description>Test: {test}</Description><Scale>MB/s</Scale>"
                    f"<Proportion>HIB</Proportion><DisplayFormat>BAR_GRAPH</DisplayFormat>"
                    f"<Data>{entries}</Data></Result>")
    return (f'<?xml version="1.0"?>\n<PhoronixTestSuite><Generated><Title>Linux {kernel}</Title>'
            f"<LastModified>2024-01-{day:02} 12:00:00</LastModified>"
            f"<TestClient>Phoronix Test Suite v10.8.4</TestClient><Description></Description>"
            f"</Generated>{systems}{results}</PhoronixTestSuite>\n")


work = tempfile.mkdtemp(prefix="iosr-db-test-")
try:
    db = os.path.join(work, "r.db")

    # --help everywhere; usage errors exit 2
    for args in (["db", "--help"], ["db", "import", "--help"], ["db", "list", "--help"],
                 ["db", "remove", "--help"], ["db", "export", "--help"], ["trend", "--help"]):
        rc, out, _ = run(*args)
        check(f"{' '.join(args)} exits 0", rc == 0 and "iosr" in out, out[:200])
    rc, out, _ = run("help", "db")
    check("help db lists the db commands", rc == 0 and "commands:\n  import" in out, out[:300])
    for args in (["db"], ["db", "frobnicate"], ["db", "import", "--db", db], ["trend", "--by", "x"],
                 ["trend", "--group-by", "x"], ["trend", "--format", "x"], ["trend", "a.txt"],
                 ["db", "export", "--db", db, "--combine", "x.txt"], ["db", "remove", "--db", db],
                 ["db", "import", "--no-such-option", SEEDS[0]], ["trend", "--alpha", "2"],
                 ["trend", "--filter", "("]):
        rc, _, err = run(*args)
        check(f"usage error {args} exits 2", rc == 2, f"rc={rc} {err}")
    rc, _, err = run("trend", "--db", os.path.join(work, "none.db"))
    check("trend without a database exits 1 and says so", rc == 1 and "no database there" in err, err)
    check("no database was created by a reading command", not os.path.exists(os.path.join(work, "none.db")))

    # import: the seeds, the sample XML, the kernel-comparison mail
    rc, out, err = run("db", "import", "--db", db, *SEEDS, XML, LKML)
    check("import exits 0", rc == 0, err)
    check("import says what it did", "imported 6 files (659 entries)" in err, err)
    check("sqlite3: integrity_check", sql(db, "PRAGMA integrity_check") == "ok")
    check("sqlite3: schema version", sql(db, "PRAGMA user_version") == "4")
    check("sqlite3: WAL mode", sql(db, "PRAGMA journal_mode") == "wal")
    check("sqlite3: one source row per file", sql(db, "SELECT count(*) FROM sources") == "6")
    check("sqlite3: one result row per entry", sql(db, "SELECT count(*) FROM results") == "659")
    check("sqlite3: entries per source agree with the results",
          sql(db, "SELECT count(*) FROM sources s WHERE entries != "
                  "(SELECT count(*) FROM results r WHERE r.source_id = s.id)") == "0")
    check("sqlite3: the SHA-256 is sha256sum's",
          sql(db, f"SELECT sha256 FROM sources WHERE path = '{SEEDS[0]}'") ==
          subprocess.run(["sha256sum", SEEDS[0]], capture_output=True, text=True).stdout.split()[0])
    check("sqlite3: kernels parsed",
          sql(db, "SELECT DISTINCT kernel_version FROM systems WHERE kernel_version != '' "
                  "ORDER BY kernel_key") == "3.4\n4.15\n5.0-rc6\n5.6-rc7\n6.1")
    check("sqlite3: the kernel as written is kept",
          "5.6.0-050600rc7-generic (x86_64) 20200322" in sql(db, "SELECT DISTINCT kernel FROM systems"))
    check("sqlite3: hardware fields as JSON",
          sql(db, "SELECT DISTINCT json_extract(hardware, '$.Disk') FROM systems WHERE "
                  "label = 'None' AND kernel LIKE '5.6%'") == "1000GB Force MP600")
    check("sqlite3: values as written, and parsed",
          sql(db, "SELECT value, numeric_value FROM tidy WHERE file LIKE '%002_%' AND "
                  "label = 'WD5000AZRX: Mq-Deadline' AND result_title = 'FS-Mark' LIMIT 1") ==
          "20.13|20.13")
    check("sqlite3: samples, standard error and N from composite.xml",
          sql(db, "SELECT samples, sample_count FROM results r JOIN systems s ON s.id = r.system_id "
                  "WHERE s.label = 'mq-deadline' AND r.chart = 0") == "151200:153100:152720|3")
    check("sqlite3: the PTS version and run date of the XML",
          sql(db, f"SELECT pts_version, run_date FROM sources WHERE path = '{XML}'") ==
          "10.8.4|2024-03-01 09:00:00")
    tidy_header = subprocess.run([SQLITE, "-batch", "-header", db, "SELECT * FROM tidy LIMIT 1"],
                       capture_output=True, text=True).stdout.splitlines()[0]
    check("sqlite3: the tidy view has the tidy CSV's columns first",
          tidy_header.split("|")[:22] == ["file", "result_title", "version", "description", "unit",
                                          "direction", "label", "group", "name", "scheduler", "value",
                                          "kind", "samples", "standard_error", "sample_count", "test_id",
                                          "display_format", "error", "arguments", "numeric_value",
                                          "min", "max"], tidy_header)

    # idempotent: the same bytes again change nothing, and say so
    dump_before = sql(db, ".dump")
    rc, _, err = run("db", "import", "--db", db, SEEDS[0], XML)
    check("re-import exits 0", rc == 0, err)
    check("re-import says nothing changed", err.count("already in the database; nothing changed") == 2
          and "imported 0 files" in err, err)
    check("re-import leaves the database as it was", sql(db, ".dump") == dump_before)

    # the same systems from another file are stored once
    systems_before = int(sql(db, "SELECT count(*) FROM systems"))
    copy = os.path.join(work, "000-rerun.txt")
    with open(SEEDS[0], encoding="utf-8") as f:
        text = f.read()
    with open(copy, "w", encoding="utf-8") as f:
        f.write(text.replace("None ............ 14.42 |", "None ............ 14.43 |", 1))
    rc, _, err = run("db", "import", "--db", db, copy)
    check("a re-run of the same systems imports", rc == 0 and "imported 1 file (260 entries)" in err, err)
    check("its systems are not stored again",
          int(sql(db, "SELECT count(*) FROM systems")) == systems_before,
          sql(db, "SELECT count(*) FROM systems"))

    # list
    rc, out, err = run("db", "list", "--db", db)
    check("list exits 0", rc == 0, err)
    check("list counts", "7 files," in out and "919 entries" in out, out[:400])
    check("list names the kernels in version order", "kernels: 3.4, 4.15, 5.0-rc6, 5.6-rc7, 6.1" in out, out)
    # One file of the seven has a run date: a range over it would read as if it were all.
    check("list shows the dates and how many files have one",
          "run dates: 2024-03-01 (1 of 7 files dated)" in out, out)
    # At 80 columns a long path is shortened in its middle; at 200 every path fits whole.
    _, wide, _ = run("db", "list", "--db", db, env_extra={"COLUMNS": "200"})
    check("list shows each file", all(p in wide for p in SEEDS + [XML, LKML, copy]), wide)
    # SQLite and libcrypto are loaded by the runs above that use them, never linked, so that
    # the other runs do not load them (docs/performance.md, "Start-up").
    ldd = subprocess.run(["ldd", IOSR], capture_output=True, text=True).stdout
    check("iosr does not link SQLite or libcrypto", "libsqlite" not in ldd and "libcrypto" not in ldd, ldd)
    rc, out2, _ = run("db", "list", env_extra={"IOSR_DB": db})
    check("IOSR_DB chooses the database", rc == 0 and out2 == out, out2[:200])
    xdg = os.path.join(work, "xdg")
    rc, _, err = run("db", "import", SEEDS[1], env_extra={"XDG_DATA_HOME": xdg})
    check("the default is $XDG_DATA_HOME/iosr/results.db",
          rc == 0 and os.path.exists(os.path.join(xdg, "iosr", "results.db")), err)

    # export: the same bytes as convert --combine over the same files
    rc, _, err = run("db", "export", "--db", db, "--combine", os.path.join(work, "all.csv"))
    check("export exits 0", rc == 0, err)
    rc, _, err = run("convert", *SEEDS, XML, LKML, copy, "--combine", os.path.join(work, "conv.csv"))
    with open(os.path.join(work, "all.csv"), "rb") as a, open(os.path.join(work, "conv.csv"), "rb") as b:
        check("export --combine CSV is convert --combine's, byte for byte", a.read() == b.read())
    run("db", "export", "--db", db, "--combine", os.path.join(work, "all.jsonl"))
    run("convert", *SEEDS, XML, LKML, copy, "--combine", os.path.join(work, "conv.jsonl"))
    with open(os.path.join(work, "all.jsonl"), "rb") as a, open(os.path.join(work, "conv.jsonl"), "rb") as b:
        check("export --combine JSONL is convert --combine's, byte for byte", a.read() == b.read())
    rc, _, err = run("db", "export", "--db", db, "--combine", os.path.join(work, "all.csv"))
    check("export does not overwrite without --force", rc == 1 and "--force" in err, err)
    rc, out, err = run("db", "export", "--db", db, "--combine", "-", "--to", "csv", "--filter", "^SQLite$")
    rows = list(csv.DictReader(io.StringIO(out, newline="")))
    check("export --filter keeps the tests it matches",
          rows and {r["result_title"] for r in rows} == {"SQLite"}, {r["result_title"] for r in rows})
    files_with = len({r["file"] for r in rows})
    check("export --filter counts the files it exported, not every file read",
          f"exported {files_with} file" in err and f"({len(rows)} entr" in err, err)

    # every input format iosr reads imports, and exports as convert writes it
    every = [os.path.join(FIXTURES, p) for p in (
        "corpus/csv/pts-5.6.0_ec2-large_iozone_single-system.csv",          # pts-csv
        "corpus/json/pts-8.2.0_gce_pjdfstest_pass-fail.json",               # pts-json
        "corpus/terminal/pts-10.8.4_aircrack-ng_terminal-capture.txt",      # a terminal capture
        "corpus/xml/pts-0.1.0_2008_encode-ogg_single-run_benchmark-first.xml",  # 2008 layout
        "seeds/003_29012ff8c53c614e.txt",                                   # html-view
        "wild/mail-flowed/linux-ext4_2020-09_kernel-benchmarking_apache-siege_larabel_flowed.eml",
        "wild/text-other/disappear9-blog_orangepi-zero3_hexo-page_html-span-lines_gt-entity.html",
        "corpus/csv-pts10.8.4/pts-5.2.1_active-xml_zero-results.csv")]
    own_json = os.path.join(work, "iosched.json")                           # iosr-json
    with open(own_json, "wb") as f:
        f.write(subprocess.run([IOSR, "convert", "--to", "json", XML], capture_output=True, check=True).stdout)
    every.append(own_json)
    fdb = os.path.join(work, "formats.db")
    rc, _, err = run("db", "import", "--db", fdb, *every)
    check("every input format imports", rc == 0 and f"imported {len(every)} files" in err, err[-600:])
    check("sqlite3: their formats",
          sql(fdb, "SELECT group_concat(format, ' ') FROM (SELECT DISTINCT format FROM sources ORDER BY 1)")
          == "composite-xml html-view iosr-json pts-csv pts-json pts-text")
    run("db", "export", "--db", fdb, "--combine", os.path.join(work, "formats.csv"))
    run("convert", *every, "--combine", os.path.join(work, "formats-convert.csv"))
    with open(os.path.join(work, "formats.csv"), "rb") as a, \
            open(os.path.join(work, "formats-convert.csv"), "rb") as b:
        check("every format exports as convert writes it, byte for byte", a.read() == b.read())
    # a SHA-256 prefix that names several files is refused, naming them, and removes nothing
    shared = sql(fdb, "SELECT substr(sha256, 1, 1) FROM sources GROUP BY 1 HAVING count(*) > 1 "
                      "ORDER BY 1 LIMIT 1")
    check("two of the formats' files share a first SHA-256 digit", shared != "", shared)
    sources_before = sql(fdb, "SELECT count(*) FROM sources")
    rc, _, err = run("db", "remove", "--db", fdb, shared)
    check("an ambiguous SHA-256 prefix is refused",
          rc == 1 and "files; expected one (give more of the SHA-256)" in err, err)
    check("and removes nothing", sql(fdb, "SELECT count(*) FROM sources") == sources_before)

    # remove: by path, by SHA-256 prefix; what nothing uses goes with it
    rc, _, err = run("db", "remove", "--db", db, copy)
    check("remove by path", rc == 0 and "removed" in err and "(260 entries)" in err, err)
    check("its shared systems stay", int(sql(db, "SELECT count(*) FROM systems")) == systems_before)
    sha = sql(db, f"SELECT sha256 FROM sources WHERE path = '{LKML}'")
    rc, _, err = run("db", "remove", "--db", db, sha[:10])
    check("remove by SHA-256 prefix", rc == 0, err)
    check("its own systems go with it",
          sql(db, "SELECT count(*) FROM systems WHERE label = '5.4.0-rc7'") == "0")
    rc, _, err = run("db", "remove", "--db", db, "no/such/file.txt")
    check("remove of an unknown SOURCE exits 1", rc == 1 and "no imported file" in err, err)
    check("sqlite3: integrity after removes", sql(db, "PRAGMA integrity_check") == "ok")

    # remove: an archive as imported removes its files; a file on disk, its bytes however they
    # were named when imported
    arc = os.path.join(work, "arc")
    os.makedirs(os.path.join(arc, "d"))
    shutil.copy(SEEDS[0], os.path.join(arc, "d", "a.txt"))
    shutil.copy(SEEDS[1], os.path.join(arc, "d", "b.txt"))
    subprocess.run(["tar", "czf", os.path.join(arc, "f.tar.gz"), "-C", arc, "d"], check=True)
    adb = os.path.join(work, "archive.db")
    run("db", "import", "--db", adb, os.path.join(arc, "f.tar.gz"))
    rc, _, err = run("db", "remove", "--db", adb, os.path.join(arc, "f.tar.gz"))
    check("remove of an archive removes its files", rc == 0 and err.count("removed ") == 2 and
          sql(adb, "SELECT count(*) FROM sources") == "0", err)
    run("db", "import", "--db", adb, os.path.join(arc, "f.tar.gz"))
    rc, _, err = run("db", "remove", "--db", adb, os.path.join(arc, "d", "b.txt"))
    check("remove of a file on disk finds its bytes", rc == 0 and ":d/b.txt" in err and
          sql(adb, "SELECT count(*) FROM sources") == "1", err)
    check("sqlite3: no result is left without its source",
          sql(db, "SELECT count(*) FROM results WHERE source_id NOT IN (SELECT id FROM sources)") == "0")

    # directories and archives, through batch conversion's walker; hostile inputs fail alone
    tree = os.path.join(work, "tree")
    os.makedirs(os.path.join(tree, "sub"))
    shutil.copy(SEEDS[2], os.path.join(tree, "sub", "a.txt"))
    shutil.copy(XML, os.path.join(tree, "composite.xml"))
    with open(os.path.join(tree, "broken.xml"), "w") as f:
        f.write('<?xml version="1.0"?>\n<PhoronixTestSuite><Result><Title>x</Title><Data><Entry>')
    with open(os.path.join(tree, "notes.bin"), "wb") as f:
        f.write(bytes(range(256)) * 4)
    archive = os.path.join(work, "runs.tar.gz")
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(SEEDS[3], arcname="runs/004.txt")
        tar.add(os.path.join(tree, "broken.xml"), arcname="runs/broken.xml")
    db2 = os.path.join(work, "tree.db")
    rc, _, err = run("db", "import", "--db", db2, tree, archive)
    check("a hostile file makes the import exit 1", rc == 1, err)
    check("it is named with its position", f"{tree}/broken.xml:2:" in err, err)
    check("the archive member too", f"{archive}:runs/broken.xml:2:" in err, err)
    check("the others are imported", "imported 3 files" in err and "2 failed, 1 skipped" in err, err)
    check("sqlite3: the archive member's path",
          sql(db2, "SELECT path FROM sources ORDER BY id") ==
          f"{tree}/composite.xml\n{tree}/sub/a.txt\n{archive}:runs/004.txt")

    # a file without results is imported too (its row says 0 entries)
    empty = os.path.join(work, "active.xml")
    with open(empty, "w") as f:
        f.write('<?xml version="1.0"?>\n<PhoronixTestSuite><Generated><Title>unfinished</Title>'
                '</Generated><System><Identifier>None</Identifier><Hardware>Disk: X</Hardware>'
                '<Software>Kernel: 6.8.0-1-generic</Software></System></PhoronixTestSuite>\n')
    rc, _, err = run("db", "import", "--db", db2, empty)
    check("an unfinished result file imports", rc == 0, err)
    check("with a source row and no results",
          sql(db2, f"SELECT entries, title FROM sources WHERE path = '{empty}'") == "0|unfinished")

    # An LKP report's relative deviations and baseline (version 4), as sqlite3 reads them, equal
    # to what iosr reads from the report (its JSONL: the same rows, docs/db.md "tidy").
    lkp_db = os.path.join(work, "lkp.db")
    lkp = os.path.join(FIXTURES, "lkp", "noise-level_linux-usb_multipart-original.eml")
    rc, _, err = run("db", "import", "--db", lkp_db, lkp)
    check("import of an LKP report exits 0", rc == 0, err)
    rc, out, err = run("convert", "--to", "jsonl", lkp)
    want = "\n".join(
        f"{r['label']}|{'' if r['relative_deviation'] is None else format(r['relative_deviation'], 'g')}|"
        f"{int(r['baseline'])}" for r in map(json.loads, out.splitlines()))
    got = sql(lkp_db, "SELECT label, CASE WHEN relative_deviation IS NULL THEN '' ELSE "
                      "printf('%g', relative_deviation) END, baseline FROM tidy")
    check("sqlite3: the LKP report's relative_deviation and baseline are stored", got == want,
          (got, want))
    check("sqlite3: the report's deviations and its first commit, the baseline",
          "|1" in got and any(line.split("|")[1] for line in got.splitlines()), got)
    # ... and read back: db export writes the rows convert writes for the report itself
    lkp_export = os.path.join(work, "lkp-export.jsonl")
    rc, _, err = run("db", "export", "--db", lkp_db, "--combine", lkp_export)
    check("db export of the LKP store exits 0", rc == 0, err)
    with open(lkp_export) as f:
        exported = [json.loads(line) for line in f]
    converted = [json.loads(line) for line in out.splitlines()]
    fields = ("label", "value", "relative_deviation", "baseline")
    check("db export: the relative deviations and the baseline read back as convert writes them",
          [tuple(r[k] for k in fields) for r in exported] ==
          [tuple(r[k] for k in fields) for r in converted],
          (exported[:2], converted[:2]))

    # the hand-made version-0 database is migrated
    old = os.path.join(work, "v0.db")
    shutil.copyfile(os.path.join(FIXTURES, "db", "version-0.db"), old)
    check("the fixture is version 0", sql(old, "PRAGMA user_version") == "0")
    rc, out, err = run("db", "list", "--db", old)
    check("list migrates version 0", rc == 0 and "(schema version 4)" in out, out + err)
    check("migrated: user_version", sql(old, "PRAGMA user_version") == "4")
    check("migrated: version 4's columns, the old rows NULL and 0",
          sql(old, "SELECT count(*), count(relative_deviation), sum(baseline) FROM tidy") == "4|0|0")
    check("migrated: kernels parsed",
          sql(old, "SELECT kernel_version FROM systems ORDER BY id") == "5.5\n5.5\n5.6-rc7\n5.6-rc7")
    check("migrated: the tidy view",
          sql(old, "SELECT file, label, value FROM tidy") ==
          "old/linux-5.5.txt|None|14.00\nold/linux-5.5.txt|BFQ|15.00\n"
          "old/linux-5.6.xml|None|14.42\nold/linux-5.6.xml|BFQ|14.60")
    check("migrated: its rows kept", sql(old, "SELECT count(*) FROM results") == "4")
    rc, out, err = run("trend", "--db", old, "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out, newline="")))
    bfq = [r for r in rows if r["configuration"] == "bfq" and r["test"] == "SQLite"]
    check("trend over the migrated database",
          rc == 0 and [r["point"] for r in bfq] == ["5.5", "5.6-rc7"] and
          abs(float(bfq[0]["ratio"]) - 14.0 / 15.0) < 1e-12, out + err)
    newer = os.path.join(work, "newer.db")
    subprocess.run([SQLITE, newer, "PRAGMA user_version = 99; CREATE TABLE x (y);"], check=True)
    rc, _, err = run("db", "list", "--db", newer)
    check("a newer database is refused", rc == 1 and "newer than this iosr" in err, err)
    foreign = os.path.join(work, "foreign.db")
    subprocess.run([SQLITE, foreign, "CREATE TABLE x (y);"], check=True)
    rc, _, err = run("db", "import", "--db", foreign, SEEDS[0])
    check("a database that is not iosr's is refused", rc == 1 and "not an iosr database" in err, err)

    # What is not a database file is said so, and nothing is written: a directory, an empty
    # file (SQLite would make a database in it), a URL of a scheme iosr does not know (taken
    # for a path, it made folders named after it), its password never shown.
    rc, _, err = run("db", "list", "--db", work)
    check("a directory is refused", rc == 1 and "is a directory" in err, err)
    empty = os.path.join(work, "empty.db")
    open(empty, "wb").close()
    rc, _, err = run("trend", "--db", empty)
    check("an empty file is refused and left empty",
          rc == 1 and "an empty file, not an iosr database" in err and
          os.path.getsize(empty) == 0, err)
    rc, _, err = run("db", "import", "--db", "postgresq://u:secret@h/d", SEEDS[0], cwd=work)
    check("an unknown URL scheme is refused", rc == 1 and "not a store iosr knows" in err and
          "secret" not in err and not os.path.exists(os.path.join(work, "postgresq:")), err)

    # A database the user may only read (a team's file in a folder they may not write): read
    # as it is; an import says what is missing. As root, through the user nobody.
    ro = os.path.join(work, "ro")
    os.makedirs(ro)
    team = os.path.join(ro, "team.db")
    run("db", "import", "--db", team, XML, *SEEDS[:2])
    os.chmod(work, 0o755)
    os.chmod(ro, 0o555)
    as_reader = ["runuser", "-u", "nobody", "--"] if os.geteuid() == 0 else []
    # nobody runs a copy of iosr in the scratch folder (mode 755 under /tmp): the build's own
    # may sit where only its owner may enter (a clone in /root, or in `mktemp -d`).
    reader_iosr = IOSR
    if as_reader:
        reader_iosr = os.path.join(work, "iosr")
        shutil.copy2(IOSR, reader_iosr)
        os.chmod(reader_iosr, 0o755)
    def run_as_reader(*args):
        p = subprocess.run([*as_reader, reader_iosr, *args], capture_output=True, text=True,
                           env=dict(os.environ, NO_COLOR="1"), cwd=work)
        return p.returncode, p.stdout, p.stderr
    rc, out, err = run_as_reader("db", "list", "--db", team)
    check("a read-only database lists", rc == 0 and "3 files" in out, err)
    rc, out, err = run_as_reader("trend", "--db", team, "--format", "csv")
    check("a read-only database gives its trend", rc == 0 and out.startswith("test,"), err)
    seed = os.path.join(work, os.path.basename(SEEDS[2]))  # where nobody may read it
    shutil.copy2(SEEDS[2], seed)
    os.chmod(seed, 0o644)
    rc, out, err = run_as_reader("db", "import", "--db", team, seed)
    check("an import into it says what is missing", rc == 1 and "you may not write" in err, err)
    check("and nothing was made beside it", sorted(os.listdir(ro)) == ["team.db"],
          os.listdir(ro))
    os.chmod(ro, 0o755)

    # many files for the kill and concurrency tests: the sample XML with one value varied
    many = os.path.join(work, "many")
    os.makedirs(many)
    with open(XML, encoding="utf-8") as f:
        sample = f.read()
    for i in range(1500):
        with open(os.path.join(many, f"run-{i:04}.xml"), "w", encoding="utf-8") as f:
            f.write(sample.replace("<Value>152340</Value>", f"<Value>{150000 + i}</Value>"))

    # SIGKILL in the middle of an import: every file wholly in or absent
    killed = os.path.join(work, "killed.db")
    proc = subprocess.Popen([IOSR, "db", "import", "--db", killed, "--jobs", "1", many],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 120
    seen = 0
    while time.time() < deadline and proc.poll() is None:
        if os.path.exists(killed):
            out = subprocess.run([SQLITE, "-batch", killed, "SELECT count(*) FROM sources"],
                                 capture_output=True, text=True).stdout.strip()
            seen = int(out) if out.isdigit() else 0
            if seen >= 5:
                break
        time.sleep(0.02)
    running = proc.poll() is None
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    check("the import was still running when killed", running and seen >= 5, f"seen {seen}")
    in_after_kill = int(sql(killed, "SELECT count(*) FROM sources"))
    check("after SIGKILL: integrity_check", sql(killed, "PRAGMA integrity_check") == "ok")
    check("after SIGKILL: part of the files are in", 0 < in_after_kill < 1500, in_after_kill)
    check("after SIGKILL: every file wholly in",
          sql(killed, "SELECT count(*) FROM sources s WHERE entries != "
                      "(SELECT count(*) FROM results r WHERE r.source_id = s.id)") == "0")
    check("after SIGKILL: no entry without its file",
          sql(killed, "SELECT count(*) FROM results WHERE source_id NOT IN (SELECT id FROM sources)")
          == "0")
    rc, _, err = run("db", "import", "--db", killed, many)
    check("the import run again completes", rc == 0 and
          f"imported {1500 - in_after_kill} files" in err and f"{in_after_kill} already in" in err, err)
    check("and every file is in once", sql(killed, "SELECT count(*) FROM sources") == "1500")
    check("with every entry", sql(killed, "SELECT count(*) FROM results") == str(1500 * 9))

    # SIGTERM stops between two files, with exit 128 + 15
    termed = os.path.join(work, "termed.db")
    proc = subprocess.Popen([IOSR, "db", "import", "--db", termed, "--jobs", "1", many],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.time() + 120
    while time.time() < deadline and proc.poll() is None:
        out = subprocess.run([SQLITE, "-batch", termed, "SELECT count(*) FROM sources"],
                             capture_output=True, text=True).stdout.strip() if os.path.exists(termed) else ""
        if out.isdigit() and int(out) >= 5:
            break
        time.sleep(0.02)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate()
    check("SIGTERM exits 143", proc.returncode == 143, f"{proc.returncode} {err.decode()}")
    check("after SIGTERM: every file wholly in",
          sql(termed, "SELECT count(*) FROM sources s WHERE entries != "
                      "(SELECT count(*) FROM results r WHERE r.source_id = s.id)") == "0")

    # two imports at once, of the same files: they wait for each other, each file goes in once
    both = os.path.join(work, "both.db")
    half = sorted(glob.glob(os.path.join(many, "*.xml")))[:300]
    procs = [subprocess.Popen([IOSR, "db", "import", "--db", both, *half], stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE) for _ in range(2)]
    outs = [p.communicate(timeout=300)[1].decode() for p in procs]
    check("both concurrent imports exit 0", all(p.returncode == 0 for p in procs), outs)
    imported = sum(int(o.rsplit("imported ", 1)[1].split()[0]) for o in outs)
    check("between them, each file imported once", imported == 300, outs)
    check("no 'database is locked'", not any("locked" in o for o in outs), outs)
    check("sqlite3: 300 files after both", sql(both, "SELECT count(*) FROM sources") == "300")

    # two imports that both make the same new database: turning it to WAL must wait, not fail
    # (it failed one time in six: SQLite answers that with SQLITE_BUSY without its busy handler)
    first = sorted(glob.glob(os.path.join(many, "*.xml")))[:1]
    locked = []
    for i in range(12):
        fresh = os.path.join(work, f"fresh{i}.db")
        procs = [subprocess.Popen([IOSR, "db", "import", "--db", fresh, *first],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) for _ in range(2)]
        locked += [p.communicate(timeout=120)[1].decode() for p in procs if p.wait() != 0]
    check("two imports making one new database: neither fails", not locked, locked[:2])

    # a writer holding the lock: readers go on, a second writer waits for it instead of failing
    holder = subprocess.Popen([SQLITE, "-batch", both], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, text=True)
    holder.stdin.write("BEGIN IMMEDIATE;\nUPDATE sources SET title = title WHERE id = 1;\n")
    holder.stdin.flush()
    time.sleep(0.3)
    start = time.time()
    rc, out, err = run("db", "list", "--db", both, timeout=30)
    check("list does not wait for a writer", rc == 0 and time.time() - start < 5, f"{rc} {err}")
    waiter = subprocess.Popen([IOSR, "db", "import", "--db", both, SEEDS[0]], stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE)
    time.sleep(1.0)
    check("an import waits while another writer holds the lock", waiter.poll() is None)
    holder.stdin.write("COMMIT;\n")
    holder.stdin.close()
    holder.wait(timeout=30)
    _, err = waiter.communicate(timeout=60)
    check("and then imports", waiter.returncode == 0 and "imported 1 file" in err.decode(), err.decode())

    # trend: a synthetic step at 5.6 over 12 kernels, one without a step
    steps = os.path.join(work, "steps")
    os.makedirs(steps)
    for k in range(12):
        wobble = [1.0, 1.012, 0.991, 1.004, 0.996, 1.009, 0.993, 1.006, 0.998, 1.011, 0.989, 1.002]
        values = {}
        for t in range(6):
            w = wobble[(k + t) % 12]
            values[f"{t}"] = {"None": 1000.0 + t, "BFQ": (1000.0 + t) * (0.93 if k < 6 else 0.78) * w,
                              "Kyber": (1000.0 + t) * 0.97 * wobble[(k * 5 + t) % 12] ** 3}
        with open(os.path.join(steps, f"linux-5.{k}.xml"), "w") as f:
            f.write(xml_file(f"5.{k}.0-05{k:02}00-generic" if k != 6 else "5.6.0-050600-generic", values,
                             day=k + 1))
    sdb = os.path.join(work, "steps.db")
    rc, _, err = run("db", "import", "--db", sdb, steps)
    check("the synthetic series imports", rc == 0 and "imported 12 files" in err, err)
    rc, out, err = run("trend", "--db", sdb)
    check("trend exits 0", rc == 0, err)
    check("trend finds the step at 5.6 in the geometric mean",
          "step: BFQ vs None" not in out and "step: bfq vs none: 0.93 → 0.78 from 5.6 (p < 0.001)" in out,
          out[:2000])
    check("and in every test", out.count("step: bfq vs none") == 7, out.count("step: bfq vs none"))
    check("and none where there is none", "kyber vs none:" not in out, out[:3000])
    rc, out, _ = run("trend", "--db", sdb, "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out, newline="")))
    check("trend CSV: the documented columns",
          all(c in rows[0] for c in ("test", "configuration", "baseline", "point", "ratio", "change_point")),
          list(rows[0]))
    check("trend CSV: one row per test, configuration and point", len(rows) == (6 + 1) * 2 * 12, len(rows))
    flagged = {(r["configuration"], r["point"]) for r in rows if r["change_point"] == "true"}
    check("trend CSV: change_point on the first point after the step", flagged == {("bfq", "5.6")}, flagged)
    rc, out, _ = run("trend", "--db", sdb, "--format", "json")
    doc = json.loads(out)
    check("trend JSON parses", doc["by"] == "kernel" and len(doc["points"]) == 12, out[:200])
    rc, out, _ = run("trend", "--db", sdb, "--by", "date", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out, newline="")))
    check("trend --by date: the days", rows and rows[0]["point"] == "2024-01-01", rows[:1])
    nokernel = os.path.join(work, "nokernel.db")
    for k in range(3):
        path = os.path.join(work, f"nokernel-{k}.xml")
        with open(path, "w") as f:
            f.write(xml_file("unknown", {"0": {"None": 100.0, "BFQ": 90.0 + k}}, day=k + 1))
        run("db", "import", "--db", nokernel, path)
    rc, out, _ = run("trend", "--db", nokernel)
    check("trend without kernels follows the run dates", rc == 0 and
          "no run has a kernel version: the series follows the run dates" in out and
          "2024-01-03" in out, out[:800])
    for fmt in ("md", "html"):
        rc, out, err = run("trend", "--db", sdb, "--format", fmt, "-o", os.path.join(work, "t." + fmt))
        check(f"trend --format {fmt} -o", rc == 0 and os.path.getsize(os.path.join(work, "t." + fmt)) > 1000, err)

    # colour only on a terminal, and never with NO_COLOR
    def on_tty(*args, no_color):
        return output_on_terminal([IOSR, *args], no_color)

    tty = on_tty("trend", "--db", sdb, no_color=False)
    check("trend on a terminal: a step down in red", "\x1b[31m*0.780\x1b[0m" in tty, tty[:1500])
    check("trend with NO_COLOR: no colour", "\x1b[" not in on_tty("trend", "--db", sdb, no_color=True))
    rc, out, _ = run("trend", "--db", sdb)
    check("trend into a pipe: no colour", rc == 0 and "\x1b[" not in out)

    # trend on the real multi-kernel files: the seeds (four machines) and the kernel mail
    rdb = os.path.join(work, "real.db")
    run("db", "import", "--db", rdb, *SEEDS, LKML)
    rc, out, _ = run("trend", "--db", rdb, "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out, newline="")))
    check("seeds: a series per machine, one kernel each",
          {r["point"] for r in rows} == {"3.4", "4.15", "5.0-rc6", "5.6-rc7"} and
          len({r["machine"] for r in rows}) == 6, {r["machine"] for r in rows})
    rc, out, _ = run("trend", "--db", rdb, "--format", "csv", "--across-machines", "--group-by", "none",
                     "--filter", "^FS-Mark$")
    rows = list(csv.DictReader(io.StringIO(out, newline="")))
    cfq = [r for r in rows if r["configuration"] == "cfq" and r["description"].startswith("Test: 5000")]
    check("seeds across machines: cfq along 3.4 and 4.15", [r["point"] for r in cfq] == ["3.4", "4.15"], cfq)
    check("seeds across machines: two runs combined at 3.4", cfq and cfq[0]["runs"] == "2", cfq[:1])
    rc, out, _ = run("trend", "--db", rdb, "--by", "label", "--baseline", "5.3.0", "--filter",
                     "^SQLite$", "--format", "csv")
    rows = [r for r in csv.DictReader(io.StringIO(out, newline="")) if r["test"] == "SQLite"
            and r["baseline"] == "5.3.0"]
    check("kernel mail --by label: every kernel against 5.3.0",
          [r["point"] for r in rows] == ["5.3.0", "5.4.0-rc3", "5.4-rc3-80-gafb2442fa429", "5.4.0-rc7"],
          rows)
    check("kernel mail: 5.4.0-rc7 against 5.3.0 (seconds, lower is better)",
          rows and abs(float(rows[-1]["ratio"]) - 225 / 223) < 1e-12, rows[-1:])

    # Dates shown and compared normalized: PTS 0.1's TestDate ("April 4, 2008 02:57 PM") is kept
    # as written in source_systems, and is 2008-04-04 in run_date, db list and --by date.
    dated = os.path.join(work, "dated.db")
    old = os.path.join(FIXTURES, "corpus", "xml", "pts-0.1.0_2008_encode-ogg_two-identifiers_merged.xml")
    rc, _, err = run("db", "import", "--db", dated, old, XML)
    rc2, out, _ = run("db", "list", "--db", dated)
    check("db list shows run dates as dates, across PTS 0.1 and today's",
          rc == 0 and rc2 == 0 and "run dates: 2008-04-04 to " in out, (err, out))
    check("run_date is normalized, the timestamp kept as written",
          sql(dated, "SELECT min(run_date) FROM sources") == "2008-04-04 14:57:00"
          and "April 4, 2008 02:57 PM" in sql(dated, "SELECT timestamp FROM source_systems"))

    # A directory's notes that quote direction marks in prose are no result: skipped by import as
    # by convert (one recognition, the batch pipeline's), not failed.
    prose = os.path.join(work, "prose")
    os.makedirs(prose)
    with open(os.path.join(prose, "notes.md"), "w") as f:
        f.write("# Notes on the runs\n\nEvery chart's unit line ends in its direction, "
                "`Files/s > Higher Is Better`\nor `Seconds < Lower Is Better`.\n\n"
                "MB/s > Higher Is Better\n\nThat was all for today.\n")
    shutil.copy(SEEDS[2], prose)
    rc, _, err = run("db", "import", "--db", os.path.join(work, "prose.db"), prose)
    rc2, _, err2 = run("convert", prose, "--combine", os.path.join(work, "prose.csv"))
    check("import and convert skip prose that quotes direction marks",
          rc == 0 and "0 failed, 1 skipped" in err and rc2 == 0 and "0 failed, 1 skipped" in err2, (err, err2))

    # trend --only and --machine name as compare names; a name of nothing is a usage error.
    seeds_db = os.path.join(work, "seeds-only.db")
    run("db", "import", "--db", seeds_db, *SEEDS)
    rc, out, err = run("trend", "--db", seeds_db, "--only", "Kyber,bfq", "--format", "csv")
    kept = {r["configuration"].split(": ")[-1] for r in csv.DictReader(io.StringIO(out, newline=""))}
    check("trend --only keeps the configurations named, in any spelling",
          rc == 0 and kept == {"kyber", "bfq"}, (rc, kept, err))
    rc, out, err = run("trend", "--db", seeds_db, "--machine", "wd1500")
    # It keeps the number the trend over all shows it with, and that number names it again.
    rc0, everything, _ = run("trend", "--db", seeds_db, "--format", "json")
    shown = [str(m["number"]) for m in json.loads(everything)["machines"] if "WD1500" in m["name"]]
    check("trend --machine keeps the machine named by part of its name, and its number",
          rc == 0 and shown and f"Machine {shown[0]}: " in out and "WD1500" in out
          and out.count("\nMachine ") == 1, (rc, shown, out[:500], err))
    rc, again, err = run("trend", "--db", seeds_db, "--machine", shown[0] if shown else "0")
    check("trend --machine N names the machine shown as Machine N", rc == 0 and again == out, (rc, err))
    # With --only, machines are numbered as that listing shows them (review item 1).
    rc, only, err = run("trend", "--db", seeds_db, "--only", "kyber", "--format", "json")
    numbered = [(str(m["number"]), m["name"]) for m in json.loads(only)["machines"]] if rc == 0 else []
    check("trend --only numbers the machines it shows 1, 2, ...",
          rc == 0 and [n for n, _ in numbered] == [str(i + 1) for i in range(len(numbered))]
          and len(numbered) >= 2, (rc, numbered, err))
    if len(numbered) >= 2:
        rc, second, err = run("trend", "--db", seeds_db, "--only", "kyber", "--machine", "2",
                              "--format", "json")
        check("trend --only X --machine 2 is the second machine of --only X's listing",
              rc == 0 and [(str(m["number"]), m["name"]) for m in json.loads(second)["machines"]]
              == [numbered[1]], (rc, second[:400], err))
    # Usage errors that name their option, never an empty trend (review items 2, 8, 9).
    for args, said in ((["--baseline", "nonexistent"], "--baseline: no configuration is named 'nonexistent'"),
                       (["--baseline", "nonexistent", "--machine", "1"], "--baseline: no configuration"),
                       (["--by", "label", "--baseline", "nosuch"], "--baseline: no point is named 'nosuch'"),
                       (["--machine", ""], "--machine: an empty name"),
                       (["--machine", ","], "--machine: an empty name"),
                       (["--only", ""], "--only: an empty name"),
                       (["--only", "none"], "--only 'none': names the baseline")):
        rc, out, err = run("trend", "--db", seeds_db, *args)
        check(f"trend {' '.join(args)} is a usage error", rc == 2 and said in err and out == "", (rc, err))
    for option, names in (("--only", "Deadline,Nonesuch"), ("--machine", "wd5000,Nonesuch")):
        rc, out, err = run("trend", "--db", seeds_db, option, names)
        check(f"trend {option} naming nothing is a usage error",
              rc == 2 and "'Nonesuch'" in err and out == "", (rc, err))
    # A --filter that keeps none of the store's tests is a usage error, as in compare; nothing is
    # written (the export's CSV header included).
    exported = os.path.join(work, "filtered.csv")
    for args in (["trend", "--db", seeds_db, "--filter", "^No Such Benchmark$"],
                 ["db", "export", "--db", seeds_db, "--filter", "^No Such Benchmark$", "--combine", "-", "--to", "csv"],
                 ["db", "export", "--db", seeds_db, "--filter", "^No Such Benchmark$",
                  "--combine", exported]):
        rc, out, err = run(*args)
        check(f"iosr {' '.join(args[:2])} --filter keeping no test is a usage error",
              rc == 2 and "'^No Such Benchmark$' matches no test" in err and out == ""
              and not os.path.exists(exported), (rc, out[:200], err))
    rc, out, err = run("db", "export", "--db", seeds_db, "--filter", "^SQLite$", "--combine", "-", "--to", "csv")
    check("db export --filter keeps the tests it matches",
          rc == 0 and out.count("\n") > 1 and all(r["result_title"] == "SQLite"
                                                   for r in csv.DictReader(io.StringIO(out, newline=""))),
          (rc, out[:300], err))

    # --db naming something that is no iosr database says so, by name; an empty file is a new one.
    text_file = os.path.join(work, "notes.txt")
    with open(text_file, "w") as f:
        f.write("not a database\n" * 100)
    for args in (["db", "list", "--db", text_file], ["db", "import", "--db", text_file, XML],
                 ["trend", "--db", text_file]):
        rc, _, err = run(*args)
        check(f"iosr {' '.join(args[:2])} --db on a text file names it",
              rc == 1 and f"{text_file}: not an iosr database (not an SQLite file)" in err, (rc, err))
    check("the text file is left as it was", open(text_file).read() == "not a database\n" * 100)
    blank = os.path.join(work, "blank.db")
    open(blank, "w").close()
    rc, out, err = run("db", "import", "--db", blank, XML)
    check("an empty file is a new database", rc == 0 and "imported 1 file " in err, (rc, err))
finally:
    shutil.rmtree(work, ignore_errors=True)

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("db and trend: every check passed")
