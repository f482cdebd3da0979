// SPDX-License-Identifier: MIT
// The text of a computed figure for a reader (see figures.hpp).
#include "render/figures.hpp"

#include <fmt/format.h>

#include <cmath>

namespace iosr::detail {

namespace {

// Whether a fixed-point text holds no nonzero digit: `-0.0`, `0.000`.
bool all_zero(const std::string& fixed) {
  return fixed.find_first_of("123456789") == std::string::npos;
}

}  // namespace

std::string figure_text(double value, int decimals, figure_style style) {
  const bool sign = style != figure_style::plain;
  if (!std::isfinite(value)) return sign && value > 0 ? "+inf" : fmt::format("{}", value);
  std::string fixed =
      sign ? fmt::format("{:+.{}f}", value, decimals) : fmt::format("{:.{}f}", value, decimals);
  if (all_zero(fixed)) {
    // A change that rounds away reads as none; a ratio is never 0, so a tiny one keeps digits.
    if (style == figure_style::bound && value != 0.0) return fmt::format("{:+.2g}", value);
    if (sign || value == 0.0) return fmt::format("{:.{}f}", 0.0, decimals);
    return fmt::format("{:.2e}", value);
  }
  if (fixed.size() <= figure_width) return fixed;
  return sign ? fmt::format("{:+.2e}", value) : fmt::format("{:.2e}", value);
}

}  // namespace iosr::detail
