// SPDX-License-Identifier: MIT
// Change points along one series: circular binary segmentation of the points' mean log ratios,
// each weighted by the noise of its runs, the noise between points estimated beside it, and a
// Bonferroni correction over the candidate segments (docs/db.md, "Change points").
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace iosr::detail {

/// One point of a series: the mean of its log ratios, and the variance of that mean.
struct point_observation {
  double mean = 0;
  /// Of `mean`: from the spread of the runs (change_noise::within_df > 0), or relative, up to a
  /// factor the series does not know (within_df == 0: 1 for a point of one value on each side).
  double variance = 1;
};

/// What the runs say of a series' noise.
struct change_noise {
  /// Degrees of freedom of the runs' spread behind point_observation::variance (the runs at a
  /// point less one, summed over points and both sides); 0 when no point has two runs: the
  /// noise is then only what the points' scatter shows.
  double within_df = 0;
};

/// A change found: a step between points `index - 1` and `index`, or an excursion at `index`
/// alone.
struct found_change {
  std::size_t index = 0;  ///< the first point after the step (of an excursion: its one point)
  double before = 0;      ///< mean log ratio of the segment before it
  double after = 0;       ///< and of the segment after it (of an excursion: of its one point)
  double p_value = 1;     ///< Bonferroni-corrected over the splits of the segment it split
  /// An excursion: `index` alone left the level, and the series is back from `index + 1` on, at
  /// `back_to` (a step there and one back, in opposite directions, reported as one change).
  bool excursion = false;
  double back_to = 0;  ///< mean log ratio of the segment after an excursion
};

/// The changes of the series whose points are `points`, in point order. A split is accepted
/// when its corrected p-value is below `alpha` and it moves the ratio by at least `min_step`
/// (0.05 = 5 %). O(points^2) per segment searched: no permutations.
std::vector<found_change> find_change_points(std::span<const point_observation> points,
                                             change_noise noise, double alpha, double min_step);

/// The step search's scan of one row of candidates, each of its ways: the processor that runs
/// the search takes one (AVX where it has it), so the test that all give the same differences
/// and the same answer runs them here. For j in [first, last]: ds[j] = the inner segment's mean
/// less the rest's, from the prefix sums pw and pwd (less wi and wdi, of a total tw and twd);
/// true when any of them is not within (down, up). pw, pwd and ds reach 3 elements past `last`.
enum class row_scan { plain, sse2, avx };
/// Whether this build and this processor have `way`.
bool has_row_scan(row_scan way);
bool scan_row_by(row_scan way, const double* pw, const double* pwd, double* ds, std::size_t first,
                 std::size_t last, double wi, double wdi, double tw, double twd, double up,
                 double down);

}  // namespace iosr::detail
