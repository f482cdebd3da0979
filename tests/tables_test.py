#!/usr/bin/env python3
"""Tables (docs/tables.md): every table iosr writes read back, and real tables people made read
as --from table says, against what they were made from.

  tables_test.py IOSR REPO   (CTest tables.round_trip)

1. Round trip. For each set of inputs, iosr writes its tables, reads them back and the values are
   the inputs': the tidy CSV (`convert --to csv`: labels, values, kinds, runs, SE and N equal,
   and the CSV written again from what was read is the same but for its `file` column), the
   comparison's CSV (`compare --format csv`) and its Markdown (`table`; `compare --format md` is
   the same text): every label and value equal as written, and the Markdown written again from
   what was read shows the same value in every cell.
2. Real tables. A course report's Markdown tables retyped from PTS (wild/tables/): every value
   read equals, as written, a value of the composite.xml files PTS saved in the same repository.
"""
import json
import os
import subprocess
import sys
import tempfile


def run(args, **kw):
    r = subprocess.run(args, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        raise SystemExit(f"failed ({r.returncode}): {' '.join(args)}\n{r.stderr}")
    return r.stdout


def entries(iosr, path, extra=()):
    """{(title, version, unit, label): [(value_text, kind)]} and the full entries by key."""
    doc = json.loads(run([iosr, "convert", path, "--to", "json", *extra]))
    out = {}
    for r in doc["results"]:
        for e in r["entries"]:
            key = (r["title"], r["version"], r["unit"], e["label"])
            out.setdefault(key, []).append(e)
    return out


def prefixed(inputs, label, path):
    return f"{os.path.basename(path)}: {label}" if len(inputs) > 1 else label


def original(iosr, inputs):
    out = {}
    for path in inputs:
        for (t, v, u, label), es in entries(iosr, path).items():
            out.setdefault((t, v, u, prefixed(inputs, label, path)), []).extend(es)
    return out


def values(es):
    return sorted((e["value_text"], e["kind"]) for e in es)


def check_same(name, want, got, problems, fields=()):
    for key, es in want.items():
        if key not in got:
            # The Markdown tells no version apart from the title: a heading `T 1.2` may read
            # back as title `T`, version `1.2`, or keep all of it as the title.
            alt = [k for k in got if (k[0] + " " + k[1]).strip() == (key[0] + " " + key[1]).strip()
                   and k[2:] == key[2:]]
            if not alt:
                problems.append(f"{name}: {key} not read back")
                continue
            key2 = alt[0]
        else:
            key2 = key
        if values(es) != values(got[key2]):
            problems.append(f"{name}: {key}: {values(got[key2])}, written from {values(es)}")
            continue
        for f in fields:
            a = sorted(json.dumps(e.get(f), sort_keys=True) for e in es)
            b = sorted(json.dumps(e.get(f), sort_keys=True) for e in got[key2])
            if a != b:
                problems.append(f"{name}: {key} {f}: {b}, written from {a}")
    extra = [k for k in got if k not in want and not any(
        (k[0] + " " + k[1]).strip() == (w[0] + " " + w[1]).strip() and k[2:] == w[2:] for w in want)]
    for k in extra:
        problems.append(f"{name}: {k} read back but never written")


def round_trip(iosr, inputs, tmp, problems):
    name = " ".join(os.path.basename(i) for i in inputs)
    want = original(iosr, inputs)
    # The tidy CSV: everything of an entry.
    tidy = os.path.join(tmp, "tidy.csv")
    with open(tidy, "w") as f:
        f.write(run([iosr, "convert", *inputs, "--to", "csv"]))
    got = entries(iosr, tidy)
    check_same(f"{name} (tidy CSV)", want, got, problems,
               fields=("samples", "standard_error", "sample_count", "error"))
    again = run([iosr, "convert", tidy, "--to", "csv"]).splitlines()
    first = open(tidy).read().splitlines()
    if len(again) != len(first):
        problems.append(f"{name} (tidy CSV): {len(again)} rows written again, {len(first)} first")
    else:
        for a, b in zip(first, again):
            if a.split(",", 1)[1:] != b.split(",", 1)[1:] and a.split(",", 1)[0] != "file":
                # Labels of several inputs read back as `FILE: LABEL` (docs/tables.md).
                if len(inputs) == 1:
                    problems.append(f"{name} (tidy CSV): written again as {b!r}, first {a!r}")
                    break
    # The comparison's CSV and Markdown: labels and values.
    for fmt, command in (("csv", ["compare", "--format", "csv"]), ("md", ["table"])):
        out = os.path.join(tmp, "table." + fmt)
        with open(out, "w") as f:
            f.write(run([iosr, *command, *inputs]))
        got = entries(iosr, out)
        check_same(f"{name} ({fmt})", want, got, problems)
        if fmt == "md":
            again = os.path.join(tmp, "again.md")
            with open(again, "w") as f:
                f.write(run([iosr, "table", out]))
            check_same(f"{name} (md written again)", got, entries(iosr, again), problems)
    return sum(len(es) for es in want.values())


def retyped(iosr, repo, problems):
    wild = os.path.join(repo, "tests", "fixtures", "wild", "tables")
    md = os.path.join(wild, "usap-s3437526_2020-11_rpi4_phoronix-results_md-tables_unit-in-test-column.md")
    stored = set()
    xml_dir = os.path.join(wild, "usap-s3437526-composite")
    for name in sorted(os.listdir(xml_dir)):
        for es in entries(iosr, os.path.join(xml_dir, name)).values():
            stored.update(e["value_text"] for e in es)
    got = entries(iosr, md, ["--from", "table", "--table", "test=Test", "--table", "unit=Test",
                             "--table", "value=Average result", "--table", "error=Standard error",
                             "--table", "runs=Runs", "--table", "configuration=Raspberry Pi 4"])
    read = [e for es in got.values() for e in es]
    for e in read:
        if e["value_text"] not in stored:
            problems.append(f"retyped table: {e['value_text']} is no value PTS stored")
    return len(read)


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    iosr, repo = sys.argv[1], sys.argv[2]
    f = lambda *p: os.path.join(repo, *p)  # noqa: E731
    sets = [
        [f("data", "xml", "iosched-3way.xml")],
        [f("tests", "fixtures", "samples", "seed002-rebuilt.xml")],
        [f("tests", "fixtures", "samples", "iosched-bfq-only.xml"),
         f("tests", "fixtures", "samples", "iosched-none-only.xml")],
        [f("data", "text", "000_1809f3a92cbbf2f4.txt")],
        [f("tests", "fixtures", "corpus", "xml", "pts-8.0.1_clearlinux_osbench_date-identifier_mixed-units.xml")],
        [f("tests", "fixtures", "corpus", "xml", "pts-10.8.4_osbench_base-vs-fwrapv.xml")],
    ]
    problems = []
    total = 0
    with tempfile.TemporaryDirectory() as tmp:
        for inputs in sets:
            total += round_trip(iosr, inputs, tmp, problems)
    n = retyped(iosr, repo, problems)
    for p in problems[:40]:
        print(p)
    print(f"{len(sets)} sets, {total} entries written and read back in 3 tables each; "
          f"{n} retyped values read; {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
