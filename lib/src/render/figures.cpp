// SPDX-License-Identifier: MIT
// The text of a computed figure for a reader (see figures.hpp).
#include "render/figures.hpp"

#include <fmt/compile.h>
#include <fmt/format.h>

#include <cmath>

namespace iosr::detail {

namespace {

// Whether a fixed-point text holds no nonzero digit: `-0.0`, `0.000`.
bool all_zero(const std::string& fixed) {
  return fixed.find_first_of("123456789") == std::string::npos;
}

}  // namespace

// The formats are compiled (FMT_COMPILE), the same text as at run time: a trend's terminal
// table writes a figure for each of a million values, and parsing "{:.{}f}" each time was a
// tenth of its instructions (docs/performance.md).
std::string figure_text(double value, int decimals, figure_style style) {
  const bool sign = style != figure_style::plain;
  if (!std::isfinite(value)) {
    return sign && value > 0 ? "+inf" : fmt::format(FMT_COMPILE("{}"), value);
  }
  std::string fixed = sign ? fmt::format(FMT_COMPILE("{:+.{}f}"), value, decimals)
                           : fmt::format(FMT_COMPILE("{:.{}f}"), value, decimals);
  if (all_zero(fixed)) {
    // A change that rounds away reads as none; a ratio is never 0, so a tiny one keeps digits.
    if (style == figure_style::bound && value != 0.0) {
      return fmt::format(FMT_COMPILE("{:+.2g}"), value);
    }
    if (sign || value == 0.0) return fmt::format(FMT_COMPILE("{:.{}f}"), 0.0, decimals);
    return fmt::format(FMT_COMPILE("{:.2e}"), value);
  }
  if (fixed.size() <= figure_width) return fixed;
  return sign ? fmt::format(FMT_COMPILE("{:+.2e}"), value)
              : fmt::format(FMT_COMPILE("{:.2e}"), value);
}

}  // namespace iosr::detail
