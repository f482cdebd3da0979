#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# `iosr serve` as users meet it (docs/serve.md): a store of the seeds imported, the server started
# on a free loopback port, then: every page and its JSON (the results page validated against
# docs/serve-results.schema.json with jsonschema), the security headers, gzip for the clients
# that accept it, oversized and slow requests refused or dropped, a bounded load test
# (concurrent clients, a fixed count of requests, latency percentiles, memory flat over 10,000
# requests), SIGTERM and SIGINT stopping it cleanly, and the database never written (its bytes
# and mtime unchanged). Chromium drives the pages in serve_browser_test.py.
#
# usage: serve_test.py IOSR DATA_DIR DOCS_DIR ARTIFACT_DIR
import gzip
import hashlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

from missing_tool import missing

iosr, data, docs, artifacts = sys.argv[1:5]
os.makedirs(artifacts, exist_ok=True)
failures = []


def check(what, ok, detail=""):
    if not ok:
        failures.append(f"{what}: {detail}"[:600])


tmp = tempfile.mkdtemp(prefix="iosr-serve-test-")
db = os.path.join(tmp, "results.db")
inputs = sorted(os.path.join(data, "text", f) for f in os.listdir(os.path.join(data, "text")))
inputs.append(os.path.join(data, "xml", "iosched-3way.xml"))
subprocess.run([iosr, "db", "import", "--db", db, *inputs], check=True, capture_output=True)


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest(), os.stat(path).st_mtime_ns


before = digest(db)


def start(*extra):
    p = subprocess.Popen([iosr, "serve", "--db", db, "--listen", "127.0.0.1:0", *extra],
                         stderr=subprocess.PIPE, text=True)
    line = p.stderr.readline()
    m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if not m:
        p.kill()
        raise SystemExit(f"FAIL iosr serve did not say where it listens: {line!r}")
    return p, int(m.group(1))


def stop(p, sig):
    p.send_signal(sig)
    try:
        rest = p.stderr.read()
        code = p.wait(timeout=10)
    except subprocess.TimeoutExpired:
        p.kill()
        failures.append(f"{sig!r} did not stop the server within 10 s")
        return
    check(f"exit status after {sig!r}", code == 0, f"{code}: {rest}")
    check(f"says it stopped after {sig!r}", "stopped" in rest, rest)


server, port = start()
base = f"http://127.0.0.1:{port}"


def fetch(path, method="GET"):
    req = urllib.request.Request(base + path, method=method)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, dict(r.headers), r.read().decode("utf-8")
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read().decode("utf-8")


# Every page and its JSON twin.
for path in ["/results", "/results?scheduler=bfq", "/result/1", "/compare?id=1&id=2&id=3",
             "/trend", "/api/v1/results", "/api/v1/result/2", "/api/v1/compare?id=1&id=5",
             "/api/v1/trend", "/static/serve.css"]:
    status, headers, body = fetch(path)
    check(f"GET {path}", status == 200, f"{status} {body[:200]}")
    csp = headers.get("Content-Security-Policy", "")
    check(f"GET {path}: CSP", "default-src 'none'" in csp and "unsafe-inline" not in csp, csp)
    if path.startswith("/api/"):
        try:
            json.loads(body)
        except ValueError as e:
            failures.append(f"GET {path}: not JSON: {e}")

# The results list against its schema, with the validator the other schema tests use.
try:
    import jsonschema
except ImportError:
    failure = missing("python3-jsonschema (the results API's schema)", "python3-jsonschema")
    if failure:
        failures.append(failure)
    jsonschema = None
if jsonschema:
    with open(os.path.join(docs, "serve-results.schema.json")) as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    for q in ["", "?per_page=2", "?per_page=2&offset=4", "?text=nothing-at-all",
              "?filter=Flexible&kernel_from=5.0&kernel_to=6.1&machine=ryzen&per_page=1"]:
        doc = json.loads(fetch("/api/v1/results" + q)[2])
        errors = list(jsonschema.Draft202012Validator(schema).iter_errors(doc))
        check(f"/api/v1/results{q} against its schema", not errors, errors[:1])
    # The filters as the page was chosen by them, and kept in `next`.
    doc = json.loads(fetch("/api/v1/results?filter=Flexible&kernel_from=5.0&per_page=1")[2])
    check("the filters are echoed", doc["filters"]["filter"] == "Flexible"
          and doc["filters"]["kernel_from"] == "5.0" and doc["filters"]["kernel_to"] == "", doc)
    check("next keeps the filters", doc["next"] and "filter=Flexible&kernel_from=5.0" in doc["next"],
          doc["next"])
    # Following `next` walks every result once.
    seen, url = [], "/api/v1/results?per_page=2"
    while url:
        doc = json.loads(fetch(url)[2])
        seen += [r["id"] for r in doc["results"]]
        url = doc["next"]
    check("paging walks every result once", sorted(seen) == list(range(1, len(inputs) + 1)), seen)

