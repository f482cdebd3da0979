#!/usr/bin/python3
"""Export result files with many real PTS versions and check that iosr reads each export
to the values of the composite.xml it came from.

Not a ctest: it needs PTS checkouts of old tags (git worktrees of a PTS clone, one per tag)
and runs PHP hundreds of times. The fixtures it led to are checked by ctest
(tests/fixtures/SOURCES.md, "pts-versions/").

  tests/tools/pts_versions.py export OUT_DIR  [--pts-root /tmp] [--versions v9.0.0,...]
  tests/tools/pts_versions.py check  OUT_DIR  [--iosr build/dev/apps/iosr]

`export` runs /work/shared/tools/pts-oracle.sh (or $PTS_ORACLE) with PTS_DIR=PTS_ROOT/pts-TAG
for every XML below and every export (csv, text at width 80, json, html), and writes
OUT_DIR/TAG/XML-NAME.EXPORT, with what PTS printed besides in .log and its status in .rc.
PTS before 10.x ignores the OUTPUT_FILE the oracle sets and writes ~/NAME.csv (its 'Saved To:'
line says where): that file is taken and removed. PHP 8 prints deprecation notices into the
text and JSON exports of PTS 7.x to 9.x; they are removed with the blank line PHP put before
each (see strip_php_noise), and nothing else.

`check` converts each XML and each export with `iosr convert --to json` (every chart as
read), and compares per chart the direction and every entry's label and value, with
only the allowances each export needs (ALLOWANCES). It prints one line per version and
export, and the differences.
"""
import argparse
import collections
import json
import math
import os
import re
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
XMLS = [
    "data/xml/iosched-3way.xml",
    "tests/fixtures/corpus/xml/pts-8.0.1_clearlinux_osbench_date-identifier_mixed-units.xml",
    "tests/fixtures/corpus/xml/pts-8.2.0_gce_pjdfstest_pass-fail.xml",
    "tests/fixtures/corpus/xml/pts-8.2.0_two-systems_sparse-entries.xml",
    "tests/fixtures/corpus/xml/pts-10.8.5_vmware_memory_system-without-entries.xml",
    "tests/fixtures/corpus/xml/pts-5.6.0_ec2-large_7zip_10-systems.xml",
    "tests/fixtures/corpus/xml/pts-10.8.4_osbench_base-vs-fwrapv.xml",
    "tests/fixtures/corpus/xml/pts-0.1.0_2008_encode-ogg_two-identifiers_merged.xml",
]
VERSIONS = ("v7.2.0 v7.4.0 v7.6.0 v7.8.0 v8.0.0 v8.0.1 v8.2.0 v8.4.0 v8.6.0 v8.8.0 v9.0.0 "
            "v9.2.0 v9.4.0 v9.6.0 v9.8.0 v10.0.0 v10.2.0 v10.4.0 v10.6.1 v10.8.0 v10.8.4 "
            "master").split()
EXPORTS = ["csv", "text", "json", "html"]

# A PHP notice as PTS 7.x-9.x print them under PHP 8: PHP's own ("Deprecated: ... in F on
# line N", or bare "MESSAGE in FILE:LINE" from libxml's DOM) and PTS's error handler's
# ("    [8192] MESSAGE in CLASS:LINE", "[NOTICE] MESSAGE in CLASS:LINE"), and PHP 7.3's
# compile-time warning about "continue" in a switch. PTS's own "[PROBLEM] ..." messages are
# followed by lines of spaces, removed with them.
NOISE = re.compile(r"^(\s*\[(\d+|[A-Z]+)\] .*|\"continue\" targeting switch is .*|(PHP )?(Deprecated|Warning|Notice): .*|"
                   r".*deprecated.* in \S+(:\d+| on line \d+)|"
                   r"(Network|Internet) Communication Is Disabled Per Your User Configuration\.)$")


def name_of(xml):
    return os.path.basename(xml)[:-len(".xml")]


def strip_php_noise(text):
    """Drops each notice line and the one blank line PHP printed before it."""
    out = []
    after_notice = False
    for line in text.split("\n"):
        if NOISE.match(line) or (after_notice and line and not line.strip()):
            if out and out[-1] == "":
                out.pop()
            after_notice = True
            continue
        after_notice = False
        out.append(line)
    return "\n".join(out)


