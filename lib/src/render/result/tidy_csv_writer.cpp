// SPDX-License-Identifier: MIT
// The tidy CSV output: one row per entry over all files (schema: docs/csv.md).
// Fields are quoted per RFC 4180 (see render/escape.hpp); lines end with a bare `\n`, which
// Python's csv module, pandas, DuckDB and spreadsheets all read as a record end.
#include <span>
#include <string>
#include <string_view>

#include "iosr/model.hpp"
#include "iosr/render.hpp"
#include "render/escape.hpp"
#include "render/result/result_formats.hpp"
#include "render/result/tidy_rows.hpp"

namespace iosr::detail {

void write_tidy_csv(std::span<const result_file> files, const render_options& options,
                    std::string& out) {
  if (options.header) append_csv_record(out, tidy_columns);
  for (const auto& file : files) {
    for_each_tidy_row(file, [&out](const tidy_row& row) { append_csv_record(out, row); });
  }
}

}  // namespace iosr::detail
