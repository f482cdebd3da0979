#!/usr/bin/env python3
"""Checks the generated man page iosr(1): it is roff that man renders (every request and escape
known, and groff renders it without a warning), it has the sections a man page
needs, and every command and option that `iosr --help` and `iosr COMMAND --help` print is in
it, under that command. Usage: man_page_test.py IOSR MAN_PAGE"""
import os
import re
import shutil
import subprocess
import sys

from missing_tool import missing

IOSR, MAN_PAGE = sys.argv[1:3]
REQUESTS = {"TH", "SH", "SS", "TP", "PP", "B", "I", "BR", "IR", "RB", "RI", "br", "nf", "fi",
            "RS", "RE", "nh", "ad", '\\"'}
# The escapes make_man_page.py writes, and what the reader sees for each.
ESCAPE = re.compile(r"\\(f[BIRP]|-|e|&|\(aq|\(ga| |\[u[0-9A-F]{4}\])")
SHOWN = {"-": "-", "e": "\\", "&": "", "(aq": "'", "(ga": "`", " ": " "}
failures = []


def check(name, condition, detail=""):
    if not condition:
        failures.append(f"{name}: {detail}")


def help_text(*args):
    # Unwrapped, as make_man_page.py reads it: wrapped prose could start a line with an option.
    return subprocess.run([IOSR, *args], check=True, capture_output=True, text=True,
                          env=dict(os.environ, COLUMNS="9999")).stdout


def plain(line):
    """A roff text line as the reader sees it, or None when it holds an escape we never write."""
    if "\\" in ESCAPE.sub("", line):
        return None

    def shown(m):
        code = m.group(1)
        if code.startswith("[u"):
            return chr(int(code[2:-1], 16))
        return "" if code.startswith("f") else SHOWN[code]

    return ESCAPE.sub(shown, line)


def options_of(help_output):
    """The -x and --long names on the option lines of a command's help."""
    names = []
    for m in re.finditer(r"^ +(?:(-\w), )?(--[\w-]+)", help_output, re.M):
        names += [n for n in m.groups() if n]
    return names


with open(MAN_PAGE, encoding="ascii") as f:
    roff = f.read()

# Every line is a known request or text with known escapes; collect the text by section.
sections, subsections, current = {}, {}, None
for number, line in enumerate(roff.splitlines(), 1):
    if line.startswith(".") or line.startswith("'"):
        request, _, argument = line[1:].partition(" ")
        check(f"line {number}: a request man knows", request in REQUESTS, line)
        if request == "SH":
            current = sections.setdefault(argument.strip('"'), [])
        elif request == "SS":
            current = subsections.setdefault(plain(argument.strip('"')), [])
        elif current is not None and request in ("B", "I", "BR", "IR", "RB", "RI", "TP"):
            current.append(plain(argument) or "")
        continue
    text = plain(line)
    check(f"line {number}: only escapes the generator writes", text is not None, line)
    if current is not None and text is not None:
        current.append(text)

for name in ("NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "EXIT STATUS", "ENVIRONMENT", "FILES",
             "EXAMPLES", "SEE ALSO"):
    check(f"section {name}", name in sections, sorted(sections))
exit_status = "\n".join(sections.get("EXIT STATUS", []))
check("EXIT STATUS names every status the code exits with, 128+N (signals) too",
      all(f"\n{code}\n" in f"\n{exit_status}\n" for code in ("0", "1", "2", "3", "128+N")),
      exit_status)
examples = "\n".join(sections.get("EXAMPLES", []))
for command in ("iosr db import", "iosr db list", "iosr db export", "iosr trend"):
    check(f"EXAMPLES show {command}", f"\n{command} " in f"\n{examples}", examples)
environment = "\n".join(sections.get("ENVIRONMENT", []))
check("ENVIRONMENT names NO_COLOR and COLUMNS", "NO_COLOR" in environment and "COLUMNS" in environment,
      environment)
check("no placeholder left", not re.search(r"@[A-Z_]+@", roff))
title = next((line for line in roff.splitlines() if line.startswith(".TH ")), "")
check("the title line names iosr's version", f'"iosr {help_text("--version").split()[1]}"' in title,
      title)

# Every command of `iosr --help` has its section, with every option of its --help.
overview = help_text("--help")
commands = re.findall(r"^  ([a-z][a-z-]*)  ", overview.split("commands:\n", 1)[1].split("\n\n")[0],
                      re.M)
