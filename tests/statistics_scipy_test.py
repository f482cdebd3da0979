#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""iosr compare's statistics against SciPy, computed here from the inputs themselves: for the
corpus and sample composite.xml files, the PTS JSON exports and seed 003's result page, every
p-value (scipy.stats.ttest_ind with equal_var=False on the runs, ttest_ind_from_stats on a
standard error and N) and every delta interval (Welch's interval of the difference of the
means with scipy.stats.t.ppf, in percent of the baseline's mean, at the false-coverage-adjusted level
1 - max(R, 1) q / m of Benjamini and Yekutieli) must agree to 1e-6 relative, and every interval
must leave out 0 exactly when its delta is called significant; so must the Benjamini-Hochberg adjustment,
the n<3 and noise marks, the runs, n and the outlying runs (numpy.percentile's quartiles).
The bootstrap intervals of the geometric means are drawn again by an implementation of the
same generator and index mapping written here, and must agree to 1e-9.

SciPy is Debian's python3-scipy: the script runs with /usr/bin/python3 (CMake passes it), since
a python3 first on PATH may be one without Debian's modules. Without SciPy the test fails under
CI and is skipped elsewhere (exit 77).

Usage: statistics_scipy_test.py IOSR SOURCE_DIR"""
import json
import math
import os
import subprocess
import sys
import warnings
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from missing_tool import missing  # noqa: E402

try:
    import numpy
    import scipy
    from scipy import stats
except ImportError:
    failure = missing(f"SciPy (for {sys.executable})", "python3-scipy")
    if failure:
        print("FAIL", failure)
        sys.exit(1)
    sys.exit(77)

# SciPy warns of cancellation in its variance for runs that are nearly equal; its p-values still
# agree there, and the check says so if they do not.
warnings.simplefilter("ignore", RuntimeWarning)

IOSR, SOURCE = os.path.realpath(sys.argv[1]), os.path.realpath(sys.argv[2])
CORPUS = os.path.join(SOURCE, "tests", "fixtures", "corpus")
XML_CASES = [  # (path, --baseline or None, --bootstrap)
    (os.path.join(SOURCE, "data", "xml", "iosched-3way.xml"), None, 2000),
    (os.path.join(SOURCE, "tests", "fixtures", "samples", "quirks.xml"), None, 2000),
    (os.path.join(CORPUS, "xml", "pts-10.8.4_osbench_base-vs-fwrapv.xml"), "base", 2000),
    (os.path.join(CORPUS, "xml", "pts-5.6.0_ec2-micro_stream_10-systems.xml"), "stream-run-0", 500),
    (os.path.join(CORPUS, "xml", "pts-5.6.0_ec2-large_7zip_10-systems.xml"), "7zip-run-0", 500),
    (os.path.join(CORPUS, "xml", "pts-10.8.4_sqlite_20-systems.xml"), "base", 200),
    (os.path.join(CORPUS, "xml", "pts-10.8.4_compress-zstd_20-systems_14-results.xml"), "base", 100),
]
JSON_CASES = [
    (os.path.join(CORPUS, "json", "pts-10.8.4_osbench_base-vs-fwrapv.json"), "base", 2000),
    (os.path.join(CORPUS, "json", "pts-5.6.0_ec2-micro_stream_10-systems.json"), "stream-run-0", 500),
]
SE_CASE = (os.path.join(SOURCE, "tests", "fixtures", "seeds", "003_29012ff8c53c614e.txt"), None, 2000)

failures = []
counts = {"p": 0, "interval": 0, "se": 0, "bootstrap": 0, "outliers": 0, "agree": 0}


def check(what, ok, detail=""):
    if not ok:
        failures.append(f"{what}: {detail}"[:600])


largest = [0.0, ""]  # the largest relative difference seen, and where


def close(got, want, tolerance=1e-6):
    """Relative agreement. An interval bound near 0 is a small difference of two logarithms, so
    there the last digits of the t quantiles (Boost's and SciPy's differ by about 1e-11) weigh
    most; the largest difference seen is printed at the end."""
    if got is None or want is None:
        return got is None and want is None
    if want != 0 and abs(got - want) / abs(want) > largest[0]:
        largest[0] = abs(got - want) / abs(want)
    return abs(got - want) <= tolerance * abs(want) + 1e-12


def number(text):
    try:
        return float(text)
    except (TypeError, ValueError):
        return None


def compare_json(path, baseline, bootstrap):
    args = [IOSR, "compare", "--format", "json", "--bootstrap", str(bootstrap), path]
    if baseline:
        args[2:2] = ["--baseline", baseline]
    p = subprocess.run(args, capture_output=True, text=True)
    if p.returncode != 0:
        failures.append(f"{' '.join(args)} exited {p.returncode}: {p.stderr[:300]}")
        return None
    return json.loads(p.stdout)


def xml_entries(path):
    """{(title, description, unit, label): (value, runs, lower_is_better)}, from the XML itself;
    charts and labels that repeat are left out (iosr matches those by occurrence)."""
    found, seen = {}, set()
    for result in ET.parse(path).getroot().iter("Result"):
        def text(tag):
            node = result.find(tag)
            return (node.text or "").strip() if node is not None and node.text else ""
        chart = (text("Title"), text("Description"), text("Scale"))
        lib = text("Proportion") == "LIB"
        for entry in result.iter("Entry"):
            label = (entry.findtext("Identifier") or "").strip()
            value = (entry.findtext("Value") or "").strip()
            raw = (entry.findtext("RawString") or "").strip()
            runs = [number(r) for r in raw.split(":")] if raw and raw != value else []
            key = chart + (label,)
            if key in seen:
                found.pop(key, None)
                continue
            seen.add(key)
            found[key] = (number(value), [r for r in runs if r is not None], lib)
    return found


def pts_json_entries(path):
    found = {}
    with open(path) as f:
        doc = json.load(f)
    for result in doc["results"].values():
        chart = (result["title"], result.get("description", ""), result.get("scale", ""))
        for label, entry in result["results"].items():
            runs = [float(r) for r in entry.get("raw_values") or []]
            found[chart + (label,)] = (float(entry["value"]), runs, result.get("proportion") == "LIB")
    return found


def delta_interval(runs_v, runs_b, level):
    """Welch's interval of the difference of the means, in percent of the baseline's mean, as
    docs/compare.md defines it (SciPy 1.11's ttest_ind(...).confidence_interval(level); Debian
    12 has 1.10, so it is written out with SciPy's t)."""
    nv, nb = len(runs_v), len(runs_b)
    se_v = numpy.std(runs_v, ddof=1) / math.sqrt(nv)
    se_b = numpy.std(runs_b, ddof=1) / math.sqrt(nb)
    return interval_from(numpy.mean(runs_v), se_v, nv, numpy.mean(runs_b), se_b, nb, level)


def interval_from(v, se_v, nv, b, se_b, nb, level):
    """The same from a mean, a standard error and N on each side, with SciPy's t."""
    s2 = se_v ** 2 + se_b ** 2
    half = 0.0
    if s2 > 0:
        df = s2 ** 2 / (se_v ** 4 / (nv - 1) + se_b ** 4 / (nb - 1))
        half = stats.t.ppf(0.5 + level / 2, df) * math.sqrt(s2)
    return (v - b - half) / b * 100, (v - b + half) / b * 100


def false_coverage_level(doc):
    """Benjamini and Yekutieli (2005): R of m selected at rate q, intervals at 1 - max(R, 1) q / m."""
    tested = [r for r in doc["rows"] if r["p_value"] is not None]
    alpha = doc["statistics"]["alpha"]
    selected = sum(1 for r in tested if r["p_adjusted"] < alpha)
    return 1 - max(selected, 1) * alpha / len(tested) if tested else None


def tukey(runs):
    if len(runs) < 4:
        return 0
    q1, q3 = numpy.percentile(runs, [25, 75])
    low, high = q1 - 1.5 * (q3 - q1), q3 + 1.5 * (q3 - q1)
    return sum(1 for r in runs if r < low or r > high)


def benjamini_hochberg(ps):
    m = len(ps)
    order = sorted(range(m), key=lambda i: ps[i])
    adjusted, running = [0.0] * m, 1.0
    for k in range(m, 0, -1):
        i = order[k - 1]
        running = min(running, ps[i] * m / k)
        adjusted[i] = running
    return adjusted


def check_adjustment(name, doc):
    tested = [r for r in doc["rows"] if r["p_value"] is not None]
    check(f"{name}: statistics.p_values counts the family", doc["statistics"]["p_values"] == len(tested))
    if tested:
        check(f"{name}: statistics.delta_confidence is 1 - max(R, 1) q / m",
              close(doc["statistics"]["delta_confidence"], false_coverage_level(doc), 1e-12),
              (doc["statistics"]["delta_confidence"], false_coverage_level(doc)))
    adjusted = benjamini_hochberg([r["p_value"] for r in tested])
    alpha = doc["statistics"]["alpha"]
    for row, want in zip(tested, adjusted):
        what = f"{name}: {row['result_title']} {row['description']} {row['label']}"
        check(f"{what}: p_adjusted", close(row["p_adjusted"], want, 1e-9), (row["p_adjusted"], want))
        few = (row["n"] or 0) < 3 or (row["baseline_n"] or 0) < 3
        mark = "n<3" if few else ("significant" if want < alpha else "~")
        check(f"{what}: noise", row["noise"] == mark, (row["noise"], mark))
        # The interval beside the mark says the same: 0 left out exactly when significant.
        if row["delta_ci_low"] is not None:
            excludes_zero = row["delta_ci_low"] > 0 or row["delta_ci_high"] < 0
            check(f"{what}: interval agrees with the mark", excludes_zero == (want < alpha),
                  (row["delta_ci_low"], row["delta_ci_high"], want))
            counts["agree"] += 1
    for row in doc["rows"]:
        if row["p_value"] is None:
            check(f"{name}: no p-value, no mark", row["noise"] == "n/a" and row["p_adjusted"] is None,
                  row)


def check_runs_file(path, entries, baseline, bootstrap):
    name = os.path.relpath(path, SOURCE)
    doc = compare_json(path, baseline, bootstrap)
    if doc is None:
        return
    level = false_coverage_level(doc)
    by_test = {}
    for row in doc["rows"]:
        by_test.setdefault((row["result_title"], row["description"], row["unit"],
                            row["compare_group"]), []).append(row)
    for key, rows in by_test.items():
        base_rows = [r for r in rows if r["shown_label"] == r["baseline_label"]]
        for row in rows:
            mine = entries.get((row["result_title"], row["description"], row["unit"], row["label"]))
            what = f"{name}: {row['result_title']} {row['description']} {row['label']}"
            if mine is None:
                continue  # a repeated chart or label
            value, runs, _ = mine
            check(f"{what}: runs as read", row["runs"] == runs, (row["runs"], runs))
            check(f"{what}: n", row["n"] == (len(runs) if runs else None), (row["n"], len(runs)))
            if len(runs) >= 2:
                counts["outliers"] += 1
                check(f"{what}: outlier_runs", row["outlier_runs"] == tukey(runs),
                      (row["outlier_runs"], tukey(runs)))
            if row["p_value"] is None or len(base_rows) != 1:
                continue
            theirs = entries.get((row["result_title"], row["description"], row["unit"],
                                  base_rows[0]["label"]))
            if theirs is None:
                continue
            b, runs_b, _ = theirs
            if numpy.var(runs) == 0 and numpy.var(runs_b) == 0:
                # SciPy has no answer (nan) without spread; iosr says 1 for equal means, else 0.
                want = 1.0 if numpy.mean(runs) == numpy.mean(runs_b) else 0.0
                check(f"{what}: p without spread", row["p_value"] == want, row["p_value"])
                continue
            p = stats.ttest_ind(runs, runs_b, equal_var=False).pvalue
            counts["p"] += 1
            check(f"{what}: p_value against SciPy", close(row["p_value"], p), (row["p_value"], p))
            if numpy.mean(runs_b) > 0:
                low, high = delta_interval(runs, runs_b, level)
                counts["interval"] += 1
                check(f"{what}: delta_ci_low", close(row["delta_ci_low"], low), (row["delta_ci_low"], low))
                check(f"{what}: delta_ci_high", close(row["delta_ci_high"], high),
                      (row["delta_ci_high"], high))
    check_adjustment(name, doc)
    check_bootstrap(name, doc)


# ---- the bootstrap, drawn again -----------------------------------------------------------------

MASK = (1 << 64) - 1


class SplitMix64:
    def __init__(self, seed):
        self.state = seed

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)


def uniform_index(generator, n):
    partial = (1 << 64) % n
    while True:
        x = generator.next()
        if x <= MASK - partial:
            return x % n


def fnv1a(label):
    h = 0xCBF29CE484222325
    for byte in label.encode():
        h = ((h ^ byte) * 0x100000001B3) & MASK
    return h


def quantile(sorted_values, p):
    h = (len(sorted_values) - 1) * p
    below = math.floor(h)
    if below + 1 >= len(sorted_values):
        return sorted_values[-1]
    return sorted_values[below] + (h - below) * (sorted_values[below + 1] - sorted_values[below])


def resamplable(runs):
    return runs if len(runs) >= 2 and all(r > 0 for r in runs) else None


def check_bootstrap(name, doc):
    resamples = doc["statistics"]["bootstrap"]
    level = doc["statistics"]["confidence"]
    # The rows come test by test in file order; per test, the baseline's row of each group.
    tests, current = [], None
    for row in doc["rows"]:
        key = (row["result_title"], row["version"], row["description"], row["unit"])
        if key != current:
            tests.append([])
            current = key
        tests[-1].append(row)
    for s in doc["summary"]:
        if s["is_baseline"] or s["geomean_ratio"] is None:
            continue
        fixed, resampled, count = 0.0, [], 0
        for rows in tests:
            mine = [r for r in rows if r["shown_label"] == s["label"] and r["ratio"] is not None]
            bases = [r for r in rows if r["compare_group"] == s["compare_group"]
                     and r["shown_label"] == r["baseline_label"] and r["ratio"] is not None]
            for r in mine:
                count += 1
                log_ratio = math.log(r["ratio"])
                v, b = resamplable(r["runs"]), resamplable(bases[0]["runs"]) if bases else None
                if v is None and b is None:
                    fixed += log_ratio
                else:
                    resampled.append((log_ratio, 1.0 if r["direction"] == "higher" else -1.0, v, b))
        if not resampled or resamples == 0:
            check(f"{name}: {s['label']}: no interval without runs", s["geomean_ci_low"] is None)
            continue
        generator = SplitMix64(fnv1a(s["label"]))

        def log_scale(runs):
            if runs is None:
                return 0.0
            total = 0.0
            for _ in range(len(runs)):
                total += runs[uniform_index(generator, len(runs))]
            return math.log(total / sum(runs))

        means = []
        for _ in range(resamples):
            total = fixed
            for log_ratio, sign, v, b in resampled:
                value = log_scale(v)
                baseline = log_scale(b)
                total += log_ratio + sign * (value - baseline)
            means.append(math.exp(total / count))
        means.sort()
        tail = (1 - level) / 2
        counts["bootstrap"] += 1
        what = f"{name}: {s['label']}"
        check(f"{what}: geomean_ci_low", close(s["geomean_ci_low"], quantile(means, tail), 1e-9),
              (s["geomean_ci_low"], quantile(means, tail)))
        check(f"{what}: geomean_ci_high", close(s["geomean_ci_high"], quantile(means, 1 - tail), 1e-9),
              (s["geomean_ci_high"], quantile(means, 1 - tail)))
        check(f"{what}: geomean_ci_tests", s["geomean_ci_tests"] == len(resampled))


# ---- standard errors and N (seed 003's result page) ---------------------------------------------

def check_standard_errors(path, baseline, bootstrap):
    name = os.path.relpath(path, SOURCE)
    doc = compare_json(path, baseline, bootstrap)
    if doc is None:
        return
    level = false_coverage_level(doc)
    rows = doc["rows"]
    for row in rows:
        if row["p_value"] is None:
            continue
        bases = [r for r in rows if r["result_title"] == row["result_title"]
                 and r["description"] == row["description"] and r["unit"] == row["unit"]
                 and r["shown_label"] == r["baseline_label"]]
        base = bases[0]
        what = f"{name}: {row['result_title']} {row['description']} {row['label']}"
        v, b = float(row["value"]), float(base["value"])
        se_v, se_b, n_v, n_b = row["standard_error"], base["standard_error"], row["sample_count"], \
            base["sample_count"]
        check(f"{what}: n", row["n"] == n_v and row["baseline_n"] == n_b, row)
        if se_v == 0 and se_b == 0:
            continue
        p = stats.ttest_ind_from_stats(v, se_v * math.sqrt(n_v), n_v, b, se_b * math.sqrt(n_b), n_b,
                                       equal_var=False).pvalue
        counts["se"] += 1
        check(f"{what}: p_value from SE and N against SciPy", close(row["p_value"], p),
              (row["p_value"], p))
        low, high = interval_from(v, se_v, n_v, b, se_b, n_b, level)
        check(f"{what}: delta interval from SE and N", close(row["delta_ci_low"], low)
              and close(row["delta_ci_high"], high), (row["delta_ci_low"], low, row["delta_ci_high"], high))
    check_adjustment(name, doc)
    for s in doc["summary"]:
        check(f"{name}: standard errors take no part in the bootstrap", s["geomean_ci_low"] is None)


for path, baseline, bootstrap in XML_CASES:
    check_runs_file(path, xml_entries(path), baseline, bootstrap)
for path, baseline, bootstrap in JSON_CASES:
    check_runs_file(path, pts_json_entries(path), baseline, bootstrap)
check_standard_errors(*SE_CASE)

# Enough of each kind was compared for the agreement to mean something.
check("p-values from runs compared", counts["p"] >= 300, counts)
check("intervals from runs compared", counts["interval"] >= 300, counts)
check("p-values from standard errors compared", counts["se"] >= 50, counts)
check("bootstrap intervals drawn again", counts["bootstrap"] >= 40, counts)
check("marks and intervals checked for agreement", counts["agree"] >= 300, counts)

for f in failures[:40]:
    print("FAIL", f)
print(f"statistics against SciPy {scipy.__version__}: "
      f"{counts['p']} p-values and {counts['interval']} intervals from runs, {counts['se']} from "
      f"standard errors, {counts['outliers']} outlier counts, {counts['bootstrap']} bootstrap "
      f"intervals; largest relative difference {largest[0]:.2g}; {len(failures)} failed checks")
sys.exit(1 if failures else 0)
