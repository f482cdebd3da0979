// SPDX-License-Identifier: MIT
// What a CI pipeline reads of a comparison besides iosr's own outputs: the regression gate as a
// JUnit XML report, and the Markdown summary GitHub Actions shows for a step
// (docs/ci-reports.md). Bencher's BMF is a comparison format (`--format bmf`).
#pragma once

#include <cstddef>
#include <string>

#include "iosr/operations.hpp"

namespace iosr {

/// The gate of run_compare() as JUnit XML (the layout Jenkins, GitLab and GitHub's test
/// reporters read; checked against junit-10.xsd): a testsuite per compare group, a testcase
/// per test and configuration measured against a baseline, with a `failure` holding the
/// figures for each of outcome.regressions, `skipped` for an entry without a performance ratio,
/// and a `system-out` for those of outcome.excluded. Needs request.fail_if_worse; throws
/// iosr::error (usage) without it.
std::string junit_report(const compare_outcome& outcome, const compare_request& request);

/// The line that names what the gate found missing, as regression_text() names a regression:
/// `sqlite: bfq has no result where None has 10`, `fio: bfq failed (E: out of disk) where None
/// has 1530.2`, `new.xml has no configuration bfq, which the baseline's input old.xml has`.
std::string gate_missing_text(const comparison& c, const gate_missing& m);

/// The gate's verdict in one line, saying what it checked: `gate passed: 52 entries checked
/// against None, none worse than 5%; 3 within the noise not counted`, `gate tripped: 2 of 52
/// entries checked against None worse than 5%, 1 missing`, `the gate checked nothing: no
/// compare group has a baseline`. Needs request.fail_if_worse; throws iosr::error (usage)
/// without it.
std::string gate_summary_text(const compare_outcome& outcome, const compare_request& request);

/// GitHub's limit on one step's summary: what it shows at most.
inline constexpr std::size_t step_summary_limit = 1024 * 1024;

/// The Markdown that GitHub Actions shows as a step's summary: the gate's verdict and its
/// regressions (with request.fail_if_worse), the executive summary, then the comparison as
/// `--format md` draws it; the per-test tables are left out, and a line says so, when they
/// would take the summary past step_summary_limit.
std::string step_summary(const compare_outcome& outcome, const compare_request& request);

}  // namespace iosr
