// SPDX-License-Identifier: MIT
// Result files with a known truth, for the simulations that prove a verdict keeps its stated
// level (docs/compare.md, "How sure"): composite.xml text of a `None` baseline and other
// configurations, each test's runs log-normal around a true mean, so that the true ratio of
// every entry and the true geometric mean ratio of every configuration are known. The random
// numbers are written out (SplitMix64, Box-Muller), so that a seed gives the same files with
// every compiler and standard library.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "iosr/compare.hpp"

namespace iosr_simulation {

/// What one generated file is like.
struct setting {
  std::size_t runs = 3;       ///< runs per entry
  std::size_t tests = 3;      ///< tests (charts) per file
  double noise_low = 0.03;    ///< the runs' noise, the standard deviation of their logarithm:
  double noise_high = 0.03;   ///< each entry's drawn uniformly from [low, high]
  std::size_t configurations = 2;  ///< besides the baseline
  /// The spread of the true log ratios of the entries around 0 (a standard deviation): how far
  /// apart the configurations truly are.
  double effect = 0.1;
};

/// One generated result file and its truth.
struct generated_file {
  std::string xml;  ///< composite.xml text
  /// The labels of the configurations other than the baseline (`None`), in file order.
  std::vector<std::string> labels;
  /// Per configuration (as labels): the true geometric mean of its performance ratios, the
  /// ratios of the true means of its runs to the baseline's (inverted for lower is better).
  std::vector<double> true_geomean;
  /// Per configuration and test: the true performance ratio.
  std::vector<std::vector<double>> true_ratio;
};

/// The file of `seed`: each test has a random direction and a baseline mean between 10 and
/// 10,000; each configuration's true log ratio is normal (0, effect); each entry's runs are
/// mean * exp(noise Z - noise^2 / 2), so that their expected value is the mean, written with 7
/// significant digits, and its value the mean of the runs as written, with 6.
generated_file generate(const setting& s, std::uint64_t seed);

/// How often the intervals of the geometric mean ratios held the truth.
struct coverage {
  std::size_t intervals = 0;  ///< configurations that got an interval
  std::size_t covered = 0;    ///< of those, the intervals that hold the true geometric mean
  std::size_t without = 0;    ///< configurations that got none
  double log_width = 0;       ///< the sum of log(high / low) over the intervals
  double share() const { return intervals ? double(covered) / double(intervals) : 0.0; }
  double mean_log_width() const { return intervals ? log_width / double(intervals) : 0.0; }
};

/// Compares `files` generated files (seeds first_seed, first_seed + 1, ...) read as
/// composite.xml, with `options`, and counts how often each configuration's interval of its
/// geometric mean ratio holds its true one.
coverage measure_coverage(const setting& s, std::size_t files, std::uint64_t first_seed,
                          const iosr::compare_options& options = {});

}  // namespace iosr_simulation
