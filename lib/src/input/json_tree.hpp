// SPDX-License-Identifier: MIT
// A JSON document as a tree that keeps what nlohmann's DOM drops: where each value and each key
// begins, the order and duplicates of an object's keys, and each number exactly as written
// (`24.00`). Both JSON readers (iosr-json and PTS's JSON export) read their input through it.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "input/reader_context.hpp"
#include "iosr/read.hpp"

namespace iosr::detail {

struct json_member;

struct json_value {
  enum class type { null, boolean, number, string, array, object };
  type kind = type::null;
  /// Numbers: a whole number 0 or greater that fits 64 bits (`12`; not `-1`, `1.0` or `1e2`).
  bool is_unsigned = false;
  std::string text;                  ///< a string's value, a number as written, `true` or `false`
  std::vector<json_member> members;  ///< objects: file order, duplicates kept
  std::vector<json_value> items;     ///< arrays
  std::size_t offset = 0;            ///< byte offset of the value's first character
  /// Of the key's opening quote when the value is an object's member, else `offset`.
  std::size_t member_offset = 0;

  json_value() = default;
  json_value(json_value&&) noexcept;
  json_value& operator=(json_value&&) noexcept;
  /// Frees the nested values without recursion: the depth limit may be raised far.
  ~json_value();

  bool is_object() const { return kind == type::object; }
  bool is_array() const { return kind == type::array; }
  bool is_string() const { return kind == type::string; }
  bool is_number() const { return kind == type::number; }
  /// The last member named `key` (later duplicates win, as in nlohmann, PHP and PTS), or nullptr.
  const json_value* find(std::string_view key) const;
};

// A struct, not std::pair: clang rejects a pair holding the class being defined (with GCC's
// standard library), and the fuzz targets are built with clang.
struct json_member {
  std::string key;
  json_value value;
};

/// Compact JSON text of `value`, numbers as written.
std::string to_json_text(const json_value& value);

/// Why a text is not a JSON tree, and where.
struct json_error {
  enum class type {
    none,
    syntax,     ///< not JSON; `what` is nlohmann-json's message
    too_large,  ///< a number beyond a double (`token`, at its first character)
    too_deep,   ///< objects and arrays nested deeper than the limit, at the first bracket past it
  };
  type kind = type::none;
  std::size_t offset = 0;  ///< byte offset in the text
  std::string what;        ///< nlohmann-json's message (syntax, too_large)
  std::string token;       ///< the text of the number (too_large)
};

/// The result of parse_json_tree: the tree, or where and why the text is not JSON.
struct json_parse {
  json_value root;
  json_error error;
  bool ok() const { return error.kind == json_error::type::none; }
};

/// Parses `text` (nlohmann-json's lexer, which checks UTF-8), refusing objects and arrays nested
/// more than `max_depth` deep.
json_parse parse_json_tree(std::string_view text, std::size_t max_depth);

/// What a JSON reader expects, for its errors.
struct json_document {
  std::string_view name;  ///< `an iosr-json document`
  std::size_t levels;     ///< how deep such a document nests
};

/// The tree of ctx.text, with the `json-depth` limit of `options`; throws parse_error, worded
/// alike for every JSON input, when the text is not JSON or nests too deep.
json_parse read_json_tree(const reader_context& ctx, const read_options& options,
                          const json_document& expected);

}  // namespace iosr::detail
