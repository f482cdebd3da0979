#!/usr/bin/env python3
"""End-to-end checks of the iosr command line: exit codes, stdin, per-file errors, and the
tidy CSV read back by Python's csv module. Usage: cli_test.py IOSR DATA_DIR FIXTURES_DIR"""
import csv
import glob
import gzip
import io
import json
import os
import re
import subprocess
import sys
import tarfile
import tempfile
import zipfile

from terminal import output_on_terminal

IOSR, DATA, FIXTURES = sys.argv[1:4]
SEEDS = sorted(glob.glob(os.path.join(DATA, "text", "*.txt")))
failures = []


def run(*args, stdin=None):
    env = dict(os.environ, NO_COLOR="1")
    p = subprocess.run([IOSR, *args], input=stdin, capture_output=True, env=env)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def check(name, condition, detail=""):
    if not condition:
        failures.append(f"{name}: {detail}")


def read_csv(text):
    return list(csv.DictReader(io.StringIO(text, newline="")))


# --version, --help, help COMMAND
rc, out, _ = run("--version")
check("--version exits 0 and names iosr", rc == 0 and out.startswith("iosr "), out)
rc, out, _ = run("--help")
check("--help lists every command",
      rc == 0 and all(c in out for c in ("show", "convert", "compare", "table")), out)
check("--help lists the input formats", "pts-text" in out, out)
for command in ("show", "convert", "compare", "table"):
    rc, out, _ = run(command, "--help")
    check(f"{command} --help", rc == 0 and f"iosr {command}" in out, out)
    rc2, out2, _ = run("help", command)
    check(f"help {command} agrees with {command} --help", rc2 == 0 and out2 == out, out2)

# usage errors exit 2
for args in ([], ["frobnicate"], ["show"], ["convert", SEEDS[0]], ["convert", "--to", "nope", SEEDS[0]],
             ["show", "--no-such-flag", SEEDS[0]]):
    rc, _, err = run(*args)
    check(f"usage error {args} exits 2", rc == 2, f"rc={rc} {err}")

# show reads every bundled seed
rc, out, err = run("show", *SEEDS)
check("show of the bundled seeds exits 0", rc == 0, err)
for expected in ("52 charts, 260 entries", "19 charts, 109 entries", "16 charts, 160 entries",
                 "20 charts, 117 entries"):
    check(f"show reports {expected}", expected in out, out[:300])

# convert --to csv: one dataset, one header, the file column is the path as given
rc, out, err = run("convert", "--to", "csv", *SEEDS)
check("convert of the seeds exits 0", rc == 0, err)
rows = read_csv(out)
check("one row per entry over all seeds", len(rows) == 260 + 109 + 160 + 117, len(rows))
header = out.split("\n", 1)[0].split(",")
check("CSV columns in the documented order",
      header[:11] == ["file", "result_title", "version", "description", "unit", "direction", "label",
                      "group", "name", "scheduler", "value"], header)
check("header appears once", out.count("file,result_title,") == 1)
wd = [r for r in rows if r["label"] == "WD5000AZRX: Mq-Deadline" and r["result_title"] == "FS-Mark"]
check("group/name/scheduler split", wd and wd[0]["group"] == "WD5000AZRX" and wd[0]["name"] == "Mq-Deadline"
      and wd[0]["scheduler"] == "mq-deadline", wd[:1])
check("value exactly as written", wd and wd[0]["value"] == "20.13", wd[:1])
check("file column is the path as given", {r["file"] for r in rows} == set(SEEDS))
desc = [r for r in rows if r["description"].startswith("Test: 5000 Files, 1MB Size, 4 Threads")]
check("descriptions with commas survive quoting", len(desc) > 0)

# stdin and -o
with open(SEEDS[0], "rb") as f:
    seed0 = f.read()
rc, out, err = run("convert", "--to", "csv", "-", stdin=seed0)
check("stdin via '-'", rc == 0 and all(r["file"] == "-" for r in read_csv(out)) and len(read_csv(out)) > 0, err)
with tempfile.TemporaryDirectory() as tmp:
    target = os.path.join(tmp, "out.csv")
    rc, out, err = run("convert", "--to", "csv", "-o", target, SEEDS[0])
    check("-o writes the file, not stdout", rc == 0 and out == "" and os.path.getsize(target) > 0, err)

    # one bad file among good ones: exit 1, the error names file:line:column, the rest is written
    bad = os.path.join(tmp, "bad.txt")
    with open(bad, "w") as f:
        f.write("FS-Mark 3.3\nTest: 1000 Files\nFiles/s > Higher Is Better\na ..... 12.3.4 |====\n")
    empty = os.path.join(tmp, "empty.txt")
    open(empty, "w").close()
    rc, out, err = run("convert", "--to", "csv", bad, SEEDS[0], empty)
    check("a bad input makes exit 1", rc == 1, rc)
    check("the error has file:line:column", f"{bad}:4:9:" in err, err)
    check("the empty file is reported", f"{empty}:" in err and "empty" in err, err)
    check("the good file is still converted", len(read_csv(out)) > 0 and read_csv(out)[0]["file"] == SEEDS[0])
    rc, _, err = run("show", os.path.join(tmp, "missing.txt"))
    check("a missing file exits 1 with its name", rc == 1 and "missing.txt" in err, err)
    rc, out, err = run("show", tmp)
    check("show walks a directory: a bad result file is reported (exit 1), what is no result "
          "file (the empty one) skipped", rc == 1 and f"{bad}:4:9:" in err and empty not in err,
          (rc, err))

# seed 003 (HTML view text) is read: 21 charts, 8 values each
html = glob.glob(os.path.join(FIXTURES, "seeds", "003_*.txt"))[0]
rc, out, err = run("show", html)
check("HTML-view text is read", rc == 0 and "(html-view)" in out and "21 charts, 168 entries" in out, out[:300] + err)
rc, out, err = run("convert", "--to", "csv", html)
rows = [r for r in csv.DictReader(io.StringIO(out))] if rc == 0 else []
check("HTML-view text converts to 168 CSV rows", len(rows) == 168, err)
check("seed 003 SQLite values", [r["value"] for r in rows[:8]] == ["395", "392", "401", "411", "381", "427", "404", "399"], str(rows[:1]))

