// SPDX-License-Identifier: MIT
// The tidy CSV output: one row per entry over all files (schema: docs/csv.md).
// Fields are quoted per RFC 4180 (see render/escape.hpp); lines end with a bare `\n`, which
// Python's csv module, pandas, DuckDB and spreadsheets all read as a record end.
#include <algorithm>
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

struct csv_pieces {
  // The room append() makes (and zero-fills) for a field: its comma and its bytes for a
  // numeric column, which is never quoted; else every byte a doubled quote, and the quotes.
  static std::size_t most(std::size_t column, std::string_view field) {
    return is_numeric_column(column) || is_boolean_column(column) ? field.size() + 1
                                                                  : 2 * field.size() + 3;
  }
  static char* write(char* to, std::size_t column, std::string_view field) {
    if (column != 0) *to++ = ',';
    // Numbers as number() writes them (digits, `-`, `.`, `e`, `+`) or the value's own text
    // when that is the same number: nothing to quote, nothing to look for.
    if (is_numeric_column(column) || is_boolean_column(column)) {
      return std::copy(field.begin(), field.end(), to);
    }
    return write_csv_field(to, field);
  }
  static constexpr std::string_view end = "\n";
};

}  // namespace

void write_tidy_csv(std::span<const result_file> files, const render_options& options,
                    std::string& out) {
  if (options.header) append_csv_record(out, tidy_columns);
  tidy_record_writer<csv_pieces> records;
  for (const auto& file : files) {
    records.start_file(file);
    for_each_tidy_row(file, [&](const tidy_row& row) { records.append(out, row); });
  }
}

}  // namespace iosr::detail
