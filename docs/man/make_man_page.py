#!/usr/bin/env python3
"""Writes the man page iosr(1): the hand-written skeleton iosr.1.in, filled with the built
iosr's own help texts (`iosr --help`, then `iosr COMMAND --help` for each command it lists, and
`iosr COMMAND SUBCOMMAND --help` for a command that lists commands of its own),
escaped for roff. Run by the build after iosr is linked, so the page cannot go stale.
Usage: make_man_page.py IOSR SKELETON OUTPUT"""
import os
import re
import subprocess
import sys

# An option line of cxxopts' help: "  -f, --format arg    output format"; the argument is any
# word (`--limit NAME=N`).
OPTION = re.compile(r"^( +)(-\w, )?(--[\w-]+)( \S+)?( {2,})(.*)$")


def roff(text):
    """Text made safe for roff: backslashes, hyphens kept as ASCII minus for copy and paste,
    quotes kept as typed, a leading dot or quote not read as a request, non-ASCII as \\[u...]."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    text = text.replace("'", "\\(aq").replace("`", "\\(ga")
    text = "".join(c if ord(c) < 128 else f"\\[u{ord(c):04X}]" for c in text)
    return "\\&" + text if text.startswith(".") else text


def help_text(iosr, *args):
    # Unwrapped (iosr wraps its help to COLUMNS, else 80): roff fills the paragraphs itself.
    env = dict(os.environ, COLUMNS="9999")
    return subprocess.run([iosr, *args], check=True, capture_output=True, text=True,
                          env=env).stdout


def section(text, heading):
    """The indented lines after a line `heading` of `iosr --help`, up to the next blank line."""
    lines = text.splitlines()
    start = lines.index(heading) + 1
    rows = []
    for line in lines[start:]:
        if not line.strip():
            break
        rows.append(line.strip())
    return rows


def tagged_list(rows):
    """`.TP` paragraphs: a bold name, then its summary."""
    out = []
    for name, summary in rows:
        out += [".TP", ".B " + roff(name), roff(summary)]
    return "\n".join(out)


def command_page(text):
    """One command's --help text as roff: options as tagged paragraphs, the rest line by line."""
    out = []
    option_column = None  # where the open option's description starts
    indented = False  # inside an .RS block of indented lines
    for line in text.splitlines():
        if not line.strip():
            if indented:
                out.append(".RE")
                indented = False
            out.append(".PP")
            option_column = None
            continue
        indent = len(line) - len(line.lstrip(" "))
        m = OPTION.match(line)
        if m:
            short, long_name, arg = m.group(2) or "", m.group(3), (m.group(4) or "").strip()
            tag = "\\fB" + roff(short + long_name) + "\\fR" + (" \\fI" + roff(arg) + "\\fR" if arg else "")
            out += [".TP", tag, roff(m.group(6))]
            option_column = sum(len(m.group(i) or "") for i in (1, 2, 3, 4, 5))
            continue
        if option_column is not None and indent >= option_column:
            # cxxopts wraps at the description column; deeper lines start a list item.
            if indent > option_column:
                out.append(".br")
            out.append(roff(line.strip()))
            continue
        option_column = None
        if indent and not indented:
            out.append(".RS 2")  # a list under a heading line, such as the usage
        elif indented and not indent:
            out.append(".RE")
        elif out and out[-1] != ".PP":
            out.append(".br")
        indented = indent > 0
        out.append(roff(line.strip()))
    if indented:
        out.append(".RE")
    while out and out[-1] == ".PP":
        out.pop()
    return "\n".join(out)


def main():
    iosr, skeleton_path, output_path = sys.argv[1:4]
    overview = help_text(iosr, "--help")
    version = help_text(iosr, "--version").split()[1]
    commands = [tuple(re.split(r" {2,}", row, maxsplit=1)) for row in section(overview, "commands:")]
    formats = [tuple(row.split(": ", 1)) for row in
               section(overview, "input formats (detected from the content):")]
    pages = []
    for name, _ in commands:
        text = help_text(iosr, name, "--help")
        pages += [f'.SS "iosr {roff(name)}"', command_page(text)]
        # A command with commands of its own (`iosr db`) lists them as `iosr --help` does.
        if "\ncommands:\n" in text:
            for sub in [re.split(r" {2,}", row, maxsplit=1)[0] for row in section(text, "commands:")]:
                pages += [f'.SS "iosr {roff(name)} {roff(sub)}"',
                          command_page(help_text(iosr, name, sub, "--help"))]

    with open(skeleton_path, encoding="utf-8") as f:
        page = f.read()
    for key, value in (("@VERSION@", roff(version)), ("@COMMAND_LIST@", tagged_list(commands)),
                       ("@INPUT_FORMATS@", tagged_list(formats)), ("@COMMANDS@", "\n".join(pages))):
        if key not in page:
            sys.exit(f"{skeleton_path}: no {key} to fill")
        page = page.replace(key, value)
    with open(output_path, "w", encoding="utf-8") as f:
        f.write(page)


if __name__ == "__main__":
    main()
