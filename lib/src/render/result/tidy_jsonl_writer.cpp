// SPDX-License-Identifier: MIT
// JSON Lines: one JSON object per entry per line, with the tidy CSV's columns (docs/jsonl.md).
// Written by hand rather than through nlohmann: a batch writes millions of these rows. Strings
// go through the one JSON escaper, in its JSON Lines style (render/escape.hpp).
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

void write_row(std::string& out, const tidy_row& row) {
  out.push_back('{');
  for (std::size_t i = 0; i < row.size(); ++i) {
    if (i != 0) out.push_back(',');
    append_json_string(out, tidy_columns[i], json_style::lines);
    out.push_back(':');
    if (row[i].empty()) {
      out += "null";  // empty in the CSV is null here: not known / not applicable
    } else if (is_numeric_column(i) && is_json_number(row[i])) {
      out += row[i];
    } else {
      append_json_string(out, row[i], json_style::lines);
    }
  }
  out += "}\n";
}

}  // namespace

void write_tidy_jsonl(std::span<const result_file> files, const render_options&, std::string& out) {
  for (const auto& file : files) {
    for_each_tidy_row(file, [&out](const tidy_row& row) { write_row(out, row); });
  }
}

}  // namespace iosr::detail
