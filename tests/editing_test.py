# SPDX-License-Identifier: MIT
"""`iosr merge` and `iosr edit` against what the real PTS made of the same inputs
(docs/editing.md). tests/fixtures/editing/ holds, per case, the composite.xml PTS saved
(NAME.pts.xml) and PTS's result-file-to-text of it at width 79 (NAME.pts.txt); CI has no PTS.
Each case checks that iosr's output holds the model of PTS's file and that its `--to pts-text`
equals PTS's text. Then: `iosr compare merged.xml` against `iosr compare A B C`, and the errors.

    editing_test.py IOSR FIXTURES            the test
    editing_test.py IOSR FIXTURES --record   rewrites the fixtures with PTS (pts-oracle.sh,
                                             PTS_ORACLE overrides its path) and counts on how
                                             many cases PTS's text of iosr's file equals PTS's
                                             text of its own
"""
import json
import os
import subprocess
import sys
import tempfile

IOSR, FIXTURES = sys.argv[1], sys.argv[2]
RECORD = "--record" in sys.argv[3:]
ORACLE = os.environ.get("PTS_ORACLE", "/work/shared/tools/pts-oracle.sh")
HERE = os.path.join(FIXTURES, "editing")

X = "corpus/xml/"
S = "samples/"
OS_BASE = X + "pts-10.8.4_osbench_base-vs-fwrapv.xml"
OS_CLEAR = X + "pts-8.0.1_clearlinux_osbench_date-identifier_mixed-units.xml"
SQLITE20 = X + "pts-10.8.4_sqlite_20-systems.xml"
ZSTD20 = X + "pts-10.8.4_compress-zstd_20-systems_14-results.xml"
NEWGVN = X + "pts-10.8.4_newgvn_126-results_empty-values-and-errors.xml"
RPI_DISK = X + "pts-5.2.1_rpi4_disk-suite_sqlite-fsmark-dbench-compilebench-postmark.xml"
RPI_PG = X + "pts-5.2.1_rpi4_pgbench-postmark-mixed-units.xml"
RPI_TIO = X + "pts-5.2.1_rpi4_tiobench-dbench-postmark-mixed.xml"
OLD1 = X + "pts-0.1.0_2008_encode-ogg_single-run_benchmark-first.xml"
OLD2 = X + "pts-0.1.0_2008_encode-ogg_two-identifiers_merged.xml"
SPARSE = X + "pts-8.2.0_two-systems_sparse-entries.xml"
VMWARE = X + "pts-10.8.5_vmware_memory_system-without-entries.xml"
PJD = X + "pts-8.2.0_gce_pjdfstest_pass-fail.xml"
BLOG = X + "pts-8.0.1_gce_blogbench_persistentdisk.xml"
ZIP7 = X + "pts-5.6.0_ec2-large_7zip_10-systems.xml"
STREAM = X + "pts-5.6.0_ec2-micro_stream_10-systems.xml"
SCH = X + "pts-8.0.1_docker_schbench_42-results.xml"
ARM = X + "pts-10.8.6_arm64-neoverse-n1_ci-capture.xml"
TIO64 = X + "pts-5.6.0_ec2-large_tiobench_64-results.xml"
BFQ, NONE, WAY3 = S + "iosched-bfq-only.xml", S + "iosched-none-only.xml", S + "iosched-3way.xml"

# name, inputs, PTS's arguments after the first input, iosr's command and options.
MERGES = [
    ("merge-two-schedulers", [BFQ, NONE]),
    ("merge-three-one-colliding", [BFQ, NONE, WAY3]),
    ("merge-same-file-twice", [WAY3, WAY3]),
    ("merge-disjoint-tests", [SQLITE20, ZSTD20]),
    ("merge-osbench-other-versions", [OS_BASE, OS_CLEAR]),
    ("merge-2008-layout", [OLD1, OLD2]),
    ("merge-failed-entries", [NEWGVN, OS_BASE]),
    ("merge-rpi4-three-suites", [RPI_DISK, RPI_PG, RPI_TIO]),
    ("merge-sparse-and-no-entries", [SPARSE, VMWARE]),
    ("merge-pass-fail-and-blogbench", [PJD, BLOG]),
    ("merge-ec2-7zip-stream", [ZIP7, STREAM]),
    ("merge-schbench-arm64", [SCH, ARM]),
]
MERGE_CASES = [(name, inputs, ["merge"] + [None] * (len(inputs) - 1), ["merge"])
               for name, inputs in MERGES]

