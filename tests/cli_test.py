#!/usr/bin/env python3
"""End-to-end checks of the iosr command line: exit codes, stdin, per-file errors, and the
tidy CSV read back by Python's csv module. Usage: cli_test.py IOSR DATA_DIR FIXTURES_DIR"""
import csv
import glob
import io
import os
import subprocess
import sys
import tempfile

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
check("--help lists every command", rc == 0 and "show" in out and "convert" in out, out)
check("--help lists the input formats", "pts-text" in out, out)
for command in ("show", "convert"):
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
    rc, _, err = run("show", tmp)
    check("a directory exits 1", rc == 1 and "directory" in err, err)

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
    check("an existing output is not overwritten", rc == 1 and "--force" in err, err)
    rc, _, err = run("convert", "--to", "xml", "--out-dir", tmp, "--force", QUIRKS)
    check("--force overwrites", rc == 0, err)
    check("no temporary file is left", not [n for n in os.listdir(tmp) if "tmp" in n], os.listdir(tmp))

for f in failures:
    print("FAIL", f)
print(f"cli: {len(failures)} failed checks")
sys.exit(1 if failures else 0)
