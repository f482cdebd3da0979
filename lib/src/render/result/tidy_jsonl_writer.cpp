// SPDX-License-Identifier: MIT
// JSON Lines: one JSON object per entry per line, with the tidy CSV's columns (docs/jsonl.md).
// Written by hand rather than through nlohmann: a batch writes millions of these rows, and
// the escaping needed is small.
#include <cstdio>
#include <span>
#include <string>
#include <string_view>

#include "iosr/model.hpp"
#include "iosr/render.hpp"
#include "render/result/result_formats.hpp"
#include "render/result/tidy_rows.hpp"

namespace iosr::detail {

namespace {

// A JSON string. Bytes from 0x80 up pass through unchanged, as in the CSV, so UTF-8 stays UTF-8.
void append_json_string(std::string& out, std::string_view text) {
  out.push_back('"');
  std::size_t plain = 0;  // start of the run of bytes that need no escape
  for (std::size_t i = 0; i < text.size(); ++i) {
    auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c != '"' && c != '\\') continue;
    out.append(text.substr(plain, i - plain));
    plain = i + 1;
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default: {
        char escaped[8];
        std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
        out += escaped;
      }
    }
  }
  out.append(text.substr(plain));
  out.push_back('"');
}

// The numeric columns hold shortest round-trip decimals (`0.1`, `1e-07`) or integers, which
// are JSON numbers, except `inf` and `nan`, which JSON cannot write and which stay strings.
bool is_json_number(std::string_view text) {
  return text.find_first_not_of("0123456789+-.e") == std::string_view::npos;
}

void write_row(std::string& out, const tidy_row& row) {
  out.push_back('{');
  for (std::size_t i = 0; i < row.size(); ++i) {
    if (i != 0) out.push_back(',');
    append_json_string(out, tidy_columns[i]);
    out.push_back(':');
    if (row[i].empty()) {
      out += "null";  // empty in the CSV is null here: not known / not applicable
    } else if (is_numeric_column(i) && is_json_number(row[i])) {
      out += row[i];
    } else {
      append_json_string(out, row[i]);
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
