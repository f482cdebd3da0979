// SPDX-License-Identifier: MIT
// THE test of UTF-8 (Unicode table 3-7, RFC 3629): what the JSON escaping replaces and what the
// charset layer calls UTF-8 agree, and neither accepts overlong forms, surrogates or code points
// past U+10FFFF.
#pragma once

#include <cstddef>
#include <string_view>

namespace iosr::detail {

/// The UTF-8 sequence at text[at]: its length when it is well-formed, else the length of its
/// maximal invalid part (at least 1), which one U+FFFD replaces as the Unicode standard
/// recommends.
struct utf8_sequence {
  std::size_t length = 1;
  bool valid = false;
};

/// The sequence starting at text[at] (any byte; ASCII is a sequence of one).
constexpr utf8_sequence scan_utf8(std::string_view text, std::size_t at) {
  const auto lead = static_cast<unsigned char>(text[at]);
  if (lead < 0x80) return {1, true};
  std::size_t need = 0;
  unsigned char low = 0x80, high = 0xBF;  // what the next byte may be
  if (lead >= 0xC2 && lead <= 0xDF) {     // C0 and C1 would only start overlong forms
    need = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    need = 3;
    if (lead == 0xE0) low = 0xA0;   // overlong below
    if (lead == 0xED) high = 0x9F;  // surrogates above
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    need = 4;
    if (lead == 0xF0) low = 0x90;   // overlong below
    if (lead == 0xF4) high = 0x8F;  // past U+10FFFF above
  } else {
    return {};  // a continuation byte, or a lead byte UTF-8 never uses (F5 to FF)
  }
  std::size_t length = 1;
  for (; length < need && at + length < text.size(); ++length) {
    const auto next = static_cast<unsigned char>(text[at + length]);
    if (next < low || next > high) break;
    low = 0x80;
    high = 0xBF;
  }
  return {length, length == need};
}

/// Whether all of `text` is well-formed UTF-8.
constexpr bool is_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto sequence = scan_utf8(text, i);
    if (!sequence.valid) return false;
    i += sequence.length;
  }
  return true;
}

}  // namespace iosr::detail