EDITS = [
    ("edit-rename", WAY3, ["rename-identifier-in-result-file", "bfq", "BFQ (default)"],
     ["--rename", "bfq=BFQ (default)"]),
    ("edit-remove-runs", SQLITE20, None, None),  # filled below: needs identifiers
    ("edit-extract", ZSTD20, None, None),
    ("edit-reorder", WAY3, ["reorder-result-file", "None", "mq-deadline", "bfq"],
     ["--order", "None,mq-deadline,bfq"]),
    ("edit-keep-results", TIO64, ["keep-results-in-result-file", "Random Write", "y"],
     ["--filter", "Random Write"]),
    ("edit-remove-results", RPI_DISK, ["remove-results-from-result-file", "PostMark", "y"],
     ["--exclude", "PostMark"]),
    ("edit-sort-identifier", SQLITE20, ["auto-sort-result-file"], ["--sort-by", "identifier"]),
    ("edit-sort-date", ZSTD20, ["auto-sort-result-file"], ["--sort-by", "date"]),
    ("edit-title-description", WAY3, ["edit-result-file", "Schedulers on a 980 PRO", "bfq, mq-deadline and none, merged."],
     ["--title", "Schedulers on a 980 PRO", "--description", "bfq, mq-deadline and none, merged."]),
    ("edit-failed-entries-removed-run", S + "quirks.xml", None, None),
]

# PTS 10.8 reads neither identifiers nor charts from the 2008 layout (its merge holds two
# nameless systems and no chart); iosr reads them. There the check is that PTS reads iosr's
# merged file as iosr writes it: NAME.pts-of-iosr.txt is PTS's text of iosr's file.
PTS_CANNOT_READ = {"merge-2008-layout"}

failures = []


def fail(message):
    failures.append(message)
    print("FAIL:", message)


def run(args, **kw):
    return subprocess.run(args, capture_output=True, **kw)


def fixture(path):
    return os.path.join(FIXTURES, path)


def identifiers(path):
    out = run([IOSR, "convert", "--to", "json", fixture(path)], check=True).stdout
    return [s["label"] for s in json.loads(out)["systems"]]


def complete_edits():
    cases = []
    for name, path, pts, ours in EDITS:
        if name == "edit-remove-runs":
            ids = identifiers(path)
            pts, ours = ["remove-run-from-result-file", ",".join(ids[2:4])], ["--remove", ",".join(ids[2:4])]
        elif name == "edit-extract":
            ids = identifiers(path)
            pts, ours = ["extract-from-result-file", ",".join(ids[0:3])], ["--only", ",".join(ids[0:3])]
        elif name == "edit-failed-entries-removed-run":
            ids = identifiers(path)
            pts, ours = ["remove-run-from-result-file", ids[0]], ["--remove", ids[0]]
        cases.append((name, [path], ["edit"] + pts, ["edit"] + ours))
    return cases


CASES = MERGE_CASES + complete_edits()


def iosr_command(inputs, ours, extra):
    return [IOSR, ours[0]] + [fixture(p) for p in inputs] + ours[1:] + extra


def pts_command(inputs, pts):
    if pts[0] == "merge":
        return [ORACLE, fixture(inputs[0]), "merge"] + [fixture(p) for p in inputs[1:]]
    return [ORACLE, fixture(inputs[0])] + pts


def pts_text(xml_path):
    return run([ORACLE, "--width", "79", xml_path, "text"], check=True).stdout


