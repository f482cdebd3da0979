// SPDX-License-Identifier: MIT
// JSON Lines: one JSON object per entry per line, with the tidy CSV's columns (docs/jsonl.md,
// schema version 2: `samples` as an array of numbers, the text as written in `samples_text`).
// Written by hand rather than through nlohmann: a batch writes millions of these rows. Strings
// go through the one JSON escaper, in its JSON Lines style (render/escape.hpp).
#include <fmt/compile.h>
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <span>
#include <string>
#include <string_view>

#include "iosr/model.hpp"
#include "iosr/render.hpp"
#include "number.hpp"
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

// `"name":` of every column, made when iosr is compiled. Made at start-up, the 24 strings were
// iosr's largest static initialiser: a dozen page faults at every start of every command
// (docs/performance.md, "Start-up"). A column's name is a word of lower-case letters, digits
// and `_`, which JSON writes as it is; another character stops the compilation here.
constexpr std::size_t member_name_bytes = [] {
  std::size_t bytes = 0;
  for (auto column : tidy_columns) bytes += column.size() + 3;
  return bytes;
}();
constexpr auto member_name_text = [] {
  std::array<char, member_name_bytes> text{};
  std::size_t at = 0;
  for (auto column : tidy_columns) {
    text[at++] = '"';
    for (char c : column) {
      if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) {
        throw "a tidy column's name would need escaping in JSON";
      }
      text[at++] = c;
    }
    text[at++] = '"';
    text[at++] = ':';
  }
  return text;
}();
// Where each name starts in member_name_text: offsets, not addresses, which the dynamic loader
// would relocate at every start.
constexpr auto member_name_starts = [] {
  std::array<std::size_t, tidy_columns.size() + 1> starts{};
  for (std::size_t i = 0; i < tidy_columns.size(); ++i) {
    starts[i + 1] = starts[i] + tidy_columns[i].size() + 3;
  }
  return starts;
}();
std::string_view member_name(std::size_t column) {
  return {member_name_text.data() + member_name_starts[column],
          member_name_starts[column + 1] - member_name_starts[column]};
}

constexpr std::string_view null = "null";
constexpr std::string_view samples_text_name = ",\"samples_text\":";
constexpr std::size_t samples_column = std::size_t(
    std::find(tidy_columns.begin(), tidy_columns.end(), "samples") - tidy_columns.begin());

// The CSV's `samples` field (the runs joined by `:`) as a JSON array of numbers, each the
// shortest text that reads back to the same double, always with a `.` or an exponent (`24.0`)
// so that engines that infer types from JSON (DuckDB) read a list of DOUBLE. `null` when there
// are no samples or any of them is not a number: the text stays whole in `samples_text`.
char* write_samples(char* to, std::string_view joined) {
  if (joined.empty()) return std::copy(null.begin(), null.end(), to);
  char* start = to;
  *to++ = '[';
  for (std::size_t at = 0;;) {
    auto colon = std::min(joined.find(':', at), joined.size());
    auto number = parse_number(joined.substr(at, colon - at));
    if (!number) return std::copy(null.begin(), null.end(), start);
    if (at != 0) *to++ = ',';
    char* digits = to;
    to = fmt::format_to(to, FMT_COMPILE("{}"), *number);
    if (std::find_if(digits, to, [](char c) { return c == '.' || c == 'e'; }) == to) {
      to = std::copy_n(".0", 2, to);
    }
    if (colon == joined.size()) break;
    at = colon + 1;
  }
  *to++ = ']';
  return to;
}

struct jsonl_pieces {
  static std::size_t most(std::size_t column, std::string_view field) {
    auto most =
        1 + member_name(column).size() + std::max(json_string_bound(field.size()), null.size());
    if (column == samples_column) {
      // The array too: each run takes at most 26 bytes (`-2.2250738585072014e-308`, `.0`)
      // and a comma.
      auto runs = std::size_t(std::count(field.begin(), field.end(), ':')) + 1;
      most += samples_text_name.size() + 2 + 27 * runs;
    }
    return most;
  }
  static char* write(char* to, std::size_t column, std::string_view field) {
    *to++ = column == 0 ? '{' : ',';
    const auto name = member_name(column);
    to = std::copy(name.begin(), name.end(), to);
    if (column == samples_column) {
      // `samples` as numbers, then the text as written: the one member the CSV has not.
      to = write_samples(to, field);
      to = std::copy(samples_text_name.begin(), samples_text_name.end(), to);
    }
    if (field.empty()) {
      // Empty in the CSV is null here: not known / not applicable.
      return std::copy(null.begin(), null.end(), to);
    }
    if ((is_numeric_column(column) && is_json_number(field)) || is_boolean_column(column)) {
      return std::copy(field.begin(), field.end(), to);
    }
    return write_json_string(to, field, json_style::lines);
  }
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
