// SPDX-License-Identifier: MIT
// The steps of the trend engine, in the order compute_trend() runs them, and what they hand on.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "iosr/trend.hpp"
#include "trend/change_points.hpp"

namespace iosr::detail {

/// Throws iosr::error (limit) once trend_options::stop is requested (trend.cpp).
void stop_if_asked(const trend_options& options);

/// A run placed: its key orders by test, configuration, point; its value is a log.
struct placed_run {
  std::uint64_t key;
  double log_value;
  /// What the value's own runs say of their noise: the variance of one run's log, N times the
  /// square of the standard error over the value (the delta method), and N; samples == 0 when
  /// the input gives no standard error with at least 2 runs.
  float sample_variance;
  std::uint32_t samples;
};

constexpr int point_bits = 20, configuration_bits = 20;
constexpr std::uint64_t point_mask = (std::uint64_t{1} << point_bits) - 1;
constexpr std::uint64_t configuration_mask = (std::uint64_t{1} << configuration_bits) - 1;
/// A system on no point of the series.
constexpr std::uint32_t no_point = 0xFFFFFFFF;

inline std::uint64_t test_of_key(std::uint64_t key) {
  return key >> (point_bits + configuration_bits);
}
inline std::uint32_t configuration_of_key(std::uint64_t key) {
  return static_cast<std::uint32_t>((key >> point_bits) & configuration_mask);
}
inline std::uint32_t point_of_key(std::uint64_t key) {
  return static_cast<std::uint32_t>(key & point_mask);
}

/// match_tests.cpp: the tests kept (a direction, --filter), matched as test_match::trend says
/// and ordered by title, into trend::tests; per input test, its trend test, or -1.
std::vector<std::int64_t> match_tests(const trend_input& in, const trend_options& options,
                                      trend& out);

/// configurations.cpp: the machines, in the order first seen, into trend::machines; per input
/// system, its machine.
std::vector<std::size_t> find_machines(const trend_input& in, const trend_options& options,
                                       trend& out);

/// points.cpp: each system's point (its kernel, label or day; only systems with runs of the
/// tests kept), into trend::points in series order; per input system, its point or no_point.
std::vector<std::uint32_t> find_points(const trend_input& in, const trend_options& options,
                                       std::span<const std::int64_t> test_of, trend& out);

/// configurations.cpp: the configurations, in the order first seen, into
/// trend::configurations; per input system, its configuration.
std::vector<std::uint32_t> find_configurations(const trend_input& in, const trend_options& options,
                                               std::span<const std::size_t> machine_of, trend& out);

/// placed_runs.cpp: whether the points, configurations and tests fit a placed_run's key; a note
/// when they do not, and nothing more is computed.
bool keys_fit(trend& out);

/// placed_runs.cpp: every run of a test kept with a point and a positive value, in input order;
/// the runs left out noted.
std::vector<placed_run> place_runs(const trend_input& in, const trend_options& options,
                                   std::span<const std::int64_t> test_of,
                                   std::span<const std::uint32_t> point_of,
                                   std::span<const std::uint32_t> configuration_of, trend& out);

/// placed_runs.cpp: `runs` sorted by key as std::sort sorts them, so that the runs of one (test,
/// configuration) are contiguous, by point. `out`'s tests, configurations and points bound
/// the key's fields.
void sort_runs(std::vector<placed_run>& runs, const trend& out);

/// The baselines, found once over all tests, so that every test at a point is measured against
/// the same configuration.
struct trend_baselines {
  /// Per (machine, group) with a baseline somewhere: per point with one, in point order, the
  /// point and its baseline configuration.
  std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> groups;
  /// Per configuration: its (machine, group)'s index in `groups`, or none (no_group). Looked up
  /// for each of a million cells: a map keyed by the machine and the group's name was 2-3 % of
  /// a store's trend.
  std::vector<std::uint32_t> group_of;
  static constexpr std::uint32_t no_group = 0xFFFFFFFF;
  /// The same, per (configuration, point) in one table when it is small (no_group: none), as
  /// of() answers it for each of a million cells: its search of a group's points was 2 % of a
  /// store's trend. Empty when the table would be large.
  std::vector<std::uint32_t> dense;
  std::size_t point_count = 0;
  /// The baseline configuration of configuration `c` at point `p`, if any (kernel and date).
  std::optional<std::uint32_t> of(std::uint32_t c, std::uint32_t p) const;
};

/// baselines.cpp: per (machine, group, point) the baseline configuration for kernel and date;
/// with trend_by::label, trend::baseline_point instead. A --baseline that names no system (no
/// point with trend_by::label) throws a usage error.
trend_baselines choose_baselines(const trend_input& in, const trend_options& options,
                                 std::span<const std::uint32_t> configuration_of,
                                 std::span<const placed_run> runs, trend& out);

/// A test's log ratio at a point, with what its runs say of its noise (series_noise).
struct test_log_ratio {
  double log_ratio = 0;
  double variance = 1;  ///< of log_ratio: absolute when the test's within_df > 0, else relative
};

/// The tests with a ratio at one point, in test order, and their log ratios in the same order:
/// two vectors, 20 bytes a ratio, where one of (ratio, variance, test) padded each to 24 (a
/// store's trend holds most of a million: 3 MB, which its peak is made of).
struct point_tests {
  std::uint32_t point = 0;
  std::vector<std::uint32_t> tests;
  std::vector<test_log_ratio> ratios;
};

/// Per point in point order. A sorted vector, not a map: a test's series visit each
/// configuration's points in order, so the next point is found next to the last one, where a
/// map's lookup chased a tree for each of a million ratios.
using point_log_ratios = std::vector<point_tests>;

/// One configuration's log ratios: what its geometric mean is made of.
struct configuration_log_ratios {
  point_log_ratios at;
  /// Per test with a ratio, in test order: its series' change_noise::within_df (the same at
  /// every point, so kept once, not with each ratio).
  std::vector<std::pair<std::uint32_t, double>> within_df;
  double within_df_of(std::uint32_t test) const;
};

/// Per configuration.
using log_ratios = std::vector<configuration_log_ratios>;

/// series.cpp: per test, each (configuration, point) combined, measured against its baseline,
/// and each series searched for steps, into trend_test::series; the log ratios measured.
log_ratios measure_series(const trend_options& options, std::span<const placed_run> runs,
                          const trend_baselines& baselines, trend& out);

/// series.cpp: the steps of `series`, searched among its values with a ratio, whose
/// observations are `points` in order: each marked on its value and listed in its changes.
void mark_changes(trend_series& series, std::span<const point_observation> points,
                  change_noise noise, const trend_options& options);

/// geomean.cpp: per configuration, the chained geometric mean (the first point's over its
/// tests, each later one moved by the mean change of the tests present there and at the point
/// before), searched for steps, into trend::geomean.
void measure_geomeans(const trend_options& options, const log_ratios& logs,
                      const trend_baselines& baselines, trend& out);

/// baselines.cpp: with trend_by::label, the note of the point every other is against.
void note_baseline_point(trend& out);

/// wanted.cpp: the series of the configurations `--only` names kept, the others dropped; a name
/// that names no configuration, or only ones without a series (a baseline), throws a usage
/// error.
void keep_only(const trend_input& in, const trend_options& options,
               std::span<const std::uint32_t> configuration_of, trend& out);

/// wanted.cpp: each machine's number (trend_machine::number), 1 for the first, in the order the
/// input gives them; run once the machines are found, before anything is left out.
void number_machines(trend& out);

/// wanted.cpp: the series of the machines `--machine` names kept (a number from 1 to the
/// number of machines is one's number, anything else a part of a name); one that names none
/// throws a usage error.
void keep_machines(const trend_options& options, std::size_t machine_count, trend& out);

/// shown.cpp: the points no series has a value at, and the machines no series is on, dropped,
/// the rest renumbered in order (the baseline point stays).
void keep_shown(trend& out);

}  // namespace iosr::detail
