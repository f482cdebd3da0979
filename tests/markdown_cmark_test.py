#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""iosr's Markdown as GitHub reads it: every Markdown output (compare, table and trend) of the
seeds, of hand-made inputs whose labels and titles read as Markdown, and of the escaping golden
files (every byte in every text) is rendered with Debian's cmark-gfm, GitHub's own parser, with
GitHub's extensions. Every table cell, heading, paragraph and list item must show exactly the
text meant: no emphasis, strikethrough, link, code, HTML or block that iosr did not write, and no
backslash left visible (docs/compare.md, "Markdown escaping"). Labels, titles and descriptions
are checked against the JSON of the same inputs, so the check does not rest on the escaper.

Usage: markdown_cmark_test.py IOSR DATA_DIR FIXTURES_DIR GOLDEN_DIR
Without cmark-gfm it fails under CI (CI=true) and elsewhere exits 77 (CTest: skipped)."""
import html.parser
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

from missing_tool import missing

IOSR, DATA, FIXTURES, GOLDEN = sys.argv[1:5]
EXTENSIONS = ["table", "strikethrough", "autolink", "tasklist"]
# What iosr writes on purpose; anything else in the HTML came from a misread text.
ALLOWED = {"h1", "h2", "h3", "p", "table", "thead", "tbody", "tr", "th", "td", "strong", "ul",
           "li"}
failures = []


def check(what, ok, detail=""):
    if not ok:
        failures.append(f"FAILED: {what}\n{detail}")


def run(*args):
    r = subprocess.run([IOSR, *args], capture_output=True)
    if r.returncode != 0:
        failures.append(f"FAILED: iosr {' '.join(args)} exited {r.returncode}: {r.stderr!r}")
    return r.stdout


def cmark(markdown):
    args = ["cmark-gfm", "--to", "html"]
    for e in EXTENSIONS:
        args += ["--extension", e]
    return subprocess.run(args, input=markdown, capture_output=True, check=True).stdout.decode(
        "utf-8", "replace")


class Blocks(html.parser.HTMLParser):
    """The visible text of each block (cell, heading, paragraph, list item), and tags not
    allowed."""

    BLOCKS = {"h1", "h2", "h3", "p", "th", "td", "li"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.blocks, self.bad, self.stack, self.rows, self.links = [], [], [], [], []

    def handle_starttag(self, tag, attrs):
        if tag == "a":  # GFM's autolinks: the text stays as written, and links
            self.links.append([dict(attrs).get("href", ""), ""])
        elif tag not in ALLOWED:
            self.bad.append(f"<{tag} {attrs}>")
        if tag == "tr":
            self.rows.append([])
        if tag in self.BLOCKS:
            self.stack.append([tag, ""])

    def handle_endtag(self, tag):
        if tag == "a" and self.links:
            href, text = self.links.pop()
            if href not in (text, "http://" + text, "mailto:" + text):
                self.bad.append(f"<a href={href!r}>{text}</a>: a link iosr did not write")
        if tag in self.BLOCKS and self.stack and self.stack[-1][0] == tag:
            kind, text = self.stack.pop()
            self.blocks.append((kind, text))
            if kind in ("th", "td"):
                self.rows[-1].append(text)

    def handle_data(self, data):
        if self.links:
            self.links[-1][1] += data
        if self.stack:
            self.stack[-1][1] += data

    def handle_comment(self, data):
        self.bad.append(f"<!--{data}-->")


PUNCTUATION = re.compile(r"\\([!-/:-@\[-`{-~])")


def meant(source):
    """A source text as iosr meant it: its escapes undone, the bold iosr puts around a cell off,
    line breaks as spaces."""
    text = source.strip()
    if text.startswith("**") and text.endswith("**") and len(text) >= 4:
        text = text[2:-2]
    return PUNCTUATION.sub(r"\1", text.replace("&#32;", " "))


def source_rows(markdown):
    """The cells of every table row in the source, split at `|` without a backslash."""
    rows = []
    for line in markdown.split("\n"):
        if not line.startswith("|") or re.fullmatch(r"\|( *:?-+:? *\|)+", line):
            continue
        cells, cell, i = [], "", 1
        while i < len(line):
            if line[i] == "\\" and i + 1 < len(line):
                cell += line[i:i + 2]
                i += 2
                continue
            if line[i] == "|":
                cells.append(meant(cell))
                cell = ""
            else:
                cell += line[i]
            i += 1
        rows.append(cells)
    return rows


def comparable(text):
    # cmark-gfm writes U+FFFD for NUL and for bytes that are not UTF-8, as Python decodes them;
    # GFM trims a cell's blanks.
    return text.replace("\0", "\ufffd").strip()


def check_document(name, markdown_bytes, texts=()):
    markdown = markdown_bytes.decode("utf-8", "replace")
    rendered = cmark(markdown_bytes)
    parser = Blocks()
    parser.feed(rendered)
    check(f"{name}: only the markup iosr writes", not parser.bad,
          "\n".join(parser.bad[:10]) + "\n" + rendered[:3000])
    expected = [[comparable(c) for c in row] for row in source_rows(markdown)]
    got = [[comparable(c) for c in row] for row in parser.rows]
    check(f"{name}: {len(expected)} table rows, each cell's text as meant", expected == got,
          "\n".join(f"meant {e}\nshown {g}" for e, g in zip(expected, got) if e != g)[:4000])
    lines = [comparable(meant(re.sub(r"^(#{1,6} |- )", "", line)))
             for line in markdown.split("\n") if line and not line.startswith("|")]
    shown = [comparable(t) for kind, t in parser.blocks if kind not in ("th", "td")]
    check(f"{name}: {len(lines)} headings, paragraphs and list items, each as meant",
          lines == shown,
          "\n".join(f"meant {e!r}\nshown {g!r}" for e, g in zip(lines, shown) if e != g)[:4000])
    visible = [comparable(t) for _, t in parser.blocks]
    for t in texts:
        t = comparable(" ".join(t.split("\n")))
        check(f"{name}: '{t}' shown as written",
              any(t in v for v in visible), "\n".join(visible)[:3000])


def model_texts(path):
    """Labels, chart titles and descriptions of a result file, from iosr's JSON."""
    doc = json.loads(run("convert", "--to", "json", path))
    texts = [s["label"] for s in doc["systems"]]
    for r in doc["results"]:
        texts.append(r["title"])
        texts += [d for d in [r.get("description", "")] if d]
    return texts


