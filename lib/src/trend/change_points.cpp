// SPDX-License-Identifier: MIT
// Circular binary segmentation over the points of a series: the inner segment of a segment that
// differs most from the rest, kept when it is significant and large enough, then each piece
// searched again. Each point is its runs' mean, weighted by how well its runs know it; the
// scatter of the points beyond what their runs explain is the noise between points, added to
// the difference's variance (DerSimonian and Laird's moment estimate, Satterthwaite's degrees
// of freedom). Prefix sums make each candidate O(1), a segment O(points^2).
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

// Identical runs (values rounded as written) would give a zero variance and an infinite t: the
// standard error of a difference, and of a point, never goes below this, 0.0001 % in log terms.
constexpr double min_standard_error = 1e-6;

// The share of the points' expected scatter that the runs are taken to explain when the noise
// between points is estimated: DerSimonian and Laird's moment estimate takes all of it (1), and
// from the 8 degrees of freedom of 10 points it is 0 in a third of the series whose points do
// vary between kernels, where a step found against the runs alone is false. At 0.6, flat series
// with 0-2 % noise between kernels show a step in at most 4.1 % of test series and 1.9 % of
// geometric means, and a 10 % step under 5 % run noise (3 runs) is found where it is in 90.2 %
// of geometric means (bench/trend_steps_bench 2000; docs/db.md, "Change points").
constexpr double runs_share = 0.6;

// Sums over points with weights w = 1 / variance: w, w d, w d^2, w^2 (d centred on the segment).
struct weighted_sums {
  double w = 0, wd = 0, wdd = 0, ww = 0;
};

weighted_sums operator-(const weighted_sums& a, const weighted_sums& b) {
  return {a.w - b.w, a.wd - b.wd, a.wdd - b.wdd, a.ww - b.ww};
}

double weight_of(const point_observation& p) {
  return 1.0 / std::max(p.variance, min_standard_error * min_standard_error);
}

// A segment [inner_begin, inner_end) of the points that differs from the rest of its segment;
// a single step when it touches either end.
struct split {
  std::size_t inner_begin = 0, inner_end = 0;
  double p_value = 1;
};

// The difference of an inner segment's weighted mean from the rest's, and its variance with its
// degrees of freedom.
struct difference {
  double d = 0, variance = 0, df = 0;
};

// The two pieces' means differ by d. Without the runs' noise (within_df == 0) the points'
// variances are relative, and the scatter about the two means gives their scale (df = points -
// 2): Student's pooled t over the points. With it, that scatter beyond what the runs explain is
// the noise between points, tau^2 (0 when the runs explain it all), added to each point; the
// degrees of freedom are Satterthwaite's, from the runs' and the points' shares.
difference measure(const weighted_sums& in, const weighted_sums& out, double points,
                   const change_noise& noise) {
  difference r;
  const double mean_in = in.wd / in.w, mean_out = out.wd / out.w;
  r.d = mean_in - mean_out;
  const double scatter =
      std::max(0.0, in.wdd - in.wd * mean_in) + std::max(0.0, out.wdd - out.wd * mean_out);
  const double between_df = points - 2;
  const double runs_only = 1 / in.w + 1 / out.w;
  if (noise.within_df <= 0) {
    r.variance = runs_only * scatter / between_df;
    r.df = between_df;
  } else {
    double tau2 = 0;
    const double c = (in.w - in.ww / in.w) + (out.w - out.ww / out.w);
    if (between_df > 0 && c > 0) {
      tau2 = std::max(0.0, (scatter - runs_share * between_df) / c);
    }
    const double between = tau2 * (in.ww / (in.w * in.w) + out.ww / (out.w * out.w));
    r.variance = runs_only + between;
    r.df = between > 0
               ? r.variance * r.variance /
                     (runs_only * runs_only / noise.within_df + between * between / between_df)
               : noise.within_df;
  }
  r.variance = std::max(r.variance, min_standard_error * min_standard_error);
  return r;
}

// The best inner segment of [begin, end) by |t|, kept when its corrected p-value is below alpha
// and its mean moves the ratio by at least min_step: circular binary segmentation, which also
// finds a step that is undone later (a regression and its fix), where plain binary segmentation
// sees no single split.
std::optional<split> best_split(std::span<const point_observation> points, std::size_t begin,
                                std::size_t end, const change_noise& noise, double alpha,
                                double min_step) {
  const std::size_t count = end - begin;
  // Without the runs' noise, the scatter of the points is all there is: one degree of freedom
  // needs three points.
  if (count < 2 || (noise.within_df <= 0 && count < 3)) return std::nullopt;
  // Prefix sums, centred on the segment's weighted mean so that sums of squares do not cancel.
  double w = 0, wd = 0;
  for (std::size_t i = begin; i < end; ++i) {
    w += weight_of(points[i]);
    wd += weight_of(points[i]) * points[i].mean;
  }
  const double shift = wd / w;
  std::vector<weighted_sums> prefix(count + 1);
  for (std::size_t i = 0; i < count; ++i) {
    const double wi = weight_of(points[begin + i]);
    const double d = points[begin + i].mean - shift;
    prefix[i + 1] = {prefix[i].w + wi, prefix[i].wd + wi * d, prefix[i].wdd + wi * d * d,
                     prefix[i].ww + wi * wi};
  }
  const auto& total = prefix[count];
  // |exp(d) - 1| >= min_step, as bounds on d: no exp in the loop.
  const double up = std::log1p(min_step);
  const double down = min_step < 1 ? std::log1p(-min_step) : -HUGE_VAL;
  double best_t2 = -1, best_df = 0;
  split best;
  for (std::size_t i = 0; i < count; ++i) {
    for (std::size_t j = i + 1; j <= count; ++j) {
      if (i == 0 && j == count) continue;
      // Too small to report, told from the two means alone (the same operations as measure()'s,
      // so the same d) before anything else: most candidates of a flat series stop here, and
      // this search over a million entries' series was most of the trend's arithmetic.
      const double in_w = prefix[j].w - prefix[i].w, in_wd = prefix[j].wd - prefix[i].wd;
      const double d = in_wd / in_w - (total.wd - in_wd) / (total.w - in_w);
      if (d < up && d > down) continue;
      const auto in = prefix[j] - prefix[i];
      const auto out = total - in;
      const auto r = measure(in, out, static_cast<double>(count), noise);
      const double t2 = r.d * r.d / r.variance;
      if (t2 > best_t2) {
        best_t2 = t2;
        best_df = r.df;
        best = {begin + i, begin + j, 1};
      }
    }
  }
  if (best_t2 < 0) return std::nullopt;
  const double candidates = static_cast<double>(count * (count + 1) / 2 - 1);
  best.p_value = std::min(1.0, student_t_two_sided_p(std::sqrt(best_t2), best_df) * candidates);
  if (!(best.p_value < alpha)) return std::nullopt;
  return best;
}

