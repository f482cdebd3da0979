#!/usr/bin/env python3
"""Runs the examples of docs/guide.md and of the README's ```console blocks, so that they
cannot go stale. In a ```console block, each `$ COMMAND` line is run by bash (with the built
iosr first on PATH, 80 columns, no colour) in a scratch copy of data/; it must exit 0, and the
lines shown after it must appear in its output (standard output and error), in order. A line
`…` stands for lines left out, and a shown line ending in `...` for the rest of that line. A
listing (`ls DIR`) must show the whole output, with `…` where lines are left out, so that a
file a command writes cannot be missing from the guide.
```console batch blocks run only when `iosr convert --help` lists --combine. ```python
blocks run after the commands before them. A block whose module scripts/install-deps.sh installs
(pandas, numpy) fails when that module is missing under CI, and is skipped elsewhere; one whose
module Debian does not package is skipped, saying so. ```sql blocks run in DuckDB (the npm
package of tests/engines/, tests/duckdb_engine.py) in the same place, and must return rows;
without it they fail under CI and are skipped elsewhere.
Usage: guide_test.py IOSR SOURCE_DIR"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

import duckdb_engine
from missing_tool import missing

IOSR, SOURCE = os.path.realpath(sys.argv[1]), sys.argv[2]
DOCUMENTS = [("docs/guide.md", True), ("README.md", False)]  # (path, must test every command)
FENCE = re.compile(r"^```(.*)$")
failures, skipped = [], []
counts = {"commands": 0, "python": 0, "sql": 0}
# The modules of the guide's snippets that a Debian package gives (scripts/install-deps.sh),
# and the interpreter those packages install into: the snippets run with it, whichever Python
# runs this script (a pyenv or virtualenv one first on PATH sees none of them).
DEBIAN_MODULES = {"pandas": "python3-pandas", "numpy": "python3-numpy"}
SNIPPET_PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable


def has_module(module):
    return subprocess.run([SNIPPET_PYTHON, "-c", f"import importlib.util, sys; "
                           f"sys.exit(importlib.util.find_spec({module!r}) is None)"]).returncode == 0


def blocks(text):
    """(info string, first line number, lines) of each fenced block."""
    found, info, start, lines = [], None, 0, []
    for number, line in enumerate(text.splitlines(), 1):
        m = FENCE.match(line)
        if m and info is None:
            info, start, lines = m.group(1).strip(), number + 1, []
        elif m:
            found.append((info, start, lines))
            info = None
        elif info is not None:
            lines.append(line)
    return found


def commands_of(lines):
    """(command, shown output lines) for each `$ ` line of a console block."""
    result = []
    for line in lines:
        if line.startswith("$ "):
            result.append((line[2:], []))
        elif result:
            result[-1][1].append(line)
    return result


def shown_in(shown, output):
    """The first shown line missing from output (in order), or None when all are there."""
    lines = [line.rstrip() for line in output.splitlines()]
    at = 0
    for want in shown:
        if want.strip() == "…":
            continue
        prefix = want.endswith("...")
        want = want[:-3] if prefix else want.rstrip()
        while at < len(lines) and not (lines[at].startswith(want) if prefix else lines[at] == want):
            at += 1
        if at == len(lines):
            return want
        at += 1
    return None


def matches_whole(shown, output):
    """Whether the shown lines are the whole output: each line as shown (a line ending in `...`
    its start), a `…` line standing for any run of lines, none included."""
    lines = [line.rstrip() for line in output.splitlines() if line.strip()]
    wants = [w for w in shown if w.strip()]

    def fits(want, line):
        return line.startswith(want[:-3]) if want.endswith("...") else line == want.rstrip()

    # Positions in `lines` reachable after each shown line (a set: `…` may take any count).
    reach = {0}
    for want in wants:
        if want.strip() == "…":
            reach = set(range(min(reach), len(lines) + 1)) if reach else set()
        else:
            reach = {at + 1 for at in reach if at < len(lines) and fits(want, lines[at])}
        if not reach:
            return False
    return len(lines) in reach


def lists_files(command):
    """A command that lists a folder (`ls report`): its example shows the whole listing."""
    return command.split()[:1] == ["ls"]


def run_console(where, lines, env, cwd):
    for command, shown in commands_of(lines):
        counts["commands"] += 1
        p = subprocess.run(["bash", "-c", command], cwd=cwd, env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=120)
        output = p.stdout.decode("utf-8", "replace")  # as a terminal shows both streams
        if p.returncode != 0:
            failures.append(f"{where}: `{command}` exited {p.returncode}:\n{output[:2000]}")
            continue
        missing = shown_in(shown, output)
        if missing is not None:
            failures.append(f"{where}: `{command}` did not print\n  {missing}\n"
                            f"it printed:\n{output[:3000]}")
        elif lists_files(command) and not matches_whole(shown, output):
            # A listing shows every file (or `…` where some are left out): a file the command
            # writes and the guide does not show is the guide gone stale.
            failures.append(f"{where}: `{command}` lists more than the guide shows (write `…` "
                            f"where lines are left out); it printed:\n{output[:3000]}")


def run_python(where, lines, cwd):
    code = "\n".join(lines)
    modules = sorted({m.split(".")[0] for m in re.findall(r"^\s*import (\w+)", code, re.M)})
    absent = [m for m in modules if not has_module(m)]
    for module in absent:
        if module in DEBIAN_MODULES:
            failure = missing(f"{where}: Python module {module}", DEBIAN_MODULES[module])
            if failure:
                failures.append(failure)
    if absent:
        skipped.append(f"{where}: Python snippet skipped, not installed: {', '.join(absent)}"
                       + ("" if set(absent) <= set(DEBIAN_MODULES) else
                          " (not packaged for Debian 12; pip install it to run the snippet)"))
        return
    counts["python"] += 1
    p = subprocess.run([SNIPPET_PYTHON, "-c", code], cwd=cwd, capture_output=True, text=True,
                       timeout=120)
    if p.returncode != 0:
        failures.append(f"{where}: Python snippet failed:\n{p.stdout}{p.stderr}")


def run_sql(where, lines, cwd):
    reason = duckdb_engine.missing_reason()
    if reason:
        (failures if duckdb_engine.in_ci() else skipped).append(f"{where}: SQL block: {reason}")
        return
    counts["sql"] += 1
    try:
        result = duckdb_engine.run_sql(["\n".join(lines)], cwd)[0]
    except RuntimeError as e:
        failures.append(f"{where}: SQL block failed in DuckDB:\n{e}")
        return
    if not result["rows"]:
        failures.append(f"{where}: SQL block returned no rows")


def main():
    help_text = subprocess.run([IOSR, "convert", "--help"], capture_output=True, text=True).stdout
    has_batch = "--combine" in help_text
    for path, strict in DOCUMENTS:
        with open(os.path.join(SOURCE, path), encoding="utf-8") as f:
            found = blocks(f.read())
        with tempfile.TemporaryDirectory() as work:
            bin_dir = os.path.join(work, "bin")
            os.mkdir(bin_dir)
            os.symlink(IOSR, os.path.join(bin_dir, "iosr"))
            shutil.copytree(os.path.join(SOURCE, "data"), os.path.join(work, "data"))
            env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ["PATH"], COLUMNS="80",
                       NO_COLOR="1", LC_ALL="C.UTF-8")
            for info, line, lines in found:
                where = f"{path}:{line}"
                words = info.split()
                if words[:1] == ["console"]:
                    if "batch" in words and not has_batch:
                        skipped.append(f"{where}: batch example skipped, this iosr has no --combine")
                    else:
                        run_console(where, lines, env, work)
                elif words[:1] == ["python"]:
                    run_python(where, lines, work)
                elif words[:1] == ["sql"]:
                    run_sql(where, lines, work)
                elif strict and any(l.startswith("$ iosr") for l in lines):
                    failures.append(f"{where}: an iosr command outside a ```console block is not tested")

    for note in skipped:
        print(note)
    if counts["commands"] < 15:
        failures.append(f"only {counts['commands']} commands found: is the guide's markup broken?")
    if failures:
        print("\n\n".join(failures))
        sys.exit(1)
    print(f"guide: {counts['commands']} commands, {counts['python']} Python snippets and "
          f"{counts['sql']} SQL blocks ran")


main()