# composite.xml in, composite.xml out; formats holding one result file each need --out-dir
XMLS = sorted(glob.glob(os.path.join(FIXTURES, "corpus", "xml", "*.xml")))
QUIRKS = os.path.join(FIXTURES, "samples", "quirks.xml")
rc, out, err = run("show", QUIRKS)
check("show reads composite.xml", rc == 0 and "(composite-xml)" in out and "10 charts" in out, out[:300])
check("show prints the duplicate-result warning", "repeats the one at line 50" in out, out[-600:])
rc, out, err = run("convert", "--to", "csv", *XMLS)
check("every corpus XML converts to one CSV", rc == 0 and len(read_csv(out)) == 779, (rc, err[-300:]))
failed_rows = [r for r in read_csv(out) if r["kind"] == "failed"]
check("failed XML entries keep their error", len(failed_rows) == 19 and all(r["error"] for r in failed_rows))
rc, out, err = run("convert", "--to", "xml", QUIRKS, XMLS[0])
check("--to xml with two inputs and no --out-dir is a usage error", rc == 2 and "--out-dir" in err, err)
with tempfile.TemporaryDirectory() as tmp:
    rc, out, err = run("convert", "--to", "xml", "--out-dir", tmp, QUIRKS, SEEDS[0])
    written = sorted(os.listdir(tmp))
    check("--out-dir writes one file per input", rc == 0 and written == sorted(
        ["quirks.xml", os.path.splitext(os.path.basename(SEEDS[0]))[0] + ".xml"]), (rc, written, err))
    rc, out, err = run("show", os.path.join(tmp, "quirks.xml"))
    check("the written XML reads back", rc == 0 and "10 charts, 39 entries" in out, out[:300])
    rc, _, err = run("convert", "--to", "xml", "--out-dir", tmp, QUIRKS)
    check("an existing output is kept, counted as existing", rc == 0 and "--force" in err, err)
    rc, _, err = run("convert", "--to", "xml", "--out-dir", tmp, "--force", QUIRKS)
    check("--force overwrites", rc == 0, err)
    check("no temporary file is left", not [n for n in os.listdir(tmp) if "tmp" in n], os.listdir(tmp))

# --to json and back: the same model, shown the same way
with tempfile.TemporaryDirectory() as tmp:
    rc, _, err = run("convert", "--to", "json", "--out-dir", tmp, QUIRKS)
    check("--to json writes NAME.json", rc == 0 and os.listdir(tmp) == ["quirks.json"], (rc, err))
    rc1, csv_xml, _ = run("convert", "--to", "csv", QUIRKS)
    rc2, csv_json, err = run("convert", "--to", "csv", os.path.join(tmp, "quirks.json"))
    strip = lambda text: [{k: v for k, v in r.items() if k != "file"} for r in read_csv(text)]
    check("XML and its JSON give the same CSV rows", rc1 == rc2 == 0 and strip(csv_xml) == strip(csv_json), err)

# --to pts-text reproduces PTS's own text export byte for byte
osbench = "pts-10.8.4_osbench_base-vs-fwrapv"
rc, out, err = run("convert", "--to", "pts-text", os.path.join(FIXTURES, "corpus", "xml", osbench + ".xml"))
with open(os.path.join(FIXTURES, "corpus", "pts-text", osbench + ".txt"), encoding="utf-8", newline="") as f:
    check("pts-text output equals what PTS printed", rc == 0 and out == f.read(), (rc, err, out[:200]))
rc, out, err = run("convert", "--to", "pts-text", "--width", "100", QUIRKS)
check("--width above 80 indents chart lines by four spaces",
      rc == 0 and "\n    Compile Bench 0.6\n" in out, out[:400])
rc, _, err = run("convert", "--to", "pts-text", "--width", "5", QUIRKS)
check("an absurd --width is a usage error", rc == 2 and "--width" in err, err)
# compare and table ------------------------------------------------------------------------------
XML = os.path.join(DATA, "xml", "iosched-3way.xml")
SEED0, SEED2, SEED4 = (os.path.join(DATA, "text", n) for n in
                       ("000_1809f3a92cbbf2f4.txt", "002_236e153a66cd3c9d.txt", "004_38fbc586aba1b507.txt"))
rc, out, err = run("compare", SEED0)
check("compare of seed 000 exits 0", rc == 0, err)
check("compare shows the MariaDB delta and ratio", "-71.2%  0.288" in out, out[:2000])
check("compare shows the SQLite 8 threads delta and ratio", "+45.6%  0.687" in out)
check("compare ends with the summary", "Summary:" in out and "52 of 52" in out)
check("text exports say noise n/a", "noise n/a" in out)
check("no colour when stdout is not a terminal", "\x1b[" not in out)

rc, out, err = run("compare", "--format", "csv", SEED0, SEED2)
rows = read_csv(out)
check("compare csv: one row per entry", rc == 0 and len(rows) == 260 + 160, (rc, len(rows), err))
check("compare csv columns", out.split("\n", 1)[0] ==
      "file,result_title,version,description,unit,direction,label,group,name,scheduler,value,"
      "baseline_label,baseline_value,delta_pct,ratio,rank,noise,p_value,p_adjusted,delta_ci_low,"
      "delta_ci_high,n,baseline_n,outlier_runs,geomean_share,missing,detectable_pct,runs_disagree", out[:300])
maria = [r for r in rows if r["result_title"] == "MariaDB" and r["description"] == "Clients: 64"
         and r["label"] == "MQ-Deadline"]
check("compare csv: MariaDB row", maria and maria[0]["value"] == "327" and maria[0]["baseline_value"] == "1134"
      and round(float(maria[0]["delta_pct"]), 1) == -71.2 and round(float(maria[0]["ratio"]), 3) == 0.288
      and maria[0]["baseline_label"] == "000_1809f3a92cbbf2f4.txt: None" and maria[0]["noise"] == "n/a", maria)
wd = [r for r in rows if r["label"] == "WD1500HLHX: Mq-Deadline" and r["result_title"] == "FS-Mark"]
check("compare csv: per-disk baseline in seed 002", wd and wd[0]["baseline_label"].endswith("WD1500HLHX: None"), wd[:1])

rc, out, err = run("compare", "-f", "json", SEED4)
doc = json.loads(out) if rc == 0 else {}
check("compare json parses", rc == 0 and doc.get("schema_version") == 4, err)
check("compare json: noop baseline in seed 004",
      any("noop (legacy single-queue kernel)" in n for n in doc.get("notes", [])), doc.get("notes"))

# table: Markdown by default; every row has as many cells as its header
rc, out, err = run("table", SEED2)
check("table exits 0", rc == 0, err)


def md_cells(line):
    return len(re.split(r"(?<!\\)\|", line)) - 2


header_cells = None
for line in out.split("\n"):
    if not line.startswith("|"):
        header_cells = None
        continue
    if header_cells is None:
        header_cells = md_cells(line)
    elif md_cells(line) != header_cells:
        check("table rows have the header's cell count", False, line)
check("table has a section per disk", out.count("\n## WD5000AZRX\n") == 1
      and out.count("\n## WD1500HLHX\n") == 1, out[:500])
