// SPDX-License-Identifier: MIT
// Change points along one series: circular binary segmentation with Student's two-sample
// t-test on the log ratios, Bonferroni-corrected over the candidate segments (docs/db.md,
// "Change points").
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace iosr::detail {

/// The observations (log ratios) at one point of a series: their count, sum and sum of squares.
struct point_sums {
  double n = 0, sum = 0, sum_squares = 0;
};

/// A step found between points `index - 1` and `index`.
struct found_change {
  std::size_t index = 0;  ///< the first point after the step
  double before = 0;      ///< mean log ratio of the segment before it
  double after = 0;       ///< and of the segment after it
  double p_value = 1;     ///< Bonferroni-corrected over the splits of the segment it split
};

/// The steps of the series whose points are `points`, in point order. A split is accepted when
/// its corrected p-value is below `alpha` and the step, exp(after - before), moves the ratio by
/// at least `min_step` (0.05 = 5 %). O(points^2) per segment searched: no permutations.
std::vector<found_change> find_change_points(std::span<const point_sums> points, double alpha,
                                             double min_step);

}  // namespace iosr::detail
