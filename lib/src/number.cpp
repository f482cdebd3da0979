// SPDX-License-Identifier: MIT
#include "number.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>

#include "strings.hpp"

namespace iosr::detail {

namespace {

// 10^0 to 10^22: each is exactly a double.
constexpr double powers_of_ten[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                    1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                    1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

// Up to 15 digits are exactly a double (< 2^53).
constexpr std::size_t most_exact_digits = 15;

}  // namespace

std::optional<double> parse_number(std::string_view text) {
  // Check the shape first: from_chars alone would accept `12.3` out of `12.3.4`. The digits are
  // gathered on the way, for the fast path below.
  std::size_t i = 0;
  bool negative = i < text.size() && text[i] == '-';
  if (negative) ++i;
  // The digits without the point: exact while there are at most 15, wrapped (unsigned, so
  // defined) and unused past that.
  std::uint64_t digits = 0;
  std::size_t int_digits = 0, frac_digits = 0;
  for (; i < text.size() && is_digit(text[i]); ++i, ++int_digits) {
    digits = digits * 10 + std::uint64_t(text[i] - '0');
  }
  if (i < text.size() && text[i] == '.') {
    ++i;
    for (; i < text.size() && is_digit(text[i]); ++i, ++frac_digits) {
      digits = digits * 10 + std::uint64_t(text[i] - '0');
    }
  }
  if (int_digits + frac_digits == 0) return std::nullopt;
  bool exponent = i < text.size() && (text[i] == 'e' || text[i] == 'E');
  if (exponent) {
    ++i;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    std::size_t exp_digits = 0;
    while (i < text.size() && is_digit(text[i])) ++i, ++exp_digits;
    if (exp_digits == 0) return std::nullopt;
  }
  if (i != text.size()) return std::nullopt;
  // Clinger's fast path, for what PTS writes (`20.13`, `181322024`): the digits and 10^decimals
  // are both exact doubles, so one IEEE division rounds the exact quotient once and gives the
  // double nearest the text, the one from_chars gives. from_chars cost 4 times as much and was
  // 5 % of a batch conversion's instructions (docs/performance.md).
  if (!exponent && int_digits + frac_digits <= most_exact_digits) {
    double value = double(digits) / powers_of_ten[frac_digits];
    return negative ? -value : value;
  }
  double value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) {
    return std::nullopt;
  }
  return value;
}

bool out_of_range(std::string_view text) {
  // from_chars reads the same shapes as parse_number (no `+`, no `inf`, no hexadecimal) and
  // tells a value past a double's range from text that is no number.
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc::result_out_of_range && end == text.data() + text.size();
}

std::string quoted_value(std::string_view text) {
  constexpr std::size_t whole = 40, head = 16, tail = 8;
  if (text.size() <= whole) return std::string(text);
  return std::string(text.substr(0, head)) + "..." + std::string(text.substr(text.size() - tail)) +
         ", " + std::to_string(text.size()) + " characters";
}

int decimals(std::string_view text) {
  auto dot = text.find('.');
  if (dot == std::string_view::npos) return 0;
  int n = 0;
  for (auto i = dot + 1; i < text.size() && is_digit(text[i]); ++i) ++n;
  return n;
}

double last_place(std::string_view text) {
  const auto e = text.find_first_of("eE");
  int exponent = 0;
  if (e != std::string_view::npos) {
    auto digits = text.substr(e + 1);
    if (!digits.empty() && digits.front() == '+') digits.remove_prefix(1);
    std::from_chars(digits.data(), digits.data() + digits.size(), exponent);
  }
  return std::pow(10.0, exponent - decimals(text.substr(0, e)));
}

}  // namespace iosr::detail