check("table has as many family tables on each disk",
      out.count("| Test | None (baseline) |") % 2 == 0 and out.count("| Test | None (baseline) |") > 2,
      out[:500])
check("table has no per-test sections", "noise n/a" not in out)
rc, out, _ = run("table", "--format", "html", SEED2)
check("table --format html", rc == 0 and out.startswith("<!DOCTYPE html>") and "test-chart" not in out)

# --ci, --alpha, --power and --columns: checked values, usage errors otherwise
for bad in (["--ci", "100"], ["--ci", "40"], ["--alpha", "0"], ["--alpha", "1"],
            ["--power", "100"], ["--power", "-5"], ["--power", "much"],
            ["--columns", "No Such Label"]):
    rc, _, err = run("compare", *bad, XML)
    check(f"compare {' '.join(bad)} is a usage error", rc == 2 and "try 'iosr compare --help'" in err,
          (rc, err))
# Every option that takes a value names itself when the value is wrong: `--OPTION: 'VALUE' ...`.
with tempfile.TemporaryDirectory() as tmp:
    db = os.path.join(tmp, "none.db")
    for command, option, value, why in (
            (["compare"], "fail-if-worse", "abc", "is not a number"),
            (["compare"], "fail-if-worse", "5%", "is not a number"),
            (["table"], "ci", "ninety", "is not a number"),
            (["compare"], "ci", "40", "is out of range"),
            (["table"], "alpha", "nan", "is not a number"),
            (["compare"], "power", "120", "is out of range"),
            (["compare"], "group-by", "disk", "is not one of input+group, group, input or none"),
            (["table"], "sort", "size", "is not one of file, delta or name"),
            (["compare"], "rename", "Kyber", "is not OLD=NEW"),
            (["show"], "limit", "entries", "is not NAME=N"),
            (["compare"], "limit", "lines=5", "names no limit"),
            (["convert", "--to", "csv"], "jobs", "all", "is not a whole number"),
            (["convert", "--to", "pts-text"], "width", "wide", "is not a whole number"),
            (["convert", "--to", "pts-text"], "width", "5", "is out of range"),
            (["db", "import", "--db", db], "jobs", "-", "is not a whole number"),
            (["trend", "--db", db], "by", "week", "is not one of kernel, date or label"),
            (["trend", "--db", db], "alpha", "0,01", "is not a number"),
            (["trend", "--db", db], "min-step", "five", "is not a number")):
        inputs = [] if command[0] == "trend" else [XML]
        rc, _, err = run(*command, f"--{option}", value, *inputs)
        check(f"{' '.join(command[:2])} --{option} {value}: the option is named", rc == 2 and
              f": --{option}: '{value}' {why}" in err, (rc, err))
    for args, said in ((["--no-such-flag"], "--no-such-flag: no such option"),
                       (["-q"], "-q: no such option"), (["--ci"], "--ci: expected a value")):
        rc, _, err = run("compare", XML, *args)
        check(f"compare {args[0]}: said as iosr says it", rc == 2 and
              f"iosr compare: {said}; try 'iosr compare --help'" in err, (rc, err))
    for args, said in ((["db", "export", "--db", db, "--combine", "-", "--to", "xml"],
                        "--to: 'xml' is not one of csv or jsonl"),
                       (["db", "export", "--db", db, "--combine", "out.dat"],
                        "--combine: 'out.dat' is not OUT.csv or OUT.jsonl; expected either, or "
                        "--to"),
                       (["db", "export", "--db", db, "--combine", "out.txt"],
                        "--combine 'out.txt': this command writes no txt file; expected a name "
                        "ending in one of .csv, .jsonl"),
                       (["convert", "--combine", "out.txt", XML],
                        "--combine: 'out.txt' is not OUT.csv or OUT.jsonl")):
        rc, _, err = run(*args)
        check(f"{' '.join(args[:2])}: {said}", rc == 2 and said in err, (rc, err))
    for command, option in ((["table"], "--format"), (["convert"], "--to"),
                            (["trend", "--db", db], "--format")):
        rc, _, err = run(*command, option, "docx", *([] if command[0] == "trend" else [XML]))
        check(f"{command[0]} {option} docx: the option is named", rc == 2 and
              f": {option}: unknown format 'docx'; choose one of:" in err, (rc, err))
rc, out, err = run("compare", "-f", "json", "--ci", "99", "--alpha", "0.01", "--power", "90", XML)
doc = json.loads(out) if rc == 0 else {}
check("compare --ci 99 --alpha 0.01 --power 90",
      doc.get("statistics", {}).get("confidence") == 0.99
      and doc.get("statistics", {}).get("alpha") == 0.01
      and doc.get("statistics", {}).get("power") == 0.9, (rc, err, doc.get("statistics")))
rc, again, _ = run("compare", "-f", "json", "--ci", "99", "--alpha", "0.01", "--power", "90", XML)
check("the same bytes twice", rc == 0 and again == out)
rc, out, err = run("compare", "-f", "json", "--power", "0", XML)
check("--power 0 computes no detectable delta", rc == 0
      and all(r["detectable_pct"] is None for r in json.loads(out)["rows"])
      and json.loads(out)["statistics"]["detectable"]["deltas"] == 0, err)
# --bootstrap is retired: accepted, ignored, and said so; the output is the same bytes.
rc, retired, err = run("compare", "-f", "json", "--bootstrap", "500", XML)
rc0, plain, _ = run("compare", "-f", "json", XML)
check("--bootstrap is accepted, ignored and said so",
      rc == 0 and rc0 == 0 and retired == plain and "--bootstrap is retired and ignored" in err,
      (rc, err))
rc, out, err = run("table", "--columns", "bfq,None", XML)
check("table --columns bfq,None", rc == 0 and "| Test | bfq | None (baseline) |" in out
      and "| Test | None" not in out, (rc, err, out[:300]))

# the terminal: COLUMNS, colour only on a TTY without NO_COLOR
env = dict(os.environ, COLUMNS="60")
env.pop("NO_COLOR", None)
p = subprocess.run([IOSR, "compare", SEED2], capture_output=True, env=env)
lines = p.stdout.decode().split("\n")
check("COLUMNS=60 limits the width", max(len(l) for l in lines) <= 60, max(lines, key=len))


def on_tty(*args, no_color):
    return output_on_terminal([IOSR, *args], no_color, dict(os.environ, COLUMNS="100"))


tty = on_tty("compare", SEED0, no_color=False)
check("colour on a terminal: worse in red", "\x1b[31m  +45.6%  0.687\x1b[0m" in tty, tty[:300])
check("NO_COLOR turns colour off", "\x1b[" not in on_tty("compare", SEED0, no_color=True))
# no-color.org: set and not empty, whatever its text; set but empty is as if unset.
for value in ("0", "false", " "):
    check(f"NO_COLOR={value!r} turns colour off",
          "\x1b[" not in on_tty("compare", SEED2, no_color=value))
