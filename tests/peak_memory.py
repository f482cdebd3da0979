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
