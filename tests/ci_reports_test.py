#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The reports CI tools read (docs/ci-reports.md) and the executive summary (docs/compare.md),
through the built iosr, on the bundled seeds, the sample composite.xml and real corpus files:

- `--format bmf` validates against BMF's published JSON Schema (tests/fixtures/schemas/
  bmf.schema.json) with python3-jsonschema, and says what `--format json` says: a benchmark per
  entry with a number, its value, ratio, delta and interval, and the geometric means;
- `--junit FILE` validates against junit-10.xsd with xmllint (libxml2-utils), has a testcase per
  test and configuration measured against a baseline, and a failure for each line the gate
  prints; its usage errors and refusals;
- the GitHub step summary is appended (never replaces what is there), follows
  GITHUB_STEP_SUMMARY and --step-summary, renders as GFM tables in cmark-gfm, and is cut to
  GitHub's 1 MiB with a line saying so;
- every number in the executive summary is one the ascii or Markdown tables print, and where PTS's
  executive-summary (tests/fixtures/executive-summary/, recorded with the real PTS) names a
  configuration, iosr names the same.

Run with Debian's /usr/bin/python3 (jsonschema is a Debian package). A missing tool fails under
CI and skips its part elsewhere (missing_tool.py).

Usage: ci_reports_test.py IOSR SOURCE_DIR"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

from missing_tool import missing

IOSR, SOURCE = os.path.realpath(sys.argv[1]), os.path.realpath(sys.argv[2])
FIXTURES = os.path.join(SOURCE, "tests", "fixtures")
SCHEMAS = os.path.join(FIXTURES, "schemas")
CORPUS = os.path.join(FIXTURES, "corpus", "xml")
ENV = dict(os.environ, COLUMNS="80", NO_COLOR="1", LC_ALL="C", GITHUB_STEP_SUMMARY="")

SEEDS = [["data/text/000_1809f3a92cbbf2f4.txt"], ["data/text/002_236e153a66cd3c9d.txt"],
         ["data/text/004_38fbc586aba1b507.txt"], ["data/xml/iosched-3way.xml"]]
SEEDS.append([p for paths in SEEDS for p in paths])  # several inputs and groups at once
CORPUS_FILES = [
    "pts-10.8.4_compress-zstd_20-systems_14-results.xml",
    "pts-10.8.4_sqlite_20-systems.xml",
    "pts-10.8.4_newgvn_126-results_empty-values-and-errors.xml",
    "pts-5.6.0_ec2-large_tiobench_64-results.xml",
    "pts-8.0.1_docker_schbench_42-results.xml",
    "pts-5.2.1_rpi4_disk-suite_sqlite-fsmark-dbench-compilebench-postmark.xml",
    "pts-8.2.0_two-systems_sparse-entries.xml",
]
INPUTS = SEEDS + [[os.path.join(CORPUS, f)] for f in CORPUS_FILES]

failures = []
checks = 0


def check(what, ok, detail=""):
    global checks
    checks += 1
    if not ok:
        failures.append(f"{what}{': ' + str(detail)[:1500] if detail else ''}")


def iosr(*args, env=None, status=None):
    p = subprocess.run([IOSR, *args], cwd=SOURCE, env=env or ENV, capture_output=True, timeout=300)
    if status is not None:
        check(f"`iosr {' '.join(args)}` exits {status}", p.returncode == status,
              f"exited {p.returncode}: {p.stderr.decode('utf-8', 'replace')}")
    return p


def short(paths):
    return "+".join(os.path.basename(p) for p in paths)


# ---- BMF --------------------------------------------------------------------------------------

try:
    import jsonschema
except ImportError:
    jsonschema = None
    if (f := missing("python3's jsonschema", "python3-jsonschema")):
        failures.append(f)

