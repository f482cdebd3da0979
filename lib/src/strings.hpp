// SPDX-License-Identifier: MIT
// Small string helpers shared by the readers.
#pragma once

#include <string_view>

namespace iosr::detail {

/// `s` without leading blanks and trailing blanks or a `\r`.
inline std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) {
    s.remove_suffix(1);
  }
  return s;
}

/// An ASCII digit (unlike std::isdigit, defined for every byte and independent of locale).
inline bool is_digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace iosr::detail