def model(xml_path, pts_edited=False):
    """The model iosr reads from a composite.xml, without what tells two saves apart: when and
    by what it was written, where it was read from, positions, warnings, JSON as spelled (PTS
    re-encodes it), and arguments' outer blanks (PTS adds one; its identity trims them)."""
    out = run([IOSR, "convert", "--to", "json", xml_path], check=True).stdout
    doc = json.loads(out)
    for key in ("source", "last_modified", "test_client", "warnings"):
        doc.pop(key, None)

    def parsed(text):
        try:
            return json.loads(text) if text else text
        except ValueError:
            return text

    for s in doc["systems"]:
        s.pop("where", None)
        s["json"] = parsed(s["json"])
    for r in doc["results"]:
        r.pop("where", None)
        r["arguments"] = r["arguments"].strip()
        # PTS's editing commands load test profiles, and write none it does not have
        # (pts/example-small-1.0.0); iosr keeps the test profile as read.
        if pts_edited:
            r.pop("test_id", None)
        for e in r["entries"]:
            e.pop("where", None)
            e["json"] = parsed(e.get("json", ""))
    return doc


def record():
    os.makedirs(HERE, exist_ok=True)
    same = valid = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, inputs, pts, ours in CASES:
            env = dict(os.environ, SORT_BY="date") if name == "edit-sort-date" else None
            res = run(pts_command(inputs, pts), env=env)
            if res.returncode != 0:
                print(f"{name}: PTS failed: {res.stderr.decode(errors='replace')}")
                continue
            xml = os.path.join(HERE, name + ".pts.xml")
            with open(xml, "wb") as f:
                f.write(res.stdout)
            with open(os.path.join(HERE, name + ".pts.txt"), "wb") as f:
                f.write(pts_text(xml))
            mine = os.path.join(tmp, name + ".xml")
            made = run(iosr_command(inputs, ours, ["-o", mine, "--force"]))
            if made.returncode != 0:
                print(f"{name}: iosr failed: {made.stderr.decode(errors='replace')}")
                continue
            if name in PTS_CANNOT_READ:
                with open(os.path.join(HERE, name + ".pts-of-iosr.txt"), "wb") as f:
                    f.write(pts_text(mine))
            equal = pts_text(mine) == pts_text(xml)
            same += equal
            valid += b"The result file is Valid." in run([ORACLE, mine, "validate"]).stdout
            print(f"{name}: PTS's text of iosr's file {'equals' if equal else 'DIFFERS from'} its own")
    print(f"{same} of {len(CASES)} cases: PTS's text of iosr's file equals PTS's text of its own")
    print(f"{valid} of {len(CASES)} of iosr's files valid to PTS's validate-result-file")


def check_cases(tmp):
    for name, inputs, pts, ours in CASES:
        xml = os.path.join(HERE, name + ".pts.xml")
        if not os.path.exists(xml):
            fail(f"{name}: no fixture {xml} (run with --record where PTS is)")
            continue
        mine = os.path.join(tmp, name + ".xml")
        made = run(iosr_command(inputs, ours, ["-o", mine]))
        if made.returncode != 0:
            fail(f"{name}: iosr exited {made.returncode}: {made.stderr.decode(errors='replace')}")
            continue
        if name in PTS_CANNOT_READ:
            if model(xml)["results"]:
                fail(f"{name}: PTS's merge holds charts: the case no longer shows a difference")
            text = run(iosr_command(inputs, ours, ["--to", "pts-text"]))
            with open(os.path.join(HERE, name + ".pts-of-iosr.txt"), "rb") as f:
                if not text.stdout or text.stdout != f.read():
                    fail(f"{name}: iosr's --to pts-text differs from PTS's text of iosr's file")
            continue
        edited = pts[0] == "edit"
        if model(mine, edited) != model(xml, edited):
            a, b = model(mine, edited), model(xml, edited)
            for key in a:
                if a.get(key) != b.get(key):
                    fail(f"{name}: the model differs from PTS's file in '{key}'")
                    break
        text = run(iosr_command(inputs, ours, ["--to", "pts-text"]))
        with open(os.path.join(HERE, name + ".pts.txt"), "rb") as f:
            if text.stdout != f.read():
                fail(f"{name}: iosr's --to pts-text differs from PTS's text of its file")


def compare_rows(args):
    """What `iosr compare` says of each entry, keyed by test and label (not by input, which is
    what a merge changes)."""
    res = run([IOSR, "compare", "--format", "json", "--group-by", "group"] + args, check=True)
    rows = {}
    for r in json.loads(res.stdout)["rows"]:
        key = (r["result_title"], r["version"], r["description"], r["unit"], r["label"])
        rows[key] = {k: r[k] for k in ("value", "baseline_label", "delta_pct", "ratio", "rank",
                                       "p_value", "p_adjusted", "n", "runs", "standard_error",
                                       "delta_ci_low", "delta_ci_high", "noise")}
        if rows[key]["baseline_label"]:
            rows[key]["baseline_label"] = rows[key]["baseline_label"].split(": ")[-1]
    return rows