check("iosr --help lists commands", len(commands) >= 4, overview)
for command in commands:
    body = "\n".join(subsections.get(f"iosr {command}", []))
    check(f"a section for iosr {command}", body != "", sorted(subsections))
    for option in options_of(help_text(command, "--help")):
        check(f"iosr {command}: {option} in the page", re.search(rf"(^|[ ,]){option}\b", body, re.M),
              body[:200])
    first_line = help_text("help", command).splitlines()[0]
    check(f"iosr {command}: its help's first words open its section",
          " ".join(body.split())[:40] == " ".join(first_line.split())[:40], body[:80])
    # A command with commands of its own (`iosr db import`): a section each, every option in it.
    text = help_text(command, "--help")
    if "\ncommands:\n" in text:
        subs = re.findall(r"^  ([a-z][a-z-]*)  ", text.split("commands:\n", 1)[1].split("\n\n")[0], re.M)
        check(f"iosr {command} lists commands", len(subs) >= 1, text)
        for sub in subs:
            sub_body = "\n".join(subsections.get(f"iosr {command} {sub}", []))
            check(f"a section for iosr {command} {sub}", sub_body != "", sorted(subsections))
            for option in options_of(help_text(command, sub, "--help")):
                check(f"iosr {command} {sub}: {option} in the page",
                      re.search(rf"(^|[ ,]){option}\b", sub_body, re.M), sub_body[:200])

# Every option line of every help is a tagged paragraph whose tag is the option and its argument
# (`--limit NAME=N`: an argument that is no plain word once left the line unparsed, run into
# the text before it).
def tags_of(help_output):
    """(-x, --long, ARG) of each option line of a command's help."""
    return re.findall(r"^ +(?:(-\w), )?(--[\w-]+)(?: (\S+))?  ", help_output, re.M)


def roff_text(text):
    return text.replace("-", "\\-")


roff_lines = roff.splitlines()
tag_lines = {roff_lines[i + 1] for i, line in enumerate(roff_lines[:-1]) if line == ".TP"}
helps = [help_text(c, "--help") for c in commands]
for command in commands:
    text = help_text(command, "--help")
    if "\ncommands:\n" in text:
        subs = re.findall(r"^  ([a-z][a-z-]*)  ", text.split("commands:\n", 1)[1].split("\n\n")[0], re.M)
        helps += [help_text(command, sub, "--help") for sub in subs]
for text in helps:
    for short, long_name, arg in tags_of(text):
        tag = "\\fB" + roff_text((short + ", " if short else "") + long_name) + "\\fR" + (
            " \\fI" + roff_text(arg) + "\\fR" if arg else "")
        check(f"{long_name} {arg}: a tagged paragraph of its own", tag in tag_lines, tag)

# Every document the page cites (docs/NAME.md, from the skeleton or a help text) is one that
# `cmake --install` puts in share/doc/iosr/ (cmake/install.cmake), and FILES says so.
docs = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs")
for cited in sorted(set(re.findall(r"docs/([\w.-]+\.md)", roff.replace("\\-", "-"))) - {"NAME.md"}):
    check(f"docs/{cited} is a document that is installed", os.path.isfile(os.path.join(docs, cited)),
          cited)
check("FILES says where the documents are", "share/doc/iosr/NAME.md" in roff.replace("\\-", "-"))

# groff renders it, as man does, without a warning.
groff = shutil.which("groff")
if groff:
    p = subprocess.run([groff, "-man", "-Tutf8", "-ww", "-rLL=80n", MAN_PAGE], capture_output=True)
    text = p.stdout.decode("utf-8").replace("\u2010", "-").replace("\u2212", "-")
    text = re.sub(r".\x08", "", text)  # overstrike bold and underline
    check("groff renders it", p.returncode == 0 and p.stderr == b"", p.stderr.decode())
    for command in commands:
        for option in options_of(help_text(command, "--help")):
            check(f"rendered page shows {option}", option in text)
else:
    failure = missing("groff (the rendering check; the roff check above ran)", "groff-base")
    if failure:
        failures.append(failure)

if failures:
    print("\n".join(failures))
    sys.exit(1)
print(f"man page: {len(commands)} commands, every option present")
