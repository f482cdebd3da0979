#!/usr/bin/env python3
"""Makes a benchmark archive: N result files shaped like the corpus (composite.xml from
tests/fixtures/corpus/xml, PTS text exports from corpus/pts-text and data/text), with every
value varied, as a directory OUT/results and as OUT/results.tar.gz.
Usage: bench/generate.py OUT [N=10000]   (7 in 10 files are XML, the rest text)"""
import os
import random
import re
import shutil
import sys
import tarfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
if len(sys.argv) < 2 or sys.argv[1].startswith("-"):  # `--help` is no folder to fill
    print(__doc__)
    sys.exit(0 if sys.argv[1:2] in (["-h"], ["--help"]) else 2)
out, count = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 10000
rng = random.Random(5)  # the same files every time


def listed(folder, suffix):
    return sorted(os.path.join(folder, n) for n in os.listdir(folder) if n.endswith(suffix))


XML = [open(p, encoding="utf-8").read() for p in listed(os.path.join(ROOT, "tests/fixtures/corpus/xml"), ".xml")]
TEXT = [open(p, encoding="utf-8").read() for p in listed(os.path.join(ROOT, "tests/fixtures/corpus/pts-text"), ".txt")
        + listed(os.path.join(ROOT, "data/text"), ".txt")]


def vary(number):
    """The number scaled by up to 5 %, written with as many decimals as before."""
    decimals = len(number.split(".")[1]) if "." in number else 0
    return f"{float(number) * rng.uniform(0.95, 1.05):.{decimals}f}"


def vary_xml(text):
    text = re.sub(r"<Value>([0-9]+(?:\.[0-9]+)?)</Value>", lambda m: f"<Value>{vary(m[1])}</Value>", text)
    return re.sub(r"<RawString>([0-9.:]+)</RawString>",
                  lambda m: "<RawString>" + ":".join(vary(v) for v in m[1].split(":") if v) + "</RawString>", text)


def vary_text(text):
    # `LABEL ...... 20.13 |=====`: the value before the bar; bars stay within PTS's rounding.
    return re.sub(r"(\.\s+)([0-9]+\.[0-9]+)( \|)", lambda m: m[1] + vary(m[2]) + m[3], text)


results = os.path.join(out, "results")
shutil.rmtree(results, ignore_errors=True)
total = 0
for i in range(count):
    if i % 10 < 7:
        path = os.path.join(results, "test-results", f"run-{i:05}", "composite.xml")
        body = vary_xml(XML[i % len(XML)])
    else:
        path = os.path.join(results, "notes", f"{i // 1000:02}", f"export-{i:05}.txt")
        body = vary_text(TEXT[i % len(TEXT)])
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(body)
    total += len(body.encode("utf-8"))
with tarfile.open(os.path.join(out, "results.tar.gz"), "w:gz") as tar:
    tar.add(results, arcname="results")
print(f"{count} files, {total / 1e6:.1f} MB in {results} and {results}.tar.gz")
