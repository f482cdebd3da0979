#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Start-up of iosr against a bare process (issue 16: `iosr --version` at most 1.5 ms and
`iosr compare data/xml/iosched-3way.xml` at most 3 ms above /bin/true, median of 21 runs).
hyperfine runs the three commands one after the other, ROUNDS times (default 3), so that the
bare process is measured beside iosr in every round; the round with the lowest bare median is
kept. A control before and after, and the CPU time others took during the rounds, say whether
the machine was idle: when it was not, a warning replaces the figures.

Then the CPU time (user + system) of each command, which the load moves far less than the wall
time, always reported: single runs of every command interleaved in random order (--cpu-runs N,
default 200 each), their medians above /bin/true's. With --before OLD (another iosr, such as the
build of an earlier commit) its runs are interleaved with IOSR's in the same rounds, wall and CPU,
so that the two compare under the same load. And each command's instructions (valgrind's
callgrind, the dynamic loader's work included, when valgrind is installed), which the load does
not move at all.

With --libraries [SONAME...], what loading each library at start would cost iosr (issue 42: a
library is linked unless this is more than 0.3 ms; the others are loaded on first use, by
lib/src/shared_library/): `iosr --version` as it is, and with the library preloaded
(LD_PRELOAD: the dynamic loader maps it and what it needs, relocates them and runs their
initialisers before main, which is what linking it costs every start), single runs interleaved in
random order (--cpu-runs N each), CPU and wall medians above the plain run; and the instructions
of each (valgrind's callgrind, the loader's work included), which the load does not move. Without
sonames: every library iosr loads on first use, and libcurl (in the helper iosr-http alone).
Usage: bench/startup.py IOSR [ROUNDS] [--before OLD] [--cpu-runs N] [--libraries [SONAME...]]"""
import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import benchlib  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
TARGETS = {"--version": 1.5, "compare data/xml/iosched-3way.xml": 3.0}


def interleaved(commands, runs):
    """Median wall and CPU milliseconds of each command (name -> (argv, environment)), from single
    runs interleaved in random order."""
    wall = {k: [] for k in commands}
    cpu = {k: [] for k in commands}
    devnull = os.open(os.devnull, os.O_WRONLY)
    order = list(commands)
    for i in range(runs + 3):  # the first 3 rounds warm the page cache, not counted
        random.shuffle(order)
        for k in order:
            argv, env = commands[k]
            start = time.perf_counter()
            pid = os.posix_spawn(argv[0], argv, env,
                                 file_actions=[(os.POSIX_SPAWN_DUP2, devnull, 1)])
            _, status, usage = os.wait4(pid, 0)
            if os.waitstatus_to_exitcode(status) != 0:
                raise SystemExit(f"{k}: {' '.join(argv)} failed")
            if i >= 3:
                wall[k].append((time.perf_counter() - start) * 1000)
                cpu[k].append((usage.ru_utime + usage.ru_stime) * 1000)
    os.close(devnull)
    return ({k: statistics.median(v) for k, v in wall.items()},
            {k: statistics.median(v) for k, v in cpu.items()})


def cpu_times(programs, runs):
    """Median wall and CPU milliseconds of /bin/true and of each program's commands."""
    commands = {"/bin/true": (["/bin/true"], os.environ)}
    for name, iosr in programs.items():
        for args in TARGETS:
            commands[f"{name} {args}"] = ([iosr, *args.split()], os.environ)
    return interleaved(commands, runs)


# What iosr loads on first use (lib/src/shared_library/), and libcurl (iosr-http's), by soname.
ON_FIRST_USE = ["libarchive.so.13", "libsqlite3.so.0", "libcrypto.so.3", "libpq.so.5",
                "librsvg-2.so.2", "libcairo.so.2", "libfontconfig.so.1", "libgobject-2.0.so.0",
                "libglib-2.0.so.0", "libcurl.so.4",
                # fontconfig, GObject and GLib, which the chart code calls besides librsvg and cairo
                "libfontconfig.so.1 libgobject-2.0.so.0 libglib-2.0.so.0"]
LINK_BELOW_MS = 0.3  # issue 42: linked unless loading it at start costs more


def instructions(command, env):
    """Instructions of one run under callgrind (the dynamic loader's included), or None."""
    if shutil.which("valgrind") is None:
        return None
    p = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
                       env=env, capture_output=True, text=True)
    found = re.search(r"Collected : (\d+)", p.stderr)
    return int(found.group(1)) if found else None


