// SPDX-License-Identifier: MIT
// The in-house statistics against values known in closed form or from printed t tables.
#include "compare/stats.hpp"

#include <cmath>

#include "catch.hpp"

namespace {

using namespace iosr::detail;

bool close(double got, double want, double tolerance) { return std::fabs(got - want) <= tolerance; }

}  // namespace

TEST_CASE("The regularized incomplete beta function matches its closed forms", "[stats]") {
  // I_x(1, b) = 1 - (1 - x)^b and I_x(a, 1) = x^a; I_0.5(a, a) = 0.5 by symmetry.
  for (double x : {0.01, 0.2, 0.5, 0.77, 0.99}) {
    INFO("x = " << x);
    CHECK(close(regularized_incomplete_beta(x, 1, 3.5), 1 - std::pow(1 - x, 3.5), 1e-12));
    CHECK(close(regularized_incomplete_beta(x, 2.5, 1), std::pow(x, 2.5), 1e-12));
  }
  for (double a : {0.5, 1.0, 7.0, 150.0})
    CHECK(close(regularized_incomplete_beta(0.5, a, a), 0.5, 1e-12));
  CHECK(regularized_incomplete_beta(0, 2, 3) == 0);
  CHECK(regularized_incomplete_beta(1, 2, 3) == 1);
}

TEST_CASE("Student's t two-sided p-values match closed forms and t tables", "[stats]") {
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
}
