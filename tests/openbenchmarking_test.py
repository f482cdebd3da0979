#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""OpenBenchmarking.org result IDs end to end, against a local server on 127.0.0.1 that this
test starts and that answers as OpenBenchmarking.org's f/client.php does (real composite.xml
files of the corpus inside its JSON), and fails in each way docs/openbenchmarking.md lists. It
counts the requests, so that a cached ID is seen to make none. The live site is never
contacted: the URL points at the local server and the proxy variables are cleared.
Usage: openbenchmarking_test.py IOSR FIXTURES_DIR"""
import csv
import http.server
import io
import json
import os
import ssl
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

from missing_tool import missing

IOSR, FIXTURES = os.path.realpath(sys.argv[1]), os.path.realpath(sys.argv[2])
# Where the build puts the helper, as the install does: ../libexec/iosr/ from iosr's directory.
HELPER = os.path.normpath(os.path.join(os.path.dirname(IOSR), "..", "libexec", "iosr", "iosr-http"))
CORPUS = os.path.join(FIXTURES, "corpus", "xml")
failures = []


def check(name, condition, detail=""):
    if not condition:
        failures.append(f"{name}: {detail}")


def corpus(name):
    with open(os.path.join(CORPUS, name), encoding="utf-8") as f:
        return f.read()


OSBENCH = corpus("pts-10.8.4_osbench_base-vs-fwrapv.xml")
SQLITE = corpus("pts-10.8.4_sqlite_20-systems.xml")
ARM64 = corpus("pts-10.8.6_arm64-neoverse-n1_ci-capture.xml")

# IDs as OpenBenchmarking.org makes them (22 characters: date and digit, owner, name), each
# asking the server for one behaviour.
ID_OSBENCH = "2401011-IOSR-OSBENCH01"
ID_SQLITE = "2401012-IOSR-SQLITE020"
ID_ARM64 = "2401013-IOSR-ARM64N100"
ID_UNKNOWN = "2401014-IOSR-NOSUCH001"
ID_500 = "2401015-IOSR-STATUS500"
ID_429 = "2401016-IOSR-STATUS429"
ID_SLOW = "2401017-IOSR-SLOWREPLY"
ID_CUT = "2401018-IOSR-CUTBODY01"
ID_NOT_JSON = "2401019-IOSR-NOTJSON01"
ID_BAD_XML = "2401020-IOSR-BADXML001"
ID_NO_XML = "2401021-IOSR-NOXMLKEY1"
ID_RACE = "2401022-IOSR-RACE00001"
ID_TEXT = "2401023-IOSR-PTSTEXT01"
for i in [v for k, v in dict(globals()).items() if k.startswith("ID_")]:
    assert len(i) == 22, i

SLOW_SECONDS = 4.0
TIMEOUT = "1.5"  # IOSR_HTTP_TIMEOUT: above a loaded sanitizer run's answers, below SLOW_SECONDS
# Where the invalid XML breaks off: a position iosr must report in the ID's name.
BAD_XML = OSBENCH[:OSBENCH.index("<Result>")] + "<Result>\n    <Identifier>pts/osbench</Ident"


def answer(xml):
    return json.dumps({"openbenchmarking": {"result": {"composite_xml": xml,
                                                       "system_logs_available": False}}})


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self):
        super().__init__(("127.0.0.1", 0), Handler)
        self.requests = []  # (path, headers, body) of each request, in order
        self.lock = threading.Lock()

    def handle_error(self, request, client_address):
        # A client that hangs up (iosr's timeout, a kept-alive connection closed) is no error.
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)

    def count(self, id_=None):
        with self.lock:
            return sum(1 for r in self.requests if id_ is None or r["fields"].get("i") == [id_])


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body, content_type="application/json", length=None):
        data = body.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data) if length is None else length))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        self.send(405, "POST only", "text/plain")

    def do_POST(self):
        raw = self.rfile.read(int(self.headers.get("Content-Length", "0"))).decode("ascii")
        fields = urllib.parse.parse_qs(raw, keep_blank_values=True)
        with self.server.lock:
            self.server.requests.append({"path": self.path, "raw": raw, "fields": fields,
                                         "type": self.headers.get("Content-Type"),
                                         "agent": self.headers.get("User-Agent", "")})
            seen = sum(1 for r in self.server.requests if r["fields"] == fields)
        # A proxy is sent the whole URL (http://host/f/client.php), a server its path.
        if urllib.parse.urlsplit(self.path).path != "/f/client.php":
            return self.send(404, "<html>Not Found</html>", "text/html")
        id_ = fields.get("i", [""])[0]
        try:
            self.respond(id_, seen)
        except (BrokenPipeError, ConnectionResetError):
            pass  # iosr gave up first (the timeout case)

    def respond(self, id_, seen):
        known = {ID_OSBENCH: OSBENCH, ID_SQLITE: SQLITE, ID_ARM64: ARM64}
        if id_ in known:
            self.send(200, answer(known[id_]))
        elif id_ == ID_500:
            self.send(500, "<html>Internal Server Error</html>", "text/html")
        elif id_ == ID_429:
            if seen == 1:
                self.send(429, "slow down", "text/plain")
            else:
                self.send(200, answer(ARM64))
        elif id_ == ID_SLOW:
            time.sleep(SLOW_SECONDS)
            self.send(200, answer(OSBENCH))
        elif id_ == ID_CUT:
            body = answer(OSBENCH)
            self.send(200, body[:len(body) // 2], length=len(body.encode("utf-8")))
            self.close_connection = True
        elif id_ == ID_NOT_JSON:
            self.send(200, "<html><body>Cloudflare says wait</body></html>", "text/html")
        elif id_ == ID_BAD_XML:
            self.send(200, answer(BAD_XML))
        elif id_ == ID_NO_XML:
            self.send(200, json.dumps({"openbenchmarking": {"result": {"valid": "TRUE"}}}))
        elif id_ == ID_RACE:
            time.sleep(0.5)  # both processes are waiting before either writes
            self.send(200, answer(SQLITE))
        elif id_ == ID_TEXT:
            self.send(200, answer("FS-Mark 3.3\nTest: 1000 Files\nFiles/s > Higher Is Better\n"
                                  "a . 20.13 |===\n"))
        else:
            self.send(200, json.dumps({"openbenchmarking": {"result": {
                "error": "No result file found for " + id_ + "."}}}))


def main():
    if not os.access(HELPER, os.X_OK):
        failure = missing("iosr-http (built when libcurl is found)", "libcurl4-openssl-dev")
        if failure:
            print(failure)
            return 1
        return 77

    server = Server()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    work = tempfile.mkdtemp(prefix="iosr-ob-")
    cache = os.path.join(work, "cache")
    cache_dir = os.path.join(cache, "iosr", "openbenchmarking")
    env = {k: v for k, v in os.environ.items()
           if k.lower() not in ("http_proxy", "https_proxy", "all_proxy", "no_proxy")}
    env.update(NO_COLOR="1", XDG_CACHE_HOME=cache, IOSR_OPENBENCHMARKING_URL=url,
               IOSR_HTTP_TIMEOUT=TIMEOUT, IOSR_HTTP_RETRIES="1", no_proxy="127.0.0.1,localhost")

    def run(*args, cwd=work, iosr=IOSR, **extra):
        e = dict(env, **extra)
        p = subprocess.run([iosr, *args], capture_output=True, cwd=cwd, env=e, timeout=120)
        return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")

    def cached(id_):
        path = os.path.join(cache_dir, id_ + ".xml")
        if not os.path.exists(path):
            return None
        with open(path, encoding="utf-8") as f:
            return f.read()

    def leftovers():
        return sorted(n for n in os.listdir(cache_dir) if not n.endswith(".xml")) \
            if os.path.isdir(cache_dir) else []

    try:
        # libcurl stays out of iosr: only the helper loads it.
        ldd = subprocess.run(["ldd", IOSR], capture_output=True, text=True).stdout
        check("iosr does not link libcurl", "libcurl" not in ldd, ldd)
        ldd = subprocess.run(["ldd", HELPER], capture_output=True, text=True).stdout
        check("iosr-http links libcurl", "libcurl" in ldd, ldd)

        # The first use fetches, with the request PTS 10.8.6 makes, and caches the XML as sent.
        rc, out, err = run("show", ID_OSBENCH)
        check("show ID exits 0", rc == 0, err)
        check("show ID names the result by its ID", out.startswith(ID_OSBENCH + " (composite-xml)"),
              out[:200])
        check("show ID reads the result", "2 systems, 5 charts, 10 entries" in out, out[:400])
        check("one request", server.count() == 1, server.requests)
        request = server.requests[0]
        check("POST to f/client.php", request["path"] == "/f/client.php", request)
        check("the form PTS sends, in its order",
              request["raw"] == f"r=clone_openbenchmarking_result&client_version=10860&i={ID_OSBENCH}",
              request["raw"])
        check("form encoded", request["type"] == "application/x-www-form-urlencoded", request)
        version = subprocess.run([IOSR, "--version"], capture_output=True, text=True).stdout.split()[1]
        check("User-Agent names iosr and its version", request["agent"] == f"iosr/{version}",
              request["agent"])
        check("the cache holds the composite.xml byte for byte", cached(ID_OSBENCH) == OSBENCH)
        check("no temporary file left", leftovers() == [], leftovers())

        # A cached ID makes no request, in every command.
        rc, out, err = run("show", ID_OSBENCH)
        check("cached: show exits 0", rc == 0 and "10 entries" in out, err)
        rc, out, err = run("compare", ID_OSBENCH, "--format", "json")
        check("cached: compare exits 0", rc == 0, err)
        inputs = json.loads(out).get("inputs", []) if rc == 0 else []
        check("compare's input list names the ID", ID_OSBENCH in json.dumps(inputs), inputs)
        rc, out, err = run("table", ID_OSBENCH)
        check("cached: table exits 0", rc == 0 and "fwrapv" in out, err)
        rc, out, err = run("convert", "--to", "csv", ID_OSBENCH)
        rows = list(csv.DictReader(io.StringIO(out, newline="")))
        check("convert: the tidy CSV's file column is the ID",
              rc == 0 and rows and all(r["file"] == ID_OSBENCH for r in rows), (rc, err, rows[:1]))
        rc, out, err = run("convert", "--to", "json", "--out-dir", "out", ID_OSBENCH)
        check("convert --out-dir writes ID.json", rc == 0 and
              os.path.exists(os.path.join(work, "out", ID_OSBENCH + ".json")), err)
        rc, out, err = run("show", "--offline", ID_OSBENCH)
        check("--offline reads the cache", rc == 0 and "10 entries" in out, err)
        check("no request for a cached ID", server.count() == 1, server.count())
        # iosr db import takes IDs too: the source is named by the ID, read from the cache.
        rc, out, err = run("db", "import", "--db", "ids.db", "--offline", ID_OSBENCH)
        check("db import ID exits 0", rc == 0, (rc, out, err))
        rc, out, err = run("db", "list", "--db", "ids.db")
        check("db list names the imported ID", rc == 0 and ID_OSBENCH in out, out)
        check("db import of a cached ID makes no request", server.count() == 1, server.count())

        # --refresh fetches again; --offline with an ID not cached fetches nothing.
        rc, out, err = run("show", "--refresh", ID_OSBENCH)
        check("--refresh fetches again", rc == 0 and server.count(ID_OSBENCH) == 2, err)
        rc, out, err = run("show", "--offline", ID_SQLITE)
        check("--offline: an ID not cached is an error that says so",
              rc == 1 and f"{ID_SQLITE}: not in the cache" in err and "--offline" in err, err)
        check("--offline makes no request", server.count(ID_SQLITE) == 0)
        rc, _, err = run("show", "--offline", "--refresh", ID_OSBENCH)
        check("--offline with --refresh is a usage error", rc == 2, (rc, err))

        # PTS's rule for an ID: what follows it is looked up (here: not in the cache), the rest
        # is a file name (here: no such file).
        for text, is_id in (("1902028-PAUL-SINGLEH35", True), ("1902028-paul-singleh35", True),
                            ("1902028-PA-SINGLEH3500", True), ("1902028-PAULPAUL-SING1", True),
                            ("1902028-P-SINGLEH35000", False), ("1902028-PAULPAULX-SIN1", False),
                            ("190202-PAUL-SINGLEH35X", False), ("190202X-PAUL-SINGLEH35", False),
                            ("1902028-PAUL-SINGLEH3", False), ("1902028-PAUL-SINGLEH355", False),
                            ("1902028-PAUL-SINGLE-35", False), ("1902028-PAUL-SINGLEH3_", False),
                            ("1902028_PAUL_SINGLEH35", False), ("1.5e+03-PAUL-SINGLEH35", False)):
            rc, _, err = run("show", "--offline", text)
            said = "not in the cache" if is_id else "cannot open"
            check(f"{text} is {'an ID' if is_id else 'a file name'}",
                  rc == 1 and err.startswith(f"{text}: {said}"), err)

        # An ID shaped right but of the wrong length is no file either: the error says so.
        for text in ("1902028-PAUL-SINGLEH3", "1902028-PAUL-SINGLEH355"):
            rc, _, err = run("compare", text)
            check(f"{text}: a hint that it is no ID ({len(text)} characters)", rc == 1 and
                  f"has {len(text)}; was it copied whole?" in err and "22 characters" in err, err)
        # The address of a result's page names its ID, in every spelling the site links it.
        for address in (f"https://openbenchmarking.org/result/{ID_OSBENCH}",
                        f"https://openbenchmarking.org/result/{ID_OSBENCH}/",
                        f"http://openbenchmarking.org/result/{ID_OSBENCH}?sor&grs",
                        f"https://www.openbenchmarking.org/result/{ID_OSBENCH}#results"):
            for command in (["show"], ["table"], ["compare"], ["convert", "--to", "csv"]):
                rc, out, err = run(*command, "--offline", address)
                named = ID_OSBENCH in out or command[0] in ("table", "compare")  # one input
                check(f"{command[0]} {address}: read as the ID", rc == 0 and named and
                      "fwrapv" in out, (err, out[:300]))
        rc, _, err = run("show", "--offline", f"https://example.org/result/{ID_OSBENCH}")
        check("another site's address is a file name", rc == 1 and "cannot open" in err, err)

        # Several IDs and a file together; compare and convert combine them.
        local = os.path.join(CORPUS, "pts-10.8.4_osbench_base-vs-fwrapv.xml")
        rc, out, err = run("compare", ID_SQLITE, local, ID_OSBENCH)
        check("compare ID file ID exits 0", rc == 0, err)
        rc, out, err = run("convert", "--to", "csv", ID_SQLITE, local)
        files = {r["file"] for r in csv.DictReader(io.StringIO(out, newline=""))}
        check("convert: IDs and files side by side", files == {ID_SQLITE, local}, files)

        # A path that exists wins over the ID spelled the same.
        shutil.copy(os.path.join(CORPUS, "pts-10.8.6_arm64-neoverse-n1_ci-capture.xml"),
                    os.path.join(work, ID_ARM64))
        rc, out, err = run("show", ID_ARM64)
        check("a file named like an ID is read as the file",
              rc == 0 and server.count(ID_ARM64) == 0 and cached(ID_ARM64) is None, (err, out[:200]))
        os.remove(os.path.join(work, ID_ARM64))

        # iosr fetch: ID.xml as sent, its path printed; again is no error; not an ID is usage.
        rc, out, err = run("fetch", ID_ARM64, ID_OSBENCH, "-o", "fetched")
        paths = [os.path.join("fetched", i + ".xml") for i in (ID_ARM64, ID_OSBENCH)]
        check("fetch writes ID.xml and prints the paths", rc == 0 and out.split() == paths, (out, err))
        for path, text in zip(paths, (ARM64, OSBENCH)):
            with open(os.path.join(work, path), encoding="utf-8") as f:
                check(f"fetch: {path} is the composite.xml as sent", f.read() == text)
        check("fetch fills the cache", cached(ID_ARM64) == ARM64)
        rc, out, err = run("fetch", ID_ARM64, "-o", "fetched")
        check("fetch again: no error, no request", rc == 0 and server.count(ID_ARM64) == 1, err)
        with open(os.path.join(work, paths[0]), "a", encoding="utf-8") as f:
            f.write("<!-- edited -->\n")
        rc, out, err = run("fetch", ID_ARM64, "-o", "fetched")
        check("fetch keeps a file that differs", rc == 1 and "use --force" in err, err)
        rc, out, err = run("fetch", "--force", ID_ARM64, "-o", "fetched")
        check("fetch --force replaces it", rc == 0, err)
        rc, _, err = run("fetch", "not-an-id")
        check("fetch: not an ID is a usage error", rc == 2 and "not an OpenBenchmarking.org result ID"
              in err, (rc, err))
        rc, _, err = run("fetch", "--offline", ID_SQLITE, "-o", "fetched")
        check("fetch --offline of a cached ID", rc == 0, err)

        # Every failure: exit 1, the ID named, the other inputs still processed, nothing cached.
        def fails(name, id_, expected, *extra, requests=None, env_extra=None):
            before = server.count(id_)
            rc, out, err = run("show", *extra, id_, local, **(env_extra or {}))
            check(f"{name}: exit 1", rc == 1, (rc, err))
            check(f"{name}: the message", re.search(expected, err, re.M), err)
            check(f"{name}: the file after it is still shown", "10 entries" in out, out[:200])
            check(f"{name}: nothing cached", cached(id_) is None and leftovers() == [],
                  (cached(id_) is not None, leftovers()))
            if requests is not None:
                check(f"{name}: {requests} request(s)", server.count(id_) - before == requests,
                      server.count(id_) - before)
            return err

        fails("unknown ID", ID_UNKNOWN, rf"^{ID_UNKNOWN}: OpenBenchmarking.org has no such result: "
              rf"it answered \"No result file found for {ID_UNKNOWN}\.\"", requests=1)
        fails("HTTP 500", ID_500, rf"^{ID_500}: cannot fetch {re.escape(url)}f/client.php: HTTP "
              r"status 500; expected 200 \(after 2 attempts\)", requests=2)
        started = time.monotonic()
        fails("slower than the timeout", ID_SLOW, rf"^{ID_SLOW}: cannot fetch .*: no complete answer "
              r"within 1.5 s \(IOSR_HTTP_TIMEOUT\)", requests=1, env_extra={"IOSR_HTTP_RETRIES": "0"})
        check("the timeout is kept", time.monotonic() - started < SLOW_SECONDS,
              time.monotonic() - started)
        fails("cut body", ID_CUT, rf"^{ID_CUT}: cannot fetch .*: the answer was cut off: .*"
              r"\(after 2 attempts\)", requests=2)
        fails("not JSON", ID_NOT_JSON, rf"^{ID_NOT_JSON}: {re.escape(url)}f/client.php answered with "
              r"something that is not JSON \(it starts \"<html><body>Cloudflare", requests=1)
        fails("no composite_xml", ID_NO_XML, rf"^{ID_NO_XML}: .* answered JSON without "
              r"openbenchmarking.result.composite_xml; expected the result file there")
        line = BAD_XML.count("\n") + 1
        fails("invalid XML inside", ID_BAD_XML, rf"^{ID_BAD_XML}:{line}:\d+: ")
        fails("not a composite.xml inside", ID_TEXT, rf"^{ID_TEXT}: .*composite_xml holds pts-text, "
              r"not a composite.xml")
        fails("no server", ID_UNKNOWN, rf"^{ID_UNKNOWN}: cannot fetch http://127.0.0.1:1/f/client.php:"
              r" cannot connect", env_extra={"IOSR_OPENBENCHMARKING_URL": "http://127.0.0.1:1/"})
        fails("a bad IOSR_HTTP_TIMEOUT", ID_UNKNOWN, rf"^{ID_UNKNOWN}: IOSR_HTTP_TIMEOUT='soon': "
              r"expected seconds", env_extra={"IOSR_HTTP_TIMEOUT": "soon"}, requests=0)
        fails("a bad IOSR_OPENBENCHMARKING_URL", ID_UNKNOWN, rf"^{ID_UNKNOWN}: "
              r"IOSR_OPENBENCHMARKING_URL='ftp://x/': expected an http:// or https:// URL",
              env_extra={"IOSR_OPENBENCHMARKING_URL": "ftp://x/"}, requests=0)

        # 429, then 200: one retry after the backoff, and the result is read and cached.
        rc, out, err = run("show", ID_429)
        check("429 then 200: read", rc == 0 and "Tinymembench" in out, err)
        check("429 then 200: two requests", server.count(ID_429) == 2, server.count(ID_429))
        check("429 then 200: cached", cached(ID_429) == ARM64)

        # Over the input-bytes limit: the helper stops reading there.
        before = server.count()
        rc, out, err = run("convert", "--to", "csv", "--limit", "input-bytes=4k", "--refresh",
                           ID_SQLITE)
        check("over the limit: exit 1 and the limit named", rc == 1 and
              "the answer is more than 4096 bytes; expected at most that (raise the 'input-bytes' "
              "limit)" in err, err)
        check("over the limit: one request", server.count() - before == 1)
        check("over the limit: the cached copy is kept", cached(ID_SQLITE) == SQLITE)

        # A refresh that fails says the cached copy is still there.
        rc, out, err = run("show", "--refresh", ID_OSBENCH,
                           IOSR_OPENBENCHMARKING_URL="http://127.0.0.1:1/")
        check("failed refresh: the hint", rc == 1 and "a cached copy is still there" in err and
              "leave out --refresh" in err, err)

        # Errors inside a cached copy point into it.
        with open(os.path.join(cache_dir, ID_ARM64 + ".xml"), "w", encoding="utf-8") as f:
            f.write(BAD_XML)
        rc, out, err = run("show", ID_ARM64)
        check("a broken cached copy: its position and where it is",
              rc == 1 and re.search(rf"^{ID_ARM64}:{line}:\d+: .*read from the cached copy "
                                    rf"{re.escape(cache_dir)}/{ID_ARM64}.xml", err, re.M), err)

        # The batch: an error has its place, named by the ID; the other inputs are converted.
        rc, out, err = run("convert", "--to", "csv", ID_BAD_XML, local)
        check("convert: the invalid XML's place", rc == 1 and
              re.search(rf"^{ID_BAD_XML}:{line}:\d+: ", err, re.M) and "10 entries" not in err
              and local in out, err)
        # The import names the failure as the conversion does, in the same place.
        rc, out, err = run("db", "import", "--db", "bad.db", ID_BAD_XML, local)
        check("db import: the invalid XML's place", rc == 1 and
              re.search(rf"^{ID_BAD_XML}:{line}:\d+: ", err, re.M) and "1 failed" in err
              and "imported 1 file" in err, err)

        # Two processes fetching the same ID leave one whole file, and no temporary one.
        procs = [subprocess.Popen([IOSR, "show", ID_RACE], cwd=work, env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(2)]
        results = [p.communicate(timeout=120) + (p.returncode,) for p in procs]
        check("two processes: both read it", all(r[2] == 0 for r in results), results)
        check("two processes: both fetched", server.count(ID_RACE) == 2, server.count(ID_RACE))
        check("two processes: one whole file", cached(ID_RACE) == SQLITE and leftovers() == [],
              leftovers())

        # Proxies come from the environment: this server stands in for one, for a host that
        # does not exist.
        before = server.count()
        rc, out, err = run("show", "--refresh", ID_OSBENCH, IOSR_OPENBENCHMARKING_URL=
                           "http://openbenchmarking.invalid/", http_proxy=url)
        check("http_proxy: used", rc == 0 and server.count() == before + 1 and
              server.requests[-1]["path"] == "http://openbenchmarking.invalid/f/client.php",
              (err, server.requests[-1]["path"]))

        # TLS is verified: a server whose certificate no authority signed is refused.
        openssl = shutil.which("openssl")
        if openssl:
            key, cert = os.path.join(work, "key.pem"), os.path.join(work, "cert.pem")
            subprocess.run([openssl, "req", "-x509", "-newkey", "ec", "-pkeyopt",
                            "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", key, "-out", cert,
                            "-days", "1", "-subj", "/CN=127.0.0.1", "-addext",
                            "subjectAltName=IP:127.0.0.1"], check=True, capture_output=True)
            tls = Server()
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(cert, key)
            tls.socket = context.wrap_socket(tls.socket, server_side=True)
            threading.Thread(target=tls.serve_forever, daemon=True).start()
            rc, out, err = run("show", ID_UNKNOWN, IOSR_OPENBENCHMARKING_URL=
                               f"https://127.0.0.1:{tls.server_address[1]}/")
            check("TLS: a self-signed certificate is refused", rc == 1 and
                  f"{ID_UNKNOWN}: cannot fetch https://127.0.0.1:" in err and "TLS failed" in err and
                  "certificate" in err and tls.count() == 0, err)
            tls.shutdown()
        else:
            failure = missing("openssl (the TLS check)", "openssl")
            if failure:
                failures.append(failure)

        # Without the helper where it belongs, iosr says what is missing; cached IDs still work.
        lonely = os.path.join(work, "lonely")
        os.mkdir(lonely)
        shutil.copy(IOSR, os.path.join(lonely, "iosr"))
        rc, out, err = run("show", ID_UNKNOWN, ID_OSBENCH, iosr=os.path.join(lonely, "iosr"))
        check("no helper: the message", rc == 1 and "iosr-http is missing" in err and
              "expected it in ../libexec/iosr from iosr's directory" in err, err)
        check("no helper: cached IDs still read", "10 entries" in out, out[:200])
    finally:
        server.shutdown()
        shutil.rmtree(work, ignore_errors=True)

    if failures:
        print("\n".join(failures))
        return 1
    print(f"openbenchmarking: every case passed ({server.count()} requests to the local server)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