def check_compare(tmp):
    way3 = fixture(WAY3)
    singles = []
    for system in ("None", "bfq", "mq-deadline"):
        single = os.path.join(tmp, system + ".xml")
        run([IOSR, "edit", way3, "--only", system, "-o", single], check=True)
        singles.append(single)
    merged = os.path.join(tmp, "compare-merged.xml")
    run([IOSR, "merge"] + singles + ["-o", merged], check=True)
    apart, together = compare_rows(singles), compare_rows([merged])
    if not apart or apart != together:
        fail(f"iosr compare merged.xml differs from iosr compare A B C:\n{apart}\n{together}")
    if together != compare_rows([way3]):
        fail("iosr compare of the merged extracts differs from that of the file they came from")


def check_errors(tmp):
    out = os.path.join(tmp, "err.xml")
    cases = [
        (["edit", fixture(WAY3), "--rename", "kyber=K", "-o", out], 2, "'kyber' names no system"),
        (["edit", fixture(WAY3), "--only", "bfq,Kyber", "-o", out], 2, "'Kyber' names no system"),
        (["edit", fixture(WAY3), "--filter", "NoSuchTest", "-o", out], 2, "matches no chart"),
        (["edit", fixture(WAY3), "--exclude", "(", "-o", out], 2, "is not a regular expression"),
        (["edit", fixture(WAY3), "--sort-by", "size", "-o", out], 2, "is not one of identifier or date"),
        (["edit", fixture(WAY3), "--rename", "bfq=None", "-o", out], 2, "already"),
        (["edit", fixture(WAY3), "--rename", "bfq", "-o", out], 2, "is not OLD=NEW"),
        (["merge", fixture(WAY3), "-o", out], 2, "at least two"),
        (["merge", fixture(WAY3), os.path.join(tmp, "missing.xml"), "-o", out], 1, "missing.xml"),
        (["edit", fixture(WAY3), "--to", "svg", "-o", out], 2, "unknown format"),
        (["edit", fixture(WAY3), "--remove", "bfq,None,mq-deadline", "-o", out], 2, "leave no system"),
        (["edit", fixture(WAY3), "--remove", "bfq", "--remove", "bfq", "-o", out], 2, "'bfq' names no system"),
    ]
    for args, code, says in cases:
        res = run([IOSR] + args)
        err = res.stderr.decode(errors="replace")
        if res.returncode != code or says not in err:
            fail(f"iosr {' '.join(args[:1] + args[2:])}: exit {res.returncode} ({err.strip()}), "
                 f"expected {code} saying '{says}'")
        if os.path.exists(out):
            fail(f"iosr {args[0]}: wrote {out} on an error")
            os.remove(out)
    # An existing output is refused without --force, and kept as it was.
    with open(out, "w") as f:
        f.write("mine")
    res = run([IOSR, "merge", fixture(BFQ), fixture(NONE), "-o", out])
    if res.returncode != 1 or open(out).read() != "mine":
        fail("merge -o EXISTING without --force replaced it")
    res = run([IOSR, "merge", fixture(BFQ), fixture(NONE), "-o", out, "--force"])
    if res.returncode != 0 or "<PhoronixTestSuite>" not in open(out).read():
        fail("merge -o EXISTING --force did not write it")
    # Files that share nothing merge, and say so.
    res = run([IOSR, "merge", fixture(SQLITE20), fixture(ZSTD20), "-o", os.devnull])
    if res.returncode != 0 or b"share no test" not in res.stderr:
        fail(f"a merge of files that share no test: {res.returncode} {res.stderr!r}")
    # Collisions: said, and renamed with --prefix-collisions, entries too.
    res = run([IOSR, "merge", fixture(WAY3), fixture(BFQ), "--prefix-collisions", "--to", "json"])
    doc = json.loads(res.stdout)
    labels = [s["label"] for s in doc["systems"]]
    if labels != ["mq-deadline", "bfq", "None", "iosr sample: bfq only: bfq"] or \
            b"renamed 'iosr sample: bfq only: bfq'" not in res.stderr:
        fail(f"--prefix-collisions: {labels} {res.stderr!r}")
    entry_labels = {e["label"] for r in doc["results"] for e in r["entries"]}
    if entry_labels != set(labels):
        fail(f"--prefix-collisions: entries name {entry_labels}, systems {labels}")
    # --intersect keeps the charts of every file; operations apply in the order given.
    res = run([IOSR, "merge", fixture(RPI_DISK), fixture(RPI_TIO), "--intersect", "--to", "json"])
    titles = {r["title"] for r in json.loads(res.stdout)["results"]}
    if not titles or b"--intersect left out" not in res.stderr:
        fail(f"--intersect: {titles} {res.stderr!r}")
    res = run([IOSR, "edit", fixture(WAY3), "--rename", "bfq=B", "--order", "B,None", "--to", "json"])
    labels = [s["label"] for s in json.loads(res.stdout)["systems"]] if res.returncode == 0 else None
    if labels != ["B", "None", "mq-deadline"]:
        fail(f"--rename then --order: {labels} {res.stderr!r}")
    res = run([IOSR, "edit", fixture(WAY3), "--order", "B,None", "--rename", "bfq=B"])
    if res.returncode != 2:
        fail("--order naming a system a later --rename makes was accepted")
    # A text export merged with a composite.xml: what each holds, nothing invented.
    text = os.path.join(os.path.dirname(FIXTURES.rstrip("/")), "..", "data", "text",
                        "002_236e153a66cd3c9d.txt")
    res = run([IOSR, "merge", text, fixture(WAY3), "--to", "json"])
    if res.returncode != 0:
        fail(f"merge of a text export and a composite.xml: {res.stderr!r}")
    else:
        doc = json.loads(res.stdout)
        runs = [e for r in doc["results"] for e in r["entries"] if e.get("samples")]
        systems = {s["label"] for s in doc["systems"]}
        if len(doc["systems"]) != 13 or not runs or "bfq" not in systems:
            fail(f"text + xml merge: {len(doc['systems'])} systems, {len(runs)} entries with runs")
        text_entries = [e for r in doc["results"] for e in r["entries"]
                        if e["label"].startswith("WD5000AZRX") and e.get("samples")]
        if text_entries:
            fail("runs invented for a text export's entries")


