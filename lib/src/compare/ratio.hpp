// SPDX-License-Identifier: MIT
// The performance ratio, defined once for compare and trend: > 1 is better than the baseline,
// whichever way the chart's numbers go.
#pragma once

#include <optional>

#include "iosr/model.hpp"

namespace iosr::detail {

/// value / baseline when higher is better, baseline / value when lower is; empty when either
/// is zero or negative (such a ratio says nothing about better or worse) or the direction is
/// not known.
inline std::optional<double> performance_ratio(double value, double baseline, direction dir) {
  if (!(value > 0.0) || !(baseline > 0.0)) return std::nullopt;
  if (dir == direction::higher) return value / baseline;
  if (dir == direction::lower) return baseline / value;
  return std::nullopt;
}

}  // namespace iosr::detail
