#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The XML conversion target of issue 16: real composite.xml files converted against pugixml's
parse alone. The set: the 18 `pts-[1-9]*.xml` files of tests/fixtures/corpus/xml (the shared
corpus), 250 copies each, every copy in a folder of its own (4,500 files, 111 MB), made once
under OUT. Conversion: the whole process `iosr convert OUT --combine CSV --jobs 1 --force`,
best of ROUNDS (3), each over the previous round's CSV (and once more into a new CSV, which
shows what replacing the previous output costs, and once over the CSV after an fsync, as a
user replacing an output written long before does); floor: xml_parse_floor, pugixml's
load_buffer(parse_default | parse_doctype) on each file after reading all of them, best of 5
passes, in every round. The
two are interleaved, round after round, so that a change in the machine's load hits both.
Usage: bench/corpus_ratio.py IOSR XML_PARSE_FLOOR OUT [ROUNDS=3]"""
import glob
import hashlib
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
COPIES = 250


def make_set(out):
    sources = sorted(glob.glob(os.path.join(ROOT, "tests/fixtures/corpus/xml/pts-[1-9]*.xml")))
    assert len(sources) == 18, f"expected the 18 pts-[1-9]*.xml files, found {len(sources)}"
    files = os.path.join(out, "files")
    stamp = os.path.join(out, "complete")
    if os.path.exists(stamp):
        return files
    shutil.rmtree(files, ignore_errors=True)
    for source in sources:
        name = os.path.basename(source)[: -len(".xml")]
        for i in range(COPIES):
            folder = os.path.join(files, f"{name}-{i:03}")
            os.makedirs(folder)
            shutil.copyfile(source, os.path.join(folder, "composite.xml"))
    open(stamp, "w").close()
    return files


def md5(path):
    h = hashlib.md5()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def main():
    iosr, floor_tool, out = sys.argv[1:4]
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    files = make_set(out)
    csv = os.path.join(out, "combined.csv")
    count, mb = 0, 0.0
    for d, _, names in os.walk(files):
        for n in names:
            count += 1
            mb += os.path.getsize(os.path.join(d, n)) / 1e6
    print(f"== {files}: {count} files, {mb:.1f} MB; {benchlib.CORES} cores")
    jobs = sorted({1, benchlib.CORES})
    convert = {j: [] for j in jobs}
    floors = []
    fresh = os.path.join(out, "fresh.csv")
    fresh_runs = []
    on_disk_runs = []
    clean = benchlib.control(" before")[2]
    for r in range(rounds):
        # Floor and conversion alternate, so that both see the same machine.
        f = benchlib.run([floor_tool, files, "5"], stdout=open(os.path.join(out, "floor.txt"), "w"))
        f.seconds = float(open(os.path.join(out, "floor.txt")).read().split()[2])
        floors.append(f)
        for j in jobs:
            convert[j].append(benchlib.run([iosr, "convert", files, "--combine", csv, "--jobs", str(j),
                                            "--force"]))
        # The same into a new output: what replacing the previous 63 MB output costs (the kernel
        # frees it when the new one is renamed over it) shows as the difference.
        if os.path.exists(fresh):
            os.remove(fresh)
        fresh_runs.append(benchlib.run([iosr, "convert", files, "--combine", fresh, "--jobs", "1"]))
        # And over an output already on the disk: the rounds above replace one written a moment
        # before, still in the page cache only, whose blocks are cheaper to free.
        descriptor = os.open(csv, os.O_RDONLY)
        os.fsync(descriptor)
        os.close(descriptor)
        on_disk_runs.append(benchlib.run([iosr, "convert", files, "--combine", csv, "--jobs", "1",
                                          "--force"]))
        print(f"round {r + 1}: floor {f.seconds:.3f} s (others {f.foreign:.2f} s CPU); " +
              "; ".join(f"--jobs {j} {convert[j][-1].wall:.3f} s, cpu {convert[j][-1].cpu:.3f} s "
                        f"(others {convert[j][-1].foreign:.2f} s)" for j in jobs))
    clean = benchlib.control(" after")[2] and clean
    print(f"combined CSV: md5 {md5(csv)}, {os.path.getsize(csv)} bytes")
    floor_s = min(f.seconds for f in floors)
    quiet = all(f.quiet() for f in floors) and all(r.quiet() for j in jobs for r in convert[j]) and \
        all(r.quiet() for r in fresh_runs) and all(r.quiet() for r in on_disk_runs)
    best = {j: benchlib.best(convert[j]) for j in jobs}
    print(f"floor (pugixml parse only, best of {5 * rounds} passes): {floor_s:.3f} s, "
          f"{mb / floor_s:.0f} MB/s")
    for j in jobs:
        print(f"convert --jobs {j} (best of {rounds}): {best[j].wall:.3f} s wall, {best[j].cpu:.3f} s "
              f"CPU, peak RSS {best[j].rss:.1f} MB")
    fresh_best = benchlib.best(fresh_runs)
    print(f"convert --jobs 1 into a new output (best of {rounds}): {fresh_best.wall:.3f} s wall; "
          f"replacing the previous output costs {best[1].wall - fresh_best.wall:+.3f} s")
    on_disk_best = benchlib.best(on_disk_runs)
    print(f"convert --jobs 1 over an output already on the disk (best of {rounds}): "
          f"{on_disk_best.wall:.3f} s wall")
    if not (clean and quiet):
        print(benchlib.loaded_warning("these runs"))
        return 1
    print(f"ratio: --jobs 1 / floor = {best[1].wall / floor_s:.2f}x (target <= 3x)" +
          (f"; --jobs {benchlib.CORES} / floor = {best[benchlib.CORES].wall / floor_s:.2f}x"
           if benchlib.CORES > 1 else "") +
          f"; --jobs 1 into a new output / floor = {fresh_best.wall / floor_s:.2f}x"
          f"; --jobs 1 over an output on the disk / floor = {on_disk_best.wall / floor_s:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
