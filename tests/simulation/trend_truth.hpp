// SPDX-License-Identifier: MIT
// Trends with a known truth, for the simulation that proves the trend's steps keep their word
// (docs/db.md, "Change points"): a composite.xml per kernel, each with a `None` baseline and
// `bfq` on one machine, each test's runs log-normal around a true mean, and bfq's true ratio
// flat, stepping down from one kernel on, or down at one kernel only. The random numbers are
// written out (SplitMix64, Box-Muller), so that a seed gives the same files with every compiler
// and standard library.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "iosr/trend.hpp"

namespace iosr_simulation {

/// What bfq's true ratio does along the kernels.
enum class trend_shape {
  flat,       ///< 1 everywhere: any step found is false
  step,       ///< `change` from kernel `at` on
  excursion,  ///< `change` at kernel `at` alone, back at the next
};

/// One generated trend.
struct trend_setting {
  std::size_t kernels = 10;  ///< 6.0, 6.1, ...: one composite.xml each
  std::size_t tests = 3;     ///< tests per file, higher and lower is better in turn
  std::size_t runs = 3;      ///< runs per entry (its RawString)
  double noise = 0.05;       ///< the runs' noise: the standard deviation of their logarithm
  /// The noise between kernels (a standard deviation of the log, drawn per kernel, test and
  /// configuration): what a reboot or a rebuild moves, that no run at one kernel shows.
  double between = 0;
  trend_shape shape = trend_shape::step;
  std::size_t at = 5;   ///< the kernel of the change (6.5 with the defaults)
  double change = 0.9;  ///< bfq's true ratio there: a 10 % drop
};

/// The composite.xml texts of the trend of `seed`, one per kernel.
std::vector<std::string> generate_trend(const trend_setting& s, std::uint64_t seed);

/// How a series' changes read against the truth.
struct series_tally {
  std::size_t series = 0;
  std::size_t right = 0;      ///< exactly the truth: one step at `at`, down; one excursion at `at`;
                              ///< nothing on a flat series
  std::size_t any = 0;        ///< series with at least one change
  std::size_t two_steps = 0;  ///< an excursion's truth reported as two steps (at, at + 1)
  double share_right() const { return series ? double(right) / double(series) : 0.0; }
  double share_any() const { return series ? double(any) / double(series) : 0.0; }
};

/// The tallies of `trends` generated trends (seeds first_seed, first_seed + 1, ...), read as
/// composite.xml and followed by kernel with `options`: bfq's per-test series, and its geometric
/// mean.
struct trend_tally {
  series_tally tests, geomean;
};
trend_tally measure_steps(const trend_setting& s, std::size_t trends, std::uint64_t first_seed,
                          const iosr::trend_options& options = {});

}  // namespace iosr_simulation
