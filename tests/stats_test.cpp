// SPDX-License-Identifier: MIT
// The comparison's statistics against closed forms, printed t tables and SciPy 1.10.1
// (scipy.stats.t, ttest_ind, numpy.percentile), whose outputs are written here as numbers.
#include "compare/stats.hpp"

#include <cmath>
#include <vector>

#include "catch.hpp"

namespace {

using namespace iosr::detail;

bool close(double got, double want, double tolerance) { return std::fabs(got - want) <= tolerance; }

bool relative(double got, double want, double tolerance = 1e-9) {
  return std::fabs(got - want) <= tolerance * std::fabs(want);
}

}  // namespace

TEST_CASE("Student's t two-sided p-values match closed forms, t tables and SciPy", "[stats]") {
  // df = 1 (Cauchy): p = 1 - 2 atan(t) / pi; df = 2: p = 1 - t / sqrt(2 + t^2).
  const double pi = std::acos(-1.0);
  for (double t : {0.1, 1.0, 2.0, 12.7}) {
    INFO("t = " << t);
    CHECK(close(student_t_two_sided_p(t, 1), 1 - 2 * std::atan(t) / pi, 1e-12));
    CHECK(close(student_t_two_sided_p(-t, 2), 1 - t / std::sqrt(2 + t * t), 1e-12));
  }
  // Two-tailed 5 % critical values from printed t tables: df 5 -> 2.571, df 10 -> 2.228,
  // df 30 -> 2.042, df 120 -> 1.980; and the 1 % value for df 10 -> 3.169.
  CHECK(close(student_t_two_sided_p(2.571, 5), 0.05, 1e-4));
  CHECK(close(student_t_two_sided_p(2.228, 10), 0.05, 1e-4));
  CHECK(close(student_t_two_sided_p(2.042, 30), 0.05, 1e-4));
  CHECK(close(student_t_two_sided_p(1.980, 120), 0.05, 1e-4));
  CHECK(close(student_t_two_sided_p(3.169, 10), 0.01, 1e-4));
  CHECK(student_t_two_sided_p(0, 7) == 1.0);
  // 2 * scipy.stats.t.sf(t, df), fractional degrees of freedom as Welch's test makes them.
  CHECK(relative(student_t_two_sided_p(2.0, 3.3), 0.1309588644394494));
  CHECK(relative(student_t_two_sided_p(0.37, 150.2), 0.711903685424606));
  CHECK(relative(student_t_two_sided_p(8.0, 1.5), 0.032918350940906824));
}

TEST_CASE("Student's t quantiles match t tables and SciPy", "[stats]") {
  // scipy.stats.t.ppf(p, df).
  CHECK(relative(student_t_quantile(0.975, 4), 2.7764451051977987));
  CHECK(relative(student_t_quantile(0.975, 2.5), 3.5746548420118773));
  CHECK(relative(student_t_quantile(0.995, 30.7), 2.745784892120099));
  CHECK(relative(student_t_quantile(0.025, 7), -2.3646242510103));
  CHECK(student_t_quantile(0.5, 3) == 0.0);
}

TEST_CASE("Welch's t-test on means with standard errors", "[stats]") {
  // SE 1 and N 2 on both sides: t = -3 / sqrt(2), df = (1 + 1)^2 / (1/1 + 1/1) = 2, so
  // p = 1 - |t| / sqrt(2 + t^2) = 1 - 2.12132 / 2.54951 = 0.167950.
  const auto p = welch_p_value({10, 1, 2}, {13, 1, 2});
  REQUIRE(p);
  CHECK(close(*p, 0.16795, 1e-5));
  // Unequal spreads, SE 2 (N 5) against SE 0 (N 3): df = (4 + 0)^2 / (4^2 / 4) = 4 and
  // t = difference / 2. The t table's 5 % value for df 4 is 2.776, so a difference of 5.552
  // gives p = 0.05, and a difference of 5 (t = 2.5) stays above it.
  CHECK(close(*welch_p_value({20 + 5.552, 2, 5}, {20, 0, 3}), 0.05, 1e-4));
  CHECK(*welch_p_value({15, 2, 5}, {10, 0, 3}) > 0.05);
  // No spread at all: equal means are the same, different means differ.
  CHECK(*welch_p_value({5, 0, 3}, {5, 0, 3}) == 1.0);
  CHECK(*welch_p_value({5, 0, 3}, {6, 0, 3}) == 0.0);
  // Fewer than two samples: no test.
  CHECK_FALSE(welch_p_value({5, 1, 1}, {6, 1, 3}));
  // Errors so small or so large that their squares underflow or overflow: the same p-value
  // as at a scale where nothing does (t and df do not change with the scale).
  const auto plain = welch_p_value({1, 0.3, 3}, {2, 0.4, 5});
  REQUIRE(plain);
  const auto tiny = welch_p_value({1e-160, 0.3e-160, 3}, {2e-160, 0.4e-160, 5});
  const auto huge = welch_p_value({1e160, 0.3e160, 3}, {2e160, 0.4e160, 5});
  REQUIRE(tiny);
  REQUIRE(huge);
  CHECK(relative(*tiny, *plain, 1e-12));
  CHECK(relative(*huge, *plain, 1e-12));
  CHECK(welch_degrees_of_freedom(1e-200, 3, 0, 5) == 2.0);
  // Means whose difference overflows: no p-value, and no exception.
  CHECK_FALSE(welch_p_value({1.7e308, 1e300, 3}, {-1.7e308, 1e300, 3}));
}

