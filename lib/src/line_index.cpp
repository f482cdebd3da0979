// SPDX-License-Identifier: MIT
#include "line_index.hpp"

#include <algorithm>

namespace iosr::detail {

line_index::line_index(std::string_view text) {
  line_starts_.push_back(0);
  // Lines end in `\n` (or `\r\n`); in a text without any but with several `\r`, as classic
  // Mac OS wrote it, in `\r` (one `\r` alone is a terminal's overprint, not a line end).
  bool mac = text.find('\n') == std::string_view::npos &&
             std::count(text.begin(), text.end(), '\r') >= 2;
  char end = mac ? '\r' : '\n';
  // find() is memchr: several times faster than a byte loop, and every input is indexed.
  for (auto at = text.find(end); at != std::string_view::npos; at = text.find(end, at + 1)) {
    line_starts_.push_back(at + 1);
  }
}

source_position line_index::position(std::size_t offset) const {
  auto next = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  auto line = static_cast<std::size_t>(next - line_starts_.begin());
  return {line, offset - line_starts_[line - 1] + 1};
}

}  // namespace iosr::detail
