#!/usr/bin/env python3
"""PTS's HTML export read back against the composite.xml it was made from (docs/pts-html.md).

Each pair is NAME.html (made by `phoronix-test-suite result-file-to-html` from NAME.xml) and
NAME.xml. iosr reads both; every chart of the page must be a chart of the XML (title, version,
description, unit, direction), every bar an entry of it (label; the value within the rounding the
graph prints, 0.5 in its last decimal; SE within the rounding of `SE +/- X` and N exactly), and
every system of the XML must be on the page with the same hardware, software and scheduler.
What the page leaves out must be what PTS leaves out: failed runs (no value) and charts PTS draws
in a form the reader does not read, each named by a warning.

  pts_html_test.py IOSR HTML_DIR XML_DIR... the committed exports, each beside the XML of the
                                           same name in one of XML_DIRs (CTest pts_html.pairs)
  pts_html_test.py IOSR --make XML...      a developer's run: make each export with the real
                                           PTS (pts-oracle.sh, PTS_ORACLE overrides its path)
                                           and report exact / within rounding / refused
"""
import math
import os
import subprocess
import sys
import tempfile

from converted import decimals, read

ORACLE = os.environ.get("PTS_ORACLE", "/work/shared/tools/pts-oracle.sh")


def compare(html, xml, page):
    """Problems (a list of texts) and whether every value was equal as written."""
    problems, exact = [], True
    xml_systems = {s["label"]: s for s in xml["systems"]}
    html_systems = {s["label"]: s for s in html["systems"]}
    for label, s in xml_systems.items():
        if not any(r for r in xml["results"] for e in r["entries"] if e["label"] == label):
            continue  # PTS's table leaves out a system without results
        h = html_systems.get(label)
        if h is None:
            problems.append(f"system {label!r} is not on the page")
            continue
        for part in ("hardware", "software"):
            want = {f["key"]: f["value"].strip() for f in s[part] if f["value"].strip()}
            got = {f["key"]: f["value"] for f in h[part]}
            for key, value in want.items():
                if key in got and got[key] != value:
                    problems.append(f"system {label!r} {key}: {got[key]!r}, XML {value!r}")
        # Some exports print the system notes without their headings: no scheduler then.
        told = h["scheduler"] or "Disk Details" in page
        if s["scheduler"] and told and h["scheduler"] != s["scheduler"]:
            problems.append(f"system {label!r} scheduler {h['scheduler']!r}, XML {s['scheduler']!r}")
    not_read = [w["message"] for w in html["warnings"] if w["code"] == "pts-html-chart-not-read"]
    pending = list(xml["results"])
    for chart in html["results"]:
        key = (chart["title"], chart["description"])
        while pending and (pending[0]["title"], pending[0]["description"]) != key:
            skipped = pending.pop(0)
            named = f"'{skipped['title']}' ({skipped['description']})"
            drawn = [e for e in skipped["entries"] if e["kind"] != "failed"]
            if drawn and not any(named in m for m in not_read):
                problems.append(f"chart {named} of the XML is missing from the page's read")
        if not pending:
            problems.append(f"chart {key} is not in the XML")
            continue
        want = pending.pop(0)
        for field in ("version", "unit", "direction"):
            if chart[field] != want[field]:
                problems.append(f"chart {key} {field}: {chart[field]!r}, XML {want[field]!r}")
        by_label = {}
        for e in want["entries"]:
            by_label.setdefault(e["label"], []).append(e)
        for e in chart["entries"]:
            same = by_label.pop(e["label"], None)
            if same is None:
                problems.append(f"chart {key}: bar {e['label']!r} is not in the XML")
                continue
            # A label given twice in one chart: PTS draws the first.
            w = same[0]
            if e["kind"] == "failed" or w["kind"] == "failed":
                if e["kind"] != w["kind"]:
                    problems.append(f"chart {key} {e['label']!r}: kind {e['kind']}, XML {w['kind']}")
                continue
            step = 0.5 * 10 ** -decimals(e["value_text"])
            if abs(e["value"] - w["value"]) > step * (1 + 1e-9) + 1e-12 * abs(w["value"]):
                problems.append(f"chart {key} {e['label']!r}: {e['value_text']}, XML {w['value_text']}")
            elif float(e["value_text"]) != float(w["value_text"]):
                exact = False
            if e.get("sample_count") is not None:
                if e["sample_count"] != w["sample_count"]:
                    problems.append(f"chart {key} {e['label']!r}: N {e['sample_count']}, XML {w['sample_count']}")
                se_step = 0.5 * 10 ** -max(2, decimals(e["value_text"]))
                if abs(e["standard_error"] - (w["standard_error"] or 0)) > se_step * (1 + 1e-9):
                    problems.append(f"chart {key} {e['label']!r}: SE {e['standard_error']}, XML {w['standard_error']}")
            elif (w.get("sample_count") or 0) > 1:
                problems.append(f"chart {key} {e['label']!r}: no SE, XML has N = {w['sample_count']}")
        for label, same in by_label.items():
            w = same[0]
            if w["kind"] != "failed" and w["value"] is not None and w["value"] > 0:
                if not any(label in m and m.startswith("chart") for m in
                           (x["message"] for x in html["warnings"])):
                    problems.append(f"chart {key}: bar {label!r} of the XML is not read")
    return problems, exact


