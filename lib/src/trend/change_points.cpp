// SPDX-License-Identifier: MIT
// Binary segmentation: the best split of a segment by Student's t, kept when it is significant
// and large enough, then each side split again. Per-point sums make each split O(points).
#include "trend/change_points.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "compare/stats.hpp"

namespace iosr::detail {

namespace {

// Identical runs (values rounded as written) would give a zero variance and an infinite t:
// the standard error of a difference never goes below this, 0.0001 % in log terms.
constexpr double min_standard_error = 1e-6;

struct split {
  std::size_t index = 0;
  double p_value = 1;
};

std::optional<split> best_split(std::span<const point_sums> points, std::size_t begin,
                                std::size_t end, double alpha, double min_step) {
  if (end - begin < 2) return std::nullopt;
  point_sums all;
  for (std::size_t i = begin; i < end; ++i) {
    all.n += points[i].n;
    all.sum += points[i].sum;
    all.sum_squares += points[i].sum_squares;
  }
  if (all.n < 3) return std::nullopt;  // no degree of freedom left for the variance
  const double df = all.n - 2;
  // Centred on the segment's mean, so that sums of squares do not cancel.
  const double shift = all.sum / all.n;
  auto squares_about_mean = [](double n, double sum, double sum_squares) {
    return std::max(0.0, sum_squares - sum * sum / n);
  };
  double best_t = -1;
  std::size_t best_index = 0;
  point_sums left;
  for (std::size_t k = begin + 1; k < end; ++k) {
    const auto& p = points[k - 1];
    left.n += p.n;
    left.sum += p.sum - p.n * shift;
    left.sum_squares += p.sum_squares - 2 * shift * p.sum + p.n * shift * shift;
    const double right_n = all.n - left.n;
    if (left.n <= 0 || right_n <= 0) continue;
    const double right_sum = -left.sum;  // centred: the two sums cancel
    const double right_squares =
        (all.sum_squares - 2 * shift * all.sum + all.n * shift * shift) - left.sum_squares;
    const double diff = right_sum / right_n - left.sum / left.n;
    if (std::fabs(std::expm1(diff)) < min_step) continue;  // too small to report
    const double pooled = (squares_about_mean(left.n, left.sum, left.sum_squares) +
                           squares_about_mean(right_n, right_sum, right_squares)) /
                          df;
    const double se = std::max(min_standard_error, std::sqrt(pooled * (1 / left.n + 1 / right_n)));
    const double t = std::fabs(diff) / se;
    if (t > best_t) {
      best_t = t;
      best_index = k;
    }
  }
  if (best_t < 0) return std::nullopt;
  const double candidates = static_cast<double>(end - begin - 1);
  const double p = std::min(1.0, student_t_two_sided_p(best_t, df) * candidates);
  if (!(p < alpha)) return std::nullopt;
  return split{best_index, p};
}

void segment(std::span<const point_sums> points, std::size_t begin, std::size_t end, double alpha,
             double min_step, std::vector<split>& found) {
  auto s = best_split(points, begin, end, alpha, min_step);
  if (!s) return;
  found.push_back(*s);
  segment(points, begin, s->index, alpha, min_step, found);
  segment(points, s->index, end, alpha, min_step, found);
}

double mean_of(std::span<const point_sums> points, std::size_t begin, std::size_t end) {
  double n = 0, sum = 0;
  for (std::size_t i = begin; i < end; ++i) {
    n += points[i].n;
    sum += points[i].sum;
  }
  return n > 0 ? sum / n : 0;
}

}  // namespace

std::vector<found_change> find_change_points(std::span<const point_sums> points, double alpha,
                                             double min_step) {
  std::vector<split> splits;
  segment(points, 0, points.size(), alpha, min_step, splits);
  std::sort(splits.begin(), splits.end(),
            [](const split& a, const split& b) { return a.index < b.index; });
  // Each step is reported between the final segments on either side of it.
  std::vector<found_change> changes;
  for (std::size_t i = 0; i < splits.size(); ++i) {
    const std::size_t begin = i == 0 ? 0 : splits[i - 1].index;
    const std::size_t end = i + 1 < splits.size() ? splits[i + 1].index : points.size();
    const std::size_t at = splits[i].index;
    changes.push_back(
        {at, mean_of(points, begin, at), mean_of(points, at, end), splits[i].p_value});
  }
  return changes;
}

}  // namespace iosr::detail
