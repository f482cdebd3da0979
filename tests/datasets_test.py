#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The tidy CSV and JSONL loaded by the engines users load them with, as docs/csv.md and
docs/jsonl.md show: the combined datasets of the seeds, corpus and sample files are made with
the built iosr, and

- DuckDB (tests/duckdb_engine.py) runs every ```sql block of the two documents in order, then
  the table they made must have the documented column types, hold every entry with the values
  of iosr's own JSON of the same files (iosr-json, another writer), give iosr's sums, and come
  back the same from the Parquet file the documents write;
- jsonschema checks every JSONL line against docs/jsonl-row.schema.json and every iosr-json
  document against docs/iosr-json.schema.json, and that each schema rejects what it must;
- pandas runs every ```python block of the two documents, each followed by checks of what it
  read.

Run with Debian's /usr/bin/python3 (pandas and jsonschema are Debian packages). A tool that is
missing fails under CI and is skipped elsewhere, saying why.
Usage: datasets_test.py IOSR SOURCE_DIR"""
import glob
import json
import math
import os
import re
import subprocess
import sys
import tempfile

import duckdb_engine
from missing_tool import missing

IOSR, SOURCE = os.path.realpath(sys.argv[1]), os.path.realpath(sys.argv[2])
INPUTS = [os.path.join(SOURCE, p) for p in
          ("data", "tests/fixtures/seeds", "tests/fixtures/corpus", "tests/fixtures/samples")]
# The kernel test robot's reports: their deviations and baselines (not the job file beside them,
# which is refused).
INPUTS += sorted(p for p in glob.glob(os.path.join(SOURCE, "tests/fixtures/lkp/*"))
                 if p.endswith((".eml", ".txt")))
SEEDS = os.path.join(SOURCE, "data", "text")  # numbers only: value sniffs as DOUBLE
failures, skipped = [], []


def check(name, condition, detail=""):
    if not condition:
        failures.append(f"{name}: {str(detail)[:1500]}")
    return condition


def iosr(*args, cwd):
    p = subprocess.run([IOSR, *args], cwd=cwd, capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit(f"iosr {' '.join(args)} exited {p.returncode}:\n{p.stderr[-2000:]}")


def blocks(path, language):
    """The fenced ```language blocks of a document, in order."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    return [m.group(1) for m in re.finditer(rf"^```{language}\n(.*?)^```$", text, re.M | re.S)]


def close(a, b):
    return a == b or (a is not None and b is not None and math.isclose(a, b, rel_tol=1e-12))


# iosr's own figures, from its JSON of the same files: the entries in the order of the dataset.
def own_rows(json_dir):
    documents = []
    for d, _, names in os.walk(json_dir):
        documents += [os.path.join(d, n) for n in names]
    by_name = {}
    for path in documents:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        by_name[doc["source"]["name"]] = doc
    return by_name


def entries_of(doc):
    for r in doc["results"]:
        for e in r["entries"]:
            yield e


def make_datasets(work):
    iosr("convert", *INPUTS, "--combine", "results.csv", cwd=work)
    iosr("convert", *INPUTS, "--combine", "results.jsonl", cwd=work)
    iosr("convert", *INPUTS, "--to", "json", "--out-dir", "json", cwd=work)
    iosr("convert", SEEDS, "--combine", "seeds.csv", cwd=work)


def expected(work):
    """Per row of the dataset, in order: (file, kind, value text or None, number or None,
    runs as numbers or None, runs text or None), from iosr-json."""
    docs = own_rows(os.path.join(work, "json"))
    rows = []
    with open(os.path.join(work, "results.jsonl"), encoding="utf-8") as f:
        files = []
        for line in f:
            name = json.loads(line)["file"]
            if not files or files[-1] != name:
                files.append(name)
    check("every input with entries has an iosr-json document", set(files) <= set(docs),
          sorted(set(files) - set(docs))[:5])
    for name in files:
        for e in entries_of(docs[name]):
            runs_text = ":".join(e["samples"]) or None
            try:
                runs = [float(s) for s in e["samples"]] or None
            except ValueError:
                runs = None
            rows.append((name, e["kind"], e["value_text"] or None, e.get("value"), runs, runs_text))
    return rows, docs


def extras(docs, rows):
    """Per row of the dataset, in order: (relative_deviation or None, baseline), from iosr-json
    (an entry's system is the first of its file with the entry's label)."""
    out, files = [], []
    for name, *_ in rows:
        if not files or files[-1] != name:
            files.append(name)
    for name in files:
        doc = docs[name]
        baseline = {}
        for system in doc["systems"]:
            baseline.setdefault(system["label"], system.get("baseline", False))
        for e in entries_of(doc):
            out.append((e.get("relative_deviation"), baseline.get(e["label"], False)))
    return out


def documented_csv_types():
    """column -> DuckDB type, from the type column of docs/csv.md's table."""
    types = {}
    with open(os.path.join(SOURCE, "docs", "csv.md"), encoding="utf-8") as f:
        for line in f:
            m = re.match(r"^\| \d+ \| `(\w+)` \| ((?:[^|\\]|\\\|)+) \|", line)
            if m:
                kind = m.group(2).strip()
                types[m.group(1)] = {"decimal": "DOUBLE", "integer": "BIGINT",
                                     "`true` \\| `false`": "BOOLEAN"}.get(kind, "VARCHAR")
    return types


def documented_jsonl_types():
    """member -> DuckDB type, from docs/jsonl.md's table of members."""
    types = {}
    with open(os.path.join(SOURCE, "docs", "jsonl.md"), encoding="utf-8") as f:
        for line in f:
            m = re.match(r"^\| (`\w+`(?:, `\w+`)*) \| [^|]+ \| ([A-Z\[\]]+) \|$", line.strip())
            if m:
                for member in re.findall(r"`(\w+)`", m.group(1)):
                    types[member] = m.group(2)
    return types


def bigint(text):
    """A BIGINT as the runner gives it (a string, to keep every digit)."""
    return None if text is None else int(text)


def describe(result):
    return [(row[0], row[1]) for row in result["rows"]]


def after_doc(doc_blocks, queries, doc, work):
    """The results of `queries`, run in DuckDB after a document's own blocks in `work`; None,
    with a failure, when DuckDB refuses any of them."""
    try:
        return duckdb_engine.run_sql(doc_blocks + queries, work)[len(doc_blocks):]
    except RuntimeError as e:
        failures.append(f"DuckDB on {doc}'s commands: {e}")
        return None


def check_extras(what, got, more):
    """The relative deviations and baseline marks DuckDB read (as its runner gives them: text,
    None for NULL) against iosr-json's."""
    read = [(None if d is None else float(d), b in (True, "true", "True")) for d, b in got]
    check(f"{what} holds each entry's relative_deviation and baseline as iosr-json does",
          read == more, next(((g, w) for g, w in zip(read, more) if g != w), (len(read), len(more))))
    check(f"{what}: the LKP reports give deviations and baselines",
          sum(1 for d, _ in more if d is not None) >= 5 and sum(1 for _, b in more if b) >= 5)


def check_duckdb(work, rows, more):
    reason = duckdb_engine.missing_reason()
    if reason:
        if duckdb_engine.in_ci():
            failures.append(reason)
        else:
            skipped.append("DuckDB: " + reason)
        return
    sums = {}
    for name, kind, _, number, runs, _ in rows:
        s = sums.setdefault(name, [0, 0.0, 0.0])
        s[0] += 1
        if kind == "number":
            s[1] += number
        s[2] += sum(runs or [])

    # The CSV, as docs/csv.md reads it.
    csv_blocks = blocks(os.path.join(SOURCE, "docs", "csv.md"), "sql")
    check("docs/csv.md has its DuckDB blocks", len(csv_blocks) >= 2, len(csv_blocks))
    queries = [
        "DESCRIBE results",
        "SELECT file, kind, value, numeric_value, samples FROM results",
        "SELECT file, count(*), sum(numeric_value) FILTER (kind = 'number') FROM results GROUP BY file",
        "SELECT count(*) FROM results WHERE kind = 'number' AND CAST(value AS DOUBLE) <> numeric_value",
        "DESCRIBE SELECT * FROM 'results.parquet'",
        "SELECT (SELECT count(*) FROM 'results.parquet'), count(*) FROM ("
        "(SELECT * FROM results EXCEPT ALL SELECT * FROM 'results.parquet') UNION ALL "
        "(SELECT * FROM 'results.parquet' EXCEPT ALL SELECT * FROM results))",
        "DESCRIBE SELECT * FROM read_csv_auto('seeds.csv')",
        "SELECT sum(value) FROM read_csv_auto('seeds.csv')",
        "DESCRIBE SELECT * FROM read_csv_auto('results.csv')",
        "SELECT relative_deviation, baseline FROM results",
    ]
    out = after_doc(csv_blocks, queries, "docs/csv.md", work)
    if out:
        (types, table, per_file, miscast, parquet_types, parquet_diff, seeds_types, seeds_sum,
         sniffed, added) = out
        check_extras("DuckDB: the CSV", added["rows"], more)
        want = documented_csv_types()
        check("DuckDB: the CSV's columns have the documented types (docs/csv.md)",
              describe(types) == list(want.items()), (describe(types), want))
        got = [tuple(r) for r in table["rows"]]
        want_rows = [(f, k, v, n, t) for f, k, v, n, _, t in rows]
        check("DuckDB: the CSV holds every entry with iosr-json's values, in order",
              len(got) == len(want_rows) and all(
                  g[:3] == w[:3] and close(g[3], w[3]) and g[4] == w[4]
                  for g, w in zip(got, want_rows)),
              next(((g, w) for g, w in zip(got, want_rows) if g != w), (len(got), len(want_rows))))
        for name, count, total in per_file["rows"]:
            check(f"DuckDB: {name}: entries and sum of the numbers as iosr counts them",
                  name in sums and bigint(count) == sums[name][0] and close(total or 0.0, sums[name][1]),
                  (count, total, sums.get(name)))
        check("DuckDB: the CSV's files are iosr's", len(per_file["rows"]) == len(sums))
        check("DuckDB: each number entry's value casts to its numeric_value",
              miscast["rows"] == [["0"]], miscast["rows"])
        check("DuckDB: the Parquet file has the table's types",
              describe(parquet_types) == describe(types), describe(parquet_types))
        check("DuckDB: the Parquet file reads back the same rows",
              parquet_diff["rows"] == [[str(len(want_rows)), "0"]], parquet_diff["rows"])
        seeds = dict(describe(seeds_types))
        check("DuckDB: read_csv_auto reads value as DOUBLE for numeric inputs (docs/csv.md)",
              seeds.get("value") == "DOUBLE" and seeds.get("numeric_value") == "DOUBLE", seeds)
        seeds_total = sum(s[1] for name, s in sums.items() if name.startswith(SEEDS + os.sep))
        check("DuckDB: the seeds' values sum to iosr's figure",
              close(seeds_sum["rows"][0][0], seeds_total), (seeds_sum["rows"], seeds_total))
        check("DuckDB: read_csv_auto reads value as VARCHAR once a PASS or series is in (docs/csv.md)",
              dict(describe(sniffed)).get("value") == "VARCHAR", describe(sniffed))

    # The JSONL, as docs/jsonl.md reads it.
    jsonl_blocks = blocks(os.path.join(SOURCE, "docs", "jsonl.md"), "sql")
    check("docs/jsonl.md has its DuckDB blocks", len(jsonl_blocks) >= 2, len(jsonl_blocks))
    queries = [
        "DESCRIBE results",
        "SELECT file, kind, value, numeric_value, samples, samples_text FROM results",
        "SELECT file, count(*), sum(numeric_value) FILTER (kind = 'number'), "
        "sum(list_sum(samples)) FROM results GROUP BY file",
        "DESCRIBE SELECT * FROM 'results.parquet'",
        "SELECT (SELECT count(*) FROM 'results.parquet'), count(*) FROM ("
        "(SELECT * FROM results EXCEPT ALL SELECT * FROM 'results.parquet') UNION ALL "
        "(SELECT * FROM 'results.parquet' EXCEPT ALL SELECT * FROM results))",
        "DESCRIBE SELECT * FROM read_json_auto('results.jsonl')",
        "SELECT relative_deviation, baseline FROM results",
    ]
    out = after_doc(jsonl_blocks, queries, "docs/jsonl.md", work)
    if out:
        types, table, per_file, parquet_types, parquet_diff, sniffed, added = out
        check_extras("DuckDB: the JSONL", added["rows"], more)
        want = documented_jsonl_types()
        check("DuckDB: the JSONL's members have the documented types (docs/jsonl.md)",
              sorted(describe(types)) == sorted(want.items()) and len(want) == 25,
              (describe(types), want))
        check("DuckDB: samples reads as a list of DOUBLE", dict(describe(types)).get("samples") == "DOUBLE[]")
        got = [tuple(r) for r in table["rows"]]
        check("DuckDB: the JSONL holds every entry with iosr-json's values and runs, in order",
              len(got) == len(rows) and all(
                  g[:3] == w[:3] and close(g[3], w[3]) and g[4] == w[4] and g[5] == w[5]
                  for g, w in zip(got, rows)),
              next(((g, w) for g, w in zip(got, rows) if g != w), (len(got), len(rows))))
        check("DuckDB: some entries have runs", sum(1 for r in rows if r[4]) > 100)
        for name, count, total, runs in per_file["rows"]:
            check(f"DuckDB: {name}: entries, numbers and runs sum as iosr counts them",
                  name in sums and bigint(count) == sums[name][0]
                  and close(total or 0.0, sums[name][1]) and close(runs or 0.0, sums[name][2]), (count, total, runs, sums.get(name)))
        check("DuckDB: the JSONL's Parquet file keeps the types, samples as DOUBLE[]",
              describe(parquet_types) == describe(types), describe(parquet_types))
        check("DuckDB: the JSONL's Parquet file reads back the same rows",
              parquet_diff["rows"] == [[str(len(rows)), "0"]], parquet_diff["rows"])
        sniffed = dict(describe(sniffed))
        check("DuckDB: read_json_auto alone reads samples as DOUBLE[] and value as VARCHAR",
              sniffed.get("samples") == "DOUBLE[]" and sniffed.get("value") == "VARCHAR", sniffed)


def debian_module(name, package):
    """True when Debian's Python has the module; else records the failure (CI) or the skip."""
    try:
        __import__(name)
        return True
    except ImportError:
        failure = missing(f"Python module {name} (for {sys.executable})", package)
        if failure:
            failures.append(failure)
        else:
            skipped.append(f"{name}: not installed")
        return False


def check_schemas(work, docs):
    if not debian_module("jsonschema", "python3-jsonschema"):
        return
    import jsonschema

    def validator(name):
        with open(os.path.join(SOURCE, "docs", name), encoding="utf-8") as f:
            schema = json.load(f)
        jsonschema.Draft202012Validator.check_schema(schema)
        return jsonschema.Draft202012Validator(schema), schema

    rows, row_schema = validator("jsonl-row.schema.json")
    with open(os.path.join(work, "results.jsonl"), encoding="utf-8") as f:
        lines = [json.loads(line) for line in f]
    for number, row in enumerate(lines, 1):
        errors = [e.message for e in rows.iter_errors(row)]
        if not check(f"results.jsonl:{number} is valid against docs/jsonl-row.schema.json", not errors, errors):
            break
    with open(os.path.join(work, "results.csv"), encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split(",")
    members = header[:header.index("samples") + 1] + ["samples_text"] + header[header.index("samples") + 1:]
    check("each line's members are the CSV's columns, samples_text after samples",
          all(list(row) == members for row in lines), list(lines[0]))
    check("the schema lists the members in order", row_schema["required"] == members, row_schema["required"])
    good = next(row for row in lines if row["samples"])
    for name, change in [("samples as text", {"samples": "1.2:1.3"}),
                         ("value as a number", {"value": 24.0}),
                         ("an unknown kind", {"kind": "bar"}),
                         ("no samples_text", {"samples_text": None, "drop": "samples_text"})]:
        bad = dict(good, **{k: v for k, v in change.items() if k != "drop"})
        bad.pop(change.get("drop", ""), None)
        check(f"docs/jsonl-row.schema.json rejects a row with {name}", not rows.is_valid(bad), bad)

    documents, _ = validator("iosr-json.schema.json")
    for name, doc in sorted(docs.items()):
        errors = [f"{list(e.absolute_path)}: {e.message}" for e in documents.iter_errors(doc)]
        if not check(f"iosr-json of {name} is valid against docs/iosr-json.schema.json", not errors, errors[:3]):
            break
    example = json.loads(blocks(os.path.join(SOURCE, "docs", "json.md"), "json")[-1])
    check("docs/json.md's example is valid against the schema", documents.is_valid(example),
          [e.message for e in documents.iter_errors(example)][:3])
    doc = next(d for d in docs.values() if any(True for _ in entries_of(d)))
    newer = dict(doc, version=2)
    check("docs/iosr-json.schema.json rejects version 2", not documents.is_valid(newer))
    broken = json.loads(json.dumps(doc))
    del next(entries_of(broken))["kind"]
    check("docs/iosr-json.schema.json rejects an entry without kind", not documents.is_valid(broken))


# Checks run after each ```python block of a document, in the same interpreter, with the
# block's variables and `expected` (iosr-json's rows, as in expected()).
PANDAS_CHECKS = {
    "csv.md": [
        # the csv module: the last row read, its samples split
        "assert row['file'] and isinstance(samples, list)",
        """
assert len(df) == len(expected), (len(df), len(expected))
assert df["value"].dtype == object and df["standard_error"].dtype == float
assert df["sample_count"].dtype == float  # integers, NaN where empty
assert [None if pd.isna(v) else v for v in df["value"]] == [e[2] for e in expected]
assert [None if pd.isna(v) else v for v in df["samples"]] == [e[5] for e in expected]
assert (df["name"] == "None").any()  # a real name, not read as missing
numbers_expected = [e[3] for e in expected if e[1] == "number"]
assert numbers["number"].tolist() == numbers_expected
assert math.isclose(numbers["number"].sum(), math.fsum(numbers_expected), rel_tol=1e-12)
""",
    ],
    "jsonl.md": [
        """
assert len(df) == len(expected), (len(df), len(expected))
assert df["value"].dtype == object and df["numeric_value"].dtype == float
assert df["version"].map(lambda v: isinstance(v, str) or pd.isna(v)).all()  # text, or missing
assert [v if isinstance(v, str) else None for v in df["value"]] == [e[2] for e in expected]
assert [v if isinstance(v, list) else None for v in df["samples"]] == [e[4] for e in expected]
assert [v if isinstance(v, str) else None for v in df["samples_text"]] == [e[5] for e in expected]
all_runs = [r for e in expected for r in (e[4] or [])]
assert runs["samples"].astype(float).tolist() == all_runs
numbers_expected = [e[3] for e in expected if e[1] == "number"]
assert numbers["numeric_value"].tolist() == numbers_expected
""",
    ],
}