check("NO_COLOR set but empty leaves colour on", "\x1b[3" in on_tty("compare", SEED2, no_color=""))
check("md is never coloured", "\x1b[" not in on_tty("table", SEED0, no_color=False))

# exit codes: usage 2, a bad input 1, the regression gate 3
for args in (["compare"], ["compare", "--format", "pdf", SEED0], ["compare", "--group-by", "disk", SEED0],
             ["compare", "--sort", "size", SEED0], ["compare", "--rename", "None", SEED0],
             ["compare", "--filter", "(", SEED0], ["compare", "--fail-if-worse", "-1", SEED0],
             ["table", "--fail-if-worse", "5", SEED0]):
    rc, _, err = run(*args)
    check(f"usage error {args[1:-1]} exits 2", rc == 2, f"rc={rc} {err}")
rc, out, err = run("compare", "--fail-if-worse", "200", SEED0)
check("--fail-if-worse 200 trips on +238.6 % (exit 3)", rc == 3, f"rc={rc}")
check("the gate names the test and the configuration",
      "SQLite: Threads / Copies: 8: BFQ low-latency is 238.6% worse than None" in err, err[:600])
check("the comparison is still written when the gate trips", "Summary:" in out)
check("the gate gives the performance ratio",
      "BFQ low-latency is 238.6% worse than None (performance ratio 0.295)" in err, err[:600])
# On the ratio, a throughput 16 times lower is 1500 % worse: Cassandra's MQ-Deadline, higher is
# better, trips a gate of 1000 (on the delta it was -94 % and could never trip one of 100).
rc, _, err = run("compare", "--fail-if-worse", "1000", SEED0)
check("--fail-if-worse 1000 trips on a throughput 16 times lower (exit 3)", rc == 3
      and "Apache Cassandra: Test: Mixed 1:1: MQ-Deadline is 1560.6% worse than None (performance "
      "ratio 0.060)" in err, err)
rc, _, err = run("compare", "--fail-if-worse", "0", SEED0)
check("a tiny loss reads plainly in the gate's line, with the ratio's digits that show it",
      rc == 3 and "Time To Compile: BFQ is 0.0078% worse than None (performance ratio 0.999922)" in err
      and "e-0" not in err, err[:2000])
rc, _, err = run("compare", "--fail-if-worse", "5000", SEED0)
check("--fail-if-worse 5000 passes (exit 0)", rc == 0, err)
check("... and says what it checked, in one line",
      err == "iosr compare: gate passed: 208 entries checked against None, none worse than 5000%\n",
      err)
rc, _, err = run("compare", "--gate-skip-noise", SEED0)
check("--gate-skip-noise without --fail-if-worse is a usage error", rc == 2
      and "--gate-skip-noise needs --fail-if-worse" in err, err)
rc, _, err = run("compare", "--fail-if-worse", "0.1", "--gate-skip-noise",
                 os.path.join(DATA, "xml", "iosched-3way.xml"))
check("--gate-skip-noise names the delta within the noise it did not count",
      rc == 3 and "iosr compare: not counted (within the noise), worse than the baseline by more "
      "than 0.1%: Flexible IO Tester: Type: Sequential Write" in err
      and "mq-deadline is 0.4% worse than None (performance ratio 0.996)" in err, (rc, err))
rc, _, err = run("compare", "--fail-if-worse", "0.1", "--gate-skip-noise", "--filter", "Sequential Write",
                 "--only", "None,mq-deadline", os.path.join(DATA, "xml", "iosched-3way.xml"))
check("--gate-skip-noise: only a delta within the noise is over the limit, so the gate holds",
      rc == 0, (rc, err))
rc, _, err = run("compare", "--fail-if-worse", "5", "--only", "None", "--only", "Kyber", "--filter",
                 "^SQLite$", "--sort", "delta", SEED0)
check("--only/--filter narrow what the gate sees (Kyber SQLite: up to +219.8%)", rc == 3, err)
rc, out, err = run("compare", "--baseline", "Kyber", "--group-by", "none", "--rename", "BFQ=Budget Fair",
                   "--format", "md", SEED0)
check("--baseline, --group-by, --rename", rc == 0 and "| Test | Kyber (baseline) |" in out
      and "Budget Fair" in out, out[:300])
