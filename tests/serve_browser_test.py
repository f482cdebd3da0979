#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# `iosr serve` driven by headless Chromium as a user drives it (docs/serve.md, "Tests"): through
# the DevTools protocol, keys typed into the results form and the form sent with Enter, three
# results ticked with the mouse, Compare pressed, the trend opened from the navigation on its
# overview (the landing page), a family of tests and then one test of it chosen there, and a
# point followed back to its result. Every console message, uncaught exception and browser log
# entry (a Content-Security-Policy violation is one) is a failure. Screenshots of each page at
# 480, 800 and 1600 px wide go to ARTIFACT_DIR (serve-PAGE-WIDTH.png, not committed).
#
# The protocol's own evaluation is not subject to the page's Content-Security-Policy, so the test
# reads the page (where an element is, what the URL is) without weakening the policy, which still
# governs everything the page itself runs.
#
# usage: serve_browser_test.py IOSR DATA_DIR ARTIFACT_DIR
import base64
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

from missing_tool import missing

iosr, data, artifacts = sys.argv[1:4]
os.makedirs(artifacts, exist_ok=True)
failures = []


def check(what, ok, detail=""):
    if not ok:
        failures.append(f"{what}: {detail}"[:600])
    return ok


def finish():
    for f in failures:
        print("FAIL", f)
    print(f"{len(failures)} failures")
    sys.exit(1 if failures else 0)


browser = next((b for b in ("chromium", "chromium-browser") if shutil.which(b)), None)
try:
    import websocket  # Debian's python3-websocket (websocket-client)
except ImportError:
    websocket = None
for tool, package in [(browser, "chromium"), (websocket, "python3-websocket")]:
    if tool is None:
        failure = missing(f"{package} (the browser test of iosr serve)", package)
        if failure:
            failures.append(failure)
        finish()

tmp = tempfile.mkdtemp(prefix="iosr-serve-browser-")
db = os.path.join(tmp, "results.db")
inputs = sorted(os.path.join(data, "text", f) for f in os.listdir(os.path.join(data, "text")))
inputs.append(os.path.join(data, "xml", "iosched-3way.xml"))
# And 20 generated files of 200 tests (20,000 entries): more tests than one trend page draws,
# so that /trend opens on its overview, the landing page a team starts from.
generated = os.path.join(tmp, "generated")
subprocess.run([sys.executable, os.path.join(os.path.dirname(os.path.abspath(data)), "bench",
                                             "generate_trend.py"), generated, "200"],
               check=True, capture_output=True)
subprocess.run([iosr, "db", "import", "--db", db, *inputs, generated], check=True,
               capture_output=True)

server = subprocess.Popen([iosr, "serve", "--db", db, "--listen", "127.0.0.1:0"],
                          stderr=subprocess.PIPE, text=True)
m = re.search(r"http://127\.0\.0\.1:(\d+)/", server.stderr.readline())
if not m:
    server.kill()
    raise SystemExit("FAIL iosr serve did not say where it listens")
base = f"http://127.0.0.1:{m.group(1)}"

