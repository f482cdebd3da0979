// SPDX-License-Identifier: MIT
// What the renderer registries (result, comparison and trend formats) share: the row of a format
// that draws one model, finding a row by the name a user typed, and listing the rows for help
// texts.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "iosr/error.hpp"

namespace iosr::detail {

/// A format that draws a `Model` (a comparison, a trend): its name, its help line, its renderer,
/// which appends to `out`.
template <class Model, class Options>
struct drawing_format {
  std::string_view name;
  std::string_view help;
  void (*render)(const Model& model, const Options& options, std::string& out);
};

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
