// SPDX-License-Identifier: MIT
// Strict reading of numeric value text as PTS writes it (`0.64`, `-3.00`, `181322024`).
#pragma once

#include <optional>
#include <string_view>

namespace iosr::detail {

/// The value of `text` when it is a plain decimal number: optional `-`, digits, optional
/// `.digits`, optional exponent. Nothing else: not `1,234.5`, `12.3.4`, `nan`, `inf`, and not
/// a number too large for a double (`1e999`).
std::optional<double> parse_number(std::string_view text);

/// Digits after the decimal point as written (`7.1` -> 1, `1134` -> 0).
int decimals(std::string_view text);

}  // namespace iosr::detail
