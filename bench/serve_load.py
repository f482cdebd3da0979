#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The load figures of docs/serve.md ("Under load"), in one command:

    bench/serve_load.py                      # build/release, the fleet store in build/sb
    bench/serve_load.py --clients 200 --requests 50 --path /results --rounds 2
    bench/serve_load.py --path '/trend?filter=^Benchmark 1$' --clients 50 --requests 40 --gzip

CLIENTS keep-alive clients at once, each sending REQUESTS requests for PATH one after another,
every client from an address of its own among 127.0.0.10 to 127.0.0.59 (as a team's browsers).
The clients are one asyncio loop in this process, so that they cost the server's two cores
little; their CPU is measured and printed beside the server's. The server is `iosr serve` of
--iosr (started here on a free port and stopped after; or --port and --pid of one already
running) over --db, the fleet store of 1,000,000 entries (bench/generate_trend.py --fleet,
imported here when the file is missing). Per round it prints the latency percentiles, the
requests not answered 200 and the connections refused or reset, the server's resident memory
before and after, and the CPU time per request of the server and of the clients. With --gzip
the clients ask as browsers do (Accept-Encoding: gzip, deflate, br); they take what comes as it
comes, not inflating it, which browsers do each on a machine of its own."""
import argparse
import asyncio
import os
import pathlib
import re
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
TICK = os.sysconf("SC_CLK_TCK")


def arguments():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--iosr", default=str(ROOT / "build/release/apps/iosr"))
    p.add_argument("--db", default=str(ROOT / "build/sb/store.db"))
    p.add_argument("--port", type=int, help="an `iosr serve` already running (with --pid)")
    p.add_argument("--pid", type=int)
    p.add_argument("--clients", type=int, default=200)
    p.add_argument("--requests", type=int, default=50, help="per client")
    p.add_argument("--path", default="/results")
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--gzip", action="store_true", help="accept gzip, as browsers do")
    return p.parse_args()


def store(args):
    """The fleet store, made once: 800 files, 1,000,000 entries, 20 machines."""
    db = pathlib.Path(args.db)
    if db.exists():
        return
    files = db.parent / "fleet"
    files.mkdir(parents=True, exist_ok=True)
    print(f"making {db} (bench/generate_trend.py --fleet, then iosr db import)", file=sys.stderr)
    subprocess.run([sys.executable, str(ROOT / "bench/generate_trend.py"), "--fleet", str(files)],
                   check=True)
    subprocess.run([args.iosr, "db", "import", "--db", str(db), str(files)], check=True,
                   stdout=subprocess.DEVNULL)


def server_stat(pid):
    """(CPU seconds, resident KiB) of the server process."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / TICK
    with open(f"/proc/{pid}/status") as f:
        rss = next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))
    return cpu, rss


async def one_client(n, port, path, requests, latencies, failures, gzip, sizes):
    source = (f"127.0.0.{10 + n % 50}", 0)
    accept = "Accept-Encoding: gzip, deflate, br\r\n" if gzip else ""
    request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{accept}\r\n".encode()
    reader = writer = None
    for _ in range(requests):
        t = time.perf_counter()
        try:
            if writer is None:
                reader, writer = await asyncio.open_connection("127.0.0.1", port,
                                                               local_addr=source)
            writer.write(request)
            head = await reader.readuntil(b"\r\n\r\n")
            status = int(head.split(b" ", 2)[1])
            length = re.search(rb"(?i)\r\ncontent-length: *(\d+)", head)
            body = await reader.readexactly(int(length.group(1)) if length else 0)
            sizes.append(len(body))
            if re.search(rb"(?i)\r\nconnection: *close", head):
                writer.close()
                writer = None
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError) as e:
            status = type(e).__name__
            if writer is not None:
                writer.close()
            writer = None
        latencies.append(time.perf_counter() - t)
        if status != 200:
            failures.append(status)
    if writer is not None:
        writer.close()


async def load(args, port):
    latencies, failures, sizes = [], [], []
    await asyncio.gather(*(one_client(n, port, args.path, args.requests, latencies, failures,
                                      args.gzip, sizes)
                           for n in range(args.clients)))
    return latencies, failures, sizes


def round_of(args, port, pid):
    cpu0, rss0 = server_stat(pid)
    own0 = os.times()
    t0 = time.monotonic()
    latencies, failures, sizes = asyncio.run(load(args, port))
    took = time.monotonic() - t0
    own1 = os.times()
    cpu1, rss1 = server_stat(pid)
    n = len(latencies)
    latencies.sort()

    def pct(q):
        return latencies[min(n - 1, int(q * n))] * 1000

    refused = sum(1 for f in failures if not isinstance(f, int))
    not_200 = len(failures) - refused
    client_cpu = (own1.user + own1.system) - (own0.user + own0.system)
    sent = f"{max(sizes) / 1e6:.2f} MB" if sizes else "nothing"
    print(f"{args.clients} keep-alive clients x {args.requests} requests of {args.path}"
          f"{' (gzip accepted)' if args.gzip else ''}, {sent} a response: "
          f"{took:.1f} s, {n / took:.0f} requests/s; p50 {pct(0.5):.1f} ms, p90 {pct(0.9):.1f} ms, "
          f"p99 {pct(0.99):.1f} ms; {not_200} not answered 200, {refused} refused or reset; "
          f"server RSS {rss0 // 1024} -> {rss1 // 1024} MiB; CPU per request: server "
          f"{(cpu1 - cpu0) / n * 1000:.2f} ms, clients {client_cpu / n * 1000:.2f} ms",
          flush=True)
    return not_200 + refused


def main():
    args = arguments()
    started = None
    if args.port:
        port, pid = args.port, args.pid
    else:
        store(args)
        started = subprocess.Popen(
            [args.iosr, "serve", "--db", args.db, "--listen", "127.0.0.1:0"],
            stderr=subprocess.PIPE, text=True)
        line = started.stderr.readline()
        found = re.search(r":(\d+)/", line)
        if not found:
            sys.exit(f"iosr serve did not start: {line.strip()}")
        port, pid = int(found.group(1)), started.pid
    print(f"load average {os.getloadavg()[0]:.1f} before; server pid {pid}, port {port}",
          flush=True)
    bad = 0
    try:
        for _ in range(args.rounds):
            bad += round_of(args, port, pid)
    finally:
        if started:
            started.terminate()
            started.wait(10)
    print(f"load average {os.getloadavg()[0]:.1f} after", flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