bmf_schema = json.load(open(os.path.join(SCHEMAS, "bmf.schema.json")))
for paths in INPUTS:
    name = short(paths)
    bmf = json.loads(iosr("compare", "--format", "bmf", *paths, status=0).stdout)
    doc = json.loads(iosr("compare", "--format", "json", *paths, status=0).stdout)
    if jsonschema:
        jsonschema.Draft7Validator.check_schema(bmf_schema)
        errors = [e.message for e in jsonschema.Draft7Validator(bmf_schema).iter_errors(bmf)]
        check(f"{name}: BMF valid against bencher.dev's schema", not errors, errors[:3])
    # What the JSON format says, entry by entry: a benchmark per entry with a number.
    rows = [r for r in doc["rows"] if r["kind"] == "number" and r["value"] is not None]
    benchmarks = {k: v for k, v in bmf.items() if not k.startswith("geometric mean @ ")}
    numbered = [r for r in rows if re.fullmatch(r"[-+]?[0-9.]+(?:[eE][-+]?[0-9]+)?", r["value"])]
    check(f"{name}: a benchmark per entry with a number", len(benchmarks) == len(numbered),
          f"{len(benchmarks)} benchmarks, {len(numbered)} entries")
    for row, (key, measures) in zip(numbered, benchmarks.items()):
        # A name already taken (a repeated chart) gets ` #2`, ` #3` (docs/ci-reports.md).
        check(f"{name}: '{key}' names its configuration",
              re.search(" @ " + re.escape(row["shown_label"]) + r"( #\d+)?$", key),
              row["shown_label"])
        unit = row["unit"] if row["unit"] and len(row["unit"]) <= 64 else "value"
        check(f"{name}: '{key}' has the value as read", unit in measures and
              measures[unit]["value"] == float(row["value"]), (measures, row["value"]))
        se = row["standard_error"]
        if se is not None and unit in measures:
            check(f"{name}: '{key}' bounds are the value -/+ its standard error",
                  abs(measures[unit]["lower_value"] - (float(row["value"]) - se)) < 1e-9 *
                  max(1, abs(se)) + 1e-12 * abs(float(row["value"])), measures[unit])
        is_baseline = row["baseline_label"] == row["shown_label"]
        if row["ratio"] is not None and not is_baseline:
            check(f"{name}: '{key}' performance-ratio", measures.get("performance-ratio") ==
                  {"value": row["ratio"]}, measures)
        if row["delta_pct"] is not None and not is_baseline:
            delta = measures.get("delta-percent", {})
            check(f"{name}: '{key}' delta-percent and its interval",
                  delta.get("value") == row["delta_pct"] and
                  delta.get("lower_value") == row["delta_ci_low"] and
                  delta.get("upper_value") == row["delta_ci_high"], (delta, row))
        if is_baseline:
            check(f"{name}: the baseline '{key}' has no ratio or delta",
                  set(measures) == {unit}, measures)
    means = {s["label"]: s for s in doc["summary"]
             if not s["is_baseline"] and s["geomean_ratio"] is not None}
    for label, s in means.items():
        m = bmf.get("geometric mean @ " + label, {}).get("geomean-ratio", {})
        check(f"{name}: geometric mean of {label}", m.get("value") == s["geomean_ratio"] and
              m.get("lower_value") == s["geomean_ci_low"], (m, s))
    check(f"{name}: a benchmark per geometric mean",
          len(bmf) - len(benchmarks) == len(means))

# ---- JUnit ------------------------------------------------------------------------------------

xmllint = shutil.which("xmllint")
if not xmllint and (f := missing("xmllint", "libxml2-utils")):
    failures.append(f)
