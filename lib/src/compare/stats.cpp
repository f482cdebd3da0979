// SPDX-License-Identifier: MIT
// The comparison's statistics (see stats.hpp): Student's t from Boost.Math, the rest written
// out from their textbook definitions.
#include "compare/stats.hpp"

#include <algorithm>

// Boost 1.74 builds unchecked_factorial<long double>'s 171-entry table as a constexpr local, which
// GCC fills on the stack at every call; the noncentral t's series (beta_small_b_large_a_series,
// via the smallest detectable delta) calls it thousands of times, so a small `compare` spent 1.69 M
// of its 5.6 M instructions copying factorials. Without "constexpr tables" the table is a static
// constant, built by the compiler once. Only this file includes Boost.Math (a second file that did,
// with the other setting, would break the one-definition rule), so the switch lives here.
#include <boost/math/tools/config.hpp>
#undef BOOST_MATH_HAVE_CONSTEXPR_TABLES
#undef BOOST_MATH_CONSTEXPR_TABLE_FUNCTION
#define BOOST_MATH_CONSTEXPR_TABLE_FUNCTION
#include <boost/math/distributions/non_central_t.hpp>
#include <boost/math/distributions/students_t.hpp>
#include <boost/math/tools/roots.hpp>
#include <cmath>
#include <numeric>

