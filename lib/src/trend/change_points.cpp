// SPDX-License-Identifier: MIT
// Circular binary segmentation: the inner segment of a segment that differs most from the rest
// by Student's t, kept when it is significant and large enough, then each piece searched
// again. Prefix sums over the points make each candidate O(1), a segment O(points^2).
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

// A segment [inner_begin, inner_end) of the points that differs from the rest of its segment;
// a single step when it touches either end.
struct split {
  std::size_t inner_begin = 0, inner_end = 0;
  double p_value = 1;
};

// The best inner segment of [begin, end) by Student's t (pooled variance), kept when its
// corrected p-value is below alpha and its mean moves the ratio by at least min_step:
// circular binary segmentation, which also finds a step that is undone later (a regression
// and its fix), where plain binary segmentation sees no single split.
std::optional<split> best_split(std::span<const point_sums> points, std::size_t begin,
                                std::size_t end, double alpha, double min_step) {
  const std::size_t count = end - begin;
  if (count < 2) return std::nullopt;
  // Prefix sums, centred on the segment's mean so that sums of squares do not cancel.
  point_sums all;
  for (std::size_t i = begin; i < end; ++i) {
    all.n += points[i].n;
    all.sum += points[i].sum;
  }
  if (all.n < 3) return std::nullopt;  // no degree of freedom left for the variance
  const double shift = all.sum / all.n;
  std::vector<point_sums> prefix(count + 1);
  for (std::size_t i = 0; i < count; ++i) {
    const auto& p = points[begin + i];
    prefix[i + 1].n = prefix[i].n + p.n;
    prefix[i + 1].sum = prefix[i].sum + (p.sum - p.n * shift);
    prefix[i + 1].sum_squares =
        prefix[i].sum_squares + (p.sum_squares - 2 * shift * p.sum + p.n * shift * shift);
  }
  const auto& total = prefix[count];
  const double df = total.n - 2;
  // |exp(d) - 1| >= min_step, as bounds on d: no exp in the loop.
  const double up = std::log1p(min_step);
  const double down = min_step < 1 ? std::log1p(-min_step) : -HUGE_VAL;
  double best_t2 = -1;
  split best;
  for (std::size_t i = 0; i < count; ++i) {
    for (std::size_t j = i + 1; j <= count; ++j) {
      if (i == 0 && j == count) continue;
      const double n_in = prefix[j].n - prefix[i].n;
      const double n_out = total.n - n_in;
      if (n_in <= 0 || n_out <= 0) continue;
      const double sum_in = prefix[j].sum - prefix[i].sum;
      const double sum_out = -sum_in;  // centred: the two sums cancel
      const double diff = sum_in / n_in - sum_out / n_out;
      if (diff < up && diff > down) continue;  // too small to report
      const double sq_in = prefix[j].sum_squares - prefix[i].sum_squares;
      const double sq_out = total.sum_squares - sq_in;
      const double pooled = (std::max(0.0, sq_in - sum_in * sum_in / n_in) +
                             std::max(0.0, sq_out - sum_out * sum_out / n_out)) /
                            df;
      const double se2 =
          std::max(min_standard_error * min_standard_error, pooled * (1 / n_in + 1 / n_out));
      const double t2 = diff * diff / se2;
      if (t2 > best_t2) {
        best_t2 = t2;
        best = {begin + i, begin + j, 1};
      }
    }
  }
  if (best_t2 < 0) return std::nullopt;
  const double candidates = static_cast<double>(count * (count + 1) / 2 - 1);
  best.p_value = std::min(1.0, student_t_two_sided_p(std::sqrt(best_t2), df) * candidates);
  if (!(best.p_value < alpha)) return std::nullopt;
  return best;
}

struct step {
  std::size_t index = 0;
  double p_value = 1;
};

void segment(std::span<const point_sums> points, std::size_t begin, std::size_t end, double alpha,
             double min_step, std::vector<step>& found) {
  auto s = best_split(points, begin, end, alpha, min_step);
  if (!s) return;
  // Each end of the inner segment that is not the segment's own end is a step.
  std::vector<std::size_t> cuts{begin};
  if (s->inner_begin > begin) cuts.push_back(s->inner_begin);
  if (s->inner_end < end) cuts.push_back(s->inner_end);
  cuts.push_back(end);
  for (std::size_t k = 1; k + 1 < cuts.size(); ++k) found.push_back({cuts[k], s->p_value});
  for (std::size_t k = 0; k + 1 < cuts.size(); ++k) {
    segment(points, cuts[k], cuts[k + 1], alpha, min_step, found);
  }
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
  std::vector<step> splits;
  segment(points, 0, points.size(), alpha, min_step, splits);
  std::sort(splits.begin(), splits.end(),
            [](const step& a, const step& b) { return a.index < b.index; });
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
