// SPDX-License-Identifier: MIT
// Strict numeric value text: what PTS writes is accepted, anything else is refused.
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