with tempfile.TemporaryDirectory() as tmp:
    bad = os.path.join(tmp, "bad.txt")
    with open(bad, "w") as f:
        f.write("not a result\n")
    rc, out, err = run("compare", bad, SEED0)
    check("compare with a bad input exits 1 and still compares the rest", rc == 1 and "Summary:" in out, err)
    # A database named where a result was expected (--db forgotten) is said to be one.
    import sqlite3
    dbfile = os.path.join(tmp, "results.db")
    with sqlite3.connect(dbfile) as con:
        con.execute("CREATE TABLE t (x TEXT)")
        con.execute("INSERT INTO t VALUES ('a')")
    con.close()
    rc, _, err = run("compare", dbfile)
    check("an SQLite file given as an input is named as a database, with --db as the hint", rc == 1
          and "an SQLite database, not a result export" in err and "--db FILE" in err, (rc, err))
    # A failed run and a throughput of 0 against a baseline with a value are the worst
    # regressions there are; a time of 0 is no loss (docs/compare.md, "The regression gate").
    lost = os.path.join(tmp, "lost.xml")
    with open(lost, "w") as f:
        f.write('<?xml version="1.0"?>\n<PhoronixTestSuite><Generated><Title>gate</Title></Generated>'
                '<System><Identifier>None</Identifier></System><System><Identifier>bfq</Identifier></System>'
                '<System><Identifier>kyber</Identifier></System>'
                '<Result><Title>fio</Title><Scale>MB/s</Scale><Proportion>HIB</Proportion><Data>'
                '<Entry><Identifier>None</Identifier><Value>1530.2</Value></Entry>'
                '<Entry><Identifier>bfq</Identifier><Value></Value><JSON>{"error":"E: out of disk"}</JSON></Entry>'
                '<Entry><Identifier>kyber</Identifier><Value>0</Value></Entry></Data></Result>'
                '<Result><Title>sqlite</Title><Scale>Seconds</Scale><Proportion>LIB</Proportion><Data>'
                '<Entry><Identifier>None</Identifier><Value>10</Value></Entry>'
                '<Entry><Identifier>kyber</Identifier><Value>0</Value></Entry></Data></Result>'
                '</PhoronixTestSuite>\n')
    rc, _, err = run("compare", "--fail-if-worse", "1000000", "--gate-skip-noise", lost)
    check("a failed run and a throughput of 0 trip every gate, and say what happened", rc == 3
          and "missing where the baseline has a value: fio: bfq failed (E: out of disk) where None "
          "has 1530.2" in err
          and "worse than the baseline by more than 1000000%: fio: kyber is 0 where None has 1530.2"
          in err and "sqlite: kyber" not in err, (rc, err))
    check("a test the candidate lacks is missing, not skipped (sqlite has no bfq entry)",
          "missing where the baseline has a value: sqlite: bfq has no result where None has 10"
          in err, err)
    check("the gate's last line says what it checked",
          err.splitlines()[-1] == "iosr compare: gate tripped: 1 of 1 entry checked against None "
          "is worse than 1000000%; 2 missing where the baseline has a value; 1 without a "
          "performance ratio not checked", err)
    rc, _, err = run("compare", "--fail-if-worse", "1000000", "--allow-missing", lost)
    check("--allow-missing accepts what is missing, and names each as accepted", rc == 3
          and "missing, accepted (--allow-missing): fio: bfq failed" in err
          and "missing, accepted (--allow-missing): sqlite: bfq has no result" in err, (rc, err))
    # Issue 39 section 3 on files of their own: a gate that checked nothing is no pass (exit 1,
    # said), a benchmark that crashed in the candidate and left no result trips it, and a
    # passing gate says what it checked.
    def xml_file(name, systems, results):
        path = os.path.join(tmp, name)
        body = "".join(f"<System><Identifier>{s}</Identifier></System>" for s in systems)
        for title, unit, proportion, values in results:
            entries = "".join(f"<Entry><Identifier>{k}</Identifier><Value>{v}</Value></Entry>"
                              for k, v in values.items())
            body += (f"<Result><Title>{title}</Title><Scale>{unit}</Scale><Proportion>{proportion}"
                     f"</Proportion><Data>{entries}</Data></Result>")
        with open(path, "w") as f:
            f.write('<?xml version="1.0"?>\n<PhoronixTestSuite><Generated><Title>' + name +
                    "</Title></Generated>" + body + "</PhoronixTestSuite>\n")
        return path
    lab = xml_file("lab.xml", ["deadline", "kyber"],
                   [("stream", "MB/s", "HIB", {"deadline": "9000", "kyber": "4000"})])
    rc, _, err = run("compare", "--fail-if-worse", "1", lab)
    check("a gate with no baseline anywhere checked nothing: exit 1, said on standard error",
          rc == 1 and err == "iosr compare: the gate checked nothing: the comparison has no "
          "baseline (name one with --baseline)\n", (rc, err))
    rc, _, err = run("compare", "--fail-if-worse", "1", "--baseline", "deadline", lab)
    check("... and with a baseline named, the same file trips it", rc == 3, (rc, err))
    release = xml_file("release.xml", ["noop", "cfq", "deadline"],
                       [("stream", "MB/s", "HIB", {"noop": "100", "cfq": "99.5", "deadline": "100.2"}),
                        ("compilebench", "MB/s", "HIB", {"noop": "50", "cfq": "50", "deadline": "51"})])
    candidate = xml_file("candidate.xml", ["noop", "cfq", "deadline"],
                         [("stream", "MB/s", "HIB", {"noop": "100", "cfq": "99.8", "deadline": "100"}),
                          ("compilebench", "MB/s", "HIB", {"noop": "50", "deadline": "50.5"})])
    rc, _, err = run("compare", "--fail-if-worse", "2", "-o", "/dev/null", release, candidate)
    check("a benchmark that crashed in the candidate (no compilebench for cfq) trips the gate",
          rc == 3 and "iosr compare: missing where the baseline has a value: compilebench: "
          "candidate.xml: cfq has no result where candidate.xml: noop has 50\n" in err, (rc, err))
    rc, _, err = run("compare", "--fail-if-worse", "2", "--allow-missing", "-o", "/dev/null",
                     release, candidate)
    check("--allow-missing passes it, saying what it checked and what it accepted", rc == 0
          and err.endswith("iosr compare: gate passed: 7 entries checked against release.xml: noop "
                           "and candidate.xml: noop, none worse than 2%; 1 missing, accepted "
                           "(--allow-missing)\n"), (rc, err))
    rc, _, err = run("compare", "--fail-if-worse", "2", "--group-by", "none", "--baseline",
                     "release.xml: noop", "--only", "noop,deadline", "-o", "/dev/null", release,
                     xml_file("partial.xml", ["noop"], [("stream", "MB/s", "HIB", {"noop": "100"}),
                                                        ("compilebench", "MB/s", "HIB", {"noop": "50"})]))
    check("a configuration of the baseline's input that the candidate lacks trips the gate",
          rc == 3 and "missing where the baseline has a value: partial.xml has no configuration "
          "deadline, which the baseline's input release.xml has" in err, (rc, err))
    rc, _, err = run("compare", "--allow-missing", lab)
    check("--allow-missing without --fail-if-worse is a usage error", rc == 2
          and "--allow-missing needs --fail-if-worse" in err, (rc, err))
    rc, out, err = run("compare", "--fail-if-worse", "5", lost, bad)
    check("an input that fails does not hide the gate: its regressions are named, exit 1", rc == 1
          and "fio: bfq failed" in err and "bad.txt" in err and "Summary:" in out, (rc, err))
    target = os.path.join(tmp, "page.html")
    rc, out, _ = run("compare", "-f", "html", "-o", target, SEED0)
    check("compare -o writes the page", rc == 0 and out == "" and os.path.getsize(target) > 10000)

# compare, table and show take every input convert takes (docs/guide.md, "Inputs"): a
# directory (its result files found by content), tar and zip archives, a compressed file and
# standard input, each read as the plain file is.
SEVEN_ZIP = os.path.join(FIXTURES, "corpus", "xml", "pts-5.6.0_ec2-large_7zip_10-systems.xml")
with open(SEVEN_ZIP, "rb") as f:
    seven_zip = f.read()