namespace iosr::detail {

namespace {

// Doubles stay doubles: Boost.Math would otherwise compute in long double, whose width
// differs between platforms (80-bit on x86, 128-bit in software on some others), and the
// same input should give the same digits on every machine that has IEEE doubles. Errors give
// NaN instead of an exception: a hostile input must not end the comparison, and the callers
// check what they get.
namespace policies = boost::math::policies;
using double_policy = policies::policy<
    policies::promote_double<false>, policies::domain_error<policies::ignore_error>,
    policies::pole_error<policies::ignore_error>, policies::overflow_error<policies::ignore_error>,
    policies::evaluation_error<policies::ignore_error>,
    policies::rounding_error<policies::ignore_error>>;
using student_t = boost::math::students_t_distribution<double, double_policy>;
using noncentral_t = boost::math::non_central_t_distribution<double, double_policy>;

}  // namespace

double student_t_two_sided_p(double t, double df) {
  const student_t dist(df);
  return 2.0 * boost::math::cdf(boost::math::complement(dist, std::fabs(t)));
}

double student_t_quantile(double p, double df) {
  const student_t dist(df);
  return boost::math::quantile(dist, p);
}

measured_mean mean_of_runs(std::span<const double> runs) {
  measured_mean m;
  m.n = runs.size();
  if (runs.empty()) return m;
  const auto n = static_cast<double>(runs.size());
  m.mean = std::accumulate(runs.begin(), runs.end(), 0.0) / n;
  if (runs.size() < 2) return m;
  double squares = 0;
  for (double r : runs) squares += (r - m.mean) * (r - m.mean);
  m.standard_error = std::sqrt(squares / (n - 1.0)) / std::sqrt(n);
  return m;
}

double welch_degrees_of_freedom(double sa, std::size_t na, double sb, std::size_t nb) {
  // Divided by the larger error, the formula keeps its value and its terms stay near 1.
  const double larger = std::max(sa, sb);
  const double a = (sa / larger) * (sa / larger);
  const double b = (sb / larger) * (sb / larger);
  return (a + b) * (a + b) /
         (a * a / static_cast<double>(na - 1) + b * b / static_cast<double>(nb - 1));
}

double satterthwaite_degrees_of_freedom(std::span<const variance_term> terms) {
  double largest = 0;
  for (const auto& t : terms) largest = std::max(largest, t.variance);
  if (!(largest > 0) || !std::isfinite(largest)) return std::nan("");
  // Divided by the largest term, the formula keeps its value and its terms stay near 1.
  double sum = 0, weighted = 0;
  for (const auto& t : terms) {
    const double v = t.variance / largest;
    sum += v;
    weighted += v * v / static_cast<double>(t.n - 1);
  }
  return sum * sum / weighted;
}

std::optional<double> welch_p_value(const measured_mean& a, const measured_mean& b) {
  if (a.n < 2 || b.n < 2 || !(a.standard_error >= 0) || !(b.standard_error >= 0)) {
    return std::nullopt;
  }
  // No spread on either side: the means are the measurements themselves.
  if (a.standard_error == 0.0 && b.standard_error == 0.0) return a.mean == b.mean ? 1.0 : 0.0;
  const double t = (a.mean - b.mean) / std::hypot(a.standard_error, b.standard_error);
  const double df = welch_degrees_of_freedom(a.standard_error, a.n, b.standard_error, b.n);
  if (!std::isfinite(t) || !(df > 0)) return std::nullopt;
  const double p = student_t_two_sided_p(t, df);
  if (!(p >= 0 && p <= 1)) return std::nullopt;
  return p;
}

std::optional<interval> delta_interval(const measured_mean& v, const measured_mean& b,
                                       double level) {
  if (!(b.mean > 0) || v.n < 2 || b.n < 2 || !(v.standard_error >= 0) || !(b.standard_error >= 0) ||
      !(level > 0 && level < 1)) {
    return std::nullopt;
  }
  const double difference = v.mean - b.mean;
  double half = 0;  // no spread on either side: the difference is known (welch_p_value: 0 or 1)
  if (v.standard_error > 0 || b.standard_error > 0) {
    const double df = welch_degrees_of_freedom(v.standard_error, v.n, b.standard_error, b.n);
    if (!(df > 0)) return std::nullopt;
    half =
        student_t_quantile(0.5 + level / 2.0, df) * std::hypot(v.standard_error, b.standard_error);
  }
  const interval in{(difference - half) / b.mean * 100.0, (difference + half) / b.mean * 100.0};
  if (!std::isfinite(in.low) || !std::isfinite(in.high)) return std::nullopt;
  return in;
}

std::optional<interval> geomean_interval(double geomean, std::size_t k,
                                         std::span<const variance_term> terms, double level) {
  if (terms.empty() || k == 0 || !(geomean > 0) || !(level > 0 && level < 1)) return std::nullopt;
  double variance = 0;
  for (const auto& t : terms) {
    if (t.n < 2 || !(t.variance >= 0)) return std::nullopt;
    variance += t.variance;
  }
  double half = 0;  // no spread in any run: the means are known exactly
  if (variance > 0) {
    const double df = satterthwaite_degrees_of_freedom(terms);
    if (!(df > 0)) return std::nullopt;
    half = student_t_quantile(0.5 + level / 2.0, df) * std::sqrt(variance) / static_cast<double>(k);
  }
  const interval in{geomean * std::exp(-half), geomean * std::exp(half)};
  if (!std::isfinite(in.low) || !std::isfinite(in.high) || !(in.low > 0)) return std::nullopt;
  return in;
}

double detectable_noncentrality(double alpha, double power, double df) {
  if (!(alpha > 0 && alpha < 1) || !(power > alpha && power < 1) || !(df > 0)) {
    return std::nan("");
  }
  const double critical = student_t_quantile(1.0 - alpha / 2.0, df);
  if (!std::isfinite(critical)) return std::nan("");
  // The rejection probability rises with lambda from alpha at 0; both tails count.
  auto shortfall = [&](double lambda) {
    const noncentral_t d(df, lambda);
    return boost::math::cdf(boost::math::complement(d, critical)) +
           boost::math::cdf(d, -critical) - power;
  };
  // Near the root: the critical value plus the power's quantile of the central t, the
  // normal approximation's guess (within a few tenths for every df). Widened until it holds it.
  double low = critical;
  double high = critical + std::max(student_t_quantile(power, df), 0.1) + 0.5;
  double at_low = shortfall(low);
  for (int i = 0; i < 60 && at_low > 0; ++i) at_low = shortfall(low /= 2);
  double at_high = shortfall(high);
  for (int i = 0; i < 60 && at_high < 0; ++i) at_high = shortfall(high = low + 2 * (high - low));
  if (!(at_low <= 0 && at_high >= 0)) return std::nan("");
  std::uintmax_t iterations = 100;
  const auto root = boost::math::tools::toms748_solve(
      shortfall, low, high, at_low, at_high, boost::math::tools::eps_tolerance<double>(45),
      iterations, double_policy());
  const double lambda = (root.first + root.second) / 2.0;
  return std::isfinite(lambda) ? lambda : std::nan("");
}

double quantile_of_sorted(std::span<const double> sorted, double p) {
  const double h = static_cast<double>(sorted.size() - 1) * p;
  const auto below = static_cast<std::size_t>(std::floor(h));
  if (below + 1 >= sorted.size()) return sorted.back();
  return sorted[below] + (h - static_cast<double>(below)) * (sorted[below + 1] - sorted[below]);
}

std::size_t tukey_outliers(std::span<const double> runs) {
  if (runs.size() < 4) return 0;
  std::vector<double> sorted(runs.begin(), runs.end());
  std::sort(sorted.begin(), sorted.end());
  const double q1 = quantile_of_sorted(sorted, 0.25);
  const double q3 = quantile_of_sorted(sorted, 0.75);
  const double low = q1 - 1.5 * (q3 - q1);
  const double high = q3 + 1.5 * (q3 - q1);
  return static_cast<std::size_t>(
      std::count_if(sorted.begin(), sorted.end(), [&](double r) { return r < low || r > high; }));
}

std::vector<double> benjamini_hochberg(std::span<const double> p_values) {
  const std::size_t m = p_values.size();
  std::vector<std::size_t> order(m);
  std::iota(order.begin(), order.end(), std::size_t{0});
  // Ties keep their input order, so the result does not depend on the sort's stability.
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return p_values[a] < p_values[b]; });
  std::vector<double> adjusted(m);
  double running = 1.0;  // the minimum over the larger p-values, from the largest down
  for (std::size_t k = m; k > 0; --k) {
    const std::size_t i = order[k - 1];
    running = std::min(running, p_values[i] * static_cast<double>(m) / static_cast<double>(k));
    adjusted[i] = running;
  }
  return adjusted;
}

}  // namespace iosr::detail
