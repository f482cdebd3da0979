// SPDX-License-Identifier: MIT
// JSON Lines: one JSON object per entry per line, with the tidy CSV's columns (docs/jsonl.md).
// Written by hand rather than through nlohmann: a batch writes millions of these rows. Strings
// go through the one JSON escaper, in its JSON Lines style (render/escape.hpp).
#include <algorithm>
#include <array>
#include <span>
#include <string>
#include <string_view>

#include "iosr/model.hpp"
#include "iosr/render.hpp"
#include "render/escape.hpp"
#include "render/result/result_formats.hpp"
#include "render/result/tidy_rows.hpp"

namespace iosr::detail {

namespace {

// The numeric columns hold shortest round-trip decimals (`0.1`, `1e-07`) or integers, which
// are JSON numbers, except `inf` and `nan`, which JSON cannot write and which stay strings.
bool is_json_number(std::string_view text) {
  return text.find_first_not_of("0123456789+-.e") == std::string_view::npos;
}

// `"name":` of every column, written once: the names need no escapes.
const auto member_names = [] {
  std::array<std::string, tidy_columns.size()> names;
  for (std::size_t i = 0; i < names.size(); ++i) {
    append_json_string(names[i], tidy_columns[i], json_style::lines);
    names[i].push_back(':');
  }
  return names;
}();

struct jsonl_pieces {
  static std::size_t most(std::size_t column, std::string_view field) {
    return 1 + member_names[column].size() + std::max(json_string_bound(field.size()), null.size());
  }
  static char* write(char* to, std::size_t column, std::string_view field) {
    *to++ = column == 0 ? '{' : ',';
    const auto& name = member_names[column];
    to = std::copy(name.begin(), name.end(), to);
    if (field.empty()) {
      // Empty in the CSV is null here: not known / not applicable.
      return std::copy(null.begin(), null.end(), to);
    }
    if (is_numeric_column(column) && is_json_number(field)) {
      return std::copy(field.begin(), field.end(), to);
    }
    return write_json_string(to, field, json_style::lines);
  }
  static constexpr std::string_view null = "null";
  static constexpr std::string_view end = "}\n";
};

}  // namespace

void write_tidy_jsonl(std::span<const result_file> files, const render_options&, std::string& out) {
  tidy_record_writer<jsonl_pieces> records;
  for (const auto& file : files) {
    records.start_file(file);
    for_each_tidy_row(file, [&](const tidy_row& row) { records.append(out, row); });
  }
}

}  // namespace iosr::detail
