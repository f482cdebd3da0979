// SPDX-License-Identifier: MIT
// THE text of a computed figure (a delta, a ratio, an interval's end) in every format a person
// reads: comparison and trend, ASCII, Markdown and HTML. CSV and JSON write full-precision
// numbers instead. Values as written (entry::value_text) never pass through here.
#pragma once

#include <string>

namespace iosr::detail {

/// Whether a figure shows its sign (`+45.6`), and what a nonzero figure too small for the
/// decimals becomes.
enum class figure_style {
  plain,      ///< `0.288`; a positive figure below the last decimal goes scientific (`4.0e-05`)
  with_sign,  ///< `+45.6`, `-71.2`; one that rounds to zero is `0.0`, never `-0.0` or `+0.0`
  /// An interval's end: signed, and one that would round to zero keeps two significant
  /// digits (`-0.031`), so that which side of 0 it lies on shows, as the noise mark says.
  bound,
};

/// Longest fixed-point text: past it a figure is scientific, so that an extreme value (a delta
/// against 1e-300) never prints 300 digits. `+999999.9` and `99999.999` still fit.
inline constexpr std::size_t figure_width = 9;

/// `value` with `decimals` digits after the point, by the rules of figure_style; a text longer
/// than figure_width, and a plain figure too small to show a digit, in scientific notation with
/// three significant digits (`1.23e+306`, `+4.56e+12`). Not finite: `inf`, `-inf`, `nan`.
///
///   figure_text(-71.164, 1, with_sign)  -> "-71.2"
///   figure_text(-0.04, 1, with_sign)    -> "0.0"
///   figure_text(1e306, 1, with_sign)    -> "+1.00e+306"
///   figure_text(0.00004, 3, plain)    -> "4.00e-05"
///   figure_text(-0.031, 1, bound)     -> "-0.031"
std::string figure_text(double value, int decimals, figure_style style = figure_style::plain);

}  // namespace iosr::detail
