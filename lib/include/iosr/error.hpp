// SPDX-License-Identifier: MIT
// The one exception type of the library: an input could not be read.
#pragma once

#include <stdexcept>
#include <string>

#include "iosr/model.hpp"

namespace iosr {

/// An input that cannot be read. what() is `file:line:column: message`, the GCC-style prefix
/// editors and CI annotators jump to (line and column are left out when unknown).
class parse_error : public std::runtime_error {
 public:
  parse_error(std::string file, source_position where, std::string message);

  const std::string& file() const noexcept { return file_; }
  source_position where() const noexcept { return where_; }
  /// The message without the `file:line:column: ` prefix.
  const std::string& message() const noexcept { return message_; }

 private:
  std::string file_;
  source_position where_;
  std::string message_;
};

/// `file:line:column: message`, as parse_error::what() and warnings are shown.
std::string format_diagnostic(const std::string& file, source_position where,
                              const std::string& message);

}  // namespace iosr