profile = os.path.join(tmp, "profile")
chrome = subprocess.Popen([browser, "--headless", "--no-sandbox", "--disable-gpu",
                           f"--user-data-dir={profile}", "--hide-scrollbars",
                           "--remote-debugging-port=0", "--window-size=1280,900", "about:blank"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
devtools = None
deadline = time.monotonic() + 60
while time.monotonic() < deadline:
    line = chrome.stderr.readline()
    if not line:
        break
    m = re.search(r"DevTools listening on (ws://[^\s]+)", line)
    if m:
        devtools = m.group(1)
        break
if not devtools:
    chrome.kill()
    server.kill()
    raise SystemExit("FAIL Chromium did not say where its DevTools protocol listens")
# Its later messages (dbus, GPU) are not read: drained so that Chromium never blocks on them.
import threading  # noqa: E402

threading.Thread(target=lambda: chrome.stderr.read(), daemon=True).start()
http = devtools.split("/devtools/")[0].replace("ws://", "http://")
with urllib.request.urlopen(http + "/json/list", timeout=30) as r:
    page_ws = next(t["webSocketDebuggerUrl"] for t in json.load(r) if t["type"] == "page")


class page_session:
    """One page's DevTools session: commands answered in order, events kept as they come."""

    def __init__(self, url):
        self.ws = websocket.create_connection(url, timeout=60, suppress_origin=True)
        self.next_id = 0
        self.events = []

    def call(self, method, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            if "method" in message:
                self.events.append(message)

    def wait_for(self, method, after, timeout=60):
        """The first event `method` after the first `after` events, waiting up to `timeout`."""
        end = time.monotonic() + timeout
        while True:
            for e in self.events[after:]:
                if e["method"] == method:
                    return e
            if time.monotonic() > end:
                raise RuntimeError(f"no {method} within {timeout} s")
            self.ws.settimeout(max(0.1, end - time.monotonic()))
            message = json.loads(self.ws.recv())
            if "method" in message:
                self.events.append(message)

    def evaluate(self, expression):
        r = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in r:
            raise RuntimeError(f"{expression}: {r['exceptionDetails'].get('text')}")
        return r["result"].get("value")

    def navigated(self, action):
        """Runs `action` (a click, a key) and waits for the page it leads to to load."""
        mark = len(self.events)
        action()
        self.wait_for("Page.loadEventFired", mark)

    def click(self, selector):
        """A mouse click in the middle of the element, scrolled into view first."""
        box = self.evaluate(
            f"(() => {{ const e = document.querySelector({json.dumps(selector)});"
            " if (!e) return null; e.scrollIntoView({block: 'center'});"
            " const r = e.getBoundingClientRect();"
            " return {x: r.left + r.width / 2, y: r.top + r.height / 2}; })()")
        if box is None:
            raise RuntimeError(f"nothing to click at {selector}")
        for kind in ("mouseMoved", "mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", type=kind, x=box["x"], y=box["y"],
                      button="left" if kind != "mouseMoved" else "none", clickCount=1)

    def type_into(self, selector, text):
        """Focuses a field with a click and types `text`, a key at a time."""
        self.click(selector)
        for ch in text:
            self.call("Input.dispatchKeyEvent", type="keyDown", text=ch, key=ch,
                      unmodifiedText=ch)
            self.call("Input.dispatchKeyEvent", type="keyUp", key=ch)

    def press_enter(self):
        self.call("Input.dispatchKeyEvent", type="rawKeyDown", key="Enter", code="Enter",
                  windowsVirtualKeyCode=13, nativeVirtualKeyCode=13)
        self.call("Input.dispatchKeyEvent", type="char", key="Enter", text="\r")
        self.call("Input.dispatchKeyEvent", type="keyUp", key="Enter", code="Enter",
                  windowsVirtualKeyCode=13, nativeVirtualKeyCode=13)

    def location(self):
        return self.evaluate("location.pathname + location.search")

    def screenshots(self, name):
        """The whole page at three widths: a narrow phone, a laptop, a wide screen."""
        for width in (480, 800, 1600):
            self.call("Emulation.setDeviceMetricsOverride", width=width, height=900,
                      deviceScaleFactor=1, mobile=False)
            height = self.evaluate("Math.ceil(document.documentElement.scrollHeight)")
            overflow = self.evaluate(
                "document.documentElement.scrollWidth > document.documentElement.clientWidth")
            check(f"{name} at {width} px: no sideways scrolling of the whole page", not overflow,
                  self.location())
            # A long name (a machine is a processor and a disk) squeezed into a narrow column
            # reads as a tower of words: no cell of the site's tables is taller than 4 lines.
            tall = self.evaluate(
                "Array.from(document.querySelectorAll('table.results td')).filter(td => {"
                "const r = document.createRange(); r.selectNodeContents(td);"
                "return r.getBoundingClientRect().height > 4 * 1.25 * "
                "parseFloat(getComputedStyle(td).fontSize) + 8;}).map(td => td.textContent)"
                ".slice(0, 3)")
            check(f"{name} at {width} px: no table cell taller than 4 lines", not tall, tall)
            shot = self.call("Page.captureScreenshot", format="png", captureBeyondViewport=True,
                             clip={"x": 0, "y": 0, "width": width,
                                   "height": min(height, 4000), "scale": 1})
            with open(os.path.join(artifacts, f"serve-{name}-{width}.png"), "wb") as f:
                f.write(base64.b64decode(shot["data"]))
        self.call("Emulation.clearDeviceMetricsOverride")


def problems(events):
    """What the page said or threw: console calls, uncaught exceptions, log entries (CSP)."""
    out = []
    for e in events:
        p = e.get("params", {})
        if e["method"] == "Runtime.consoleAPICalled":
            out.append(f"console.{p.get('type')}: {[a.get('value') for a in p.get('args', [])]}")
        elif e["method"] == "Runtime.exceptionThrown":
            out.append(f"exception: {p.get('exceptionDetails', {}).get('text')}")
        elif e["method"] == "Log.entryAdded":
            entry = p.get("entry", {})
            out.append(f"log {entry.get('level')} {entry.get('source')}: {entry.get('text')} "
                       f"{entry.get('url', '')}")
    return out


s = page_session(page_ws)
try:
    for domain in ("Page", "Runtime", "Log"):
        s.call(f"{domain}.enable")

    # 1. The list, filtered by typing into its form and pressing Enter.
    s.navigated(lambda: s.call("Page.navigate", url=base + "/results"))
    everything = s.evaluate("document.querySelectorAll('table.results tbody tr').length")
    check("the list shows every result", everything == len(inputs) + 20, everything)
    s.type_into("form.filters input[name=filter]", "Flexible")
    s.type_into("form.filters input[name=kernel_from]", "5.0")
    s.navigated(s.press_enter)
    where = s.location()
    check("Enter sends the filters in the URL", where.startswith("/results?")
          and "filter=Flexible" in where and "kernel_from=5.0" in where, where)
    rows = s.evaluate("document.querySelectorAll('table.results tbody tr').length")
    check("the filtered list: the three files with fio charts on kernels from 5.0", rows == 3,
          rows)
    check("the form keeps what was typed",
          s.evaluate("document.querySelector('form.filters input[name=kernel_from]').value")
          == "5.0")
    check("the compare form's Tests carry the list's",
          s.evaluate("document.querySelector('form.pick input[name=filter]').value")
          == "Flexible")
    s.screenshots("results")

    # 2. Three ticked with the mouse, then Compare.
    for n in (1, 2, 3):
        s.click(f"table.results tbody tr:nth-child({n}) input[type=checkbox]")
    ticked = s.evaluate("document.querySelectorAll('input[name=id]:checked').length")
    check("three results ticked", ticked == 3, ticked)
    s.navigated(lambda: s.click("form.pick button[type=submit]"))
    where = s.location()
    check("Compare opens the comparison of the three",
          where.startswith("/compare?") and where.count("id=") == 3, where)
    check("the comparison draws its charts", s.evaluate("!!document.querySelector('svg')"))
    check("the comparison's own script ran (its CSP hash)",
          s.evaluate("!!document.querySelector('[data-enhanced]')"))
    s.screenshots("compare")

    # 3. The trend from the navigation: its overview (the landing page: the machines, each
    # one's geometric mean, the families of tests), a family chosen there, one test of that
    # family, and a point followed back to the result it came from.
    s.navigated(lambda: s.click("nav.iosr-serve a[href='/trend']"))
    check("the navigation leads to the trend", s.location() == "/trend", s.location())
    check("the trend opens on its overview: the machines and the test families",
          s.evaluate("!!document.querySelector('table.machines') && "
                     "!!document.querySelector('table.families')"))
    check("the overview draws each machine's geometric mean",
          s.evaluate("!!document.querySelector('svg')"))
    s.screenshots("trend")
    family = s.evaluate("Array.from(document.querySelectorAll('table.families a'))"
                        ".findIndex(a => a.textContent === 'FS-Mark')")
    check("the overview lists the FS-Mark family", family >= 0, family)
    s.navigated(lambda: s.click(f"table.families tbody tr:nth-child({family + 1}) a"))
    where = s.location()
    check("the family's link keeps its tests (the title, escaped)",
          urllib.parse.unquote(where) == "/trend?filter=^FS-Mark$", where)
    shown = s.evaluate("document.querySelector('input[name=filter]').value")
    check("the Tests field reads as the family's title, not RE2's escapes", shown == "^FS-Mark$",
          shown)
    tests = s.evaluate("Array.from(document.querySelectorAll('a.test'), a => a.textContent)")
    check("the family's trend draws its tests, each a link to its own trend",
          len(tests) >= 2 and all(t.startswith("FS-Mark: ") for t in tests), tests)
    s.screenshots("family")
    s.navigated(lambda: s.click("a.test"))
    where = s.location()
    check("a test's link opens its own trend", "filter=" in where, where)
    check("one test's trend: no list of tests", s.evaluate("!document.querySelector('a.test')"))
    points = s.evaluate("Array.from(document.querySelectorAll('a.point'), a => a.href)")
    check("the trend links its points", points, points)
    s.screenshots("test")
    if points:
        point = s.evaluate("document.querySelector('a.point').getAttribute('href')")
        s.navigated(lambda: s.click("a.point"))
        where = s.location()
        check("a trend point opens its result", re.fullmatch(r"/result/\d+", where),
              f"{point} -> {where}")
        machine = re.search(r"machine=([^&]+)", point).group(1)
        kernel = re.search(r"kernel=([^&]+)", point).group(1)
        with urllib.request.urlopen(f"{base}/api/v1/results?machine={machine}&kernel={kernel}",
                                    timeout=30) as r:
            listed = [x["links"]["page"] for x in json.load(r)["results"]]
        check("the result opened is the one file of that machine at that kernel",
              listed == [where], f"{listed} vs {where}")
        check("its page is the comparison", s.evaluate("!!document.querySelector('svg')"))
        s.screenshots("result")

    said = problems(s.events)
    check("no console message, exception or log entry on any page", not said, said[:5])
finally:
    try:
        s.call("Browser.close")
    except Exception:  # noqa: BLE001: it may be gone already
        pass
    try:
        chrome.wait(timeout=20)
    except subprocess.TimeoutExpired:
        chrome.kill()
    server.terminate()
    server.wait(timeout=20)
    shutil.rmtree(tmp, ignore_errors=True)

finish()
