#!/usr/bin/env python3
"""PTS's result-graphs folders read back against the composite.xml they were drawn from
(docs/pts-graphs.md).

Each pair is a folder holding composite.xml and result-graphs/ (PTS drew the graphs when it saved
the result, or `phoronix-test-suite refresh-graphs` redrew them: tests/tools/pts_graphs.py).
iosr reads both; every chart of the folder must be the XML's result of the same number (title,
version, description, unit, direction, as far as the folder tells them), every entry an entry of
it (label; the value as written where a table gives it, else within the graph's rounding, 0.5 in
its last decimal; SE within its printed rounding, N exactly), and every entry of the XML with a
value above 0 must be read or named by a warning.

  pts_graphs_test.py IOSR FOLDER...   each FOLDER a pair, or a directory of pairs (CTest
                                      pts_graphs.pairs); prints per pair: entries exact, within
                                      rounding, not read (named by a warning), wrong
"""
import math
import os
import sys

from converted import decimals, read

# What the real files differ in for reasons of their own, by pair (the directory's name): their
# owner edited composite.xml after PTS drew the graphs (the label of one system of chart 1).
RENAMED = {"thinkpad-t495s-cpu": {1: {"Thinkpad T495s": "Thinkpad T495s CPU"}}}


def standard_error(samples):
    values = [float(s) for s in samples]
    if len(values) < 2:
        return 0.0
    mean = sum(values) / len(values)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
    return sd / math.sqrt(len(values))


def overview_only(graphs, chart):
    row = f"'{chart['title']}: {chart['description']}'" if chart["description"] else \
        f"'{chart['title']}:'"
    return any(w["code"] == "pts-graph-unit-unknown" and row in w["message"]
               for w in graphs["warnings"])


def short_name(result):
    base = (result.get("test_id") or "").split("/")[-1]
    parts = base.split("-")
    while parts and parts[-1].replace(".", "").isdigit():
        parts.pop()
    return "-".join(parts) or result["title"]


def same_values(result, chart):
    stored = {}
    for e in result["entries"]:
        stored.setdefault(e["label"], set()).add(e["value_text"])
    return all(e["value_text"] in stored.get(e["label"], ()) for e in chart["entries"])


def heading(chart):
    return (chart["title"] + " " + chart["version"]).strip()


