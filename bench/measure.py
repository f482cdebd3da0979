#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Measures batch conversion of generated files against its floors (issue 5's figures; see
docs/performance.md). Usage: bench/measure.py IOSR XML_PARSE_FLOOR DATA_10000 [DATA_1000]
[--passes=N] [--before=OLD]. DATA_* are bench/generate.py outputs (DIR/results and
DIR/results.tar.gz).
Every measurement runs once per pass, the passes one after the other (N = 3), so that the
conversions and their floors are interleaved; the fastest of each is kept. A control before
and after, and the CPU time other processes took during each run, say whether the machine
was idle: when it was not, a warning replaces the target lines. With --before=OLD (another iosr,
such as the build of an earlier commit) each conversion runs with OLD too, in the same passes,
and the ratio of the two is printed (best against best; the load hits both alike)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib  # noqa: E402

args = [a for a in sys.argv[1:] if not a.startswith(("--passes", "--before"))]
passes = next((int(a.split("=", 1)[1]) for a in sys.argv[1:] if a.startswith("--passes=")), 3)
BEFORE = next((a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--before=")), None)
IOSR, FLOOR, BIG = args[:3]
SMALL = args[3] if len(args) > 3 else None
CORES = benchlib.CORES


def size_of(root):
    files = total = 0
    for d, _, names in os.walk(root):
        for n in names:
            files += 1
            total += os.path.getsize(os.path.join(d, n))
    return files, total / 1e6


def report(data):
    results = os.path.join(data, "results")
    tgz = results + ".tar.gz"
    xml_dir = os.path.join(results, "test-results")
    xml_files, xml_mb = size_of(xml_dir)
    all_files, all_mb = size_of(results)
    print(f"== {data}: {all_files} files, {all_mb:.1f} MB ({xml_files} XML, {xml_mb:.1f} MB); "
          f"{os.path.getsize(tgz) / 1e6:.1f} MB .tar.gz; {CORES} cores; best of {passes} passes")
    csv = os.path.join(data, "combined.csv")

    def convert(inputs, jobs, iosr=IOSR):
        return [iosr, "convert", *inputs, "--combine", csv, "--force", "--jobs", str(jobs)]

    # name -> (command, files, MB); run in this order in every pass, floors between conversions.
    plan = {}
    for name, inputs, files, mb in (("XML", [xml_dir], xml_files, xml_mb),
                                    ("all", [results], all_files, all_mb)):
        for jobs in sorted({1, CORES}):
            plan[f"(a) convert --combine, {name}, --jobs {jobs}"] = (convert(inputs, jobs), files, mb)
        if name == "XML":
            plan["(b) pugixml parse only, XML, 1 core"] = ([FLOOR, xml_dir, "5"], xml_files, xml_mb)
    plan[f"(c) convert --combine, .tar.gz, --jobs {CORES}"] = (convert([tgz], CORES), all_files, all_mb)
    plan["(d) tar -xzOf (decompression floor)"] = (["tar", "-xzOf", tgz], all_files, all_mb)
    if BEFORE:
        for name, (command, files, mb) in list(plan.items()):
            if command[0] == IOSR:
                plan["before " + name] = ([BEFORE, *command[1:]], files, mb)
    runs = {name: [] for name in plan}
    floor_out = os.path.join(data, "floor.txt")
    for _ in range(passes):
        for name, (command, _, _) in plan.items():
            if command[0] == FLOOR:
                with open(floor_out, "w") as out:
                    r = benchlib.run(command, stdout=out)
                with open(floor_out) as f:
                    r.wall = float(f.read().split()[2])  # parsing alone, best of its 5 passes
            else:
                r = benchlib.run(command)
            runs[name].append(r)
    best = {name: benchlib.best(rs) for name, rs in runs.items()}
    line = "{:<46} {:>7.3f} s {:>7.1f} MB/s {:>8.0f} files/s  cpu {:>6.2f} s  rss {:>5.1f} MB{}"
    for name, (command, files, mb) in plan.items():
        b = best[name]
        cpu_rss = (b.cpu, b.rss) if command[0] != FLOOR else (float("nan"), float("nan"))
        noisy = "" if all(r.quiet() for r in runs[name]) else "  (disturbed)"
        print(line.format(name, b.wall, mb / b.wall, files / b.wall, *cpu_rss, noisy))
    if BEFORE:
        for name in plan:
            if name.startswith("before "):
                after = best[name[len("before "):]]
                print(f"{name[len('before '):]}: after / before = {after.wall / best[name].wall:.3f} "
                      f"wall, {after.cpu / best[name].cpu:.3f} CPU")
    quiet = all(r.quiet() for rs in runs.values() for r in rs)
    xml1 = best["(a) convert --combine, XML, --jobs 1"].wall
    floor = best["(b) pugixml parse only, XML, 1 core"].wall
    rss = max(b.rss for name, b in best.items() if not name.startswith(("(b)", "(d)")))
    if not quiet:
        print(benchlib.loaded_warning(data))
        return rss, False
    print(f"targets: (a) --jobs 1 = {xml1 / floor:.2f}x the parser floor (b) "
          f"({floor / xml1 * 100:.0f} %); "
          f"{CORES} cores / --jobs 1 = {xml1 / best[f'(a) convert --combine, XML, --jobs {CORES}'].wall:.2f}x "
          f"XML; (c) / (d) = {best[f'(c) convert --combine, .tar.gz, --jobs {CORES}'].wall / best['(d) tar -xzOf (decompression floor)'].wall:.2f}x; "
          f"peak RSS {rss:.1f} MB")
    return rss, True


clean = benchlib.control(" before")[2]
big_rss, big_quiet = report(BIG)
ok = big_quiet
if SMALL:
    small_rss, small_quiet = report(SMALL)
    ok = ok and small_quiet
    print(f"(e) peak RSS: {small_rss:.1f} MB at {size_of(os.path.join(SMALL, 'results'))[0]} files, "
          f"{big_rss:.1f} MB at {size_of(os.path.join(BIG, 'results'))[0]} files")
clean = benchlib.control(" after")[2] and clean
if not clean:
    print(benchlib.loaded_warning("the controls"))
sys.exit(0 if ok and clean else 1)