xsd = os.path.join(SCHEMAS, "junit-10.xsd")
with tempfile.TemporaryDirectory() as tmp:
    n = 0
    for paths in INPUTS:
        for gate in (["--fail-if-worse", "5"], ["--fail-if-worse", "25", "--gate-skip-noise"],
                     ["--fail-if-worse", "1000"]):
            n += 1
            report = os.path.join(tmp, f"junit{n}.xml")
            p = iosr("compare", *gate, "--junit", report, "-o", "/dev/null", *paths)
            what = f"{short(paths)} {' '.join(gate)}"
            stderr = p.stderr.decode()
            nothing = stderr.endswith("iosr compare: the gate checked nothing: the comparison has "
                                      "no baseline (name one with --baseline)\n")
            check(f"{what}: exit status 0 or 3, or 1 when there was nothing to check",
                  p.returncode in (0, 3) or (p.returncode == 1 and nothing), p.stderr)
            tripped = len(re.findall(r"^iosr compare: (worse than|missing where)", stderr, re.M))
            skipped_noise = len(re.findall(r"^iosr compare: not counted", stderr, re.M))
            check(f"{what}: status 3 exactly when something tripped",
                  (p.returncode == 3) == (tripped > 0))
            check(f"{what}: the last line says what the gate checked",
                  re.search(r"^iosr compare: (gate passed: \d+ entr|gate tripped: |the gate checked "
                            r"nothing: )[^\n]*\n\Z", stderr, re.M), stderr[-300:])
            if xmllint:
                v = subprocess.run([xmllint, "--noout", "--schema", xsd, report],
                                   capture_output=True)
                check(f"{what}: the JUnit report validates against junit-10.xsd",
                      v.returncode == 0, v.stderr.decode())
            root = ET.parse(report).getroot()
            check(f"{what}: a gate that checked nothing is an error in the report",
                  (root.get("errors") == "1") == nothing and
                  (root.find("./testsuite[@name='gate']/testcase/error[@type='nothing-checked']")
                   is not None) == nothing)
            for suite in root.findall("./testsuite"):
                if suite.find("./testcase/error") is not None:
                    root.remove(suite)  # the verdict, not a test against a baseline
            cases = root.findall("./testsuite/testcase")
            check(f"{what}: a failure per regression or missing result on standard error",
                  len(root.findall("./testsuite/testcase/failure")) == tripped ==
                  int(root.get("failures")), (tripped, root.get("failures")))
            check(f"{what}: testsuites counts its testcases",
                  int(root.get("tests")) == len(cases) + nothing)
            counts = {}
            for prop in root.findall("./testsuite/properties/property"):
                if prop.get("value").isdigit():
                    counts[prop.get("name")] = counts.get(prop.get("name"), 0) + int(prop.get("value"))
            said = re.search(r"(\d+) entr(?:y|ies) checked", stderr)
            check(f"{what}: the suites' checked entries add up to the line on standard error",
                  counts.get("checked", 0) == (int(said.group(1)) if said else 0), (counts, said))
            check(f"{what}: ... and their worse entries to the lines naming them",
                  counts.get("worse", 0) == len(re.findall(r"^iosr compare: worse than", stderr, re.M)))
            noted = [c for c in cases if (c.findtext("system-out") or "").startswith("not counted")]
            check(f"{what}: each entry --gate-skip-noise left out says so", len(noted) == skipped_noise)
            doc = json.loads(iosr("compare", "--format", "json", *paths).stdout)
            measured = [r for r in doc["rows"] if r["baseline_label"] != r["shown_label"]]
            lost = len(re.findall(r"^iosr compare: missing.*: (.* has no result where|.* has no "
                                  r"configuration )", stderr, re.M))
            check(f"{what}: a testcase per test and configuration against a baseline, and per "
                  "result lost", len(cases) == len(measured) + lost, (len(cases), len(measured), lost))

    # Usage errors and refusals.
    p = iosr("compare", "--junit", os.path.join(tmp, "j.xml"), *SEEDS[3], status=2)
    check("--junit without the gate is a usage error naming --fail-if-worse",
          b"--junit needs --fail-if-worse" in p.stderr, p.stderr)
    check("... and writes nothing", not os.path.exists(os.path.join(tmp, "j.xml")))
    existing = os.path.join(tmp, "existing.xml")
    open(existing, "w").write("keep")
    p = iosr("compare", "--fail-if-worse", "10", "--junit", existing, "-o", "/dev/null",
             *SEEDS[3], status=1)
    check("an existing --junit FILE is refused without --force",
          open(existing).read() == "keep" and b"--force" in p.stderr, p.stderr)
    iosr("compare", "--fail-if-worse", "10", "--junit", existing, "--force", "-o", "/dev/null",
         *SEEDS[3], status=3)
    check("--force replaces it", open(existing).read().startswith("<?xml"))

