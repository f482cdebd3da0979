// SPDX-License-Identifier: MIT
#include "line_index.hpp"

#include <algorithm>

namespace iosr::detail {

line_index::line_index(std::string_view text) {
  line_starts_.push_back(0);
  // find() is memchr: several times faster than a byte loop, and every input is indexed.
  for (auto at = text.find('\n'); at != std::string_view::npos; at = text.find('\n', at + 1)) {
    line_starts_.push_back(at + 1);
  }
}

source_position line_index::position(std::size_t offset) const {
  auto next = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  auto line = static_cast<std::size_t>(next - line_starts_.begin());
  return {line, offset - line_starts_[line - 1] + 1};
}

}  // namespace iosr::detail