def export(args):
    oracle = os.environ.get("PTS_ORACLE", "/work/shared/tools/pts-oracle.sh")
    versions = args.versions.split(",") if args.versions else VERSIONS
    for tag in versions:
        pts_dir = "/tmp/pts" if tag == "master" else os.path.join(args.pts_root, "pts-" + tag)
        out_dir = os.path.join(args.out, tag)
        os.makedirs(out_dir, exist_ok=True)
        for xml in XMLS:
            for exp in EXPORTS:
                target = os.path.join(out_dir, name_of(xml) + "." + exp)
                if os.path.exists(target + ".rc") and not args.force:
                    continue
                cmd = [oracle] + (["--width", "80"] if exp == "text" else [])
                cmd += [os.path.join(REPO, xml), exp]
                # Old launchers take PTS's directory from the working directory.
                p = subprocess.run(cmd, cwd=pts_dir, env=dict(os.environ, PTS_DIR=pts_dir),
                                   capture_output=True, text=True, errors="surrogateescape")
                body, log, rc = p.stdout, p.stderr, p.returncode
                saved = re.findall(r"^Saved To: (.*)$", p.stdout + "\n" + p.stderr, re.M)
                if saved and os.path.isfile(saved[-1]) and os.path.basename(saved[-1]).startswith("iosr-oracle-"):
                    with open(saved[-1], errors="surrogateescape") as f:
                        body = f.read()
                    os.remove(saved[-1])
                    log = p.stdout + log
                    rc = 0
                else:
                    # The export on standard output (text; JSON before 10.x), or, when PTS
                    # wrote no export file, what it printed (the oracle passes it to stderr).
                    body = p.stdout if p.stdout.strip() or exp == "text" else p.stderr
                    body = strip_php_noise(body)
                    if exp == "text":
                        body = body.lstrip("\n")
                    elif exp == "json":
                        start, end = body.find("{"), body.rfind("}")
                        body = body[start:end + 1] + "\n" if 0 <= start < end else ""
                    elif exp == "csv":
                        body = body.lstrip("\n")
                    else:
                        body = ""
                    if exp in ("csv", "html") and p.stdout.strip():
                        body = p.stdout
                    if body.strip():
                        rc = 0
                if "PHP Fatal error" in p.stdout + p.stderr:
                    rc = 1
                if not body.strip():
                    rc = rc or 1
                with open(target, "w", errors="surrogateescape") as f:
                    f.write(body)
                with open(target + ".log", "w", errors="surrogateescape") as f:
                    f.write(log)
                with open(target + ".rc", "w") as f:
                    f.write(f"{rc}\n")
                print(tag, name_of(xml), exp, rc, flush=True)


def version_of(tag):
    return (99,) if tag == "master" else tuple(int(x) for x in tag[1:].split("."))


# PTS's test_profile::get_result_scale_shortened(), which names the CSV's units: each
# replacement in turn, in its order.
SHORTER = [("Frames Per Second", "FPS"), (" Per Second", "/sec"), (" Per Minute", "/min"),
           ("Nanoseconds/Operation", "ns/op"), ("Nodes/second", "Nodes/s"),
           ("Nodes/sec", "Nodes/s"), ("Mbits/sec", "Mbits/s"), ("MiB/second", "MiB/s"),
           ("Milli-Seconds", "ms"), ("Microseconds", "us"), ("Request", "Req"),
           ("Seconds", "sec"), (" Per ", "/"), ("Total ", ""), ("Average ", "")]


def short_unit(unit):
    for long, short in SHORTER:
        unit = unit.replace(long, short)
    return unit


def allowances(exp, tag):
    """What the export of this PTS version cannot carry, so what is not compared (the docs/
    page of each format says which versions write which layout):
      unit        csv before 9.6.1 (result names end with the unit from then on);
      short unit  csv from 9.6.1: the unit as PTS shortens it (short_unit);
      number      json from 10.8: PHP writes the stored value as a float (35.912990 as
                  35.91299), the same number;
      rounding    text and html print values rounded: equal when the XML's value rounds to
                  the printed digits;
      direction   json before 10.8 (no proportion); text before 7.4 (no "More Is Better");
      one chart a test profile
                  json before 8.8: results keyed by test profile, PHP kept the last of each;
      no pass/fail value
                  text of 8.6 and 8.8: PTS printed only numeric values ('LABEL . ' and nothing
                  for PASS), so iosr reads no such chart (and says why).
    Charts without entries are never compared (no export writes them)."""
    v = version_of(tag)
    allow = set()
    if exp == "csv" and v < (9, 6, 1):
        allow.add("unit")
    elif exp == "csv":
        allow.add("short unit")
    if exp == "json" and v >= (10, 8):
        allow.add("number")
    if exp in ("text", "html"):
        allow.add("rounding")
    if (exp == "json" and v < (10, 8)) or (exp == "text" and v < (7, 4)):
        allow.add("direction")
    if exp == "json" and v < (8, 8):
        allow.add("one chart a test profile")
    if exp == "text" and (8, 6) <= v < (9, 0):
        allow.add("no pass/fail value")
    return allow


