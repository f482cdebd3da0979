// SPDX-License-Identifier: MIT
// Student's t distribution and Welch's t-test, without a statistics library.
#include "compare/stats.hpp"

#include <cmath>

namespace iosr::detail {

namespace {

// The continued fraction of I_x(a, b) (its even and odd terms), evaluated with the modified
// Lentz method. It converges quickly for x < (a + 1) / (a + b + 2); the caller ensures that.
double beta_continued_fraction(double x, double a, double b) {
  constexpr double tiny = 1e-300;
  constexpr double epsilon = 1e-15;
  auto guard = [](double v) { return std::fabs(v) < tiny ? tiny : v; };
  double c = 1.0;
  double d = 1.0 / guard(1.0 - (a + b) * x / (a + 1.0));
  double h = d;
  for (int m = 1; m <= 500; ++m) {
    const double two_m = 2.0 * m;
    const double even = m * (b - m) * x / ((a + two_m - 1.0) * (a + two_m));
    d = 1.0 / guard(1.0 + even * d);
    c = guard(1.0 + even / c);
    h *= d * c;
    const double odd = -(a + m) * (a + b + m) * x / ((a + two_m) * (a + two_m + 1.0));
    d = 1.0 / guard(1.0 + odd * d);
    c = guard(1.0 + odd / c);
    const double step = d * c;
    h *= step;
    if (std::fabs(step - 1.0) < epsilon) break;
  }
  return h;
}

}  // namespace

double regularized_incomplete_beta(double x, double a, double b) {
  if (x <= 0.0) return 0.0;
  if (x >= 1.0) return 1.0;
  // x^a (1-x)^b / B(a, b), in logarithms so that large a and b do not overflow.
  const double front = std::exp(std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) +
                                a * std::log(x) + b * std::log1p(-x));
  if (x < (a + 1.0) / (a + b + 2.0)) return front * beta_continued_fraction(x, a, b) / a;
  return 1.0 - front * beta_continued_fraction(1.0 - x, b, a) / b;
}

double student_t_two_sided_p(double t, double df) {
  return regularized_incomplete_beta(df / (df + t * t), df / 2.0, 0.5);
}

std::optional<double> welch_p_value(const measured_mean& a, const measured_mean& b) {
  if (a.n < 2 || b.n < 2 || a.standard_error < 0 || b.standard_error < 0) return std::nullopt;
  const double va = a.standard_error * a.standard_error;
  const double vb = b.standard_error * b.standard_error;
  // No spread on either side: the means are the measurements themselves.
  if (va + vb == 0.0) return a.mean == b.mean ? 1.0 : 0.0;
  const double t = (a.mean - b.mean) / std::sqrt(va + vb);
  // Welch-Satterthwaite degrees of freedom.
  const double df =
      (va + vb) * (va + vb) /
      (va * va / static_cast<double>(a.n - 1) + vb * vb / static_cast<double>(b.n - 1));
  return student_t_two_sided_p(t, df);
}

}  // namespace iosr::detail
