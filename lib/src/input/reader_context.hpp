// SPDX-License-Identifier: MIT
// The state every text-based reader carries: the input, its name, byte offset -> line:column,
// and the model being filled; warnings and errors are placed by byte offset.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

#include "iosr/error.hpp"
#include "iosr/model.hpp"
#include "line_index.hpp"

namespace iosr::detail {

struct reader_context {
  std::string_view text;
  const std::string& name;
  line_index lines;
  result_file& out;

  source_position at(std::size_t offset) const { return lines.position(offset); }
  void warn(std::size_t offset, std::string message) const {
    out.warnings.push_back({at(offset), std::move(message)});
  }
  [[noreturn]] void fail(std::size_t offset, std::string message) const {
    throw parse_error(name, at(offset), std::move(message));
  }
};

}  // namespace iosr::detail