// Whether [begin, mid) and [mid, end), as one segment, differ at `mid` by a significant step of
// at least min_step, on its own (no correction: it confirms a split already found).
bool edge_holds(std::span<const point_observation> points, std::size_t begin, std::size_t mid,
                std::size_t end, const change_noise& noise, double alpha, double min_step) {
  if (noise.within_df <= 0 && end - begin < 3) return false;
  const double shift = points[begin].mean;  // centred, so that sums of squares do not cancel
  weighted_sums in, out;
  for (std::size_t i = begin; i < end; ++i) {
    const double w = weight_of(points[i]);
    const double d = points[i].mean - shift;
    auto& side = i < mid ? in : out;
    side = {side.w + w, side.wd + w * d, side.wdd + w * d * d, side.ww + w * w};
  }
  const auto r = measure(in, out, static_cast<double>(end - begin), noise);
  if (std::fabs(std::expm1(r.d)) < min_step) return false;
  return student_t_two_sided_p(r.d / std::sqrt(r.variance), r.df) < alpha;
}

struct step {
  std::size_t index = 0;
  double p_value = 1;
};

void segment(std::span<const point_observation> points, std::size_t begin, std::size_t end,
             const change_noise& noise, double alpha, double min_step, std::vector<step>& found) {
  auto s = best_split(points, begin, end, noise, alpha, min_step);
  if (!s) return;
  // An inner segment of several points gives two steps for one test: each must hold on its own
  // against its neighbouring piece, or noise at one end of a real step adds a second step
  // beside it. (One point alone against both sides is what an excursion is: kept whole.)
  if (s->inner_begin > begin && s->inner_end < end && s->inner_end - s->inner_begin >= 2) {
    const bool left =
        edge_holds(points, begin, s->inner_begin, s->inner_end, noise, alpha, min_step);
    const bool right =
        edge_holds(points, s->inner_begin, s->inner_end, end, noise, alpha, min_step);
    if (!left && !right) return;
    if (!left) s->inner_begin = begin;
    if (!right) s->inner_end = end;
  }
  // Each end of the inner segment that is not the segment's own end is a step.
  std::vector<std::size_t> cuts{begin};
  if (s->inner_begin > begin) cuts.push_back(s->inner_begin);
  if (s->inner_end < end) cuts.push_back(s->inner_end);
  cuts.push_back(end);
  for (std::size_t k = 1; k + 1 < cuts.size(); ++k) found.push_back({cuts[k], s->p_value});
  for (std::size_t k = 0; k + 1 < cuts.size(); ++k) {
    segment(points, cuts[k], cuts[k + 1], noise, alpha, min_step, found);
  }
}

// The weighted mean of the points [begin, end): the level of a segment.
double mean_of(std::span<const point_observation> points, std::size_t begin, std::size_t end) {
  double w = 0, wd = 0;
  for (std::size_t i = begin; i < end; ++i) {
    w += weight_of(points[i]);
    wd += weight_of(points[i]) * points[i].mean;
  }
  return w > 0 ? wd / w : 0;
}

}  // namespace

std::vector<found_change> find_change_points(std::span<const point_observation> points,
                                             change_noise noise, double alpha, double min_step) {
  std::vector<step> splits;
  segment(points, 0, points.size(), noise, alpha, min_step, splits);
  std::sort(splits.begin(), splits.end(),
            [](const step& a, const step& b) { return a.index < b.index; });
  // Each step is reported between the final segments on either side of it.
  std::vector<found_change> steps;
  for (std::size_t i = 0; i < splits.size(); ++i) {
    const std::size_t begin = i == 0 ? 0 : splits[i - 1].index;
    const std::size_t end = i + 1 < splits.size() ? splits[i + 1].index : points.size();
    const std::size_t at = splits[i].index;
    steps.push_back(
        {at, mean_of(points, begin, at), mean_of(points, at, end), splits[i].p_value, false, 0});
  }
  // A point that steps away and is back at the next, the other way: one excursion, not two
  // steps (a kernel that regressed and the next that fixed it).
  std::vector<found_change> changes;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const auto& a = steps[i];
    if (i + 1 < steps.size() && steps[i + 1].index == a.index + 1) {
      const auto& b = steps[i + 1];
      if ((a.after > a.before) != (b.after > b.before)) {
        changes.push_back(
            {a.index, a.before, a.after, std::max(a.p_value, b.p_value), true, b.after});
        ++i;
        continue;
      }
    }
    changes.push_back(a);
  }
  return changes;
}

}  // namespace iosr::detail
