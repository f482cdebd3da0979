#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The load figures of docs/serve.md ("Performance"): CLIENTS keep-alive clients at once, each
sending REQUESTS requests for PATH to an `iosr serve` on loopback, every client from an address
of its own among 127.0.0.10 to 127.0.0.59 (as a team's browsers); then the latency percentiles,
the requests not answered 200, and the server's resident memory before and after.
Usage: bench/serve_load.py PORT PID [CLIENTS=200] [REQUESTS=50] [PATH=/results]"""
import http.client
import sys
import threading
import time

port, pid = int(sys.argv[1]), int(sys.argv[2])
clients = int(sys.argv[3]) if len(sys.argv) > 3 else 200
requests = int(sys.argv[4]) if len(sys.argv) > 4 else 50
path = sys.argv[5] if len(sys.argv) > 5 else "/results"


def rss_kib():
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


latencies, errors, lock = [], [], threading.Lock()
start_together = threading.Barrier(clients)


def client(n):
    source = (f"127.0.0.{10 + n % 50}", 0)
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=source)
    start_together.wait()
    for _ in range(requests):
        t = time.perf_counter()
        try:
            c.request("GET", path)
            r = c.getresponse()
            r.read()
            status = r.status
        except (OSError, http.client.HTTPException) as e:
            status = repr(e)
            c.close()
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=source)
        dt = time.perf_counter() - t
        with lock:
            latencies.append(dt)
            if status != 200:
                errors.append(status)
    c.close()


before = rss_kib()
threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
t0 = time.monotonic()
for t in threads:
    t.start()
for t in threads:
    t.join()
took = time.monotonic() - t0
after = rss_kib()
latencies.sort()
pct = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000
print(f"{clients} keep-alive clients x {requests} requests of {path}: {took:.1f} s, "
      f"{len(latencies) / took:.0f} requests/s; p50 {pct(0.5):.1f} ms, p90 {pct(0.9):.1f} ms, "
      f"p99 {pct(0.99):.1f} ms; {len(errors)} not answered 200; RSS {before} -> {after} KiB")