# ---- GitHub step summary ----------------------------------------------------------------------

cmark = shutil.which("cmark-gfm")
if not cmark and (f := missing("cmark-gfm", "cmark-gfm")):
    failures.append(f)
with tempfile.TemporaryDirectory() as tmp:
    summary = os.path.join(tmp, "summary.md")
    open(summary, "w").write("# an earlier step\n\n")
    env = dict(ENV, GITHUB_STEP_SUMMARY=summary)
    out = iosr("compare", "--fail-if-worse", "10", *SEEDS[3], env=env, status=3).stdout
    check("the comparison still goes to standard output", b"Flexible IO Tester" in out)
    iosr("compare", *SEEDS[0], env=env, status=0)
    text = open(summary, encoding="utf-8").read()
    check("GITHUB_STEP_SUMMARY is appended to, never replaced",
          text.startswith("# an earlier step\n\n## iosr compare: iosched-3way.xml\n\n"), text[:200])
    check("... once per run", text.count("## iosr compare: ") == 2)
    check("the verdict comes first, saying what it checked",
          "\n\nGate tripped: 2 of 6 entries checked against None are worse than 10%.\n\nWorse than "
          "the baseline by more than 10%:\n\n- " in text, text[:600])
    check("a run without the gate has no verdict", text.split("## iosr compare: 000_")[1].find(
        "Gate") < 0)
    other = os.path.join(tmp, "other.md")
    iosr("compare", "--step-summary", other, *SEEDS[3], env=env, status=0)
    check("--step-summary names the file instead of GITHUB_STEP_SUMMARY",
          os.path.exists(other) and open(summary, encoding="utf-8").read() == text)
    iosr("compare", *SEEDS[3], env=dict(ENV, GITHUB_STEP_SUMMARY=""), status=0)
    check("an empty GITHUB_STEP_SUMMARY is none", open(summary, encoding="utf-8").read() == text)
    p = iosr("compare", "--step-summary", os.path.join(tmp, "no", "such", "dir.md"), *SEEDS[3],
             status=1)
    check("a step summary that cannot be appended to is an error naming it",
          b"cannot append the step summary to" in p.stderr and b"dir.md" in p.stderr, p.stderr)
    if cmark:
        html = subprocess.run([cmark, "-e", "table"], input=text.encode(),
                              capture_output=True).stdout.decode()
        check("the step summary renders as GitHub does: its tables are tables",
              html.count("<table>") >= 2 and "<p>Gate tripped: 2 of 6 entries" in html, html[:500])
    # A comparison whose tables pass GitHub's 1 MiB: a generated composite.xml of 6000 tests.
    big = os.path.join(tmp, "big.xml")
    systems = ["none", "mq-deadline", "kyber", "bfq"]
    with open(big, "w") as f:
        f.write("<?xml version=\"1.0\"?>\n<PhoronixTestSuite><Generated><Title>big</Title>"
                "</Generated>")
        for s in systems:
            f.write(f"<System><Identifier>{s}</Identifier></System>")
        for t in range(6000):
            f.write(f"<Result><Title>Test {t}</Title><Description>Option: {t} - Size: large"
                    "</Description><Scale>MB/s</Scale><Proportion>HIB</Proportion>"
                    "<DisplayFormat>BAR_GRAPH</DisplayFormat><Data>")
            for k, s in enumerate(systems):
                f.write(f"<Entry><Identifier>{s}</Identifier><Value>{100 + k + t % 7}</Value>"
                        "</Entry>")
            f.write("</Data></Result>")
        f.write("</PhoronixTestSuite>\n")
    cut = os.path.join(tmp, "cut.md")
    iosr("compare", "--step-summary", cut, "-o", "/dev/null", big, status=0)
    text = open(cut, encoding="utf-8").read()
    check("a step summary stays within GitHub's 1 MiB", len(text.encode()) <= 1024 * 1024,
          len(text.encode()))
    check("... keeping the summary table and saying what is left out",
          "## Summary" in text and "The per-test tables (" in text and
          "GitHub shows at most 1 MiB" in text, text[-400:])