def library_costs(iosr, sonames, runs):
    """Prints, for each library (or list of libraries), what preloading it adds to
    `iosr --version`."""
    command = [iosr, "--version"]
    environments = {"plain": dict(os.environ)}
    for soname in sonames:
        environments[soname] = {**os.environ, "LD_PRELOAD": soname}
    load = os.getloadavg()[0]
    wall, cpu = interleaved({k: (command, env) for k, env in environments.items()}, runs)
    plain = instructions(command, environments["plain"])
    print(f"iosr --version with each library preloaded, {runs} single runs of each interleaved "
          f"(load average {load:.2f} at the start, {os.getloadavg()[0]:.2f} at the end); medians "
          f"above the plain run (CPU {cpu['plain']:.2f} ms, wall {wall['plain']:.2f} ms"
          + (f", {plain / 1e6:.2f} M instructions" if plain else "") + "):")
    for soname in sonames:
        more_cpu = cpu[soname] - cpu["plain"]
        counted = instructions(command, environments[soname])
        more = f", +{(counted - plain) / 1e6:.2f} M instructions" if counted and plain else ""
        verdict = "load on first use" if more_cpu > LINK_BELOW_MS else "link it"
        print(f"  {soname}: CPU +{more_cpu:.2f} ms, wall +{wall[soname] - wall['plain']:.2f} ms"
              f"{more}: {verdict} (threshold {LINK_BELOW_MS} ms)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("iosr")
    parser.add_argument("rounds", nargs="?", type=int, default=3)
    parser.add_argument("--before", help="another iosr to compare with, in the same runs")
    parser.add_argument("--cpu-runs", type=int, default=200)
    parser.add_argument("--libraries", nargs="*", metavar="SONAME",
                        help="what loading each library at start costs (default: those iosr "
                             "loads on first use, and libcurl)")
    opts = parser.parse_args()
    iosr = os.path.abspath(opts.iosr)
    os.chdir(ROOT)
    if opts.libraries is not None:
        library_costs(iosr, opts.libraries or ON_FIRST_USE, opts.cpu_runs)
        return 0
    commands = ["/bin/true"] + [f"{iosr} {args}" for args in TARGETS]
    clean = benchlib.control(" before")[2]
    best = None
    quiet = True
    for r in range(opts.rounds):
        with tempfile.NamedTemporaryFile("r", suffix=".json") as out:
            run = benchlib.run(["hyperfine", "-N", "--warmup", "5", "--runs", "21", "--export-json",
                                out.name, *commands])
            medians = [statistics.median(res["times"]) * 1000 for res in json.load(out)["results"]]
        # hyperfine's own CPU is part of `run`; others' use is what disturbs the figures.
        quiet = quiet and run.quiet()
        print(f"round {r + 1}: medians " + ", ".join(f"{m:.2f} ms" for m in medians) +
              f" (others used {run.foreign:.2f} s of CPU in {run.wall:.1f} s)")
        if best is None or medians[0] < best[0]:
            best = medians

    programs = {"iosr": iosr}
    if opts.before:
        programs = {"before": os.path.abspath(opts.before), "iosr": iosr}
    load = os.getloadavg()[0]
    wall, cpu = cpu_times(programs, opts.cpu_runs)
    print(f"{opts.cpu_runs} single runs of each, interleaved (load average {load:.2f} at the "
          f"start, {os.getloadavg()[0]:.2f} at the end); medians above /bin/true "
          f"(wall {wall['/bin/true']:.2f} ms, CPU {cpu['/bin/true']:.2f} ms):")
    floor = instructions(["/bin/true"], os.environ)
    if floor:
        print(f"instructions (callgrind, the dynamic loader's work included; the load does not "
              f"move them): /bin/true {floor / 1e6:.2f} M")
    for args in TARGETS:
        for name in programs:
            k = f"{name} {args}"
            counted = instructions([programs[name], *args.split()], os.environ)
            print(f"  {name} {args}: CPU {cpu[k] - cpu['/bin/true']:.2f} ms, wall "
                  f"{wall[k] - wall['/bin/true']:.2f} ms"
                  + (f", {counted / 1e6:.2f} M instructions" if counted else ""))

    clean = benchlib.control(" after")[2] and clean
    if not (clean and quiet):
        print(benchlib.loaded_warning("the hyperfine rounds") + " (the CPU times above stand)")
        return 1
    ok = True
    for (args, target), median in zip(TARGETS.items(), best[1:]):
        above = median - best[0]
        ok = ok and above <= target
        print(f"iosr {args}: {above:.2f} ms above /bin/true ({median:.2f} - {best[0]:.2f} ms; "
              f"target <= {target} ms) {'met' if above <= target else 'NOT MET'}")
    return 0 if ok else 2


if __name__ == "__main__":
    sys.exit(main())
