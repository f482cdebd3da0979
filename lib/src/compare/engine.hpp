// SPDX-License-Identifier: MIT
// The steps of the comparison engine, in the order compare() runs them.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <unordered_map>

#include "compare/stats.hpp"
#include "iosr/compare.hpp"
#include "iosr/model.hpp"

namespace iosr::detail {

/// Whether an entry has a magnitude to compare: pass/fail, text and failed entries have none;
/// series compare by their average.
inline bool has_magnitude(const compared_entry& e) {
  return e.value && (e.kind == entry_kind::number || e.kind == entry_kind::series);
}

/// align.cpp: names the inputs, collects the configurations (after --rename and --only) into
/// groups, and matches tests across inputs (after --filter). Configurations are in the order
/// they are first seen; entries are in input order; nothing is computed yet.
comparison align(std::span<const result_file> files, const compare_options& options);

/// baseline.cpp: picks each group's baseline and says so (or why there is none) in the notes;
/// then orders the configurations by group, the baseline first.
void choose_baselines(comparison& c, const compare_options& options);

/// measure.cpp: deltas, ratios and ranks per test and group. Entries stay in input order until
/// order_entries().
void measure(comparison& c);

/// measure.cpp: by group, the entry the group's entries in the test are measured against: the
/// first of the baseline's entries with a magnitude, in input order (so before
/// order_entries(), as measure() found it). Groups without one are absent.
using baseline_map = std::unordered_map<std::size_t, const compared_entry*>;
baseline_map baseline_entries(const comparison& c, const compared_test& test);

/// measure.cpp: the entry of `bases` (baseline_entries()) that `e` is measured against;
/// nullptr when its group has none or `e` is the baseline's own (its ratio is 1 by definition).
const compared_entry* baseline_of(const comparison& c, const baseline_map& bases,
                                  const compared_entry& e);

/// uncertainty.cpp: the mean, standard error and n behind an entry's statistics: those of its
/// runs when it lists at least two that its value is the mean of (within rounding: compared_entry
/// ::runs_disagree), else the value, standard error and N as the input gives them; empty
/// without.
std::optional<measured_mean> measured(const compared_entry& e);

/// uncertainty.cpp: per entry the runs behind it (n), Welch's p-value, the delta's interval,
/// the smallest delta its runs tell from the noise and the outlying runs; then the p-values
/// adjusted over the whole comparison and the noise marks; comparison::statistics says how.
void assess_noise(comparison& c, const compare_options& options);

/// geomean_interval.cpp: each configuration's t interval of its geometric mean ratio, from the
/// tests with a mean and standard error on both sides (before order_entries(), as
/// baseline_entries() needs).
void geomean_intervals(comparison& c, const compare_options& options);

/// measure.cpp: each test's entries by group, best first; those without a rank follow in input
/// order.
void order_entries(comparison& c);

/// summary.cpp: each configuration's geometric mean ratio, places and mean rank; test order.
void summarize(comparison& c, test_order order);

}  // namespace iosr::detail
