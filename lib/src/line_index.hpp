// SPDX-License-Identifier: MIT
// Maps byte offsets of an input to 1-based line and column; shared by the readers.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "iosr/model.hpp"

namespace iosr::detail {

class line_index {
 public:
  explicit line_index(std::string_view text);

  /// Line and byte column (both 1-based) of the byte at `offset`. `\r\n` counts as one line end;
  /// a text with no `\n` at all has its lines end in `\r`.
  source_position position(std::size_t offset) const;

 private:
  std::vector<std::size_t> line_starts_;
};

}  // namespace iosr::detail
