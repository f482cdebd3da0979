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
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <vector>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__)
#include <immintrin.h>
#endif

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

// What scan_row() may read and write past a row's last candidate.
constexpr std::size_t padding = 3;

// One row of the step search: for each candidate j in [first, last] (i fixed by wi = pw[i], wdi
// = pwd[i]), the difference of the inner segment's mean from the rest's into ds[j], as
// measure() computes it; whether any is big enough to look at (NaN too, as `d < up && d > down`
// keeps it). The same operations in each lane of the vector versions, so the same d.
bool scan_row_plain(const double* pw, const double* pwd, double* ds, std::size_t first,
                    std::size_t last, double wi, double wdi, double tw, double twd, double up,
                    double down) {
  bool any = false;
  for (std::size_t j = first; j <= last; ++j) {
    const double in_w = pw[j] - wi, in_wd = pwd[j] - wdi;
    const double d = in_wd / in_w - (twd - in_wd) / (tw - in_w);
    ds[j] = d;
    any = any || !(d < up && d > down);
  }
  return any;
}

#if defined(__SSE2__)
// Two candidates a step (GCC's own vectorisation of the plain loop stopped at the test of the
// kept ones); `skipped` has a lane cleared once a candidate in it is kept.
bool scan_row_sse2(const double* pw, const double* pwd, double* ds, std::size_t first,
                   std::size_t last, double wi, double wdi, double tw, double twd, double up,
                   double down) {
  const __m128d wi2 = _mm_set1_pd(wi), wdi2 = _mm_set1_pd(wdi), tw2 = _mm_set1_pd(tw),
                twd2 = _mm_set1_pd(twd), up2 = _mm_set1_pd(up), down2 = _mm_set1_pd(down);
  __m128d skipped = _mm_castsi128_pd(_mm_set1_epi32(-1));
  std::size_t j = first;
  for (; j + 1 <= last; j += 2) {
    const __m128d in_w = _mm_sub_pd(_mm_loadu_pd(pw + j), wi2);
    const __m128d in_wd = _mm_sub_pd(_mm_loadu_pd(pwd + j), wdi2);
    const __m128d d = _mm_sub_pd(_mm_div_pd(in_wd, in_w),
                                 _mm_div_pd(_mm_sub_pd(twd2, in_wd), _mm_sub_pd(tw2, in_w)));
    _mm_storeu_pd(ds + j, d);
    skipped = _mm_and_pd(skipped, _mm_and_pd(_mm_cmplt_pd(d, up2), _mm_cmpgt_pd(d, down2)));
  }
  const bool any = _mm_movemask_pd(skipped) != 3;
  return scan_row_plain(pw, pwd, ds, j, last, wi, wdi, tw, twd, up, down) || any;
}
#endif

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define IOSR_SCAN_ROW_AVX 1
// Four candidates a step where the processor has AVX (chosen at run time: the build targets
// plain x86-64). Only these vector operations are compiled for AVX (no FMA: the same roundings).
// The arrays have `padding` elements past `last`.
__attribute__((target("avx"))) bool scan_row_avx(const double* pw, const double* pwd, double* ds,
                                                 std::size_t first, std::size_t last, double wi,
                                                 double wdi, double tw, double twd, double up,
                                                 double down) {
  const __m256d wi4 = _mm256_set1_pd(wi), wdi4 = _mm256_set1_pd(wdi), tw4 = _mm256_set1_pd(tw),
                twd4 = _mm256_set1_pd(twd), up4 = _mm256_set1_pd(up), down4 = _mm256_set1_pd(down);
  __m256d skipped = _mm256_castsi256_pd(_mm256_set1_epi32(-1));
  // The last step's lanes past `last` read and write the arrays' padding; their d, whatever
  // it is, counts as skipped. Per lanes left (1 to 3): the lanes to leave out.
  alignas(32) static constexpr std::int64_t past_last[4][4] = {
      {0, 0, 0, 0}, {0, -1, -1, -1}, {0, 0, -1, -1}, {0, 0, 0, -1}};
  for (std::size_t j = first; j <= last; j += 4) {
    const __m256d in_w = _mm256_sub_pd(_mm256_loadu_pd(pw + j), wi4);
    const __m256d in_wd = _mm256_sub_pd(_mm256_loadu_pd(pwd + j), wdi4);
    const __m256d d =
        _mm256_sub_pd(_mm256_div_pd(in_wd, in_w),
                      _mm256_div_pd(_mm256_sub_pd(twd4, in_wd), _mm256_sub_pd(tw4, in_w)));
    _mm256_storeu_pd(ds + j, d);
    __m256d small =
        _mm256_and_pd(_mm256_cmp_pd(d, up4, _CMP_LT_OQ), _mm256_cmp_pd(d, down4, _CMP_GT_OQ));
    if (last - j < 3) {
      small = _mm256_or_pd(small, _mm256_castsi256_pd(_mm256_load_si256(
                                      reinterpret_cast<const __m256i*>(past_last[last - j + 1]))));
    }
    skipped = _mm256_and_pd(skipped, small);
  }
  return _mm256_movemask_pd(skipped) != 15;
}
#endif

