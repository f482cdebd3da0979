# SPDX-License-Identifier: MIT
"""What the benchmarks share: timing a process with the CPU time the rest of the machine used
meanwhile, a control that says whether the machine is idle enough for wall-clock figures, and
best-of-N over interleaved passes. Wall-clock figures from a shared machine are only figures
when these controls are clean; the scripts print a warning instead of a ratio otherwise."""
import os
import subprocess
import tempfile
import time

CORES = os.cpu_count() or 1
TICK = os.sysconf("SC_CLK_TCK")


def cpu_ticks():
    """(busy, steal) seconds of the whole machine so far, from /proc/stat (every core)."""
    with open("/proc/stat", encoding="ascii") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    user, nice, system, idle, iowait, irq, softirq, steal = (fields + [0] * 8)[:8]
    return (user + nice + system + irq + softirq) / TICK, steal / TICK


class run:
    """One run of `args`: wall seconds, its own CPU seconds (user + system, from wait4), peak RSS
    in MB, and `foreign`: CPU seconds that other processes (or the host, as steal) took from the
    machine meanwhile. /proc/stat counts in ticks of 1/100 s, so foreign is good to about 0.02 s.
    GNU time (Debian package `time`) reports the peak RSS when it is installed: wait4's would
    count the forked Python before the exec."""

    def __init__(self, args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL):
        with tempfile.NamedTemporaryFile("r") as peak:
            gnu_time = ["/usr/bin/time", "-f", "%M", "-o", peak.name] if os.path.exists("/usr/bin/time") else []
            busy0, steal0 = cpu_ticks()
            start = time.perf_counter()
            proc = subprocess.Popen(gnu_time + list(args), stdout=stdout, stderr=stderr)
            _, status, usage = os.wait4(proc.pid, 0)
            self.wall = time.perf_counter() - start
            busy1, steal1 = cpu_ticks()
            proc.returncode = os.waitstatus_to_exitcode(status)
            if proc.returncode != 0:
                raise subprocess.CalledProcessError(proc.returncode, args)
            kb = peak.read().split()
            self.rss = int(kb[-1]) / 1024 if gnu_time and kb else float("nan")
        self.cpu = usage.ru_utime + usage.ru_stime
        self.foreign = max(0.0, (busy1 - busy0) - self.cpu) + (steal1 - steal0)

    def quiet(self):
        """Whether the rest of the machine stayed below a tenth of one core during the run (and
        0.03 s in all, the resolution of /proc/stat)."""
        return self.foreign <= max(0.03, 0.1 * self.wall)


def spin(n):
    total = 0
    for i in range(n):
        total += i * i
    return total


def control(label=""):
    """How much of the machine we get now: CORES busy loops at once against one alone (CORES x
    on an idle machine), and the CPU time others used during a one-second idle wait. Returns
    (speed-up, foreign CPU seconds per second, clean) and prints them."""
    import multiprocessing

    start = time.perf_counter()
    spin(3_000_000)
    one = time.perf_counter() - start
    start = time.perf_counter()
    with multiprocessing.Pool(CORES) as pool:
        pool.map(spin, [3_000_000] * CORES)
    many = time.perf_counter() - start
    speedup = CORES * one / many
    busy0, steal0 = cpu_ticks()
    time.sleep(1.0)
    busy1, steal1 = cpu_ticks()
    foreign = (busy1 - busy0) + (steal1 - steal0)
    clean = speedup >= 0.9 * CORES and foreign <= 0.1
    print(f"control{label}: {CORES} CPU-bound processes at once ran {speedup:.2f}x as fast as one "
          f"after another ({CORES:.2f}x when idle); others used {foreign:.2f} s of CPU in 1 s idle "
          f"-> {'clean' if clean else 'LOADED'}")
    return speedup, foreign, clean


def best(runs):
    """The fastest of several runs (the least disturbed)."""
    return min(runs, key=lambda r: r.wall)


def loaded_warning(what):
    return (f"WARNING: the machine was loaded during {what} (see the control lines): no figure "
            "is reported; rerun on an idle machine")


def before_after_arguments(doc, before_help):
    """The command line the store's benchmarks share: IOSR (the program measured), OUT (where
    its stores and data go, kept between runs), --rounds, and --before (an earlier iosr measured
    in the same rounds). Returns the parser, for a script's own options."""
    import argparse

    parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    parser.add_argument("iosr")
    parser.add_argument("out")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--before", help=before_help)
    return parser