# ---- The executive summary --------------------------------------------------------------------

NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?(?:e[-+]?\d+)?%?")


def numbers(text):
    return set(NUMBER.findall(text))


for paths in INPUTS:
    name = short(paths)
    # Unwrapped (COLUMNS=1000), so that no number is split across lines.
    prose = iosr("compare", "--format", "executive-summary", *paths,
                 env=dict(ENV, COLUMNS="1000"), status=0).stdout.decode()
    check(f"{name}: the executive summary says something", prose.strip() != "")
    tables = "".join(iosr("compare", "--format", fmt, *paths, env=dict(ENV, COLUMNS="1000"),
                          status=0).stdout.decode() for fmt in ("md", "ascii"))
    # Headings and labels carry numbers of their own (`SQLite 3.30.1`, `Threads / Copies: 8`),
    # which the tables print too; every figure must be there, as the same text.
    # The prose says a delta's digits without their sign (`took 99.0% less time` for the tables'
    # `-99.0%`): a signed figure of the tables counts as its digits too.
    printed = numbers(tables)
    printed |= {n.lstrip("+-") for n in printed}
    extra = numbers(prose) - printed
    check(f"{name}: every number in the executive summary is in the tables", not extra,
          sorted(extra))

# PTS's executive-summary, recorded with the real PTS (pts-oracle.sh FILE summary): where it
# names the configuration with the most wins, iosr names it among those first most often; and
# its "fastest was N x the speed of the slowest" is iosr's best geometric mean against the
# slowest as the baseline.
reference = os.path.join(FIXTURES, "executive-summary")
for ref in sorted(os.listdir(reference)):
    if not ref.endswith(".pts.txt"):
        continue
    pts = open(os.path.join(reference, ref), encoding="utf-8").read()
    xml = os.path.join(CORPUS, ref[:-len(".pts.txt")] + ".xml")
    check(f"{ref}: its corpus file is in the repository", os.path.exists(xml))
    wins = re.search(r"^(.+) had the most wins", pts, re.M)
    if not wins:
        check(f"{ref}: PTS declined only for too few tests or results",
              "Not enough" in pts, pts)
        continue
    prose = iosr("compare", "--format", "executive-summary", xml,
                 env=dict(ENV, COLUMNS="1000"), status=0).stdout.decode()
    leaders = re.match(r"(.+?) came first most often", prose).group(1)
    check(f"{ref}: PTS's most wins ({wins.group(1)}) is iosr's first most often ({leaders})",
          wins.group(1) in re.split(r", | and ", leaders))
    speed = re.search(r"the fastest \((.+)\) was ([\d.]+)x the speed of the slowest \((.+)\)", pts)
    if speed:
        fastest, times, slowest = speed.groups()
        prose = iosr("compare", "--format", "executive-summary", "--baseline", slowest, xml,
                     env=dict(ENV, COLUMNS="1000"), status=0).stdout.decode()
        check(f"{ref}: against {slowest}, {fastest} is best at PTS's {times}",
              re.search(rf"\) is {re.escape(fastest)} {re.escape(times)}\d* ", prose), prose[:600])

for f in failures:
    print("FAIL", f)
print(f"ci reports: {checks} checks, {len(failures)} failed")
sys.exit(1 if failures else 0)
