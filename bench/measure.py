#!/usr/bin/env python3
"""Measures batch conversion against its floors and prints the figures of issue 5.
Usage: bench/measure.py IOSR XML_PARSE_FLOOR DATA_10000 [DATA_1000]
DATA_* are bench/generate.py outputs (DIR/results and DIR/results.tar.gz).
Each run is repeated 3 times; the fastest is kept (the machine may be shared)."""
import os
import subprocess
import sys
import tempfile
import time

IOSR, FLOOR, BIG = sys.argv[1:4]
SMALL = sys.argv[4] if len(sys.argv) > 4 else None
CORES = os.cpu_count()


def measure(args):
    """Wall seconds, CPU seconds (user + system) and peak RSS (MB) of one run, best wall of 3.
    GNU time measures, so that the peak RSS is the program's own, not a forked Python's."""
    best = None
    with tempfile.NamedTemporaryFile("r") as figures:
        for _ in range(3):
            subprocess.run(["/usr/bin/time", "-f", "%e %U %S %M", "-o", figures.name, *args],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
            wall, user, system, kb = figures.read().split()[-4:]
            figures.seek(0)
            run = (float(wall), float(user) + float(system), int(kb) / 1024)
            best = run if best is None or run[0] < best[0] else best
    return best


def size_of(root):
    files = total = 0
    for d, _, names in os.walk(root):
        for n in names:
            files += 1
            total += os.path.getsize(os.path.join(d, n))
    return files, total / 1e6


def convert(inputs, jobs, out_dir):
    return measure([IOSR, "convert", *inputs, "--combine", os.path.join(out_dir, "combined.csv"), "--force",
                    "--jobs", str(jobs)])


def report(data):
    results = os.path.join(data, "results")
    tgz = results + ".tar.gz"
    xml_dir = os.path.join(results, "test-results")
    xml_files, xml_mb = size_of(xml_dir)
    all_files, all_mb = size_of(results)
    print(f"== {data}: {all_files} files, {all_mb:.1f} MB ({xml_files} XML, {xml_mb:.1f} MB); "
          f"{os.path.getsize(tgz) / 1e6:.1f} MB .tar.gz; {CORES} cores")
    fig = {}
    line = "{:<46} {:>7.2f} s {:>7.1f} MB/s {:>8.0f} files/s  cpu {:>6.2f} s  rss {:>5.1f} MB"
    for name, inputs, files, mb in (("XML", [xml_dir], xml_files, xml_mb), ("all", [results], all_files, all_mb)):
        for jobs in (1, CORES):
            wall, cpu, rss = convert(inputs, jobs, data)
            fig[(name, jobs)] = (wall, rss)
            print(line.format(f"(a) convert --combine, {name}, --jobs {jobs}", wall, mb / wall, files / wall, cpu, rss))
    floors = [subprocess.run([FLOOR, xml_dir], capture_output=True, text=True, check=True).stdout.split()
              for _ in range(3)]
    floor_files, floor_mb, floor_s = int(floors[0][0]), float(floors[0][1]), min(float(f[2]) for f in floors)
    print("{:<46} {:>7.2f} s {:>7.1f} MB/s {:>8.0f} files/s".format(
        "(b) pugixml parse only, XML, 1 core", floor_s, floor_mb / floor_s, floor_files / floor_s))
    wall_c, cpu_c, rss_c = convert([tgz], CORES, data)
    print(line.format(f"(c) convert --combine, .tar.gz, --jobs {CORES}", wall_c, all_mb / wall_c, all_files / wall_c,
                      cpu_c, rss_c))
    wall_d, cpu_d, rss_d = measure(["tar", "-xzOf", tgz])
    print(line.format("(d) tar -xzOf (decompression floor)", wall_d, all_mb / wall_d, all_files / wall_d, cpu_d, rss_d))
    xml1 = fig[("XML", 1)][0]
    print(f"targets: (a) jobs 1 / (b) = {floor_s / xml1 * 100:.0f} % of the parser floor (>= 70 %); "
          f"{CORES} cores / jobs 1 = {xml1 / fig[('XML', CORES)][0]:.2f}x XML, "
          f"{fig[('all', 1)][0] / fig[('all', CORES)][0]:.2f}x all (>= 1.6x); "
          f"(c) / (d) = {wall_c / wall_d:.2f}x (<= 1.5x); "
          f"peak RSS {max(max(r for _, r in fig.values()), rss_c):.1f} MB (<= 100 MB)")
    return max(max(r for _, r in fig.values()), rss_c)


def spin(n):
    total = 0
    for i in range(n):
        total += i * i
    return total


def control():
    """How many cores the machine gives us now: CORES busy loops at once against one alone."""
    import multiprocessing
    start = time.perf_counter()
    spin(5_000_000)
    one = time.perf_counter() - start
    start = time.perf_counter()
    with multiprocessing.Pool(CORES) as pool:
        pool.map(spin, [5_000_000] * CORES)
    many = time.perf_counter() - start
    print(f"control: {CORES} CPU-bound processes at once ran {CORES * one / many:.2f}x as fast as one after "
          f"another ({CORES:.2f}x on an idle machine)")


control()
big_rss = report(BIG)
if SMALL:
    small_rss = report(SMALL)
    control()
    print(f"(e) peak RSS: {small_rss:.1f} MB at {size_of(os.path.join(SMALL, 'results'))[0]} files, "
          f"{big_rss:.1f} MB at {size_of(os.path.join(BIG, 'results'))[0]} files")
