#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""`iosr show` of large PTS text exports (issue 41: a 102 MB text in at most twice its size in
memory, and a cost per MB that does not rise with the size). The texts are seed 002's export
(data/text/002_*.txt, the multi-line layout): its title and systems once, then its charts over
and over, each copy's description numbered so that no chart repeats another, up to 4, 25 and
102 MB (made once under OUT_DIR). For each: wall and CPU time, peak RSS (GNU time) and its
ratio to the text's size, and the CPU milliseconds per MB; ROUNDS rounds (default 2), with
--before OLD another iosr run right after, whose output must be the same bytes.
Usage: bench/show_bench.py IOSR OUT_DIR [--rounds N] [--before OLD]"""
import argparse
import glob
import hashlib
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SIZES_MB = (4, 25, 102)


def make_text(path, megabytes):
    seed = open(glob.glob(os.path.join(ROOT, "data", "text", "002_*.txt"))[0],
                encoding="utf-8").read()
    blocks = seed.split("\n\n\n")
    head, charts = blocks[0] + "\n\n\n", [b.strip("\n") for b in blocks[1:] if "|=" in b]
    target = megabytes * 1_000_000
    size, copy = len(head), 0
    with open(path, "w", encoding="utf-8") as out:
        out.write(head)
        while size < target:
            copy += 1
            for chart in charts:
                title, description, rest = chart.split("\n", 2)
                text = f"{title}\n{description} (copy {copy})\n{rest}\n\n\n"
                out.write(text)
                size += len(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("iosr")
    parser.add_argument("out")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--before")
    opts = parser.parse_args()
    programs = {"new": os.path.abspath(opts.iosr)}
    if opts.before:
        programs["before"] = os.path.abspath(opts.before)
    os.makedirs(opts.out, exist_ok=True)
    texts = {}
    for mb in SIZES_MB:
        path = os.path.join(opts.out, f"text-{mb}MB.txt")
        if not os.path.exists(path):
            make_text(path, mb)
        texts[mb] = path
    for n in range(1, opts.rounds + 1):
        print(f"round {n} (load average {os.getloadavg()[0]:.1f}):", flush=True)
        for mb, path in texts.items():
            size = os.path.getsize(path) / 1e6
            md5s = set()
            for name, program in programs.items():
                shown = os.path.join(opts.out, f"show-{mb}MB.{name}.txt")
                with open(shown, "wb") as sink:
                    r = benchlib.run([program, "show", path], stdout=sink)
                with open(shown, "rb") as f:
                    md5s.add(hashlib.md5(f.read()).hexdigest())
                print(f"  {name} show {size:6.1f} MB: {r.wall:6.2f} s wall, {r.cpu:6.2f} s CPU "
                      f"({r.cpu * 1000 / size:5.1f} ms/MB), peak RSS {r.rss:7.1f} MB "
                      f"({r.rss / size:4.2f}x the text)", flush=True)
            print(f"  outputs the same bytes: {len(md5s) == 1} ({', '.join(sorted(md5s))})")


if __name__ == "__main__":
    main()
