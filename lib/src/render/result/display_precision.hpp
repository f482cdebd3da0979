// SPDX-License-Identifier: MIT
// How PTS displays a chart's numbers (docs/pts-text-output.md, "Values"): which texts are numbers,
// how many decimals a chart shows, and rounding on the decimal text, half away from zero.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace iosr::detail {

/// True when `text` is a number to PTS (PHP's is_numeric): optional blanks, an optional sign,
/// digits with an optional point (`5.`, `.5`), an optional exponent, optional blanks.
bool is_numeric_text(std::string_view text);

/// The value of a numeric text (see is_numeric_text) as a double, for comparing and scaling;
/// 0 when it is none.
double number_value(std::string_view text);

/// Digits after the last `.` of `text`, as PTS counts decimals (`8.4567` -> 4, `1134` -> 0).
int pts_decimals(std::string_view text);

/// The numeric `text` with exactly `places` decimals, rounded half away from zero on the
/// decimal digits as written, never through a binary double: `2.675` -> `2.68`, `7.1` ->
/// `7.1000` (4), `2.5e-3` -> `0.00` (2). No `+`, no exponent, and no `-` on a zero.
std::string round_decimal(std::string_view text, int places);

/// A computed number (a mean, 1.03 x max) with `places` decimals, rounded as PHP rounds a
/// double: first to 15 significant digits, then half away from zero.
std::string round_double(double value, int places);

/// The number of decimals PTS shows every numeric value of one chart with. Feed it the
/// stored values (XML `Value`s) of the chart's entries in entry order.
class chart_precision {
 public:
  /// Takes one stored value: a number, a comma-separated series, or anything else (ignored).
  void add(std::string_view stored);
  /// Takes a value PTS read and then dropped again (a failed run's label reused by a later
  /// entry): its decimals still count, its size does not.
  void add_dropped(std::string_view stored);
  /// d = most decimals seen; when the smallest value m is >= 10, at most 2.
  int decimals() const;

 private:
  std::optional<std::string> minimum_;  // text of the smallest value, as written
  double minimum_value_ = 0;
  int max_decimals_ = 0;
};

/// `stored` as PTS shows it in a chart with `decimals`: numbers re-formatted, the rest as is.
std::string display_value(std::string_view stored, int decimals);

}  // namespace iosr::detail
