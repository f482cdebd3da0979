// SPDX-License-Identifier: MIT
// The library's errors: one type, iosr::error, whose kind says what went wrong and so what the
// caller can do; parse_error is the kind that has a place in an input.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "iosr/model.hpp"
#include "iosr/names.hpp"

namespace iosr {

/// What an error is about: a program (the CLI, a server) maps a kind to its answer (an exit
/// code, an HTTP status) without reading the message.
enum class error_kind {
  usage,   ///< a request that cannot be carried out as asked: an unknown format name, a
           ///< `--filter` that is not a regular expression, options that exclude each other
  input,   ///< an input that cannot be read (a parse_error)
  limit,   ///< an input beyond a read limit (a parse_error naming the limit, docs/reliability.md)
  store,   ///< the results store: its file, its version, its database engine
  system,  ///< the machine: a library that cannot be loaded, a file that cannot be written
};

template <>
struct enum_names<error_kind> {
  static constexpr std::string_view names[] = {"usage", "input", "limit", "store", "system"};
};

/// `usage`, `input`, `limit`, `store` or `system`.
constexpr std::string_view to_string(error_kind kind) { return name_of(kind); }

/// Every error the library throws. what() is the message users read.
class error : public std::runtime_error {
 public:
  error(error_kind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
  error_kind kind() const noexcept { return kind_; }

 private:
  error_kind kind_;
};

/// An input that cannot be read (error_kind::input), or one beyond a limit (error_kind::limit).
/// what() is `file:line:column: message`, the GCC-style prefix editors and CI annotators jump
/// to (line and column are left out when unknown).
class parse_error : public error {
 public:
  parse_error(std::string file, source_position where, std::string message,
              error_kind kind = error_kind::input);

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