CHART_KEYS = ("title", "description", "unit", "direction", "test_id", "arguments")


def iosr_rows(iosr, path):
    """iosr's JSON of `path` (every chart as read, docs/json.md): (status, charts, warnings),
    each chart (its fields, its entries), as charts_of gives them."""
    p = subprocess.run([iosr, "convert", "--to", "json", path], capture_output=True, text=True)
    warnings = [w for w in p.stderr.splitlines() if w.strip()]
    try:
        results = json.loads(p.stdout)["results"] if p.stdout.strip() else []
    except (ValueError, KeyError):
        results = []
    return p.returncode, charts_of(results), warnings


def charts_of(results):
    """Per chart: its fields (CHART_KEYS) and its entries as {label, value} rows."""
    charts = []
    for r in results:
        # iosr's JSON writes no direction as "".
        key = tuple(r.get(k) or None for k in CHART_KEYS)
        rows = [{"label": e["label"], "value": e.get("value_text")} for e in r["entries"]
                if e.get("kind") != "failed"]
        charts.append((key, rows))
    return charts


def same_value(xml_value, got, rounding, number=False):
    if xml_value == got:
        return True
    if number:
        try:
            return float(xml_value) == float(got)
        except (TypeError, ValueError):
            return False
    if not rounding:
        return False
    try:
        x, g = float(xml_value), float(got)
    except (TypeError, ValueError):
        return False
    if "." in got:
        digits = len(got.split(".")[1])
    else:
        digits = 0
    return math.isclose(round(x, digits), g, rel_tol=0, abs_tol=10 ** -digits / 2 + 1e-12) or \
        math.isclose(x, g, rel_tol=5e-3)


def entries_of(rows):
    return [(r["label"], r["value"]) for r in rows if r["value"] not in (None, "")]


def align(xml_charts, exp_charts, rounding):
    """Pairs each export chart with the XML chart it shows: the unused one, at or after the
    last one paired, with the most equal entries (an export may leave charts out)."""
    pairs, used, start = [], set(), 0
    for e in exp_charts:
        best, best_score = None, -1
        for i in range(len(xml_charts)):
            if i in used:
                continue
            xe, ee = entries_of(xml_charts[i][1]), entries_of(e[1])
            score = sum(1 for (xl, xv), (el, ev) in zip(xe, ee)
                        if xl == el and same_value(xv, ev, rounding))
            score += 0.5 if xml_charts[i][0][4] == e[0][4] else 0  # the same test profile
            if score > best_score or (score == best_score and i >= start and best < start):
                best, best_score = i, score
        if best is None:
            pairs.append((None, e))
            continue
        used.add(best)
        start = best + 1
        pairs.append((xml_charts[best], e))
    missing = [c for i, c in enumerate(xml_charts) if i not in used]
    return pairs, missing


def compare(xml_charts, exp_charts, exp, tag):
    """The differences, as lines; empty when the export reads to the XML's values."""
    allow = allowances(exp, tag)
    diffs = []
    xml_charts = [c for c in xml_charts if entries_of(c[1])]
    exp_charts = [c for c in exp_charts if c[1]]
    pairs, missing = align(xml_charts, exp_charts, "rounding" in allow)
    for x in missing:
        profile_kept = any(p[0] and p[0][0][4] == x[0][4] for p in pairs)
        pass_fail = all(r["value"] in ("PASS", "FAIL") for r in x[1])
        if "no pass/fail value" in allow and pass_fail:
            continue
        if not ("one chart a test profile" in allow and profile_kept):
            diffs.append(f"chart {x[0][0]!r} ({x[0][1]}) of the XML is missing")
    for i, (x, e) in enumerate(pairs):
        if x is None:
            diffs.append(f"chart {i + 1} ({e[0][0]}) is not in the XML")
            continue
        xkey, xrows = x
        ekey, erows = e
        where = f"chart {i + 1} ({xkey[0]}: {xkey[1]})"
        if xkey[3] != ekey[3] and not ("direction" in allow and ekey[3] is None):
            diffs.append(f"{where}: direction {ekey[3]}, the XML has {xkey[3]}")
        xunit = short_unit(xkey[2] or "") if "short unit" in allow else (xkey[2] or "")
        if "unit" not in allow and xunit != (ekey[2] or ""):
            diffs.append(f"{where}: unit {ekey[2]!r}, the XML has {xkey[2]!r}")
        xe, ee = entries_of(xrows), entries_of(erows)
        if [l for l, _ in xe] != [l for l, _ in ee]:
            diffs.append(f"{where}: labels {[l for l, _ in ee]}, the XML has {[l for l, _ in xe]}")
            continue
        for (label, xv), (_, ev) in zip(xe, ee):
            if not same_value(xv, ev, "rounding" in allow, "number" in allow):
                diffs.append(f"{where}: {label}: {ev!r}, the XML has {xv!r}")
    return diffs


