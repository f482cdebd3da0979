"""What the memory guards (trend_memory_test.py, show_memory_test.py) share: a run's own peak
resident set, a figure the machine's load does not move."""
import os
import subprocess
import sys


def peak_rss(args, out_path):
    """The peak resident set of `args` in bytes (its own, from wait4), its stdout to out_path."""
    with open(out_path, "wb") as out:
        proc = subprocess.Popen(args, stdout=out, stderr=subprocess.PIPE,
                                env=dict(os.environ, NO_COLOR="1"))
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        err = proc.stderr.read().decode(errors="replace")
        proc.stderr.close()
    if proc.returncode != 0:
        sys.exit(f"{' '.join(args)}: exit {proc.returncode}: {err}")
    return usage.ru_maxrss * 1024


def growth_within(peaks, limit, unit, what):
    """The peak bytes added per `unit` between the smaller and the larger run of `peaks` (size ->
    peak), printed; exits when it is over `limit`. Two sizes, not one: what any run costs (the
    program, its libraries) cancels out, and what grows with the input is left."""
    (small, small_peak), (large, large_peak) = sorted(peaks.items())
    per_unit = (large_peak - small_peak) / (large - small)
    shown = f"{per_unit:.2f}" if per_unit < 10 else f"{per_unit:.0f}"
    print(f"{shown} bytes of peak {unit} (at most {limit})")
    if per_unit > limit:
        sys.exit(f"{what} took {shown} bytes {unit}; at most {limit}")