def check_pair(iosr, html_path, xml_path):
    xml, why = read(iosr, xml_path)
    if xml is None:
        return "xml-refused", [why]
    html, why = read(iosr, html_path)
    if html is None:
        return "refused", [why]
    not_read = sum(w["code"] == "pts-html-chart-not-read" for w in html["warnings"])
    if not html["results"] and any(r["entries"] for r in xml["results"]):
        if not_read:
            return "refused", [f"{not_read} charts not read, none read"]
        return "export empty", []  # PTS drew no result (it reads none from the 2008 layout)
    with open(html_path, encoding="utf-8", errors="replace") as f:
        page = f.read()
    problems, exact = compare(html, xml, page)
    if problems:
        return "wrong", problems
    verdict = "exact" if exact else "within rounding"
    return verdict + (f", {not_read} charts not read" if not_read else ""), []


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    iosr = sys.argv[1]
    pairs = []
    tmp = tempfile.TemporaryDirectory()
    if sys.argv[2] == "--make":
        for xml_path in sys.argv[3:]:
            out = os.path.join(tmp.name, os.path.basename(xml_path) + ".html")
            with open(out, "w") as f:
                made = subprocess.run([ORACLE, xml_path, "html"], stdout=f, stderr=subprocess.DEVNULL)
            if made.returncode != 0:
                print(f"no export  {xml_path} (PTS failed)")
                continue
            pairs.append((out, xml_path))
    else:
        folder, xml_dirs = sys.argv[2], sys.argv[3:] or [sys.argv[2]]
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".html"):
                continue
            xmls = [os.path.join(d, name[:-5] + ".xml") for d in xml_dirs]
            xmls = [x for x in xmls if os.path.exists(x)]
            if not xmls:
                print(f"no XML for {name} in {' '.join(xml_dirs)}")
                return 1
            pairs.append((os.path.join(folder, name), xmls[0]))
        if not pairs:
            print(f"no pairs in {folder}")
            return 1
    counts, failed = {}, False
    for html_path, xml_path in pairs:
        verdict, problems = check_pair(iosr, html_path, xml_path)
        counts[verdict] = counts.get(verdict, 0) + 1
        print(f"{verdict:16} {os.path.basename(xml_path)}")
        for p in problems[:10]:
            print(f"    {p}")
        failed |= verdict in ("wrong", "xml-refused")
        # The committed pairs: every one read (the refused ones are said by name below).
        expected_refusals = {"multi-pass-fail.xml"}
        failed |= sys.argv[2] != "--make" and verdict == "refused" and \
            os.path.basename(xml_path) not in expected_refusals
    print(", ".join(f"{n} {v}" for v, n in sorted(counts.items())))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
