#!/usr/bin/env python3
"""Measures batch conversion against its floors and prints the figures of issue 5.
Usage: bench/measure.py IOSR XML_PARSE_FLOOR DATA_10000 [DATA_1000]
DATA_* are bench/generate.py outputs (DIR/results and DIR/results.tar.gz).
Each run is repeated 3 times; the fastest is kept (the machine may be shared)."""
import os
import subprocess
import sys
import time

IOSR, FLOOR, BIG = sys.argv[1:4]
SMALL = sys.argv[4] if len(sys.argv) > 4 else None
CORES = os.cpu_count()


def measure(args, stdout=subprocess.DEVNULL):
    """Wall seconds, CPU seconds and peak RSS (MB) of one run, best wall time of 3."""
    best = None
    for _ in range(3):
        start = time.perf_counter()
        p = subprocess.Popen(args, stdout=stdout, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(p.pid, 0)
        wall = time.perf_counter() - start
        code = os.waitstatus_to_exitcode(status)
        if code != 0:
            sys.exit(f"{' '.join(args)}: exit {code}")
        run = (wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024)
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
    out = subprocess.run([FLOOR, xml_dir], capture_output=True, text=True, check=True).stdout.split()
    floor_files, floor_mb, floor_s = int(out[0]), float(out[1]), float(out[2])
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


big_rss = report(BIG)
if SMALL:
    small_rss = report(SMALL)
    print(f"(e) peak RSS: {small_rss:.1f} MB at {size_of(os.path.join(SMALL, 'results'))[0]} files, "
          f"{big_rss:.1f} MB at {size_of(os.path.join(BIG, 'results'))[0]} files")
