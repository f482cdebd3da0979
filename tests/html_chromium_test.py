#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# The HTML comparison page in a real browser: headless Chromium loads it, the dumped DOM holds
# one chart per test and the hostile label as escaped text (no script element), and a
# screenshot is written into the build directory as an artifact.
#
# usage: html_chromium_test.py IOSR DATA_DIR FIXTURES_DIR ARTIFACT_DIR
# Without Chromium it fails under CI (CI=true) and elsewhere exits 77 (CTest: skipped) with the
# reason; scripts/install-deps.sh installs it.
import json
import os
import shutil
import subprocess
import sys
import tempfile

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
inputs = [os.path.join(fixtures, "compare", "hostile-labels.txt"),
          os.path.join(data, "text", "000_1809f3a92cbbf2f4.txt")]
page = os.path.join(artifacts, "compare.html")
subprocess.run([iosr, "compare", "--format", "html", "-o", page, *inputs], check=True)
doc = json.loads(subprocess.run([iosr, "compare", "--format", "json", *inputs], check=True,
                                capture_output=True, text=True).stdout)
tests = {(r["result_title"], r["version"], r["description"], r["unit"]) for r in doc["rows"]}

failures = []


def check(what, ok, detail=""):
    if not ok:
        failures.append(f"{what}: {detail}"[:500])


shot = os.path.join(artifacts, "compare.png")
if os.path.exists(shot):
    os.remove(shot)
url = "file://" + os.path.abspath(page)
with tempfile.TemporaryDirectory() as dom_profile, tempfile.TemporaryDirectory() as shot_profile:
    def chromium(profile, *args):
        return subprocess.Popen([browser, "--headless", "--no-sandbox", "--disable-gpu",
                                 f"--user-data-dir={profile}", "--hide-scrollbars", *args, url],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    # Both at once: each start-up takes seconds.
    dumping = chromium(dom_profile, "--dump-dom")
    shooting = chromium(shot_profile, "--window-size=1100,2400", f"--screenshot={shot}")
    html, errors = dumping.communicate(timeout=120)
    shooting.communicate(timeout=120)

check("chromium loads the page", dumping.returncode == 0 and "</html>" in html, errors[-300:])
charts = html.count('class="test-chart"')
check("one chart per test", charts == len(tests) and charts > 50, f"{charts} charts, {len(tests)} tests")
check("a summary chart", html.count('class="summary-chart"') == 1)
check("the hostile label is text", "&lt;script&gt;alert(1)&lt;/script&gt;" in html)
check("no script element", "<script" not in html.lower())
check("the hostile title markup is text", "&lt;b&gt;1MB&lt;/b&gt; Size &amp; more" in html)
check("a screenshot is written", os.path.exists(shot) and os.path.getsize(shot) > 10000, shot)

for f in failures:
    print("FAIL", f)
print(f"html in chromium: {len(failures)} failed checks; page and screenshot in {artifacts}")
sys.exit(1 if failures else 0)