# Refusals and errors: the right status, nothing of the store's file or SQL shown.
for path, want in [("/nothing", 404), ("/../etc/passwd", 404), ("/result/999", 404),
                   ("/results?per_page=99999", 400), ("/compare?id=1&filter=(", 400)]:
    status, _, body = fetch(path)
    check(f"GET {path}", status == want, f"{status}")
    check(f"GET {path} hides the store", tmp not in body and "SELECT" not in body, body[:300])
check("POST refused", fetch("/results", "POST")[0] == 405)


def fetch_encoded(path, accept):
    """status, headers and the body's bytes as sent, for a request with Accept-Encoding `accept`
    (urllib sends none of its own and inflates nothing)."""
    req = urllib.request.Request(base + path, headers={"Accept-Encoding": accept})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read()


# Compression (docs/serve.md, "Compression"): a client that accepts gzip gets the pages and the
# API gzip-compressed, the same bytes once inflated; one that does not, or refuses it with q=0,
# gets them as they are. Every page that may be sent either way says Vary: Accept-Encoding; a
# body under 1 KiB (an error page, `/`'s redirect) is sent as it is, whatever the client
# accepts. The trend page is kept after its first request: both its first (drawn) and its kept
# answer.
for path in ["/results", "/trend", "/trend", "/api/v1/results", "/api/v1/trend",
             "/compare?id=1&id=2&id=3", "/static/serve.css", "/nothing", "/api/v1/nothing"]:
    status, _, plain = fetch(path)
    varies = len(plain.encode("utf-8")) >= 1024
    for accept, accepted in [("gzip, deflate, br", True), ("GZip;q=0.5", True), ("*", True),
                             ("identity", False), ("gzip;q=0, *", False), ("br", False)]:
        got, headers, body = fetch_encoded(path, accept)
        what = f"GET {path}, Accept-Encoding: {accept}"
        zipped = accepted and varies
        check(f"{what}: the same status", got == status, f"{got} != {status}")
        encoding = headers.get("Content-Encoding", "")
        check(f"{what}: gzip {'sent' if zipped else 'not sent'}",
              encoding == ("gzip" if zipped else ""), encoding)
        check(f"{what}: Vary: Accept-Encoding {'said' if varies else 'not said'}",
              headers.get("Vary") == ("Accept-Encoding" if varies else None), headers.get("Vary"))
        text = gzip.decompress(body) if encoding == "gzip" else body
        check(f"{what}: the same page", text.decode("utf-8") == plain, len(text))
        if zipped:
            check(f"{what}: smaller", len(body) < len(text), f"{len(body)} of {len(text)}")
        # HEAD: the GET's status and headers (its Content-Length, Vary and encoding), no body.
        req = urllib.request.Request(base + path, method="HEAD",
                                     headers={"Accept-Encoding": accept})
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                h_status, h_headers = r.status, dict(r.headers)
        except urllib.error.HTTPError as e:
            h_status, h_headers = e.code, dict(e.headers)
        what = f"HEAD {path}, Accept-Encoding: {accept}"
        check(f"{what}: the GET's status", h_status == got, f"{h_status} != {got}")
        for name in ["Content-Length", "Content-Encoding", "Vary", "Content-Type",
                     "Content-Security-Policy"]:
            check(f"{what}: the GET's {name}", h_headers.get(name) == headers.get(name),
                  f"{h_headers.get(name)} != {headers.get(name)}")
        check(f"{what}: the GET's Content-Length is its body's",
              headers.get("Content-Length") == str(len(body)), headers.get("Content-Length"))
# The redirect of `/`, with gzip accepted.
req = urllib.request.Request(base + "/", headers={"Accept-Encoding": "gzip"})
opener = urllib.request.build_opener(type("NoRedirect", (urllib.request.HTTPRedirectHandler,),
                                          {"redirect_request": lambda *a, **k: None}))
try:
    opener.open(req, timeout=30)
    small = None
except urllib.error.HTTPError as e:
    small = (e.code, e.headers.get("Content-Encoding"), e.read())
check("GET / with gzip accepted: a short body sent as it is",
      small and small[0] == 303 and small[1] is None and small[2] == b"See /results\n", small)


def raw(request_bytes, wait=10):
    """Sends bytes on a fresh connection; what came back before the server closed it."""
    s = socket.create_connection(("127.0.0.1", port), timeout=wait)
    try:
        s.sendall(request_bytes)
        out = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                return out
            out += chunk
    except socket.timeout:
        return b"(still open)"
    finally:
        s.close()


