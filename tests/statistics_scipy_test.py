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
The t intervals of the geometric means (the delta method on each side's mean, Welch-Satterthwaite
degrees of freedom, scipy.stats.t) must agree to 1e-8. The smallest delta each entry's runs tell
from the noise is found again with scipy.stats.nct (80 % power at the delta intervals' level),
and for a sample of entries also from the noncentral t's definition, integrated here with
scipy.integrate.quad (SciPy's nct is Boost's, as iosr's is), to 1e-6.

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
    from scipy import integrate, optimize, stats
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
XML_CASES = [  # (path, --baseline or None)
    (os.path.join(SOURCE, "data", "xml", "iosched-3way.xml"), None),
    (os.path.join(SOURCE, "tests", "fixtures", "samples", "quirks.xml"), None),
    (os.path.join(CORPUS, "xml", "pts-10.8.4_osbench_base-vs-fwrapv.xml"), "base"),
    (os.path.join(CORPUS, "xml", "pts-5.6.0_ec2-micro_stream_10-systems.xml"), "stream-run-0"),
    (os.path.join(CORPUS, "xml", "pts-5.6.0_ec2-large_7zip_10-systems.xml"), "7zip-run-0"),
    (os.path.join(CORPUS, "xml", "pts-10.8.4_sqlite_20-systems.xml"), "base"),
    (os.path.join(CORPUS, "xml", "pts-10.8.4_compress-zstd_20-systems_14-results.xml"), "base"),
]
JSON_CASES = [
    (os.path.join(CORPUS, "json", "pts-10.8.4_osbench_base-vs-fwrapv.json"), "base"),
    (os.path.join(CORPUS, "json", "pts-5.6.0_ec2-micro_stream_10-systems.json"), "stream-run-0"),
]
SE_CASE = (os.path.join(SOURCE, "tests", "fixtures", "seeds", "003_29012ff8c53c614e.txt"), None)
POWER = 0.8

failures = []
counts = {"p": 0, "interval": 0, "se": 0, "geomean": 0, "outliers": 0, "agree": 0,
          "detectable": 0, "integrated": 0}


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


def compare_json(path, baseline):
    args = [IOSR, "compare", "--format", "json", path]
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


def check_runs_file(path, entries, baseline):
    name = os.path.relpath(path, SOURCE)
    doc = compare_json(path, baseline)
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
    check_geomean_intervals(name, doc)
    check_detectable(name, doc)


# ---- the geometric means' t intervals -----------------------------------------------------------

def by_test(doc):
    """The rows test by test, as the JSON lists them."""
    tests, current = [], None
    for row in doc["rows"]:
        key = (row["result_title"], row["version"], row["description"], row["unit"])
        if key != current:
            tests.append([])
            current = key
        tests[-1].append(row)
    return tests


def measured(row):
    """(mean, standard error, n) as docs/compare.md says: the runs when there are two or more and
    the value is their mean, else the standard error and N as given; None without."""
    runs = row["runs"]
    if len(runs) >= 2 and not row["runs_disagree"]:
        return numpy.mean(runs), numpy.std(runs, ddof=1) / math.sqrt(len(runs)), len(runs)
    if row["standard_error"] is not None and row["sample_count"] is not None:
        return float(row["value"]), row["standard_error"], row["sample_count"]
    return None


def check_geomean_intervals(name, doc):
    level = doc["statistics"]["confidence"]
    tests = by_test(doc)
    for s in doc["summary"]:
        what = f"{name}: {s['label']}"
        if s["is_baseline"] or s["geomean_ratio"] is None:
            check(f"{what}: no interval without a mean", s["geomean_ci_low"] is None)
            continue
        logs, terms, both = [], [], 0
        for rows in tests:
            mine = [r for r in rows if r["shown_label"] == s["label"] and r["ratio"] is not None]
            bases = [r for r in rows if r["compare_group"] == s["compare_group"]
                     and r["shown_label"] == r["baseline_label"] and r["ratio"] is not None]
            for r in mine:
                logs.append(math.log(r["ratio"]))
                v, b = measured(r), measured(bases[0]) if bases else None
                if v is None or b is None or v[2] < 2 or b[2] < 2 or v[0] <= 0 or b[0] <= 0:
                    continue
                terms += [((v[1] / v[0]) ** 2, v[2]), ((b[1] / b[0]) ** 2, b[2])]
                both += 1
        check(f"{what}: geomean_ci_tests counts the tests with runs on both sides",
              s["geomean_ci_tests"] == both, (s["geomean_ci_tests"], both))
        if both == 0:
            check(f"{what}: no interval without runs on both sides", s["geomean_ci_low"] is None)
            continue
        g = math.exp(sum(logs) / len(logs))
        variance = sum(t for t, _ in terms)
        half = 0.0
        if variance > 0:
            df = variance ** 2 / sum(t * t / (n - 1) for t, n in terms)
            half = stats.t.ppf(0.5 + level / 2, df) * math.sqrt(variance) / len(logs)
        counts["geomean"] += 1
        check(f"{what}: geomean_ci_low", close(s["geomean_ci_low"], g * math.exp(-half), 1e-8),
              (s["geomean_ci_low"], g * math.exp(-half)))
        check(f"{what}: geomean_ci_high", close(s["geomean_ci_high"], g * math.exp(half), 1e-8),
              (s["geomean_ci_high"], g * math.exp(half)))


# ---- how small a delta the runs tell from the noise ---------------------------------------------

def nct_detectable(alpha, df):
    """The noncentrality at which Welch's two-sided test at alpha rejects with POWER, with SciPy's
    noncentral t."""
    c = stats.t.ppf(1 - alpha / 2, df)
    return optimize.brentq(lambda l: stats.nct.sf(c, df, l) + stats.nct.cdf(-c, df, l) - POWER,
                           0, c + 100, xtol=1e-14, rtol=1e-14)


def integrated_detectable(alpha, df):
    """The same from the definition T' = (Z + l) / sqrt(V / df), V chi-square with df degrees of
    freedom: P(|T'| > c) is the integral over V of the normal's tails, integrated here."""
    c = stats.t.ppf(1 - alpha / 2, df)

    def power(l):
        def at(v):
            s = c * math.sqrt(v / df)
            return (stats.norm.sf(s - l) + stats.norm.cdf(-s - l)) * stats.chi2.pdf(v, df)
        return integrate.quad(at, 0, numpy.inf, epsabs=1e-13, epsrel=1e-12, limit=400)[0]

    return optimize.brentq(lambda l: power(l) - POWER, 0, c + 100, xtol=1e-12, rtol=1e-12)


def check_detectable(name, doc):
    stats_doc = doc["statistics"]
    tested = [r for r in doc["rows"] if r["p_value"] is not None]
    if not tested:
        return
    alpha = 1 - stats_doc["delta_confidence"]
    check(f"{name}: statistics.power", stats_doc["power"] == POWER, stats_doc["power"])
    tests = by_test(doc)
    now, skipped = [], False
    for rows in tests:
        for r in rows:
            if r["p_value"] is None:
                continue
            what = f"{name}: {r['result_title']} {r['description']} {r['label']}"
            bases = [b for b in rows if b["compare_group"] == r["compare_group"]
                     and b["shown_label"] == b["baseline_label"]]
            if len(bases) != 1:
                skipped = True  # which of two baseline entries counts is the p-values' business
                continue
            v, b = measured(r), measured(bases[0])
            if r["noise"] == "n<3" or (v[1] == 0 and b[1] == 0) or b[0] <= 0:
                check(f"{what}: no detectable delta", r["detectable_pct"] is None, r["detectable_pct"])
                continue

            def detectable(v, b, solve=nct_detectable):
                df = (v[1] ** 2 + b[1] ** 2) ** 2 / (v[1] ** 4 / (v[2] - 1) + b[1] ** 4 / (b[2] - 1))
                return solve(alpha, df) * math.hypot(v[1], b[1]) / b[0] * 100

            want = detectable(v, b)
            counts["detectable"] += 1
            check(f"{what}: detectable_pct against scipy.stats.nct",
                  close(r["detectable_pct"], want, 1e-6), (r["detectable_pct"], want))
            if counts["integrated"] < 12:
                counts["integrated"] += 1
                by_definition = detectable(v, b, integrated_detectable)
                check(f"{what}: detectable_pct against the integrated definition",
                      close(r["detectable_pct"], by_definition, 1e-6),
                      (r["detectable_pct"], by_definition))
            twice = lambda m: (m[0], m[1] / math.sqrt(2), 2 * m[2])
            now.append((want, detectable(twice(v), twice(b))))
    d = stats_doc["detectable"]
    if skipped:
        return
    check(f"{name}: detectable.deltas", d["deltas"] == len(now), (d["deltas"], len(now)))
    if now:
        # The median entry (or the two middle ones), the largest, and what twice the runs would
        # make of those entries.
        now.sort(key=lambda x: x[0])
        middle = [now[(len(now) - 1) // 2], now[len(now) // 2]]
        for key, want in (("median_pct", numpy.median([x[0] for x in now])),
                          ("largest_pct", now[-1][0]),
                          ("doubled_median_pct", (middle[0][1] + middle[1][1]) / 2),
                          ("doubled_largest_pct", now[-1][1])):
            check(f"{name}: detectable.{key}", close(d[key], want, 1e-6), (d[key], want))


# ---- standard errors and N (seed 003's result page) ---------------------------------------------

def check_standard_errors(path, baseline):
    name = os.path.relpath(path, SOURCE)
    doc = compare_json(path, baseline)
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
    check_geomean_intervals(name, doc)
    check_detectable(name, doc)


for path, baseline in XML_CASES:
    check_runs_file(path, xml_entries(path), baseline)
for path, baseline in JSON_CASES:
    check_runs_file(path, pts_json_entries(path), baseline)
check_standard_errors(*SE_CASE)

# Enough of each kind was compared for the agreement to mean something.
check("p-values from runs compared", counts["p"] >= 300, counts)
check("intervals from runs compared", counts["interval"] >= 300, counts)
check("p-values from standard errors compared", counts["se"] >= 50, counts)
check("geomean intervals computed again", counts["geomean"] >= 40, counts)
check("detectable deltas found again", counts["detectable"] >= 300, counts)
check("detectable deltas integrated from the definition", counts["integrated"] >= 12, counts)
check("marks and intervals checked for agreement", counts["agree"] >= 300, counts)

for f in failures[:40]:
    print("FAIL", f)
print(f"statistics against SciPy {scipy.__version__}: "
      f"{counts['p']} p-values and {counts['interval']} intervals from runs, {counts['se']} from "
      f"standard errors, {counts['outliers']} outlier counts, {counts['geomean']} geomean "
      f"intervals, {counts['detectable']} detectable deltas ({counts['integrated']} also "
      f"integrated); largest relative difference {largest[0]:.2g}; {len(failures)} failed checks")
sys.exit(1 if failures else 0)
