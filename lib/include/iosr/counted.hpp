// SPDX-License-Identifier: MIT
// THE way iosr writes a count with its noun, in every output and message: "1 file", "2 files".
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace iosr {

/// `n` and its noun, singular when `n` is 1 and plural otherwise: `counted(1, "file")` is
/// `1 file`, `counted(0, "file")` `0 files`, `counted(3, "entry", "entries")` `3 entries`. The
/// plural is the noun and `s` unless given.
inline std::string counted(std::size_t n, std::string_view noun, std::string_view plural = {}) {
  std::string out = std::to_string(n);
  out += ' ';
  if (n == 1) {
    out += noun;
  } else if (plural.empty()) {
    (out += noun) += 's';
  } else {
    out += plural;
  }
  return out;
}

}  // namespace iosr
