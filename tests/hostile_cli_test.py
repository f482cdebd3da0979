#!/usr/bin/env python3
"""Hostile inputs through the command line (issue 7): every command reports each bad file as
`file[:line:col]: message`, exits 1, and still processes the other files; --limit raises the
limits; huge inputs finish in bounded time and memory.
Usage: hostile_cli_test.py IOSR DATA_DIR FIXTURES_DIR"""
import csv
import io
import os
import resource
import subprocess
import sys
import tempfile
import time

IOSR, DATA, FIXTURES = sys.argv[1:4]
GOOD = os.path.join(DATA, "text", "002_236e153a66cd3c9d.txt")
XML = os.path.join(FIXTURES, "samples", "iosched-3way.xml")
failures = []
cases = 0


def run(*args, stdin=None, timeout=120):
    env = dict(os.environ, NO_COLOR="1")
    start = time.monotonic()
    p = subprocess.run([IOSR, *args], input=stdin, capture_output=True, env=env, timeout=timeout)
    return (p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace"),
            time.monotonic() - start)


def check(name, condition, detail=""):
    global cases
    cases += 1
    if not condition:
        failures.append(f"{name}: {str(detail)[:600]}")


with tempfile.TemporaryDirectory() as tmp:
    def write(name, data):
        path = os.path.join(tmp, name)
        with open(path, "wb") as f:
            f.write(data)
        return path

    with open(XML, "rb") as f:
        xml = f.read()
    empty = write("empty.txt", b"")
    binary = write("binary.txt", b"FS-Mark 3.3\nTest\0\n")
    cut_xml = write("cut.xml", xml[: xml.index(b"<Entry>") + 3])
    missing = os.path.join(tmp, "missing.txt")
    unreadable = "/proc/self/mem"  # read() fails with EIO, even for root
    bad = {empty: f"{empty}: empty input", binary: f"{binary}:2:5: binary data (byte 0)",
           cut_xml: f"{cut_xml}:", missing: f"{missing}: cannot open: No such file",
           tmp: f"{tmp}: is a directory", unreadable: f"{unreadable}: cannot read"}

    # Every command: bad inputs among good ones.
    commands = {"show": ["show"], "convert": ["convert", "--to", "csv"], "compare": ["compare"],
                "table": ["table"], "compare-json": ["compare", "--format", "json"]}
    for name, args in commands.items():
        rc, out, err, _ = run(*args, GOOD, *bad.keys(), XML)
        check(f"{name}: bad inputs make exit 1", rc == 1, (rc, err))
        for path, message in bad.items():
            if path == tmp:
                continue  # every command walks a directory for result files (docs/batch.md)
            check(f"{name}: {os.path.basename(path) or path} is reported", message in err, err)
        check(f"{name}: the good files are still processed",
              ("WD5000AZRX" in out) and ("bfq" in out.lower()), out[:300])

    # merge and edit: each bad input reported, and nothing written (docs/editing.md, "Errors").
    merged = os.path.join(tmp, "merged.xml")
    for name, args in {"merge": ["merge", GOOD, *bad.keys(), XML],
                       "edit": ["edit", cut_xml, "--title", "T"]}.items():
        rc, out, err, _ = run(*args, "-o", merged)
        check(f"{name}: bad inputs make exit 1", rc == 1, (rc, err))
        for path, message in bad.items():
            if path != tmp and (name == "merge" or path == cut_xml):
                check(f"{name}: {os.path.basename(path) or path} is reported", message in err, err)
        check(f"{name}: nothing is written", not os.path.exists(merged), os.listdir(tmp))

    # --limit, shared by every command.
    for name in ("show", "convert", "compare", "table", "merge", "edit"):
        _, out, _, _ = run(name, "--help")
        check(f"{name} --help documents --limit", "--limit NAME=N" in out and "xml-depth" in out
              and "json-depth" in out and "archive-bytes" in out and "archive-ratio" in out, out)
    rc, out, err, _ = run("show", "--limit", "input-bytes=1k", GOOD, XML)
    check("input-bytes: the big file is refused by name", rc == 1 and
          f"{GOOD}: input is {os.path.getsize(GOOD)} bytes; expected at most 1024 "
          "(raise the 'input-bytes' limit)" in err, err)
    check("input-bytes: files under the limit are read", "(composite-xml)" not in out, out[:200])
    rc, out, err, _ = run("show", "--limit", "input-bytes=64k", XML)
    check("input-bytes=64k reads a 5 KB file", rc == 0, err)
    with open(GOOD, "rb") as f:
        rc, _, err, _ = run("show", "--limit", "input-bytes=1000", "-", stdin=f.read())
    check("input-bytes applies to standard input",
          rc == 1 and "-: input is more than 1000 bytes" in err, err)
    for value in ("foo=1", "entries=0", "entries=abc", "entries=1x", "entries", "xml-depth=-1",
                  "input-bytes=99999999999999999999G"):
        rc, _, err, _ = run("show", "--limit", value, GOOD)
        check(f"--limit {value} is a usage error", rc == 2 and "--limit" in err, (rc, err))
    rc, _, err, _ = run("show", "--limit", "input-bytes=2G", "--limit", "entries=5", GOOD)
    check("--limit entries=5 refuses seed 002's charts",
          rc == 1 and "expected at most 5 (raise the 'entries' limit)" in err, err)

    # A chart with 200,000 entries: refused by default, compared with the limit raised.
    rows = "".join(f"s{i} . 20.13 |=====\n" for i in range(200_000))
    big_chart = write("entries.txt", ("FS-Mark 3.3\nTest: 1000 Files\nFiles/s > Higher Is Better\n"
                                      + rows).encode())
    rc, _, err, _ = run("compare", big_chart)
    check("200,000 entries are refused by default",
          rc == 1 and f"{big_chart}:100004:1: chart 'FS-Mark' has more than 100000 entries; "
          "expected at most 100000 (raise the 'entries' limit)" in err, err)
    rc, out, err, seconds = run("compare", "--limit", "entries=200000", "--format", "csv", big_chart,
                                timeout=300)
    rows_out = list(csv.reader(io.StringIO(out)))
    check("200,000 entries compare with the limit raised", rc == 0 and len(rows_out) == 200_001,
          (rc, len(rows_out), err[-300:]))
    print(f"compare of 200,000 entries: {seconds:.1f} s")

    # 10 MB on one line.
    rc, _, err, seconds = run("show", write("line.txt", b"x" * 10_000_000), timeout=60)
    check("a 10 MB line is refused", rc == 1 and "not a benchmark result" in err, err)
    print(f"10 MB line: {seconds:.1f} s")

    # XML: entities, external files, depth.
    lol = b'<!DOCTYPE lolz [<!ENTITY lol "lol">' + b"".join(
        b'<!ENTITY lol%d "%s">' % (i, (b"&lol;" if i == 1 else b"&lol%d;" % (i - 1)) * 10)
        for i in range(1, 10)) + b"]>\n"
    laughs = write("laughs.xml", xml.replace(b"<PhoronixTestSuite>", lol + b"<PhoronixTestSuite>", 1)
                   .replace(b"<Title>", b"<Title>&lol9;", 1))
    rc, out, err, _ = run("convert", "--to", "csv", laughs)
    check("billion laughs: read, not expanded", rc == 0 and len(out) < 20_000 and "lollol" not in out,
          (rc, len(out)))
    doctype_line = xml[: xml.index(b"<PhoronixTestSuite>")].count(b"\n") + 1
    check("billion laughs: the DOCTYPE is reported at its line",
          f"{laughs}:{doctype_line}:1: warning: a DOCTYPE" in err, err)
    secret = write("secret.txt", b"SECRET-4711\n")
    xxe = write("xxe.xml", xml.replace(
        b"<PhoronixTestSuite>",
        b'<!DOCTYPE r [<!ENTITY xxe SYSTEM "file://' + secret.encode() + b'">]>\n'
        b"<PhoronixTestSuite>", 1).replace(b"<Title>", b"<Title>&xxe;", 1))
    for to in ("csv", "json", "xml", "pts-text"):
        rc, out, err, _ = run("convert", "--to", to, xxe)
        check(f"external entity: the local file is not read (--to {to})",
              rc == 0 and "SECRET" not in out and "SECRET" not in err, (rc, err))
    deep = write("deep.xml", xml.replace(b"<Generated>", b"<Generated>" + b"<a>" * 100_000 +
                                         b"</a>" * 100_000, 1))
    generated_line = xml[: xml.index(b"<Generated>")].count(b"\n") + 1
    rc, _, err, _ = run("show", deep)
    check("100,000-deep XML is refused by the xml-depth limit",
          rc == 1 and "nested more than 256 deep" in err and f"{deep}:{generated_line}:" in err, err)
    rc, out, err, _ = run("show", "--limit", "xml-depth=200000", deep)
    check("100,000-deep XML reads with the limit raised", rc == 0 and "(composite-xml)" in out, err)
    rc, json_out, err, _ = run("convert", "--to", "json", XML)
    deep_json = write("deep.json", json_out.encode().replace(
        b'"version": 1,', b'"version": 1, "deep": ' + b"[" * 100_000 + b"]" * 100_000 + b",", 1))
    rc, _, err, _ = run("show", deep_json)
    check("100,000-deep JSON is refused by the json-depth limit",
          rc == 1 and f"{deep_json}:3:" in err and "nested more than 256 deep" in err
          and "(6 levels; raise the 'json-depth' limit)" in err, err)
    rc, out, err, _ = run("show", "--limit", "json-depth=200000", deep_json)
    check("100,000-deep JSON reads with the limit raised", rc == 0 and "(iosr-json)" in out, err)

    # Result blocks (docs/blocks.md): many small ones between prose, and lines that look like a
    # block's start repeated a million times; each in linear time.
    # Each block its own title: byte-identical blocks would be one result file.
    small = ",t{},\n\n ,,\"a\"\nOS,,x\n\n ,,\"a\"\n\"T - x (s)\",LIB,1.5\n"
    many = write("many-blocks.md", ("".join(f"Run {i}:\n\n$ cat r.csv\n{small.format(i)}\n"
                                            for i in range(10_000))).encode())
    rc, out, err, seconds = run("show", many, timeout=300)
    check("10,000 small CSV blocks: 10,000 result files", rc == 0 and
          out.count("(pts-csv)") == 10_000 and "result file 10000 of 10000" in out, (rc, err[-300:]))
    print(f"10,000 small blocks: {seconds:.1f} s")
    for name, line in (("csv-header", b' ,,"a"\n'), ("brace", b"{\n"), ("xml", b"<?xml\n"),
                       ("title-row", b"    ,osbench,\n"), ("json-member", b'{"results": {\n')):
        rc, out, err, seconds = run("show", write(f"repeated-{name}.txt", line * 1_000_000),
                                    timeout=120)
        check(f"a million '{line.decode().strip()}' lines finish, read or refused", rc in (0, 1)
              and "Traceback" not in err and "terminate" not in err, (rc, err[-300:]))
        print(f"a million '{line.decode().strip()}' lines: {seconds:.1f} s")

    # Nothing above may take much memory: the largest child's peak.
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"largest peak memory of one run: {peak_mb:.0f} MB")
    check("every run stays under 2 GB", peak_mb < 2048, peak_mb)

print(f"hostile cli: {cases} checks, {len(failures)} failed")
for failure in failures:
    print("FAIL", failure)
sys.exit(1 if failures else 0)
