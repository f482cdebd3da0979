#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The memory `iosr show` takes per byte of a PTS text export (issue 41), a ratio the load does
not move, so CI can hold it where wall times it cannot: seed 002's export grown to 2 and 8 MB as
bench/show_bench.py grows it (its charts over and over, each copy's description numbered), then
`iosr show` of each; the growth of the peak resident set from the small text to the large one,
per byte of text added, must stay under BYTES_PER_BYTE. The release build took 8.4 bytes a byte
(4 to 25 MB) while the reader held every line with its entry's parts (168 bytes a line), 6.45
once a line was 56 bytes, and 5.8 (6.06 in the dev build) at 24 bytes a line; the model's
entries (272 bytes each, some 11,500 a MB) are most of what is left (docs/performance.md,
"`show` of a large PTS text", third round). The listing must count
every entry of the text, so a show that stops early cannot pass.
Not under the sanitizers (tests/CMakeLists.txt): their allocator's memory is not iosr's.
Usage: show_memory_test.py IOSR BENCH_DIR"""
import os
import re
import sys
import tempfile

from peak_memory import growth_within, peak_rss

IOSR, BENCH = sys.argv[1:3]
sys.path.insert(0, BENCH)
import show_bench  # noqa: E402

BYTES_PER_BYTE = 6.5


def main():
    with tempfile.TemporaryDirectory() as tmp:
        peaks = {}
        for megabytes in (2, 8):
            text = os.path.join(tmp, f"text-{megabytes}MB.txt")
            show_bench.make_text(text, megabytes)
            with open(text, encoding="utf-8") as f:
                entries = sum(1 for line in f if re.search(r" \.+ ", line))
            out = os.path.join(tmp, f"show-{megabytes}MB.txt")
            peak = peak_rss([IOSR, "show", text], out)
            with open(out, encoding="utf-8") as f:
                counted = re.search(r", (\d+) entries, ", f.read())
            if not counted or int(counted.group(1)) != entries:
                sys.exit(f"show of {text} did not list its {entries} entries: "
                         f"{counted.group(0) if counted else 'no count'}")
            size = os.path.getsize(text)
            peaks[size] = peak
            print(f"{size / 1e6:5.1f} MB text, {entries} entries: peak RSS {peak / 1e6:6.1f} MB")
        growth_within(peaks, BYTES_PER_BYTE, "a byte of text", "show")


if __name__ == "__main__":
    main()
