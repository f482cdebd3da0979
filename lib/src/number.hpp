// SPDX-License-Identifier: MIT
// Strict reading of numeric value text as PTS writes it (`0.64`, `-3.00`, `181322024`).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace iosr::detail {

/// The value of `text` when it is a plain decimal number: optional `-`, digits, optional
/// `.digits`, optional exponent. Nothing else: not `1,234.5`, `12.3.4`, `nan`, `inf`, and not
/// a number too large for a double (`1e999`).
std::optional<double> parse_number(std::string_view text);

/// Whether `text` is written as a decimal number whose value no double holds (`1e999`, a
/// 400-digit integer, `1e-400`): parse_number() refuses it, and a message says "out of range",
/// not "not a number".
bool out_of_range(std::string_view text);

/// `text` as a message quotes it: whole up to 40 bytes; longer, its first 16 and last 8 bytes
/// and its length (`1234567890123456...12345678, 400 characters`), so that a hostile value never
/// fills a terminal.
std::string quoted_value(std::string_view text);

/// Digits after the decimal point as written (`7.1` -> 1, `1134` -> 0).
int decimals(std::string_view text);

/// The place value of the last digit of a number as written: what it was rounded to (`7.1` ->
/// 0.1, `1134` -> 1, `1.25e+06` -> 10000). For text parse_number() reads.
double last_place(std::string_view text);

}  // namespace iosr::detail
