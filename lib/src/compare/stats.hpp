// SPDX-License-Identifier: MIT
// The statistics the comparison needs, computed in-house: Student's t distribution through the
// regularized incomplete beta function, and Welch's t-test on two means.
#pragma once

#include <cstddef>
#include <optional>

namespace iosr::detail {

/// I_x(a, b), the regularized incomplete beta function, for 0 <= x <= 1 and a, b > 0.
double regularized_incomplete_beta(double x, double a, double b);

/// P(|T| >= |t|) for Student's t distribution with `df` degrees of freedom (df > 0).
double student_t_two_sided_p(double t, double df);

/// A measured mean with its standard error and number of samples.
struct measured_mean {
  double mean = 0;
  double standard_error = 0;
  std::size_t n = 0;
};

/// The two-sided p-value of Welch's t-test for the difference of two means; empty when either
/// side has fewer than 2 samples or a negative standard error.
std::optional<double> welch_p_value(const measured_mean& a, const measured_mean& b);

}  // namespace iosr::detail
