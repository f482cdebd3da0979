// SPDX-License-Identifier: MIT
// What the two renderer registries (result formats, comparison formats) share: finding a row by
// the name a user typed, and listing the rows for help texts.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "iosr/error.hpp"

namespace iosr::detail {

/// The row of `rows` whose `name` is `name`. Throws iosr::error (usage), `unknown KIND format
/// 'NAME'`, when there is none.
template <class Row>
const Row& find_format(std::span<const Row> rows, std::string_view name, std::string_view kind) {
  for (const auto& row : rows) {
    if (row.name == name) return row;
  }
  throw error(error_kind::usage,
              "unknown " + std::string(kind) + " format '" + std::string(name) + "'");
}

/// `describe(row)` for every row, in order: the public list of a registry.
template <class Row, class Describe>
auto list_formats(std::span<const Row> rows, Describe describe) {
  std::vector<decltype(describe(rows.front()))> list;
  list.reserve(rows.size());
  for (const auto& row : rows) list.push_back(describe(row));
  return list;
}

}  // namespace iosr::detail