TEST_CASE("Welch's t-test on runs matches scipy.stats.ttest_ind(equal_var=False)", "[stats]") {
  // The sample composite.xml's first fio chart: mq-deadline against None.
  const std::vector<double> a{151200, 153100, 152720};
  const std::vector<double> b{159900, 160500, 159969};
  const auto p = welch_p_value(mean_of_runs(a), mean_of_runs(b));
  REQUIRE(p);
  CHECK(relative(*p, 0.0028074192813951427, 1e-9));
  const auto m = mean_of_runs(a);
  CHECK(m.n == 3);
  CHECK(relative(m.mean, 152340));
  // sqrt(((-1140)^2 + 760^2 + 380^2) / 2) / sqrt(3)
  CHECK(relative(m.standard_error,
                 std::sqrt((1140.0 * 1140 + 760 * 760 + 380 * 380) / 2) / std::sqrt(3.0)));
  CHECK(mean_of_runs(std::vector<double>{7}).standard_error == 0);
}

TEST_CASE("The delta interval is Welch's interval of the difference, in percent of the baseline",
          "[stats]") {
  // Equal standard errors 1 with N 3 on both sides: df = (2)^2 / (2 / 2) = 4, t =
  // 2.7764451051977987 (scipy.stats.t.ppf(0.975, 4)); the difference 10 +- t sqrt(2) of 100.
  const measured_mean v{110, 1.0, 3};
  const measured_mean b{100, 1.0, 3};
  const auto in = delta_interval(v, b, 0.95);
  REQUIRE(in);
  const double half = 2.7764451051977987 * std::sqrt(2.0);
  CHECK(relative(in->low, 10 - half));
  CHECK(relative(in->high, 10 + half));
  // It inverts Welch's test: at the level 1 - p it touches 0.
  const double p = *welch_p_value(v, b);
  const auto edge = delta_interval(v, b, 1 - p);
  REQUIRE(edge);
  CHECK(std::fabs(edge->low) < 1e-9);
  // No spread: the interval is the delta itself.
  const auto exact = delta_interval({110, 0, 3}, {100, 0, 3}, 0.95);
  REQUIRE(exact);
  CHECK(relative(exact->low, 10.0, 1e-12));
  CHECK(relative(exact->high, 10.0, 1e-12));
  // No interval for one sample, a baseline mean that is not positive, or a level outside (0, 1).
  CHECK_FALSE(delta_interval({110, 1, 1}, b, 0.95));
  CHECK_FALSE(delta_interval(v, {-1, 1, 3}, 0.95));
  CHECK_FALSE(delta_interval(v, b, 1.0));
  // Errors far from 1 in either direction give an interval, or none, but never an exception.
  CHECK(delta_interval({1, 1e-160, 3}, {2, 1e-160, 3}, 0.95));
  CHECK_FALSE(delta_interval({1e300, 1e300, 3}, {1e-300, 1, 3}, 0.95));  // its bounds overflow
}

