// SPDX-License-Identifier: MIT
// The errors' kinds, parse_error, and the `file:line:column: message` form shared by errors and
// warnings.
#include "iosr/error.hpp"

#include <fmt/format.h>

namespace iosr {

std::string format_diagnostic(const std::string& file, source_position where,
                              const std::string& message) {
  if (where.line == 0) return fmt::format("{}: {}", file, message);
  if (where.column == 0) return fmt::format("{}:{}: {}", file, where.line, message);
  return fmt::format("{}:{}:{}: {}", file, where.line, where.column, message);
}

parse_error::parse_error(std::string file, source_position where, std::string message,
                         error_kind kind)
    : error(kind, format_diagnostic(file, where, message)),
      file_(std::move(file)),
      where_(where),
      message_(std::move(message)) {}

}  // namespace iosr