with tempfile.TemporaryDirectory() as tmp:
    folder = os.path.join(tmp, "runs")
    os.makedirs(os.path.join(folder, "deeper"))
    with open(os.path.join(folder, "deeper", "composite.xml"), "wb") as f:
        f.write(seven_zip)
    with open(os.path.join(folder, "notes.md"), "w") as f:
        f.write("# not a result file: skipped in a directory\n")
    with tarfile.open(os.path.join(tmp, "runs.tar.xz"), "w:xz") as t:
        t.add(folder, arcname="runs")
    with zipfile.ZipFile(os.path.join(tmp, "runs.zip"), "w") as z:
        z.write(os.path.join(folder, "deeper", "composite.xml"), "deeper/composite.xml")
    with gzip.open(os.path.join(tmp, "composite.xml.gz"), "wb") as f:
        f.write(seven_zip)
    forms = {"a directory": [folder], "a .tar.xz": [os.path.join(tmp, "runs.tar.xz")],
             "a .zip": [os.path.join(tmp, "runs.zip")],
             "a compressed file": [os.path.join(tmp, "composite.xml.gz")], "standard input": ["-"]}
    def without_file(command, text):  # the CSV's file column names the input as given
        if command[0] != "compare":
            return text
        return [{k: v for k, v in row.items() if k != "file"} for row in read_csv(text)]

    for command in (["table"], ["compare", "--format", "csv"]):
        rc, plain, err = run(*command, SEVEN_ZIP)
        check(f"{command[0]} of the plain file", rc == 0 and err == "", (rc, err))
        for form, inputs in forms.items():
            rc, out, err = run(*command, *inputs, stdin=seven_zip if inputs == ["-"] else None)
            check(f"{command[0]} reads {form} as the plain file", rc == 0 and err == "" and
                  without_file(command, out) == without_file(command, plain), (rc, err, out[:200]))
    rc, out, err = run("show", folder, os.path.join(tmp, "runs.zip"))
    check("show: a directory and an archive, each result file shown once", rc == 0 and
          out.count("(composite-xml)") == 2 and "runs.zip:deeper/composite.xml" in out, (rc, err))
    empty = os.path.join(tmp, "empty")
    os.mkdir(empty)
    rc, out, err = run("compare", empty)
    check("a directory without result files: exit 1, said", rc == 1 and
          "no result file among the inputs" in err, (rc, err))

# Several result blocks in one input (docs/blocks.md): every command reads each.
with tempfile.TemporaryDirectory() as tmp:
    def corpus(path):
        with open(os.path.join(FIXTURES, "corpus", path), encoding="utf-8") as f:
            return f.read()
    osbench = corpus("csv-pts10/pts-10.8.4_osbench_base-vs-fwrapv.csv")
    sqlite = corpus("csv-pts10.8.4/pts-10.8.4_sqlite_20-systems.csv")
    notes = os.path.join(tmp, "notes.md")
    with open(notes, "w", encoding="utf-8") as f:
        f.write("# Runs\n\nuser@host:~$ cat a.csv\n" + osbench + "user@host:~$ cat b.csv\n" + sqlite)
    rc, out, err = run("show", notes)
    check("show: two CSV blocks are two result files", rc == 0 and out.count("(pts-csv)") == 2
          and "result file 2 of 2 in this input: a pts-csv block" in re.sub(r"\s+", " ", out),
          (rc, err, out[:300]))
    alone = 0
    for path in ("csv-pts10/pts-10.8.4_osbench_base-vs-fwrapv.csv",
                 "csv-pts10.8.4/pts-10.8.4_sqlite_20-systems.csv"):
        alone += len(read_csv(run("convert", "--to", "csv", os.path.join(FIXTURES, "corpus", path))[1]))
    rc, out, err = run("convert", "--to", "csv", notes)
    check("convert --to csv: the rows of both blocks", rc == 0 and len(read_csv(out)) == alone,
          (rc, err, len(read_csv(out)), alone))
    outdir = os.path.join(tmp, "out")
    rc, out, err = run("convert", "--to", "xml", "--out-dir", outdir, notes)
    check("convert --out-dir: NAME.1.xml and NAME.2.xml", rc == 0 and
          sorted(os.listdir(outdir)) == ["notes.1.xml", "notes.2.xml"], (rc, err, os.listdir(outdir)))
    rc, out, err = run("show", os.path.join(outdir, "notes.2.xml"))
    check("the second output is the second block", rc == 0 and "20 systems" in out, (rc, err))
    rc, out, err = run("convert", "--to", "xml", notes)
    check("convert -o xml of an input of two result files is refused, naming --out-dir",
          rc == 1 and "holds 2 result files" in err and "--out-dir DIR" in err, (rc, err))
    rc, out, err = run("compare", "--format", "csv", notes)
    check("compare: both blocks are inputs", rc == 0 and "base" in out, (rc, err))
    rc, out, err = run("db", "import", "--db", os.path.join(tmp, "r.db"), notes)
    check("db import of two result files in one input is refused with the hint",
          rc == 1 and "holds 2 result files" in err and "iosr convert --out-dir" in err, (rc, err))


# Help texts fit the width (COLUMNS, else the terminal's, else 80), end no line in a blank,
# and each says its exit status; `iosr help CMD SUB` is `iosr CMD SUB --help`.
def run_at(columns, *args):
    env = dict(os.environ, NO_COLOR="1", COLUMNS=str(columns))
    p = subprocess.run([IOSR, *args], capture_output=True, env=env)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def too_wide(text, columns):
    return [line for line in text.splitlines() if len(line) > columns or line.endswith(" ")]


_, overview, _ = run("--help")
COMMANDS = re.findall(r"^  ([a-z]+) ", overview.split("commands:\n", 1)[1].split("\n\n")[0], re.M)
_, db_help, _ = run("db", "--help")
SUBCOMMANDS = re.findall(r"^  ([a-z]+) ", db_help.split("commands:\n", 1)[1].split("\n\n")[0], re.M)
check("the commands are listed", "trend" in COMMANDS and "import" in SUBCOMMANDS,
      (COMMANDS, SUBCOMMANDS))
for columns in (60, 80, 200):
    for words in [[]] + [[c] for c in COMMANDS] + [["db", s] for s in SUBCOMMANDS]:
        rc, out, _ = run_at(columns, *words, "--help")
        name = " ".join(["iosr", *words, "--help"])
        check(f"{name} at {columns} columns: no line wider, none ending in a blank",
              rc == 0 and not too_wide(out, columns), too_wide(out, columns))
        check(f"{name} says its exit status",
              re.search(r"(?i)exit status: .*2 usage error", " ".join(out.split())), out[-300:])
rc, out, _ = run("--help")
check("iosr --help, not on a terminal, wraps at 80", rc == 0 and not too_wide(out, 80), too_wide(out, 80))
check("iosr --help names 128+N", "128+N" in out, out[-200:])
for sub in SUBCOMMANDS:
    rc, out, _ = run("db", sub, "--help")
    rc2, out2, _ = run("help", "db", sub)
    check(f"help db {sub} is db {sub} --help", rc == rc2 == 0 and out2 == out
          and out.startswith("Usage:") is False and f"iosr db {sub}" in out, out2[:200])