def check_formats(tmp):
    """PTS's CSV and JSON exports merged with a composite.xml: every system and chart of each,
    and only what each format carries (a CSV gives no runs and no run dates)."""
    csv = fixture("corpus/csv/pts-5.6.0_ec2-large_7zip_10-systems.csv")
    pts_json = fixture("corpus/json/pts-10.8.4_osbench_base-vs-fwrapv.json")
    inputs = [csv, pts_json, fixture(WAY3)]
    res = run([IOSR, "merge"] + inputs + ["--to", "json"])
    if res.returncode != 0:
        fail(f"merge of CSV, JSON and XML: {res.stderr!r}")
        return
    merged = json.loads(res.stdout)
    counts = [json.loads(run([IOSR, "convert", "--to", "json", p], check=True).stdout) for p in inputs]
    if len(merged["systems"]) != sum(len(c["systems"]) for c in counts) or \
            len(merged["results"]) != sum(len(c["results"]) for c in counts):
        fail("merge of CSV, JSON and XML: systems or charts missing")
    from_csv = {s["label"] for s in counts[0]["systems"]}
    for s in merged["systems"]:
        if s["label"] in from_csv and s["timestamp"]:
            fail(f"a run date invented for the CSV's system {s['label']}")
    for r in merged["results"]:
        for e in r["entries"]:
            if e["label"] in from_csv and e.get("samples"):
                fail(f"runs invented for the CSV's entry {e['label']}")


def main():
    if RECORD:
        record()
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        check_cases(tmp)
        check_compare(tmp)
        check_errors(tmp)
        check_formats(tmp)
    print(f"{len(CASES)} cases against PTS; {len(failures)} failures")
    return 1 if failures else 0


sys.exit(main())