TEST_CASE("Quartiles interpolate as numpy.percentile does; Tukey's fences count outliers",
          "[stats]") {
  const std::vector<double> sorted{1, 2, 3, 100};
  // numpy.percentile([1, 2, 3, 100], [25, 75]) -> [1.75, 27.25]
  CHECK(quantile_of_sorted(sorted, 0.25) == 1.75);
  CHECK(quantile_of_sorted(sorted, 0.75) == 27.25);
  CHECK(quantile_of_sorted(sorted, 0) == 1);
  CHECK(quantile_of_sorted(sorted, 1) == 100);
  // Fences 1.75 - 38.25 and 27.25 + 38.25 = 65.5: 100 is out.
  CHECK(tukey_outliers(std::vector<double>{3, 100, 1, 2}) == 1);
  CHECK(tukey_outliers(std::vector<double>{10, 10.2, 9.9, 10.1, 10, 13}) == 1);
  CHECK(tukey_outliers(std::vector<double>{10, 10.2, 9.9, 10.1, 10, 10.3}) == 0);
  // With 3 runs the fences always hold all three, however far one lies.
  CHECK(tukey_outliers(std::vector<double>{1, 2, 1000}) == 0);
  // 10 runs, one far off: 3 standard deviations of the same runs cannot flag it (the largest
  // z-score of n runs is at most (n - 1) / sqrt(n) = 2.85), Tukey's fences do.
  CHECK(tukey_outliers(std::vector<double>{10, 10, 10, 10, 10, 10, 10, 10, 10, 50}) == 1);
}

TEST_CASE("Benjamini-Hochberg adjusts p-values in the order given", "[stats]") {
  // m = 4: sorted 0.01, 0.02, 0.03, 0.5 -> 0.04, 0.04, 0.04, 0.5 (0.01 * 4 / 1 = 0.04 is
  // lowered to nothing; 0.02 * 4 / 2 = 0.04; 0.03 * 4 / 3 = 0.04; 0.5 * 4 / 4).
  const auto adjusted = benjamini_hochberg(std::vector<double>{0.5, 0.03, 0.01, 0.02});
  REQUIRE(adjusted.size() == 4);
  CHECK(relative(adjusted[0], 0.5));
  CHECK(relative(adjusted[1], 0.04));
  CHECK(relative(adjusted[2], 0.04));
  CHECK(relative(adjusted[3], 0.04));
  // A large p-value keeps the smaller ones from exceeding 1; ties get the same value.
  const auto capped = benjamini_hochberg(std::vector<double>{0.9, 0.9, 0.8});
  CHECK(capped[0] == 0.9);
  CHECK(capped[1] == 0.9);
  CHECK(capped[2] == 0.9);
  CHECK(benjamini_hochberg(std::vector<double>{}).empty());
}

TEST_CASE("The detectable noncentrality matches SciPy's noncentral t", "[stats]") {
  // brentq on scipy.stats.nct.sf(c, df, l) + nct.cdf(-c, df, l) - power, c = t.ppf(1 - a/2, df).
  CHECK(relative(detectable_noncentrality(0.05, 0.8, 4), 3.7610595538250258, 1e-9));
  CHECK(relative(detectable_noncentrality(0.05, 0.8, 2.0), 5.653489266395662, 1e-9));
  CHECK(relative(detectable_noncentrality(0.0083333, 0.8, 3.3), 7.209314581722822, 1e-9));
  CHECK(relative(detectable_noncentrality(0.001, 0.9, 40.5), 4.9032756359304495, 1e-9));
  CHECK(relative(detectable_noncentrality(0.2, 0.5, 1.2), 1.9581017495335344, 1e-9));
  // Many degrees of freedom: the normal's z_0.975 + z_0.8 = 1.95996 + 0.84162 = 2.80158.
  CHECK(relative(detectable_noncentrality(0.05, 0.8, 1000), 2.8042758963753736, 1e-9));
  // Outside the domain: NaN, never an exception.
  CHECK(std::isnan(detectable_noncentrality(0, 0.8, 4)));
  CHECK(std::isnan(detectable_noncentrality(0.05, 0.01, 4)));
  CHECK(std::isnan(detectable_noncentrality(0.05, 0.8, 0)));
}

TEST_CASE("Satterthwaite's degrees of freedom of a sum of variances", "[stats]") {
  // Two terms: Welch's formula.
  const variance_term two[] = {{4.0, 5}, {1.0, 3}};
  CHECK(relative(satterthwaite_degrees_of_freedom(two), welch_degrees_of_freedom(2, 5, 1, 3)));
  // k equal terms from n samples each: k (n - 1).
  const variance_term same[] = {{0.3, 4}, {0.3, 4}, {0.3, 4}};
  CHECK(relative(satterthwaite_degrees_of_freedom(same), 9.0));
  // Tiny terms neither underflow nor overflow.
  const variance_term tiny[] = {{1e-300, 3}, {1e-300, 3}};
  CHECK(relative(satterthwaite_degrees_of_freedom(tiny), 4.0));
  const variance_term none[] = {{0, 3}, {0, 3}};
  CHECK(std::isnan(satterthwaite_degrees_of_freedom(none)));
}
