#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""`iosr serve` against slow and hostile clients (issue 44; docs/serve.md, "Limits"), on
loopback only, every loop bounded in count and time:
- 64 connections that send their request a byte a second (from 127.0.0.2) while 20 plain
  requests (from 127.0.0.1) are each answered within a generous bound: with cpp-httplib, 8 such
  connections left 0 of 20 answered. The slow ones are closed once their head's deadline passes.
- 300 idle connections from one address (127.0.0.3): the server keeps at most
  --max-per-address (256) of them, and a plain request from that address is still answered.
- 100 keep-alive clients at once, a fixed count of requests each: every one answered.
- a request past --time-limit is answered 503 and its work stops (the process idles after).
- SIGTERM while requests are at work: the process ends within a few seconds, exit 0.
The bounds are generous (a loaded 2-core machine, AddressSanitizer) against the old behaviour,
which never answered or took minutes.
Usage: serve_limits_test.py IOSR SOURCE_DIR"""
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import http.client

IOSR, SOURCE = sys.argv[1:3]
failures = []


def check(what, ok, detail=""):
    if not ok:
        failures.append(f"{what}: {detail}"[:600])


tmp = tempfile.mkdtemp(prefix="iosr-serve-limits-")
db = os.path.join(tmp, "results.db")
# 20 files of 5 systems and 4,000 tests: 400,000 entries, whose trend overview takes the debug
# build over a second and the sanitizer build more (the builds the tests run in: the 0.2 s
# limit below is passed by far). At 1,000 tests, once the trend got faster, the debug build
# answered within the limit. (A release build draws it in about 0.2 s: no margin, so this test
# is not meant for one.)
subprocess.run([sys.executable, os.path.join(SOURCE, "bench", "generate_trend.py"),
                os.path.join(tmp, "in"), "4000"], check=True, capture_output=True)
subprocess.run([IOSR, "db", "import", "--db", db, os.path.join(tmp, "in")], check=True,
               capture_output=True)


def start(*extra):
    p = subprocess.Popen([IOSR, "serve", "--db", db, "--listen", "127.0.0.1:0", *extra],
                         stderr=subprocess.PIPE, text=True)
    m = re.search(r"http://127\.0\.0\.1:(\d+)/", p.stderr.readline())
    if not m:
        p.kill()
        raise SystemExit("FAIL iosr serve did not say where it listens")
    return p, int(m.group(1))


def get(port, path, source="127.0.0.1", timeout=30):
    """Status of one plain request, and how long it took; None on no answer."""
    t = time.monotonic()
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout,
                                   source_address=(source, 0))
    try:
        c.request("GET", path)
        r = c.getresponse()
        body = r.read()
        return r.status, time.monotonic() - t, body
    except (OSError, http.client.HTTPException):
        return None, time.monotonic() - t, b""
    finally:
        c.close()


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


server, port = start()

# 64 clients that send their request a byte a second.
REQUEST = b"GET /results HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"s" * 40 + b"\r\n\r\n"
closed_after = []
stop_slow = threading.Event()


def slow_client():
    s = socket.socket()
    s.settimeout(1)
    s.bind(("127.0.0.2", 0))
    s.connect(("127.0.0.1", port))
    start_time = time.monotonic()
    try:
        for byte in REQUEST:
            if stop_slow.is_set():
                return
            s.sendall(bytes([byte]))
            try:
                if s.recv(1) == b"":
                    closed_after.append(time.monotonic() - start_time)
                    return
            except socket.timeout:
                pass
    except OSError:
        closed_after.append(time.monotonic() - start_time)
    finally:
        s.close()


slow = [threading.Thread(target=slow_client) for _ in range(64)]
for t in slow:
    t.start()
time.sleep(1.5)
answered, slowest = 0, 0.0
for _ in range(20):
    status, took, _ = get(port, "/results", timeout=10)
    answered += status == 200
    slowest = max(slowest, took)
print(f"64 slow clients: {answered} of 20 plain requests answered, the slowest in {slowest:.2f} s")
check("64 slow clients: every plain request answered", answered == 20, f"{answered} of 20")
check("64 slow clients: each plain request within 5 s", slowest < 5, f"{slowest:.1f} s")
for t in slow:
    t.join(timeout=30)
stop_slow.set()
check("the slow clients are closed at their head's deadline", len(closed_after) == 64
      and max(closed_after) < 15, f"{len(closed_after)} closed, after {closed_after[-3:]} s")

# 300 idle connections from one address: at most 256 are kept.
idle = []
for _ in range(300):
    s = socket.socket()
    s.bind(("127.0.0.3", 0))
    s.connect(("127.0.0.1", port))
    s.settimeout(0.05)
    idle.append(s)
time.sleep(0.5)
gone = 0
for s in idle:
    try:
        gone += s.recv(1) == b""
    except socket.timeout:
        pass
    except OSError:
        gone += 1
check("idle connections of one address bounded", gone >= 44, f"{gone} of 300 closed")
status, _, _ = get(port, "/results", source="127.0.0.3")
check("that address is still answered", status == 200, status)
for s in idle:
    s.close()

# 100 keep-alive clients at once, 20 requests each, from ten addresses (as a team's browsers).
errors, lock = [], threading.Lock()


def keep_alive_client(n):
    source = (f"127.0.0.{10 + n % 10}", 0)
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=source)
    for i in range(20):
        try:
            c.request("GET", "/results" if i % 2 else "/api/v1/results?per_page=5")
            r = c.getresponse()
            r.read()
            if r.status != 200:
                with lock:
                    errors.append(r.status)
        except (OSError, http.client.HTTPException) as e:
            with lock:
                errors.append(repr(e))
            c.close()
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=source)
    c.close()


clients = [threading.Thread(target=keep_alive_client, args=(n,)) for n in range(100)]
t0 = time.monotonic()
for t in clients:
    t.start()
for t in clients:
    t.join(timeout=300)
print(f"100 keep-alive clients x 20 requests: {time.monotonic() - t0:.1f} s, "
      f"{len(errors)} not answered 200")
check("keep-alive clients: every request answered", not errors, errors[:5])

server.send_signal(signal.SIGTERM)
check("stops on SIGTERM", server.wait(timeout=30) == 0)

# Past the time limit: a 503 that says so, and the work stopped.
server, port = start("--time-limit", "0.2", "--threads", "2")
status, took, body = get(port, "/trend")
check("a request past its time limit: 503", status == 503 and b"time limit" in body,
      f"{status} after {took:.1f} s")
time.sleep(1)
before = cpu_seconds(server.pid)
time.sleep(2)
spent = cpu_seconds(server.pid) - before
check("its work stops: the server idles after", spent < 0.5, f"{spent:.2f} s of CPU in 2 s")
status, _, _ = get(port, "/static/serve.css")
check("the next request is answered", status == 200, status)
server.send_signal(signal.SIGTERM)
server.wait(timeout=30)

# SIGTERM while requests are at work: it ends within a few seconds.
server, port = start("--time-limit", "600")
busy = [threading.Thread(target=get, args=(port, "/trend")) for _ in range(6)]
for t in busy:
    t.start()
time.sleep(0.5)
t0 = time.monotonic()
server.send_signal(signal.SIGTERM)
try:
    code = server.wait(timeout=30)
    took = time.monotonic() - t0
    check("SIGTERM during requests: exit 0", code == 0, code)
    check("SIGTERM during requests: ends within 5 s", took < 5, f"{took:.1f} s")
    print(f"SIGTERM with 6 trend requests at work: ended in {took:.2f} s")
except subprocess.TimeoutExpired:
    server.kill()
    failures.append("SIGTERM during requests: still running after 30 s")
for t in busy:
    t.join(timeout=60)

subprocess.run(["rm", "-rf", tmp])
for f in failures:
    print("FAIL", f)
print(f"{len(failures)} failures")
sys.exit(1 if failures else 0)
