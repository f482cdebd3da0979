// SPDX-License-Identifier: MIT
// PTS's display precision and decimal rounding (see display_precision.hpp).
#include "render/result/display_precision.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <string>

#include "strings.hpp"

namespace iosr::detail {

namespace {

// Exponents beyond this are far outside any double; refusing them keeps `1e999999999` from
// asking for a billion digits.
constexpr long long max_exponent = 4000;

bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

// A number as written: value = 0.DIGITS x 10^point, sign apart.
struct decimal_text {
  bool negative = false;
  std::string digits;   // every digit as written, integer part then fraction
  long long point = 0;  // how many of `digits` stand before the decimal point (may be < 0)
};

std::optional<decimal_text> parse_decimal(std::string_view text) {
  while (!text.empty() && is_blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_blank(text.back())) text.remove_suffix(1);
  decimal_text d;
  std::size_t i = 0;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) d.negative = text[i++] == '-';
  std::size_t integer_digits = 0;
  for (; i < text.size() && is_digit(text[i]); ++i, ++integer_digits) d.digits.push_back(text[i]);
  if (i < text.size() && text[i] == '.') {
    for (++i; i < text.size() && is_digit(text[i]); ++i) d.digits.push_back(text[i]);
  }
  if (d.digits.empty()) return std::nullopt;
  long long exponent = 0;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    bool negative_exponent = false;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) negative_exponent = text[i++] == '-';
    if (i == text.size() || !is_digit(text[i])) return std::nullopt;
    for (; i < text.size() && is_digit(text[i]); ++i) {
      exponent = exponent * 10 + (text[i] - '0');
      if (exponent > max_exponent) return std::nullopt;
    }
    if (negative_exponent) exponent = -exponent;
  }
  if (i != text.size()) return std::nullopt;
  d.point = static_cast<long long>(integer_digits) + exponent;
  return d;
}

// What a stored value brings to the chart's minimum: a number itself, a series its smallest
// point (the first of equals); anything else (PASS, an image, a failed run) nothing.
std::optional<std::string_view> smallest_point(std::string_view stored) {
  if (is_numeric_text(stored)) return stored;
  if (stored.find(',') == std::string_view::npos) return std::nullopt;
  std::optional<std::string_view> smallest;
  double smallest_value = 0;
  for (std::size_t begin = 0; begin <= stored.size();) {
    const auto end = std::min(stored.find(',', begin), stored.size());
    const auto piece = stored.substr(begin, end - begin);
    if (!is_numeric_text(piece)) return std::nullopt;
    if (!smallest || number_value(piece) < smallest_value) {
      smallest = piece;
      smallest_value = number_value(piece);
    }
    begin = end + 1;
  }
  return smallest;
}

std::string zero(int places) {
  return places > 0 ? "0." + std::string(static_cast<std::size_t>(places), '0') : "0";
}

}  // namespace

bool is_numeric_text(std::string_view text) { return parse_decimal(text).has_value(); }

double number_value(std::string_view text) {
  while (!text.empty() && is_blank(text.front())) text.remove_prefix(1);
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);  // from_chars takes no `+`
  double value = 0;
  std::from_chars(text.data(), text.data() + text.size(), value);
  return value;
}

int pts_decimals(std::string_view text) {
  auto dot = text.rfind('.');
  return dot == std::string_view::npos ? 0 : static_cast<int>(text.size() - dot - 1);
}

std::string round_decimal(std::string_view text, int places) {
  auto parsed = parse_decimal(text);
  if (!parsed) return std::string(text);
  places = std::max(places, 0);
  auto& [negative, digits, point] = *parsed;
  // Leading zeros carry nothing: drop them so digits[0] is the first significant digit.
  auto first = digits.find_first_not_of('0');
  if (first == std::string::npos) return zero(places);
  digits.erase(0, first);
  point -= static_cast<long long>(first);

  const long long keep = point + places;  // significant digits left after rounding
  if (keep < 0) return zero(places);
  std::string kept = digits.substr(0, static_cast<std::size_t>(std::min<long long>(
                                          keep, static_cast<long long>(digits.size()))));
  kept.resize(static_cast<std::size_t>(keep), '0');
  if (keep < static_cast<long long>(digits.size()) &&
      digits[static_cast<std::size_t>(keep)] >= '5') {
    // Half away from zero: add one in the last kept place, carrying leftwards.
    auto i = kept.size();
    while (i > 0 && kept[i - 1] == '9') kept[--i] = '0';
    if (i > 0) {
      ++kept[i - 1];
    } else {
      kept.insert(kept.begin(), '1');
      ++point;
    }
  }
  if (kept.find_first_not_of('0') == std::string::npos) return zero(places);

  std::string out = negative ? "-" : "";
  if (point > 0) {
    out += kept.substr(0, static_cast<std::size_t>(point));
  } else {
    out += '0';
  }
  if (places > 0) {
    out += '.';
    if (point < 0) out.append(static_cast<std::size_t>(-point), '0');
    out += kept.substr(static_cast<std::size_t>(std::max<long long>(point, 0)));
  }
  return out;
}

std::string round_double(double value, int places) {
  return round_decimal(fmt::format("{:.15g}", value), places);
}

void chart_precision::add(std::string_view stored) {
  const auto smallest = smallest_point(stored);
  if (!smallest) return;
  // PTS's minimum starts at 0 and a 0 counts as "no minimum yet": a 0 that is not the last
  // value is replaced by the next one.
  const double value = number_value(*smallest);
  if (!minimum_ || value < minimum_value_ || minimum_value_ == 0) {
    minimum_ = std::string(*smallest);
    minimum_value_ = value;
  }
  max_decimals_ = std::max(max_decimals_, pts_decimals(stored));
}

void chart_precision::add_dropped(std::string_view stored) {
  if (smallest_point(stored)) max_decimals_ = std::max(max_decimals_, pts_decimals(stored));
}

int chart_precision::decimals() const {
  if (!minimum_) return max_decimals_;
  // PTS compares the minimum as shown with the most decimals, not as written.
  const double shown_minimum = number_value(round_decimal(*minimum_, max_decimals_));
  return shown_minimum >= 10 ? std::min(2, max_decimals_) : max_decimals_;
}

std::string display_value(std::string_view stored, int decimals) {
  return is_numeric_text(stored) ? round_decimal(stored, decimals) : std::string(stored);
}

}  // namespace iosr::detail
