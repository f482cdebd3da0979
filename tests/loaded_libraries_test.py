#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The shared libraries iosr loads (docs/performance.md, "Start-up"): the ones loaded on first use
(lib/src/shared_library/) are no NEEDED entry of the executable (readelf -d) nor among what it
loads at start (ldd); at run time (the dynamic loader's LD_DEBUG=files), `--version`, a compare
in every format, and SVG charts load none of them, and a PNG chart loads the chart libraries;
a chart library that is missing or broken is an error naming it and its Debian package, and
SVG and HTML still work without it. Built with the C++ runtime linked in (IOSR_STATIC_RUNTIME,
the third argument `static-runtime`), iosr loads neither libstdc++ nor libfmt at start: they were
1.6 M of `iosr --version`'s 2.6 M instructions (docs/performance.md, "Start-up"), and its
symbol relocations (LD_DEBUG=statistics, a count) are at most 8 times /bin/true's. Linked by a
linker that packs relative relocations (the fourth argument `packed-relocations`), iosr has them
in DT_RELR's bitmaps, none left in `.rela.dyn`: 131 KB that every start read (4-6 page faults).

Usage: loaded_libraries_test.py IOSR DATA_DIR [static-runtime|shared-runtime]
       [packed-relocations|plain-relocations]
Without readelf (Debian package binutils) it fails under CI (CI=true) and skips elsewhere."""
import os
import re
import shutil
import subprocess
import sys
import tempfile

from missing_tool import missing

IOSR, DATA = sys.argv[1:3]
STATIC_RUNTIME = sys.argv[3:4] == ["static-runtime"]
PACKED_RELOCATIONS = sys.argv[4:5] == ["packed-relocations"]
XML = os.path.join(DATA, "xml", "iosched-3way.xml")
# Loaded on first use, never linked: name prefixes of their sonames. glib and gobject are the
# chart libraries' too; pango, GIO and the rest come with librsvg.
LAZY = ["librsvg", "libcairo", "libfontconfig", "libpango", "libgio", "libgobject", "libglib",
        "libsqlite3", "libpq", "libcrypto", "libcurl", "libarchive"]
# The chart images' libraries, each by its soname and its Debian package, as the error names them.
CHART_LIBRARIES = [("libglib-2.0.so.0", "libglib2.0-0"), ("libgobject-2.0.so.0", "libglib2.0-0"),
                   ("libfontconfig.so.1", "libfontconfig1"), ("libcairo.so.2", "libcairo2"),
                   ("librsvg-2.so.2", "librsvg2-2")]
failures = []


def check(name, condition, detail=""):
    if not condition:
        failures.append(f"{name}: {detail}")


def lazy_in(names):
    return sorted(n for n in names if any(n.startswith(prefix) for prefix in LAZY))


def run(args, env=None):
    p = subprocess.run([IOSR, *args], capture_output=True, env={**os.environ, **(env or {})})
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")


def loaded_by(args):
    """What the dynamic loader loads for a run of iosr, at start and after (dlopen)."""
    rc, _, err = run(args, {"LD_DEBUG": "files"})
    return rc, set(re.findall(r"\bfile=(\S+) \[", err)), err


readelf = shutil.which("readelf")
if readelf is None:
    reason = missing("readelf", "binutils")
    if reason:
        failures.append(reason)
else:
    dynamic = subprocess.run([readelf, "-d", IOSR], capture_output=True, text=True, check=True).stdout
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", dynamic)
    check("readelf -d: the NEEDED entries are read (libc among them)", "libc.so.6" in needed,
          dynamic)
    check("iosr names no library loaded on first use as NEEDED", not lazy_in(needed),
          f"{lazy_in(needed)} among {needed}")
    if PACKED_RELOCATIONS:
        check("readelf -d: iosr's relative relocations are packed (a RELR entry)",
              re.search(r"\(RELR\)\s", dynamic), dynamic)
        relocations = subprocess.run([readelf, "-r", "-W", IOSR], capture_output=True, text=True,
                                     check=True).stdout
        unpacked = len(re.findall(r"\bR_\w+_RELATIVE\b", relocations))
        check("readelf -r: no relative relocation left unpacked", unpacked == 0, f"{unpacked}")

ldd = subprocess.run(["ldd", IOSR], capture_output=True, text=True, check=True).stdout
at_start = re.findall(r"^\s*(\S+) =>", ldd, re.M)
check("ldd: the libraries iosr loads at start are read (libc among them)",
      "libc.so.6" in at_start, ldd)
check("iosr loads no library loaded on first use at start", not lazy_in(at_start),
      lazy_in(at_start))
if STATIC_RUNTIME:
    shared_runtime = [n for n in at_start if n.startswith(("libstdc++", "libfmt", "libgcc_s"))]
    check("iosr, built with the C++ runtime and fmt linked in, loads none of them at start",
          not shared_runtime, shared_runtime)

    def symbol_relocations(program, *args, kind="relocations"):
        """The symbols the dynamic loader looks up for a run (LD_DEBUG=statistics): a count,
        the same on every run, and most of what start-up costs."""
        p = subprocess.run([program, *args], capture_output=True, text=True,
                           env={**os.environ, "LD_DEBUG": "statistics"})
        found = re.findall(rf"^\s*\d+:\s+number of {kind}: (\d+)$", p.stderr, re.M)
        return int(found[0]) if found else None

    # /bin/true: 87 on Debian 12; iosr --version 324 with the runtime linked in, 2,200 with the
    # shared libstdc++ and libfmt (docs/performance.md, "Start-up").
    floor = symbol_relocations(shutil.which("true") or "/bin/true")
    ours = symbol_relocations(IOSR, "--version")
    check("LD_DEBUG=statistics counts the symbol relocations", floor and ours, (floor, ours))
    if floor and ours:
        check("iosr --version: at most 8x the symbol relocations of /bin/true",
              ours <= 8 * floor, f"{ours} against {floor}")
    # Relative relocations are no look-ups, but each page they write is a page fault at every
    # start (some 20 us on a virtual machine): tables of addresses (string_views, pointers) that
    # could be offsets into one text are the way back up. 8,728 before the LKP units' tables
    # were made offsets, 5,794 after (docs/performance.md, "Start-up, third round").
    relative = symbol_relocations(IOSR, "--version", kind="relative relocations")
    check("LD_DEBUG=statistics counts the relative relocations", relative, relative)
    if relative:
        check("iosr --version: at most 7,000 relative relocations", relative <= 7000,
              f"{relative}")

with tempfile.TemporaryDirectory() as tmp:
    runs = [["--version"]]
    runs += [["compare", "--format", f, XML] for f in ("ascii", "md", "html", "csv", "json")]
    runs += [["chart", "--out-dir", os.path.join(tmp, "svg"), XML]]
    for args in runs:
        rc, files, err = loaded_by(args)
        check(f"iosr {' '.join(args[:3])}: runs", rc == 0, err[-2000:])
        check(f"iosr {' '.join(args[:3])}: the dynamic loader's LD_DEBUG lists what it loads",
              "libc.so.6" in files, err[-2000:])
        check(f"iosr {' '.join(args[:3])}: loads no library loaded on first use",
              not lazy_in(files), lazy_in(files))
    # A PNG chart loads the chart libraries then: the check above sees libraries so loaded.
    rc, files, err = loaded_by(["chart", "--summary", "-o", os.path.join(tmp, "s.png"), XML])
    check("iosr chart -o s.png: runs", rc == 0, err[-2000:])
    check("iosr chart -o s.png: loads the chart libraries when first drawing",
          all(soname in files for soname, _ in CHART_LIBRARIES), sorted(files))
    check("iosr chart -o s.png: loads no store or archive library",
          not [n for n in lazy_in(files) if n.startswith(("libsqlite3", "libpq", "libcrypto",
                                                           "libcurl", "libarchive"))],
          lazy_in(files))

    # Each chart library broken in turn (an empty file of its soname found first, through
    # LD_LIBRARY_PATH): a PNG or PDF is an error naming it and its package, exit 1; SVG charts
    # and the HTML page do not need it.
    broken = os.path.join(tmp, "broken")
    for soname, package in CHART_LIBRARIES:
        shutil.rmtree(broken, ignore_errors=True)
        os.mkdir(broken)
        open(os.path.join(broken, soname), "wb").close()
        env = {"LD_LIBRARY_PATH": broken}
        for fmt in ("png", "pdf"):
            out = os.path.join(tmp, f"broken.{fmt}")
            rc, _, err = run(["chart", "--summary", "-o", out, XML], env)
            check(f"{soname} broken: chart -o FILE.{fmt} says which library and package, exit 1",
                  rc == 1 and err.startswith(f"iosr chart: cannot load {soname} to draw charts "
                                             f"as PNG or PDF (") and
                  err.endswith(f"); expected it installed (Debian package {package})\n") and
                  err.count("\n") == 1 and not os.path.exists(out), (rc, err))
        rc, _, err = run(["chart", "--summary", "-o", os.path.join(broken, "s.svg"), XML], env)
        check(f"{soname} broken: an SVG chart still drawn", rc == 0 and err == "", (rc, err))
        rc, out, err = run(["compare", "--format", "html", XML], env)
        check(f"{soname} broken: compare's HTML page still made",
              rc == 0 and out.startswith(b"<!DOCTYPE html>"), (rc, err))

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("ok: no library loaded on first use is linked or loaded before it is needed")
