#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# The HTML comparison page in a real browser. Headless Chromium loads the pages of seeds 000 and
# 002, of the sample composite.xml and of a hostile input: no console message at all, one chart
# per test, the hostile label as escaped text, the sorting script run to its end (and a click
# on a header sorting its table), and the same content with JavaScript off. Screenshots of
# seeds 000 and 002 and the sample XML are written into the build directory for review (not
# committed).
#
# usage: html_chromium_test.py IOSR DATA_DIR FIXTURES_DIR ARTIFACT_DIR
# Without Chromium it fails under CI (CI=true) and elsewhere exits 77 (CTest: skipped) with the
# reason; scripts/install-deps.sh installs it.
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from html import unescape
from concurrent.futures import ThreadPoolExecutor

from missing_tool import missing

iosr, data, fixtures, artifacts = sys.argv[1:5]
browser = next((b for b in ("chromium", "chromium-browser") if shutil.which(b)), None)
if browser is None:
    failure = missing("chromium (headless, for the HTML page)", "chromium")
    if failure:
        print("FAIL", failure)
        sys.exit(1)
    sys.exit(77)

os.makedirs(artifacts, exist_ok=True)
SEED0 = os.path.join(data, "text", "000_1809f3a92cbbf2f4.txt")
SEED2 = os.path.join(data, "text", "002_236e153a66cd3c9d.txt")
XML = os.path.join(data, "xml", "iosched-3way.xml")
PAGES = {  # name: (inputs, screenshot for review)
    "000": ([SEED0], True),
    "002": ([SEED2], True),
    "xml": ([XML], True),
    "hostile": ([os.path.join(fixtures, "compare", "hostile-labels.txt"), SEED0], False),
    # 30 configurations of four files whose hardware and software differ in 17 fields: the
    # widest "what differs" table of the bundled data.
    "all": ([SEED0, os.path.join(data, "text", "001_d98c4465b017a3b0.txt"), SEED2,
             os.path.join(data, "text", "004_38fbc586aba1b507.txt"), XML], False),
}
# The window widths at which no page may scroll sideways, nor its "what differs" table.
WIDTHS = (800, 1920)

failures = []


def check(what, ok, detail=""):
    if not ok:
        failures.append(f"{what}: {detail}"[:600])


def chromium(url, *args):
    """Runs headless Chromium on the URL with a profile of its own; (returncode, stdout,
    stderr). Console messages go to stderr (--enable-logging=stderr)."""
    with tempfile.TemporaryDirectory() as profile:
        p = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu",
                            f"--user-data-dir={profile}", "--hide-scrollbars",
                            "--enable-logging=stderr", "--v=0", *args, url],
                           capture_output=True, text=True, timeout=120)
        return p.returncode, p.stdout, p.stderr


def console_lines(stderr):
    return [line for line in stderr.splitlines() if re.search(r":CONSOLE[:(]", line)]


def url_of(path):
    return "file://" + os.path.abspath(path)


# The log shows console messages: a page that writes one must be seen doing so, or the check
# below that no page writes any would pass for the wrong reason.
probe = os.path.join(artifacts, "console-probe.html")
with open(probe, "w") as f:
    f.write("<!DOCTYPE html><html><body><script>console.error('iosr-probe')</script></body></html>\n")

jobs = {"probe": (url_of(probe), ["--dump-dom"])}
docs = {}
for name, (inputs, shot) in PAGES.items():
    page = os.path.join(artifacts, f"compare-{name}.html")
    subprocess.run([iosr, "compare", "--format", "html", "--force", "-o", page, *inputs], check=True)
    docs[name] = json.loads(subprocess.run([iosr, "compare", "--format", "json", *inputs],
                                           check=True, capture_output=True, text=True).stdout)
    # A copy that clicks the first summary column's button twice after the page's own script
    # ran (descending by label), and writes the order it sees into the page for --dump-dom.
    with open(page, encoding="utf-8") as f:
        html = f.read()
    clicking = html.replace("</body>", """<script>
(function () {
  var table = document.querySelector("table.summary");
  var button = table.tHead.rows[0].cells[0].querySelector("button.sort");
  button.click();
  button.click();
  var order = Array.prototype.map.call(table.tBodies[0].rows, function (r) {
    return r.cells[0].textContent;
  });
  document.body.setAttribute("data-sorted", JSON.stringify(order));
})();
</script>
</body>""")
    clicked = os.path.join(artifacts, f"compare-{name}-clicked.html")
    with open(clicked, "w", encoding="utf-8") as f:
        f.write(clicking)
    jobs[f"{name}.dom"] = (url_of(page), ["--dump-dom"])
    # Without JavaScript: a copy without the script (headless Chromium's --dump-dom itself
    # needs scripts, so they cannot be switched off for it).
    bare = os.path.join(artifacts, f"compare-{name}-noscript.html")
    with open(bare, "w", encoding="utf-8") as f:
        f.write(re.sub(r"<script>.*?</script>\n", "", html, flags=re.S))
    jobs[f"{name}.nojs"] = (url_of(bare), ["--dump-dom"])
    jobs[f"{name}.click"] = (url_of(clicked), ["--dump-dom"])
    # A copy that measures, once laid out, whether the page or its systems table is wider
    # than the window, and how much of the window the text uses.
    measuring = os.path.join(artifacts, f"compare-{name}-measured.html")
    with open(measuring, "w", encoding="utf-8") as f:
        f.write(html.replace("</body>", """<script>
(function () {
  var root = document.documentElement, systems = document.querySelector("table.systems");
  document.body.setAttribute("data-measured", JSON.stringify({
    window: window.innerWidth, page: root.scrollWidth, client: root.clientWidth,
    body: document.body.getBoundingClientRect().width,
    systems: systems ? systems.getBoundingClientRect().right : 0
  }));
})();
</script>
</body>"""))
    for width in WIDTHS:
        jobs[f"{name}.width{width}"] = (url_of(measuring),
                                        [f"--window-size={width},2000", "--dump-dom"])
        if shot or name == "all":
            png = os.path.join(artifacts, f"compare-{name.replace(' ', '-')}-{width}.png")
            jobs[f"{name}.shot{width}"] = (url_of(page), [f"--window-size={width},2400",
                                                          f"--screenshot={png}"])
    if shot:
        png = os.path.join(artifacts, f"compare-{name}.png")
        if os.path.exists(png):
            os.remove(png)
        jobs[f"{name}.shot"] = (url_of(page), ["--window-size=1100,3200", f"--screenshot={png}"])

