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

std::string_view to_string(error_kind kind) {
  switch (kind) {
    case error_kind::usage:
      return "usage";
    case error_kind::input:
      return "input";
    case error_kind::limit:
      return "limit";
    case error_kind::store:
      return "store";
    case error_kind::system:
      return "system";
  }
  return "";
}

parse_error::parse_error(std::string file, source_position where, std::string message,
                         error_kind kind)
    : error(kind, format_diagnostic(file, where, message)),
      file_(std::move(file)),
      where_(where),
      message_(std::move(message)) {}

}  // namespace iosr