# The HTML reader says once a file that it reads the graphs' printed values (docs/pts-html.md).
HTML_NOTE = "values are as PTS's graphs print them"


def expected_warning(message, exp, tag):
    """What iosr rightly says of an export because of what its layout cannot carry."""
    if exp == "html" and message.startswith(HTML_NOTE):
        return True
    if exp == "text" and (8, 6) <= version_of(tag) < (9, 0) and "has no value after the dots" in message:
        return True
    if exp == "csv" and version_of(tag) < (9, 6, 1):
        # No unit on a row; rows whose name does not show what tells two results apart.
        return (message.endswith("gives no unit in parentheses")
                or "as two results that the CSV does not tell apart" in message)
    return False


def message_of(warning):
    """A warning without its file:line:column."""
    return warning.split(" warning: ", 1)[-1]


def check(args):
    versions = args.versions.split(",") if args.versions else VERSIONS
    xml_rows, xml_warnings = {}, {}
    for xml in XMLS:
        rc, charts, warnings = iosr_rows(args.iosr, os.path.join(REPO, xml))
        xml_rows[name_of(xml)] = charts
        xml_warnings[name_of(xml)] = {message_of(w) for w in warnings}
    bad = 0
    for tag in versions:
        for exp in EXPORTS:
            results = collections.Counter()
            lines = []
            for xml in XMLS:
                name = name_of(xml)
                target = os.path.join(args.out, tag, name + "." + exp)
                try:
                    with open(target + ".rc") as f:
                        pts_rc = int(f.read())
                except FileNotFoundError:
                    results["not exported"] += 1
                    continue
                if pts_rc != 0:
                    results["PTS failed"] += 1
                    continue
                rc, rows, warnings = iosr_rows(args.iosr, target)
                # What iosr says of the XML too (a system without entries) is no difference.
                warnings = [w for w in warnings if message_of(w) not in xml_warnings[name]
                            and not expected_warning(message_of(w), exp, tag)]
                if not rows and xml_rows[name] and "2008" in name:
                    # PTS 7 and later read no result of the 2008 layout: every export is empty.
                    results["PTS lost the results"] += 1
                    continue
                if rc != 0 and not rows:
                    results["refused"] += 1
                    lines.append(f"  {name}: refused: {warnings[:3]}")
                    continue
                diffs = compare(xml_rows[name], rows, exp, tag)
                if diffs or warnings:
                    results["differs"] += 1
                    lines += [f"  {name}: {d}" for d in diffs[:8]]
                    lines += [f"  {name}: warning: {w}" for w in warnings[:4]]
                else:
                    results["exact"] += 1
            bad += results["differs"] + results["refused"]
            print(f"{tag:8} {exp:5} " + ", ".join(f"{k} {v}" for k, v in sorted(results.items())))
            if args.verbose or results["differs"] or results["refused"]:
                print("\n".join(lines))
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    e = sub.add_parser("export")
    e.add_argument("out")
    e.add_argument("--pts-root", default="/tmp")
    e.add_argument("--versions")
    e.add_argument("--force", action="store_true")
    c = sub.add_parser("check")
    c.add_argument("out")
    c.add_argument("--iosr", default=os.path.join(REPO, "build/dev/apps/iosr"))
    c.add_argument("--versions")
    c.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    return export(args) if args.command == "export" else check(args)


if __name__ == "__main__":
    sys.exit(main())
