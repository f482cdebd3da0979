#!/usr/bin/python3
"""Writes lib/src/input/lkp/profile_units.cpp: the unit and direction of each PTS test
profile's results, keyed as LKP names them, from a checkout of PTS's test profiles.

LKP (the kernel test robot) names a PTS result `TEST.OPTIONS.UNIT`, where UNIT is the unit PTS
printed, lower-cased, with blanks and `/` made `_` (`MB/s` -> `mb_s`; lkp-tests'
programs/pts/parse). The table gives back the unit as PTS writes it and the direction of its
Proportion, per test (`fio`, `mb_s` -> `MB/s`, higher), and for any test by unit alone where
every profile agrees (docs/lkp.md, "Units and direction").

  tests/tools/lkp_profile_units.py TEST_PROFILES_DIR > lib/src/input/lkp/profile_units.cpp

TEST_PROFILES_DIR holds pts/ and system/ as github.com/phoronix-test-suite/test-profiles has
them (`git archive HEAD pts system | tar -x`). Not a ctest: the table is committed, and
tests/lkp_reader_test.cpp checks its shape and the rows the fixtures need.
"""
import collections
import os
import re
import sys
import xml.etree.ElementTree as ET


FRAME_TIMES = {"libframetime-output", "libframetime-output-no-limit", "csv-dump-frame-latencies",
               "com-speeds-frame-latency-totals", "valve-source-frame-times",
               "cpu-frames-space-delimited", "csv-individual-frame-times", "csv-f1-frame-times",
               "gpu-frames-space-delimited"}


def lkp_key(unit):
    return unit.lower().replace(" ", "_").replace("/", "_")


def results_of(profile_dir):
    """(scale, proportion) of the profile's results: the test's own, and each results
    parser's that overrides them."""
    definition = ET.parse(os.path.join(profile_dir, "test-definition.xml")).getroot()
    info = definition.find("TestInformation")
    if info is None:
        return []
    scale = (info.findtext("ResultScale") or "").strip()
    proportion = (info.findtext("Proportion") or "").strip()
    found = [(scale, proportion)]
    parsers = os.path.join(profile_dir, "results-definition.xml")
    if os.path.exists(parsers):
        definitions = ET.parse(parsers).getroot()
        for parser in definitions.iter("ResultsParser"):
            s = (parser.findtext("ResultScale") or "").strip()
            p = (parser.findtext("ResultProportion") or "").strip()
            if s or p:
                found.append((s or scale, p or proportion))
        # A frame-time extra result: PTS adds it in Milliseconds, lower is better
        # (pts-core/objects/pts_test_result_parser.php, where it reads these ExtraData).
        for extra in definitions.iter("ExtraData"):
            if (extra.findtext("Identifier") or "").strip() in FRAME_TIMES:
                found.append(("Milliseconds", "LIB"))
    return [(s, p) for s, p in found if s]


def direction(proportions):
    if proportions == {"HIB"}:
        return "direction::higher"
    if proportions == {"LIB"}:
        return "direction::lower"
    return "direction::none"


def main(root):
    per_test = collections.defaultdict(lambda: collections.defaultdict(set))
    per_unit = collections.defaultdict(set)
    profiles = 0
    for repository in ("pts", "system"):
        base = os.path.join(root, repository)
        if not os.path.isdir(base):
            continue
        for name in sorted(os.listdir(base)):
            match = re.fullmatch(r"(.+)-\d+(?:\.\d+)*", name)
            if not match:
                continue
            try:
                results = results_of(os.path.join(base, name))
            except (OSError, ET.ParseError):
                continue
            profiles += 1
            for scale, proportion in results:
                per_test[(match.group(1), lkp_key(scale))][scale].add(proportion)
                per_unit[scale].add(proportion)
    tests = []
    for (test, key), scales in sorted(per_test.items()):
        if len(scales) != 1:
            continue  # two spellings of one key in one test: left to the unit alone, or as written
        (scale, proportions), = scales.items()
        tests.append((test, key, scale, direction(proportions)))
    spellings = collections.defaultdict(list)
    for scale in per_unit:
        spellings[lkp_key(scale)].append(scale)
    units = []
    for key, scales in sorted(spellings.items()):
        if len(scales) == 1:
            units.append((key, scales[0], direction(per_unit[scales[0]])))
    write_table(sys.stdout, profiles, tests, units)


def cpp_literal(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def write_table(out, profiles, tests, units):
    """The tables as C++ with no addresses in them: each text once in one character array, the
    rows its offsets and lengths. A table of string_views needed a relocation per view, which
    the dynamic loader wrote at every start of iosr (55 KB, 13 pages), LKP input or not."""
    texts = []
    offsets = {}
    size = 0

    def place(text):
        nonlocal size
        if text not in offsets:
            offsets[text] = size
            texts.append(text)
            size += len(text.encode())
        return offsets[text], len(text.encode())

    rows = {"test_rows": [], "any_test_rows": []}
    for test, key, scale, d in tests:
        rows["test_rows"].append((place(test), place(key), place(scale), d))
    for key, scale, d in units:
        rows["any_test_rows"].append((place(""), place(key), place(scale), d))
    if size > 0xFFFF:
        sys.exit(f"the texts are {size} bytes: widen packed_unit's offsets")
    out.write("// SPDX-License-Identifier: MIT\n")
    out.write("// Generated by tests/tools/lkp_profile_units.py from PTS's test profiles "
              f"({profiles} profiles of\n// github.com/phoronix-test-suite/test-profiles, "
              "MIT): do not edit; run it again.\n")
    out.write('#include "input/lkp/profile_units.hpp"\n\n'
              "namespace iosr::detail {\n\nnamespace {\n\n")
    out.write("// Every text of the tables once, one after another: the rows hold offsets into it, not\n"
              "// addresses, so that the loader has nothing to relocate here at start.\n")
    out.write("constexpr char texts[] =\n")
    line = "   "
    for text in texts:
        if not text:
            continue
        piece = " " + cpp_literal(text)
        if len(line) + len(piece) > 100:
            out.write(line + "\n")
            line = "   "
        line += piece
    out.write(line + "\n")
    out.write("    ;\n")
    # One array: the rows by test, then those of any test (one table, not two of one shape).
    out.write(f"\n// The first {len(rows['test_rows'])} rows are by test, the rest of any test.\n")
    out.write(f"constexpr std::size_t test_row_count = {len(rows['test_rows'])};\n")
    out.write("constexpr packed_unit rows[] = {\n")
    for name, table in rows.items():
        out.write(f"    // {name}\n")
        for (t, ts), (k, ks), (u, us), d in table:
            out.write(f"    {{{t}, {ts}, {k}, {ks}, {u}, {us}, {d}}},\n")
    out.write("};\n")
    out.write("\n}  // namespace\n\npacked_units packed_profile_units() {\n"
              "  const std::span<const packed_unit> all = rows;\n"
              "  return {{texts, sizeof texts - 1}, all.first(test_row_count),"
              " all.subspan(test_row_count)};\n}\n\n"
              "}  // namespace iosr::detail\n")


if __name__ == "__main__":
    main(sys.argv[1])