# Two at a time: each start-up takes seconds, and the machines have two cores.
with ThreadPoolExecutor(max_workers=2) as pool:
    results = dict(zip(jobs, pool.map(lambda job: chromium(job[0], *job[1]), jobs.values())))

_, _, probe_err = results["probe"]
check("the console log shows a page's console messages",
      any("iosr-probe" in line for line in console_lines(probe_err)), probe_err[-400:])

for name, (inputs, shot) in PAGES.items():
    doc = docs[name]
    tests = {(r["result_title"], r["version"], r["description"], r["unit"]) for r in doc["rows"]}
    rc, html, err = results[f"{name}.dom"]
    check(f"{name}: chromium loads the page", rc == 0 and "</html>" in html, err[-300:])
    check(f"{name}: no console message", not console_lines(err), console_lines(err)[:3])
    check(f"{name}: the script ran to its end", 'data-enhanced="sortable"' in html)
    charts = html.count('class="test-chart"')
    check(f"{name}: one chart per test", charts == len(tests), f"{charts} charts, {len(tests)} tests")
    check(f"{name}: a summary chart per group",
          html.count('class="summary-chart"') == len(doc["groups"]))
    check(f"{name}: every chart has an accessible title",
          html.count('role="img" aria-labelledby=') == charts + len(doc["groups"]))
    check(f"{name}: no external resource", not re.search(r'(src|href)="(?!#)', html))
    check(f"{name}: the sort buttons are added", html.count('class="sort"') > 0)

    rc, bare, err = results[f"{name}.nojs"]
    check(f"{name}: readable without JavaScript: the charts and tables, without sort buttons",
          rc == 0 and bare.count('class="test-chart"') == charts
          and bare.count("<table") == html.count("<table")
          and 'data-enhanced' not in bare and 'class="sort"' not in bare, err[-300:])
    check(f"{name}: no console message without the script", not console_lines(err))

    rc, clicked, err = results[f"{name}.click"]
    m = re.search(r'data-sorted="([^"]*)"', clicked)
    order = json.loads(unescape(m.group(1))) if m else None
    labels = [s["label"] for s in doc["summary"]]
    check(f"{name}: a click on a header sorts its table (twice: descending)",
          order == sorted(labels, key=str.lower, reverse=True), (order, labels))
    check(f"{name}: no console message after the clicks", not console_lines(err), console_lines(err)[:3])

    for width in WIDTHS:
        _, measured, err = results[f"{name}.width{width}"]
        m = re.search(r'data-measured="([^"]*)"', measured)
        size = json.loads(unescape(m.group(1))) if m else None
        check(f"{name} at {width} px: measured", size is not None, err[-300:])
        if size:
            check(f"{name} at {width} px: the page does not scroll sideways",
                  size["page"] <= size["client"], size)
            check(f"{name} at {width} px: the systems table stays within the window",
                  size["systems"] <= size["client"], size)
            check(f"{name} at {width} px: the page uses the window's width",
                  size["body"] >= 0.85 * size["client"], size)

    if shot:
        png = os.path.join(artifacts, f"compare-{name}.png")
        check(f"{name}: a screenshot is written", os.path.exists(png) and os.path.getsize(png) > 10000, png)

_, hostile, _ = results["hostile.dom"]
check("the hostile label is text", "&lt;script&gt;alert(1)&lt;/script&gt;" in hostile)
check("the hostile title markup is text", "&lt;b&gt;1MB&lt;/b&gt; Size &amp; more" in hostile)
check("the page's own script is the only one", hostile.lower().count("<script") == 1)
_, xml_page, _ = results["xml.dom"]
check("the sample XML's deltas carry their intervals", "-4.9% [-6.4, -3.3]" in xml_page)

for f in failures:
    print("FAIL", f)
print(f"html in chromium: {len(PAGES)} pages, {len(failures)} failed checks; pages and "
      f"screenshots in {artifacts}")
sys.exit(1 if failures else 0)