def compare(name, graphs, xml):
    """(counts, problems): entries exact / rounded / unread, and what is wrong."""
    counts = {"exact": 0, "rounded": 0, "unread": 0, "split": 0}
    problems = []
    messages = " ".join(w["message"] for w in graphs["warnings"])
    results = xml["results"]
    renamed = RENAMED.get(name, {})
    for chart in graphs["results"]:
        # A chart is the XML's result of its number when the folder has a graph or a table of
        # it: the first XML result of its title and description not taken yet.
        match = next((r for r in results if not r.get("_taken") and r["title"] == chart["title"]
                      and r["description"] == chart["description"]), None)
        split = [w for w in graphs["warnings"] if w["code"] == "pts-graph-heading-split"
                 and f"'{heading(chart)}'" in w["message"]]
        if match is None and split:
            # Without its table a graph's heading is told apart at its last word, said by a
            # warning: the XML's title and version make the same heading.
            match = next((r for r in results if not r.get("_taken") and heading(r) == heading(chart)
                          and r["description"] == chart["description"]), None)
            if match is not None:
                counts["split"] += 1
                chart = dict(chart, title=match["title"], version=match["version"])
        if match is None and overview_only(graphs, chart):
            # A result only the overview gives: named by its test profile's short name and its
            # options (shortened from PTS 9.6), its values as PTS stored them.
            match = next((r for r in results if not r.get("_taken")
                          and short_name(r) == chart["title"] and same_values(r, chart)), None)
        if match is None:
            problems.append(f"chart {chart['title']!r} ({chart['description']}) is not in the XML")
            continue
        match["_taken"] = True
        key = f"{chart['title']!r} ({chart['description']})"
        number = results.index(match) + 1
        for field in ("version", "unit", "direction"):
            if chart[field] and chart[field] != match[field]:
                problems.append(f"chart {key} {field}: {chart[field]!r}, XML {match[field]!r}")
        by_label = {}
        for e in match["entries"]:
            label = e["label"]
            for old, new in renamed.get(number, {}).items():
                label = old if label == new else label
            by_label.setdefault(label, []).append(e)
        for e in chart["entries"]:
            same = by_label.pop(e["label"], None)
            if same is None:
                problems.append(f"chart {key}: entry {e['label']!r} is not in the XML")
                continue
            # A label given twice in one chart: PTS's tables show the last, its graphs the first.
            w = next((x for x in same if x["value_text"] == e["value_text"]), same[0])
            if e["value_text"] == w["value_text"]:
                counts["exact"] += 1
            else:
                step = 0.5 * 10 ** -decimals(e["value_text"])
                if w.get("value") is None or abs(e["value"] - w.get("value")) > step * (1 + 1e-9) + 1e-12:
                    problems.append(f"chart {key} {e['label']!r}: {e['value_text']}, XML "
                                    f"{w['value_text']}")
                    continue
                counts["rounded"] += 1
            if e.get("sample_count") is not None and w.get("samples"):
                if e["sample_count"] != len(w["samples"]):
                    problems.append(f"chart {key} {e['label']!r}: N {e['sample_count']}, XML "
                                    f"{len(w['samples'])}")
            if e.get("standard_error") is not None and len(w.get("samples") or []) > 1:
                se = standard_error(w["samples"])
                if abs(e["standard_error"] - se) > 0.005 * (1 + 1e-9) + 1e-9 * abs(se):
                    problems.append(f"chart {key} {e['label']!r}: SE {e['standard_error']}, "
                                    f"runs give {se:.4f}")
        for label, same in by_label.items():
            w = same[0]
            if w["kind"] == "failed" or w.get("value") is None or w.get("value") <= 0:
                continue
            if label in messages or key in messages or chart["title"] in messages:
                counts["unread"] += 1
            else:
                problems.append(f"chart {key}: entry {label!r} of the XML is not read")
    for r in results:
        drawn = [e for e in r["entries"] if e["kind"] != "failed" and (e.get("value") or 0) > 0]
        if r.get("_taken") or not drawn:
            continue
        if r["title"] in messages or r["description"] in messages or "not read" in messages:
            counts["unread"] += len(drawn)
        else:
            problems.append(f"result {r['title']!r} ({r['description']}) of the XML is not read")
    return counts, problems


def pairs_in(path):
    if os.path.isdir(os.path.join(path, "result-graphs")):
        return [path]
    found = []
    for name in sorted(os.listdir(path)):
        found += pairs_in(os.path.join(path, name)) if os.path.isdir(os.path.join(path, name)) \
            else []
    return found


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    iosr = sys.argv[1]
    pairs = [p for arg in sys.argv[2:] for p in pairs_in(arg)]
    if not pairs:
        print("no pairs found")
        return 1
    total = {"exact": 0, "rounded": 0, "unread": 0, "split": 0, "wrong": 0}
    failed = False
    for pair in pairs:
        name = os.path.basename(os.path.normpath(pair))
        xml, why = read(iosr, os.path.join(pair, "composite.xml"))
        graphs, why2 = read(iosr, os.path.join(pair, "result-graphs"))
        if xml is None or graphs is None:
            print(f"refused   {pair}: {why or why2}")
            failed = True
            continue
        counts, problems = compare(name, graphs, xml)
        total["wrong"] += len(problems)
        for k, v in counts.items():
            total[k] += v
        print(f"{'wrong' if problems else 'ok':7} {pair}: {counts['exact']} exact, "
              f"{counts['rounded']} within rounding, {counts['unread']} not read (warned)" +
              (f", {counts['split']} headings split otherwise (warned)" if counts["split"] else ""))
        for p in problems[:10]:
            print(f"    {p}")
        failed |= bool(problems)
    print(f"{len(pairs)} pairs: {total['exact']} exact, {total['rounded']} within rounding, "
          f"{total['unread']} not read (warned), {total['split']} headings split otherwise "
          f"(warned), {total['wrong']} wrong")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