# HEAD then GET on one connection: the HEAD's answer is its headers alone, so the GET's status
# line follows them at once (a body sent after a HEAD would be read as the next answer).
both = raw(b"HEAD /results HTTP/1.1\r\nHost: x\r\n\r\n"
           b"GET /static/serve.css HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
first_end = both.find(b"\r\n\r\n")
check("HEAD then GET on one connection: no body after HEAD's headers",
      both.startswith(b"HTTP/1.1 200") and both[first_end + 4:].startswith(b"HTTP/1.1 200"),
      both[:300])
check("HEAD's Content-Length is the page's, not 0",
      re.search(rb"(?i)content-length: *([1-9][0-9]*)\r\n", both[:first_end + 2]) is not None,
      both[:first_end])

# A HEAD refused (a request line too long, a header line that is none) is answered with its
# headers alone, as every answer to HEAD.
for what, request, status in [
        ("a request line too long", b"HEAD /results?text=" + b"a" * 20000 + b" HTTP/1.1\r\n\r\n",
         b"414"),
        ("a broken header line", b"HEAD /results HTTP/1.1\r\nHost x\r\n\r\n", b"400")]:
    got = raw(request)
    end = got.find(b"\r\n\r\n")
    # (As for GET below, a server that closes before the whole line is sent may leave nothing.)
    check(f"HEAD with {what}: {status.decode()}, headers only",
          (got.startswith(b"HTTP/1.1 " + status) and end > 0 and got[end + 4:] == b"")
          or (status == b"414" and got == b""), got[:300])

long_line = raw(b"GET /results?text=" + b"a" * 20000 + b" HTTP/1.1\r\nHost: x\r\n\r\n")
check("an oversized request line is refused", long_line.startswith(b"HTTP/1.1 414")
      or long_line == b"", long_line[:80])
big_header = raw(b"GET /results HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * 20000 + b"\r\n\r\n")
check("an oversized header is refused", not big_header.startswith(b"HTTP/1.1 200"), big_header[:80])
# A client that sends half a request and then nothing is dropped after the read timeout (5 s).
t0 = time.monotonic()
slow = raw(b"GET /results HTTP/1.1\r\nHost: x\r\n", wait=15)
took = time.monotonic() - t0
check("a slow client is dropped", slow != b"(still open)" and took < 12, f"{took:.1f} s {slow[:60]}")


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))


# Load: 8 clients, a fixed count of requests over the pages, latency percentiles.
paths = ["/results", "/api/v1/results?per_page=3", "/result/1", "/trend", "/compare?id=1&id=2"]


def load(count, paths, clients=8):
    latencies, errors = [], []
    lock = threading.Lock()

    def one(i):
        t = time.perf_counter()
        status = fetch(paths[i % len(paths)])[0]
        dt = time.perf_counter() - t
        with lock:
            latencies.append(dt)
            if status != 200:
                errors.append(status)

    with ThreadPoolExecutor(clients) as pool:
        list(pool.map(one, range(count)))
    latencies.sort()
    pct = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000
    return errors, pct(0.5), pct(0.9), pct(0.99)


# Every page, for the latencies; then the list pages alone for the memory over 10,000 requests
# (the comparison and trend pages cost tens of ms each: 10,000 of them would take minutes).
t0 = time.monotonic()
errors, p50, p90, p99 = load(1000, paths)
print(f"load, every page: 1000 requests, 8 clients, {time.monotonic() - t0:.1f} s: p50 {p50:.1f} "
      f"ms, p90 {p90:.1f} ms, p99 {p99:.1f} ms")
check("load: every request answered 200", not errors, errors[:5])
lists = ["/results", "/api/v1/results?per_page=3", "/results?scheduler=bfq"]
load(500, lists)
rss_before = rss_kib(server.pid)
count = int(os.environ.get("IOSR_SERVE_LOAD_REQUESTS", "10000"))
t0 = time.monotonic()
errors, p50, p90, p99 = load(count, lists)
rss_after = rss_kib(server.pid)
print(f"load, list pages: {count} requests, 8 clients, {time.monotonic() - t0:.1f} s: p50 "
      f"{p50:.1f} ms, p90 {p90:.1f} ms, p99 {p99:.1f} ms; RSS {rss_before} KiB -> {rss_after} KiB")
check("load: every list request answered 200", not errors, errors[:5])
# Under AddressSanitizer (CI's sanitizer stage) freed memory waits in its quarantine before it
# is reused, so resident memory grows with any traffic: memory is checked in the plain build.
with open(f"/proc/{server.pid}/maps", encoding="utf-8", errors="replace") as maps:
    sanitized = "libasan" in maps.read()
if sanitized:
    print("load: memory not checked under AddressSanitizer (its quarantine keeps freed memory)")
else:
    check("load: memory flat", rss_after - rss_before < 8 * 1024,
          f"{rss_before} -> {rss_after} KiB")

stop(server, signal.SIGTERM)
server2, port = start()
stop(server2, signal.SIGINT)
check("the database is never written", digest(db) == before, f"{before} -> {digest(db)}")
bad = subprocess.run([iosr, "serve", "--db", os.path.join(tmp, "none.db")], capture_output=True,
                     text=True, timeout=30)
check("a missing store: exit 1, no file made", bad.returncode == 1
      and not os.path.exists(os.path.join(tmp, "none.db")), bad.stderr)
usage = subprocess.run([iosr, "serve", "--listen", "nowhere"], capture_output=True, text=True)
check("a bad --listen: exit 2", usage.returncode == 2, usage.stderr)
shutil.rmtree(tmp)

for f in failures:
    print("FAIL", f)
print(f"{len(failures)} failures")
sys.exit(1 if failures else 0)