// The scan of `way`, which this build has.
bool scan_row_with(row_scan way, const double* pw, const double* pwd, double* ds,
                   std::size_t first, std::size_t last, double wi, double wdi, double tw,
                   double twd, double up, double down) {
#if defined(IOSR_SCAN_ROW_AVX)
  if (way == row_scan::avx) {
    return scan_row_avx(pw, pwd, ds, first, last, wi, wdi, tw, twd, up, down);
  }
#endif
#if defined(__SSE2__)
  if (way == row_scan::sse2) {
    return scan_row_sse2(pw, pwd, ds, first, last, wi, wdi, tw, twd, up, down);
  }
#endif
  return scan_row_plain(pw, pwd, ds, first, last, wi, wdi, tw, twd, up, down);
}

// The widest scan this build and processor have.
row_scan best_row_scan() {
#if defined(IOSR_SCAN_ROW_AVX)
  if (__builtin_cpu_supports("avx")) return row_scan::avx;
#endif
#if defined(__SSE2__)
  return row_scan::sse2;
#else
  return row_scan::plain;
#endif
}

bool scan_row(const double* pw, const double* pwd, double* ds, std::size_t first, std::size_t last,
              double wi, double wdi, double tw, double twd, double up, double down) {
  static const row_scan best = best_row_scan();
  return scan_row_with(best, pw, pwd, ds, first, last, wi, wdi, tw, twd, up, down);
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
  // Prefix sums, centred on the segment's weighted mean so that sums of squares do not cancel;
  // each sum in its own array, so that the scan below runs over two of them in SIMD lanes.
  double w = 0, wd = 0;
  for (std::size_t i = begin; i < end; ++i) {
    w += weight_of(points[i]);
    wd += weight_of(points[i]) * points[i].mean;
  }
  const double shift = wd / w;
  // Each array padded by 3, which scan_row_avx's last step may read or write.
  const std::size_t n = count + 1 + padding;
  std::vector<double> sums(5 * n);
  double* const pw = sums.data();
  double* const pwd = pw + n;
  double* const pwdd = pwd + n;
  double* const pww = pwdd + n;
  double* const ds = pww + n;  // a row's differences of means, by j
  pw[0] = pwd[0] = pwdd[0] = pww[0] = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const double wi = weight_of(points[begin + i]);
    const double d = points[begin + i].mean - shift;
    pw[i + 1] = pw[i] + wi;
    pwd[i + 1] = pwd[i] + wi * d;
    pwdd[i + 1] = pwdd[i] + wi * d * d;
    pww[i + 1] = pww[i] + wi * wi;
  }
  for (std::size_t k = count + 1; k < count + 1 + padding; ++k) {
    pw[k] = pw[count];
    pwd[k] = pwd[count];
  }
  const weighted_sums total{pw[count], pwd[count], pwdd[count], pww[count]};
  // |exp(d) - 1| >= min_step, as bounds on d: no exp in the loop.
  const double up = std::log1p(min_step);
  const double down = min_step < 1 ? std::log1p(-min_step) : -HUGE_VAL;
  double best_t2 = -1, best_df = 0;
  split best;
  for (std::size_t i = 0; i < count; ++i) {
    // The whole segment is no candidate: the first row stops before it.
    const std::size_t last = i == 0 ? count - 1 : count;
    // Too small to report, told from the two means alone (the same operations as measure()'s,
    // so the same d) before anything else: most candidates of a flat series stop here, and
    // this search over a million entries' series was most of the trend's arithmetic. The
    // row's differences first, then the few kept, if any.
    if (!scan_row(pw, pwd, ds, i + 1, last, pw[i], pwd[i], total.w, total.wd, up, down)) {
      continue;
    }
    for (std::size_t j = i + 1; j <= last; ++j) {
      const double d = ds[j];
      if (d < up && d > down) continue;
      const weighted_sums in{pw[j] - pw[i], pwd[j] - pwd[i], pwdd[j] - pwdd[i], pww[j] - pww[i]};
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

bool has_row_scan(row_scan way) {
  switch (way) {
    case row_scan::plain:
      return true;
    case row_scan::sse2:
#if defined(__SSE2__)
      return true;
#else
      return false;
#endif
    case row_scan::avx:
#if defined(IOSR_SCAN_ROW_AVX)
      return __builtin_cpu_supports("avx");
#else
      return false;
#endif
  }
  return false;
}

bool scan_row_by(row_scan way, const double* pw, const double* pwd, double* ds, std::size_t first,
                 std::size_t last, double wi, double wdi, double tw, double twd, double up,
                 double down) {
  if (!has_row_scan(way)) throw std::logic_error("scan_row_by: a way this processor has not");
  return scan_row_with(way, pw, pwd, ds, first, last, wi, wdi, tw, twd, up, down);
}

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