def check_pandas(work, rows):
    if not debian_module("pandas", "python3-pandas"):
        return
    with open(os.path.join(work, "expected.json"), "w") as f:
        json.dump(rows, f)
    prologue = "import json, math\nexpected = [tuple(e) for e in json.load(open('expected.json'))]\n"
    for document, checks in PANDAS_CHECKS.items():
        snippets = blocks(os.path.join(SOURCE, "docs", document), "python")
        if not check(f"docs/{document}: a check for each Python block", len(snippets) == len(checks),
                     f"{len(snippets)} blocks, {len(checks)} checks: update PANDAS_CHECKS"):
            continue
        for number, (snippet, test) in enumerate(zip(snippets, checks), 1):
            p = subprocess.run([sys.executable, "-c", prologue + snippet + "\n" + test], cwd=work,
                               capture_output=True, text=True, timeout=300)
            check(f"docs/{document}: Python block {number} runs and reads what iosr wrote",
                  p.returncode == 0, p.stdout + p.stderr)


def check_example():
    lines = subprocess.run([IOSR, "convert", "--to", "jsonl", "data/xml/iosched-3way.xml"],
                           cwd=SOURCE, capture_output=True, text=True).stdout.splitlines()
    example = blocks(os.path.join(SOURCE, "docs", "jsonl.md"), "json")[-1].strip()
    check("docs/jsonl.md's example is a line iosr writes", example in lines, example)


def main():
    check_example()
    with tempfile.TemporaryDirectory() as work:
        make_datasets(work)
        rows, docs = expected(work)
        check("the datasets hold the fixtures' entries", len(rows) > 4000, len(rows))
        more = extras(docs, rows)
        check_duckdb(work, rows, more)
        check_schemas(work, docs)
        check_pandas(work, rows)
    for note in skipped:
        print("SKIPPED:", note)
    if failures:
        print("\n".join(failures))
        sys.exit(1)
    print(f"datasets: {len(rows)} entries loaded by "
          + ", ".join(t for t in ("DuckDB", "jsonschema", "pandas")
                      if not any(s.lower().startswith(t.lower()) for s in skipped)))


main()
