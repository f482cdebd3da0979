// SPDX-License-Identifier: MIT
// RFC 4180 field quoting, shared by the tabular writers (the tidy CSV and the comparison CSV).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace iosr::detail {

/// Appends `field` to `out` as one CSV field (no separator, no line end). The field is quoted,
/// with inner `"` doubled, when it contains `,`, `"`, CR or LF, or begins or ends with a space
/// (so readers that trim spaces keep them); otherwise it is written as is. Bytes pass through
/// unchanged, so UTF-8 stays UTF-8.
void append_csv_field(std::string& out, std::string_view field);

/// Appends one whole record: the fields as append_csv_field writes them, commas between
/// them, `\n` at the end.
void append_csv_record(std::string& out, std::span<const std::string_view> fields);

/// Writes one CSV record field by field: commas between fields, `\n` at the end (which
/// Python's csv module, pandas, DuckDB and spreadsheets all read as a record end).
class csv_row_writer {
 public:
  explicit csv_row_writer(std::string& out) : out_(out) {}

  void field(std::string_view text);
  /// A computed number in its shortest round-trip form (the exact double, never rounded);
  /// an empty field when there is none.
  void number(const std::optional<double>& v);
  void end();

 private:
  std::string& out_;
  bool first_ = true;
};

}  // namespace iosr::detail
