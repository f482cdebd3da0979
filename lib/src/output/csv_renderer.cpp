// SPDX-License-Identifier: MIT
// The tidy CSV output: one row per entry over all files (schema: docs/csv.md).
// Fields are quoted per RFC 4180 (see csv_escape.hpp); lines end with a bare `\n`, which
// Python's csv module, pandas, DuckDB and spreadsheets all read as a record end.
#include <span>
#include <string>
#include <string_view>

#include "iosr/model.hpp"
#include "iosr/render.hpp"
#include "output/csv_escape.hpp"
#include "output/output_formats.hpp"
#include "output/tidy_rows.hpp"

namespace iosr::detail {

namespace {

template <class Fields>
void write_row(std::string& out, const Fields& fields) {
  bool first = true;
  for (const auto& field : fields) {
    if (!first) out.push_back(',');
    first = false;
    append_csv_field(out, field);
  }
  out.push_back('\n');
}

}  // namespace

void render_csv(std::span<const result_file> files, const render_options& options,
                std::string& out) {
  if (options.header) write_row(out, tidy_columns);
  for (const auto& file : files) {
    for_each_tidy_row(file, [&out](const tidy_row& row) { write_row(out, row); });
  }
}

}  // namespace iosr::detail