rc, out, _ = run("help", "db")
rc2, out2, _ = run("db", "--help")
check("help db is db --help", rc == rc2 == 0 and out == out2, out[:200])
# A usage error whose message is a list ends in the hint on a line of its own.
with tempfile.TemporaryDirectory() as tmp:
    for command in (["compare", XML], ["table", XML], ["convert", "--to", "bogus", XML],
                    ["trend", "--db", os.path.join(tmp, "none.db")]):
        args = command if "--to" in command else [command[0], "--format", "bogus", *command[1:]]
        rc, _, err = run(*args)
        lines = err.splitlines()
        check(f"{command[0]} with an unknown format: the hint is the last line, alone",
              rc == 2 and len(lines) > 2 and lines[-1] == f"try 'iosr {command[0]} --help'"
              and not any("--help'" in line for line in lines[:-1]), err)

# -o's extension gives the format when --format/--to does not; a contradiction is a usage error.
with tempfile.TemporaryDirectory() as tmp:
    def out_file(name):
        return os.path.join(tmp, name)

    def written(path):
        with open(path, encoding="utf-8") as f:
            return f.read()

    _, ascii_out, _ = run("compare", XML)
    for command, name, looks in (
            (["compare"], "cmp.html", lambda t: t.startswith("<!DOCTYPE html>")),
            (["compare"], "cmp.HTM", lambda t: t.startswith("<!DOCTYPE html>")),
            (["compare"], "cmp.csv", lambda t: t.startswith("file,result_title,")),
            (["compare"], "cmp.json", lambda t: isinstance(json.loads(t), dict)),
            (["compare"], "cmp.md", lambda t: "|" in t),
            (["compare"], "cmp.txt", lambda t: t == ascii_out),
            (["compare"], "cmp", lambda t: t == ascii_out),
            (["table"], "tab.html", lambda t: t.startswith("<!DOCTYPE html>")),
            (["table"], "tab.txt", lambda t: t.startswith("  test ")),
            (["convert"], "conv.json", lambda t: json.loads(t)["format"] == "iosr-result"),
            (["convert"], "conv.csv", lambda t: t.startswith("file,result_title,")),
            (["convert"], "conv.jsonl", lambda t: json.loads(t.splitlines()[0])["file"]),
            (["convert"], "conv.xml", lambda t: "<PhoronixTestSuite>" in t),
            (["convert"], "conv.txt", lambda t: t.startswith("iosr sample: I/O scheduler")),
            (["edit", "--title", "T"], "edit.json", lambda t: json.loads(t)["format"] == "iosr-result"),
            (["edit", "--title", "T"], "edit.txt", lambda t: t.startswith("T\n")),
            (["merge", SEEDS[0]], "merged.csv", lambda t: t.startswith("file,result_title,"))):
        path = out_file(name)
        rc, _, err = run(*command, "-o", path, XML)
        text = written(path) if rc == 0 and os.path.exists(path) else ""
        try:
            ok = rc == 0 and looks(text)
        except (ValueError, KeyError, IndexError):
            ok = False
        check(f"{command[0]} -o {name}: the format from the extension", ok, (rc, err, text[:120]))
    for command, args, said in (
            (["compare", XML], ["-o", out_file("a.csv"), "--format", "json"],
             "--format json contradicts -o '" + out_file("a.csv") + "', whose extension means csv"),
            (["compare", XML], ["-o", out_file("a.png")], "this command writes no png file"),
            (["table", XML], ["-o", out_file("a.html"), "-f", "md"], "--format md contradicts"),
            (["convert", XML], ["-o", out_file("a.xml"), "--to", "csv"], "--to csv contradicts"),
            (["convert", XML], ["-o", out_file("a.html")], "this command writes no html file"),
            (["edit", XML, "--title", "T"], ["-o", out_file("a.csv"), "--to", "xml"],
             "--to xml contradicts"),
            (["chart", XML, "--summary"], ["-o", out_file("a.png"), "--format", "svg"],
             "--format svg contradicts"),
            (["db", "export", "--db", out_file("r.db")],
             ["--combine", out_file("x.csv"), "--to", "jsonl"], "--to jsonl contradicts"),
            (["db", "export", "--db", out_file("r.db")], ["--combine", out_file("x.json")],
             "expected a name ending in one of .csv, .jsonl")):
        rc, _, err = run(*command, *args)
        check(f"{' '.join(command[:2])} {' '.join(args)}: a usage error naming both", rc == 2
              and said in err and not os.path.exists(args[1]), (rc, err))
    # Agreeing is fine: bmf is JSON, executive-summary plain text or Markdown, an unknown
    # extension says nothing.
    for args in (["-o", out_file("b.json"), "--format", "bmf"],
                 ["-o", out_file("s.md"), "--format", "executive-summary"],
                 ["-o", out_file("s.txt"), "--format", "md"],
                 ["-o", out_file("c.log"), "--format", "csv"]):
        rc, _, err = run("compare", XML, *args)
        check(f"compare {' '.join(args)}: the extension agrees", rc == 0, err)
    rc, _, err = run("chart", XML, "--summary", "-o", out_file("s.png"))
    check("chart -o s.png writes a PNG", rc == 0 and open(out_file("s.png"), "rb").read(8)
          == b"\x89PNG\r\n\x1a\n", err)
    rc, _, err = run("db", "import", "--db", out_file("r.db"), XML, *SEEDS)
    check("db import for the trend", rc == 0, err)
    for name, looks in (("tr.html", lambda t: t.startswith("<!DOCTYPE html>")),
                        ("tr.csv", lambda t: "," in t.split("\n", 1)[0]),
                        ("tr.json", lambda t: isinstance(json.loads(t), dict))):
        rc, _, err = run("trend", "--db", out_file("r.db"), "-o", out_file(name))
        text = written(out_file(name)) if rc == 0 else ""
        try:
            ok = rc == 0 and looks(text)
        except ValueError:
            ok = False
        check(f"trend -o {name}: the format from the extension", ok, (rc, err, text[:100]))
    rc, _, err = run("trend", "--db", out_file("r.db"), "-o", out_file("t.csv"), "-f", "html")
    check("trend -o t.csv -f html: a usage error", rc == 2 and "--format html contradicts" in err,
          (rc, err))
    for name, first in (("e.jsonl", "{"), ("e.csv", "file,")):
        rc, _, err = run("db", "export", "--db", out_file("r.db"), "--combine", out_file(name))
        check(f"db export --combine {name}", rc == 0 and written(out_file(name)).startswith(first),
              err)
    rc, _, err = run("db", "export", "--db", out_file("r.db"), "--combine", out_file("e.data"),
                     "--to", "jsonl")
    check("db export --combine e.data --to jsonl: --to gives the format",
          rc == 0 and written(out_file("e.data")).startswith("{"), err)

    # An option's name is never another option's value (run in tmp: a file named after an
    # option would be left there). --step-summary's FILE may be omitted: standard output.
    def run_in(cwd, *args):
        p = subprocess.run([IOSR, *args], capture_output=True, cwd=cwd,
                           env=dict(os.environ, NO_COLOR="1", GITHUB_STEP_SUMMARY=""))
        return p.returncode, p.stdout.decode(), p.stderr.decode()
    rc, out, err = run_in(tmp, "compare", XML, "--step-summary", "-o", "sum-cmp.md")
    check("--step-summary -o FILE: the summary on stdout, the comparison in FILE",
          rc == 0 and out.startswith("## iosr compare: iosched-3way.xml") and
          "| Test |" in written(out_file("sum-cmp.md")) and not os.path.exists(out_file("-o")),
          (rc, err, out[:200], os.listdir(tmp)))
    rc, out, err = run_in(tmp, "compare", XML, "--step-summary", "steps.md", "-o", "/dev/null")
    check("--step-summary FILE still takes FILE",
          rc == 0 and out == "" and written(out_file("steps.md")).startswith("## iosr compare"),
          (rc, err))
    for args in (["compare", XML, "--filter", "-o", "x.md"], ["table", "-o", "--force", XML],
                 ["convert", XML, "--to", "--force"], ["trend", "--db", "--format", "csv"],
                 ["merge", XML, XML, "--rename", "--title", "x"],
                 ["chart", XML, "--width", "--print"], ["db", "list", "--db", "-l"]):
        before = set(os.listdir(tmp))
        rc, out, err = run_in(tmp, *args)
        check(f"{' '.join(args[:1] + args[2:])}: the option after a value-taking one is refused",
              rc == 2 and "which names an option" in err and set(os.listdir(tmp)) == before,
              (rc, err, set(os.listdir(tmp)) - before))
    rc, out, err = run_in(tmp, "compare", XML, "--filter=-O2", "-o", "/dev/null")
    check("--filter=VALUE may begin with '-'", rc == 2 and "'-O2' matches no test" in err, err)

    # Merging iosr's own merged output: one line for the file read, however many systems it
    # describes again and however many second entries it holds (a line each before).
    three = [os.path.join(FIXTURES, "samples", n) for n in
             ("iosched-3way.xml", "iosched-bfq-only.xml", "iosched-none-only.xml")]
    rc, _, err = run_in(tmp, "merge", XML, *three, "-o", "merged-once.xml")
    check("merge for a merge of a merged file", rc == 0, err)
    rc, _, err = run_in(tmp, "merge", "merged-once.xml", XML, "-o", "merged-twice.xml")
    said = [line for line in err.splitlines() if line.startswith("merged-once.xml")]
    check("merging a merged file: one line says what it is", rc == 0 and len(said) == 1 and
          "3 systems are described again" in said[0], err)
    rc, _, err = run_in(tmp, "merge", XML, XML, "--rename", "bfq=BFQ", "-o", "renamed.xml")
    rc2, shown, _ = run("compare", out_file("renamed.xml"))
    check("merge --rename renames both systems of the name: none is left without entries",
          rc == 0 and written(out_file("renamed.xml")).count("<Identifier>bfq</Identifier>") == 0
          and "0 of" not in shown, (err, shown[-600:]))

    # db list on a terminal fits the width: the kernels wrap, long paths are shortened in the
    # middle at their slashes (the file's name whole), and the digits and counts stay whole; the
    # run dates say how many files have one. Not on a terminal, or with --long, every path is
    # whole on its file's line, so that it can be copied into db remove.
    deep = os.path.join(tmp, "a-directory-with-a-rather-long-name", "and-another-one-below-it")
    os.makedirs(deep)
    for seed in SEEDS:
        with open(seed, "rb") as f, open(os.path.join(deep, os.path.basename(seed)), "wb") as g:
            g.write(f.read())
    rc, _, err = run("db", "import", "--db", out_file("l.db"), deep, XML)
    check("db import for the listing", rc == 0, err)
    rc, listed, err = run("db", "list", "--db", out_file("l.db"))
    check("db list: the run dates and how many files have one",
          rc == 0 and "run dates: 2024-03-01 (1 of 5 files dated)" in listed, listed)
    full = {}
    for line in listed.split("\n\n", 1)[1].splitlines()[1:]:
        full[line[:12]] = line
    imported = sorted(os.path.join(deep, os.path.basename(s)) for s in SEEDS) + [XML]
    paths = sorted(line.split(None, 3)[3] for line in full.values())
    check("db list into a pipe: every path whole, on its file's line",
          paths == sorted(os.path.abspath(p) for p in imported), (paths, imported))
    for columns in (40, 60, 80, 200):
        def rows_of(text):
            return text.split("\n\n", 1)[1]
        rc, out, err = run_at(columns, "db", "list", "--db", out_file("l.db"))
        check(f"db list into a pipe at {columns} columns: the same files", rows_of(out) ==
              rows_of(listed), out)
        out = output_on_terminal([IOSR, "db", "list", "--db", out_file("l.db")], True,
                                 dict(os.environ, COLUMNS=str(columns)), columns).replace("\r\n", "\n")
        check(f"db list at {columns} columns: no line wider", not too_wide(out, columns),
              too_wide(out, columns))
        rows = out.split("\n\n", 1)[1].splitlines()[1:]
        for sha, line in full.items():
            row = next((r for r in rows if r.startswith(sha)), "")
            check(f"db list at {columns}: {sha} keeps its digits, count and format",
                  row.split()[:3] == line.split()[:3], (row, line))
            # The file's name whole on one line of its row: shortened at a slash, not inside it.
            at = rows.index(row) if row in rows else 0
            shown = [row] + [r for r in rows[at + 1:at + 4] if r.startswith("  ")]
            name = os.path.basename(line.split(None, 3)[3])
            check(f"db list at {columns}: {sha}'s file name whole", any(name in r for r in shown),
                  shown)
        check(f"db list at {columns}: every kernel shown",
              all(k in " ".join(out.split()) for k in ("3.4", "4.15", "5.0-rc6", "5.6-rc7")), out)
        long = output_on_terminal([IOSR, "db", "list", "--long", "--db", out_file("l.db")], True,
                                  dict(os.environ, COLUMNS=str(columns)), columns)
        check(f"db list --long on a terminal at {columns}: the pipe's files",
              rows_of(long.replace("\r\n", "\n")) == rows_of(listed), long)
    # A path as listed is what db remove takes.
    victim = next(p for p in paths if p.endswith("001_d98c4465b017a3b0.txt"))
    rc, _, err = run("db", "remove", "--db", out_file("l.db"), victim)
    rc2, after, _ = run("db", "list", "--db", out_file("l.db"))
    check("db remove takes a path as db list gives it",
          rc == 0 and rc2 == 0 and victim not in after and "4 files" in after, (err, after))

for f in failures:
    print("FAIL", f)
print(f"cli: {len(failures)} failed checks")
sys.exit(1 if failures else 0)
