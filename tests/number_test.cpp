// SPDX-License-Identifier: MIT
// Strict numeric value text: what PTS writes is accepted, anything else is refused.
#include <charconv>
#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <string_view>

#include "catch.hpp"
#include "number.hpp"

namespace {

using iosr::detail::decimals;
using iosr::detail::parse_number;

}  // namespace

TEST_CASE("Plain decimal values as PTS writes them are numbers", "[number]") {
  CHECK(parse_number("0.64") == 0.64);
  CHECK(parse_number("-3.00") == -3.0);
  CHECK(parse_number("181322024") == 181322024.0);
  CHECK(parse_number("0") == 0.0);
  CHECK(parse_number("20.13") == 20.13);
}

// parse_number reads up to 15 digits without from_chars: it must give the same double, bit for
// bit, as from_chars does (the one nearest the text).
TEST_CASE("Short decimals read as the same double as from_chars gives", "[number]") {
  std::mt19937_64 random(16);
  for (int n = 0; n < 200000; ++n) {
    std::size_t digits = 1 + random() % 15;
    std::string text = random() % 4 == 0 ? "-" : "";
    std::size_t point = random() % (digits + 1);  // digits before the point
    for (std::size_t d = 0; d < digits; ++d) {
      if (d == point && d != 0) text += '.';
      text += char('0' + random() % 10);
    }
    double expected = 0;
    std::from_chars(text.data(), text.data() + text.size(), expected);
    auto read = parse_number(text);
    REQUIRE(read.has_value());
    INFO(text);
    REQUIRE(std::memcmp(&*read, &expected, sizeof expected) == 0);
  }
  CHECK(std::signbit(*parse_number("-0.00")));
  CHECK(parse_number("999999999999999") == 999999999999999.0);
  CHECK(parse_number("0.000000000000001") == 1e-15);
  CHECK(parse_number("1234567890123456789") == 1234567890123456789.0);  // past the fast path
}

TEST_CASE("A value with an exponent is a number", "[number]") {
  CHECK(parse_number("1e5") == 100000.0);
  CHECK(parse_number("2.5E-3") == 0.0025);
  CHECK(parse_number("1e+2") == 100.0);
}

TEST_CASE("A value with two decimal points is not a number", "[number]") {
  CHECK_FALSE(parse_number("12.3.4").has_value());
}

TEST_CASE("A value with a thousands separator is not a number", "[number]") {
  CHECK_FALSE(parse_number("1,234.5").has_value());
  CHECK_FALSE(parse_number("1,234").has_value());
}

TEST_CASE("nan and inf are not numbers", "[number]") {
  CHECK_FALSE(parse_number("nan").has_value());
  CHECK_FALSE(parse_number("NaN").has_value());
  CHECK_FALSE(parse_number("inf").has_value());
  CHECK_FALSE(parse_number("-inf").has_value());
  CHECK_FALSE(parse_number("infinity").has_value());
}

TEST_CASE("A value too large for a double is not a number", "[number]") {
  CHECK_FALSE(parse_number("1e999").has_value());
  CHECK_FALSE(parse_number("-1e999").has_value());
}

TEST_CASE("Empty text, a lone sign or a lone point is not a number", "[number]") {
  CHECK_FALSE(parse_number("").has_value());
  CHECK_FALSE(parse_number("-").has_value());
  CHECK_FALSE(parse_number(".").has_value());
  CHECK_FALSE(parse_number("-.").has_value());
}

TEST_CASE("Blanks around a value or a dangling exponent make it not a number", "[number]") {
  CHECK_FALSE(parse_number(" 1").has_value());
  CHECK_FALSE(parse_number("1 ").has_value());
  CHECK_FALSE(parse_number("1e").has_value());
  CHECK_FALSE(parse_number("1e+").has_value());
  CHECK_FALSE(parse_number("+1").has_value());
  CHECK_FALSE(parse_number("12abc").has_value());
}

TEST_CASE("Decimals counts the digits after the point as written", "[number]") {
  CHECK(decimals("7.1") == 1);
  CHECK(decimals("8.4567") == 4);
  CHECK(decimals("1134") == 0);
  CHECK(decimals("-3.00") == 2);
  CHECK(decimals("0.64") == 2);
  CHECK(decimals("12.") == 0);
  CHECK(decimals("") == 0);
}