def main():
    if shutil.which("cmark-gfm") is None:
        failure = missing("cmark-gfm (GitHub's Markdown parser)", "cmark-gfm")
        if failure:
            print(failure)
            sys.exit(1)
        sys.exit(77)
    seeds = [os.path.join(DATA, "text", n) for n in sorted(os.listdir(os.path.join(DATA, "text")))
             if n.endswith(".txt")] + [os.path.join(DATA, "xml", "iosched-3way.xml")]
    hostile = os.path.join(FIXTURES, "compare", "markdown-hostile-labels.txt")
    html_labels = os.path.join(FIXTURES, "compare", "hostile-labels.txt")
    for path in seeds + [html_labels]:
        base = os.path.basename(path)
        check_document(f"compare {base}", run("compare", "--format", "md", path))
        check_document(f"table {base}", run("table", path))
    texts = model_texts(hostile)
    for command in (["compare", "--format", "md"], ["table"]):
        check_document(f"{command[0]} markdown-hostile-labels.txt",
                       run(*command, "--baseline", "IO_uring", hostile), texts)
    check_document("compare of three inputs",
                   run("compare", "--format", "md", hostile, html_labels, seeds[0]))
    # The GitHub step summary (docs/ci-reports.md): the gate's verdict, the executive summary
    # and the tables, with a gate that passes (so that iosr exits 0: seed 001 lacks results its
    # baseline has, which --allow-missing accepts, and the hostile labels name no baseline of
    # their own) and one that names what it left out as noise.
    for path in seeds + [hostile, html_labels]:
        for gate in (["--fail-if-worse", "100000"], ["--fail-if-worse", "100000", "--gate-skip-noise"]):
            named = ["--baseline", "IO_uring"] if path == hostile else []
            check_document(f"step summary {os.path.basename(path)} {' '.join(gate)}",
                           run("compare", *gate, "--allow-missing", *named, "--step-summary",
                               "/dev/stdout", "-o", "/dev/null", path))
    for name in ("compare.md.golden", "table.md.golden"):
        with open(os.path.join(GOLDEN, "escaping", name), "rb") as f:
            check_document(f"escaping/{name}", f.read())
    with tempfile.TemporaryDirectory() as work:
        db = os.path.join(work, "results.db")
        run("db", "import", "--db", db, *seeds, hostile)
        for by in ("label", "kernel", "date"):
            check_document(f"trend --by {by}", run("trend", "--db", db, "--by", by, "--format", "md"))
    if failures:
        print("\n\n".join(failures))
        return 1
    print("markdown: every document reads in cmark-gfm as meant")
    return 0


if __name__ == "__main__":
    sys.exit(main())
