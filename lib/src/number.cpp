// SPDX-License-Identifier: MIT
#include "number.hpp"

#include <charconv>
#include <cmath>

#include "strings.hpp"

namespace iosr::detail {

std::optional<double> parse_number(std::string_view text) {
  // Check the shape first: from_chars alone would accept `12.3` out of `12.3.4`.
  std::size_t i = 0;
  if (i < text.size() && text[i] == '-') ++i;
  std::size_t int_digits = 0, frac_digits = 0;
  while (i < text.size() && is_digit(text[i])) ++i, ++int_digits;
  if (i < text.size() && text[i] == '.') {
    ++i;
    while (i < text.size() && is_digit(text[i])) ++i, ++frac_digits;
  }
  if (int_digits + frac_digits == 0) return std::nullopt;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    std::size_t exp_digits = 0;
    while (i < text.size() && is_digit(text[i])) ++i, ++exp_digits;
    if (exp_digits == 0) return std::nullopt;
  }
  if (i != text.size()) return std::nullopt;
  double value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) {
    return std::nullopt;
  }
  return value;
}

int decimals(std::string_view text) {
  auto dot = text.find('.');
  if (dot == std::string_view::npos) return 0;
  int n = 0;
  for (auto i = dot + 1; i < text.size() && is_digit(text[i]); ++i) ++n;
  return n;
}

}  // namespace iosr::detail
