// SPDX-License-Identifier: MIT
// A JSON document as a tree that keeps what nlohmann's DOM drops: where each member is, the
// order and duplicates of an object's keys, and each number exactly as written (`24.00`).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace iosr::detail {

struct json_member;

struct json_value {
  enum class type { null, boolean, number, string, array, object };
  type kind = type::null;
  std::string text;  ///< a string's value, a number as written, `true` or `false`
  std::vector<json_member> members;  ///< objects: file order, duplicates kept
  std::vector<json_value> items;     ///< arrays
  std::size_t offset = 0;  ///< of the member's key (object members), else of the value

  bool is_object() const { return kind == type::object; }
  bool is_array() const { return kind == type::array; }
  bool is_string() const { return kind == type::string; }
  bool is_number() const { return kind == type::number; }
  /// The last member named `key` (later duplicates win, as in PHP and PTS), or nullptr.
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

/// The result of parse_json_tree: the tree, or where and why the text is not JSON.
struct json_parse {
  json_value root;
  bool ok = false;
  std::size_t error_offset = 0;
  std::string error;
};

/// Parses `text` with nlohmann-json. Nesting deeper than 200 levels is refused (the tree is
/// freed recursively).
json_parse parse_json_tree(std::string_view text);

}  // namespace iosr::detail
