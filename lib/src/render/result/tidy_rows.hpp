// SPDX-License-Identifier: MIT
// The tidy dataset (one row per entry, docs/csv.md), shared by the CSV and JSONL writers.
#pragma once

#include <array>
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "iosr/model.hpp"

namespace iosr::detail {

/// The columns in schema order. Stable: new columns are only ever appended.
inline constexpr std::array<std::string_view, 22> tidy_columns = {
    "file",      "result_title",   "version",      "description", "unit",           "direction",
    "label",     "group",          "name",         "scheduler",   "value",          "kind",
    "samples",   "standard_error", "sample_count", "test_id",     "display_format", "error",
    "arguments", "numeric_value",  "min",          "max",
};

/// Columns holding a number iosr computed or read (not source text): JSONL writes them as
/// JSON numbers.
constexpr bool is_numeric_column(std::size_t column) {
  return tidy_columns[column] == "standard_error" || tidy_columns[column] == "sample_count" ||
         tidy_columns[column] == "numeric_value" || tidy_columns[column] == "min" ||
         tidy_columns[column] == "max";
}

/// One row's fields, in column order; empty means "not known / not applicable". The views
/// point into the model or into storage reused for the next row: they are copied into the
/// output, never into strings of their own (that was most of a batch --combine's copying).
using tidy_row = std::array<std::string_view, tidy_columns.size()>;

/// Calls `emit` once per entry of `file`, in chart order then bar order. The row's views are
/// valid only during the call.
void for_each_tidy_row(const result_file& file, const std::function<void(const tidy_row&)>& emit);

}  // namespace iosr::detail
