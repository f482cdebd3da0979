#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The memory a trend over the store takes per entry (issue 41), a ratio the load does not move,
so CI can hold it where wall times it cannot: the fleet of bench/generate_trend.py at 25 tests
(100,000 entries) and at 1 test (4,000), each imported into SQLite, then `iosr trend --format csv`
over each; the growth of the peak resident set from the small store to the large one, per entry
added, must stay under BYTES_PER_ENTRY. The release build took 265 bytes an entry at 1,000,000
entries before the runs were streamed into a compact form and the text written as drawn, and
about 70 after (docs/performance.md, "The store at scale"). The output of both must be the
whole trend (its CSV rows counted), so a trend that stops early cannot pass.
Not under the sanitizers (tests/CMakeLists.txt): their allocator's memory is not iosr's.
Usage: trend_memory_test.py IOSR GENERATOR"""
import os
import subprocess
import sys
import tempfile

from peak_memory import growth_within, peak_rss

IOSR, GENERATOR = sys.argv[1:3]
BYTES_PER_ENTRY = 150


def store(tmp, tests):
    """A SQLite store of the fleet at `tests` tests: its path and its entry count."""
    data = os.path.join(tmp, f"fleet-{tests}")
    subprocess.run([sys.executable, GENERATOR, "--fleet", data, str(tests)], check=True)
    db = os.path.join(tmp, f"store-{tests}.db")
    subprocess.run([IOSR, "db", "import", "--db", db, data], check=True,
                   stdout=subprocess.DEVNULL)
    return db, 20 * 40 * 5 * tests


def main():
    with tempfile.TemporaryDirectory() as tmp:
        peaks = {}
        for tests in (1, 25):
            db, entries = store(tmp, tests)
            out = os.path.join(tmp, f"trend-{tests}.csv")
            peak = peak_rss([IOSR, "trend", "--db", db, "--format", "csv"], out)
            with open(out, "rb") as f:
                rows = sum(1 for _ in f) - 1
            # A row per machine, test, kernel and scheduler but the baseline (one of five): at
            # least four entries in five, or the trend stopped early.
            if rows < entries * 4 // 5:
                sys.exit(f"trend over {entries} entries gave {rows} CSV rows: not the whole trend")
            peaks[entries] = peak
            print(f"{entries:>7} entries: peak RSS {peak / 1e6:6.1f} MB, {rows} rows")
        growth_within(peaks, BYTES_PER_ENTRY, "an entry", "the trend")


if __name__ == "__main__":
    main()
