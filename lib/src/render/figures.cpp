// SPDX-License-Identifier: MIT
// The text of a computed figure for a reader (see figures.hpp).
#include "render/figures.hpp"

#include <fmt/compile.h>
#include <fmt/format.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <string>

namespace iosr::detail {

namespace {

// Whether a fixed-point text holds no nonzero digit: `-0.0`, `0.000`.
bool all_zero(const std::string& fixed) {
  return fixed.find_first_of("123456789") == std::string::npos;
}

// A positive `value` with 0 to 3 decimals, as fmt's "{:.{}f}" writes it (rounded to nearest
// from the double's exact value, ties to even), into `fixed` when it shows a nonzero digit and
// fits figure_width; else false, and figure_text() asks fmt. From the double's bits in
// integers: fmt's precision formatting took some 700 instructions a figure, most of a trend's
// terminal table's (docs/performance.md). surface_numbers_test checks the two agree.
bool plain_fixed(double value, int decimals, std::string& fixed) {
  if (!(value > 0) || decimals < 0 || decimals > 3) return false;
  const auto bits = std::bit_cast<std::uint64_t>(value);
  const int biased = static_cast<int>(bits >> 52);  // the sign bit is 0
  if (biased == 0 || biased == 0x7FF) return false;  // subnormal, inf or nan
  // value = m * 2^-shift exactly, m below 2^53; past 63 bits of shift the value is below
  // 2^-10, which 3 decimals round to 0 (fmt's path handles that), and without any it is too
  // long for figure_width.
  const std::uint64_t m = (bits & ((std::uint64_t{1} << 52) - 1)) | (std::uint64_t{1} << 52);
  const int shift = 1075 - biased;
  if (shift < 1 || shift > 63) return false;
  static constexpr std::uint64_t scales[] = {1, 10, 100, 1000};
  const std::uint64_t scale = scales[decimals];
  const std::uint64_t scaled = m * scale;  // below 2^63
  std::uint64_t q = scaled >> shift;
  const std::uint64_t rest = scaled & ((std::uint64_t{1} << shift) - 1);
  const std::uint64_t half = std::uint64_t{1} << (shift - 1);
  if (rest > half || (rest == half && (q & 1) != 0)) ++q;
  const std::uint64_t whole = q / scale, part = q % scale;
  if (q == 0 || whole > 99999) return false;
  // At most 5 digits, the point and 3 decimals: written from the right.
  char text[16];
  char* const end = text + sizeof text;
  char* from = end;
  std::uint64_t digits = part;
  for (int i = 0; i < decimals; ++i, digits /= 10) *--from = static_cast<char>('0' + digits % 10);
  if (decimals > 0) *--from = '.';
  std::uint64_t integer = whole;
  do {
    *--from = static_cast<char>('0' + integer % 10);
    integer /= 10;
  } while (integer != 0);
  fixed.assign(from, end);
  return true;
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
  if (style == figure_style::plain) {
    if (std::string fixed; plain_fixed(value, decimals, fixed)) return fixed;
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
