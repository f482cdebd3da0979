// SPDX-License-Identifier: MIT
// The statistics the comparison needs, as plain functions: Student's t distribution (from
// Boost.Math), Welch's t-test and its interval of a delta, quartiles and outlying runs, and the
// Benjamini-Hochberg adjustment of p-values.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace iosr::detail {

/// P(|T| >= |t|) for Student's t distribution with `df` degrees of freedom (df > 0); NaN for
/// arguments outside the domain (the statistics never throw).
double student_t_two_sided_p(double t, double df);

/// The t with P(T <= t) = p for Student's t distribution with `df` degrees of freedom
/// (0 < p < 1, df > 0); NaN outside the domain.
double student_t_quantile(double p, double df);

/// A measured mean with its standard error and number of samples.
struct measured_mean {
  double mean = 0;
  double standard_error = 0;
  std::size_t n = 0;
};

/// The mean of the runs and its standard error (sample standard deviation / sqrt(n)); the
/// standard error is 0 for fewer than 2 runs.
measured_mean mean_of_runs(std::span<const double> runs);

/// The Welch-Satterthwaite degrees of freedom of the sum of two squared standard errors `sa`^2
/// and `sb`^2 estimated from `na` and `nb` samples (both >= 2, sa + sb > 0):
/// (sa^2 + sb^2)^2 / (sa^4 / (na - 1) + sb^4 / (nb - 1)), computed on their ratio so that
/// neither tiny nor huge errors underflow or overflow.
double welch_degrees_of_freedom(double sa, std::size_t na, double sb, std::size_t nb);

/// One term of a sum of variances whose degrees of freedom Welch and Satterthwaite's
/// approximation estimates: the squared standard error of a mean (or of its logarithm) and the
/// number of samples it was estimated from (at least 2).
struct variance_term {
  double variance = 0;
  std::size_t n = 0;
};

/// The Welch-Satterthwaite degrees of freedom of a sum of estimated variances v_i, each from
/// n_i samples: (sum v_i)^2 / sum (v_i^2 / (n_i - 1)), computed on their ratios to the largest
/// so that neither tiny nor huge terms underflow or overflow; NaN when every term is 0.
double satterthwaite_degrees_of_freedom(std::span<const variance_term> terms);

/// The two-sided p-value of Welch's t-test for the difference of two means; empty when either
/// side has fewer than 2 samples or a negative standard error.
std::optional<double> welch_p_value(const measured_mean& a, const measured_mean& b);

/// A confidence interval.
struct interval {
  double low = 0;
  double high = 0;
};

/// The confidence interval, at `level`, of the delta in percent: Welch's interval of the
/// difference of the means, m_v - m_b +- t * sqrt(se_v^2 + se_b^2) with t from Student's t at
/// (1 + level) / 2 and the Welch-Satterthwaite degrees of freedom, divided by the baseline's
/// mean m_b and times 100. It inverts welch_p_value(): it leaves out 0 exactly when that
/// p-value is below 1 - level, so a mark and the interval beside it cannot disagree. Empty
/// unless m_b is positive and both sides have at least 2 samples.
std::optional<interval> delta_interval(const measured_mean& v, const measured_mean& b,
                                       double level);

/// The t interval, at `level`, of a geometric mean of ratios from the variances of the logarithms
/// of the means behind them (the delta method: Var(log m) ~ SE^2 / m^2): exp(log g +- t * sqrt(sum
/// v_i) / k), with t from Student's t at (1 + level) / 2 and the Welch-Satterthwaite degrees of
/// freedom of the terms. `k` counts every ratio of the mean, those without terms too. Empty when
/// there are no terms, or the interval is not finite; [g, g] when every term is 0 (runs without
/// spread measure their means exactly).
std::optional<interval> geomean_interval(double geomean, std::size_t k,
                                         std::span<const variance_term> terms, double level);

/// The noncentrality lambda at which Welch's two-sided test at `alpha` rejects with probability
/// `power`: P(|T'| > t_(1 - alpha / 2, df)) = power for T' noncentral t with df degrees of
/// freedom and noncentrality lambda (Boost.Math's non_central_t, as scipy.stats.nct). The
/// smallest difference of the means these measurements tell from the noise is lambda times the
/// standard error of the difference. NaN outside 0 < alpha < 1, alpha < power < 1, df > 0.
double detectable_noncentrality(double alpha, double power, double df);

/// The p-th quantile (0 <= p <= 1) of sorted values by linear interpolation between order
/// statistics: h = (n - 1) p, x[floor h] + (h - floor h) (x[floor h + 1] - x[floor h]) (type 7
/// of Hyndman and Fan, numpy's default). `sorted` must not be empty.
double quantile_of_sorted(std::span<const double> sorted, double p);

/// How many runs lie outside Tukey's fences, [Q1 - 1.5 IQR, Q3 + 1.5 IQR], with the
/// quartiles of quantile_of_sorted(). Fewer than 4 runs cannot have one.
std::size_t tukey_outliers(std::span<const double> runs);

/// Benjamini-Hochberg adjusted p-values, in the order given: for the i-th smallest of m,
/// min over j >= i of m p_(j) / j, at most 1.
std::vector<double> benjamini_hochberg(std::span<const double> p_values);

}  // namespace iosr::detail
