// SPDX-License-Identifier: MIT
// The tidy dataset (one row per entry, docs/csv.md), shared by the CSV and JSONL writers.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "iosr/model.hpp"

namespace iosr::detail {

/// The columns in schema order. Stable: new columns are only ever appended.
inline constexpr std::array<std::string_view, 24> tidy_columns = {
    "file",      "result_title",   "version",      "description", "unit",           "direction",
    "label",     "group",          "name",         "scheduler",   "value",          "kind",
    "samples",   "standard_error", "sample_count", "test_id",     "display_format", "error",
    "arguments", "numeric_value",  "min",          "max",         "relative_deviation",
    "baseline",
};

/// Columns holding a number iosr computed or read (not source text): JSONL writes them as
/// JSON numbers, and CSV never needs to quote them. A table: asked for every field written.
inline constexpr std::array<bool, tidy_columns.size()> numeric_columns = [] {
  std::array<bool, tidy_columns.size()> numeric{};
  for (std::size_t i = 0; i < tidy_columns.size(); ++i) {
    auto c = tidy_columns[i];
    numeric[i] = c == "standard_error" || c == "sample_count" || c == "numeric_value" ||
                 c == "min" || c == "max" || c == "relative_deviation";
  }
  return numeric;
}();
constexpr bool is_numeric_column(std::size_t column) { return numeric_columns[column]; }

/// The one column of `true` or `false` (a JSON boolean in JSONL; never quoted in CSV).
inline constexpr std::size_t baseline_column = tidy_columns.size() - 1;
constexpr bool is_boolean_column(std::size_t column) { return column == baseline_column; }

/// Which rows a column's text is the same for: every row of a chart (the file's columns among
/// them), every row of one system, or each row alone.
enum class tidy_scope { chart, system, entry };

inline constexpr std::array<tidy_scope, tidy_columns.size()> tidy_scopes = [] {
  std::array<tidy_scope, tidy_columns.size()> scopes{};
  for (std::size_t i = 0; i < tidy_columns.size(); ++i) {
    auto c = tidy_columns[i];
    bool system =
        c == "label" || c == "group" || c == "name" || c == "scheduler" || c == "baseline";
    bool entry = c == "value" || c == "kind" || c == "samples" || c == "standard_error" ||
                 c == "sample_count" || c == "error" || c == "numeric_value" || c == "min" ||
                 c == "max" || c == "relative_deviation";
    scopes[i] = system ? tidy_scope::system : entry ? tidy_scope::entry : tidy_scope::chart;
  }
  return scopes;
}();

/// One row: its fields in column order, empty meaning "not known / not applicable", and what
/// it shares with the rows before. The views point into the model or into storage reused for
/// the next row: they are copied into the output, never into strings of their own.
struct tidy_row {
  std::array<std::string_view, tidy_columns.size()> fields;
  bool new_chart = true;  ///< the first row of its chart: the chart columns changed
  /// The index of the row's system in the file's systems; npos for a label that no system has
  /// (its system columns are then worked out from the label, for this row alone).
  std::size_t system = npos;

  static constexpr std::size_t npos = static_cast<std::size_t>(-1);
  std::string_view operator[](std::size_t column) const { return fields[column]; }
  static constexpr std::size_t size() { return tidy_columns.size(); }
};

/// Calls `emit` once per entry of `file`, in chart order then bar order. The row's views are
/// valid only during the call.
void for_each_tidy_row(const result_file& file, const std::function<void(const tidy_row&)>& emit);

/// The runs of consecutive columns with the same scope, in column order.
struct tidy_run {
  std::size_t begin, end;
  tidy_scope scope;
};
inline constexpr auto tidy_runs = [] {
  std::array<tidy_run, tidy_columns.size()> runs{};
  std::size_t n = 0;
  for (std::size_t i = 0; i < tidy_columns.size(); ++i) {
    if (n == 0 || runs[n - 1].scope != tidy_scopes[i]) {
      runs[n++] = {i, i + 1, tidy_scopes[i]};
    } else {
      runs[n - 1].end = i + 1;
    }
  }
  return std::pair{runs, n};
}();

/// Writes rows as records of one format, keeping the text of the columns that whole charts and
/// systems share instead of escaping it again for every row (it was most of a batch
/// --combine's work), and growing the output once per record. `Format` has
/// `static std::size_t most(std::size_t column, std::string_view field)`, the most bytes the
/// field's piece takes (its separator from the piece before, then the field);
/// `static char* write(char* to, std::size_t column, std::string_view field)`, which writes
/// it; and `static constexpr std::string_view end`, what ends a record.
template <class Format>
class tidy_record_writer {
 public:
  /// Forgets the systems of the file before: call it before each file's rows.
  void start_file(const result_file& file) {
    for (auto& text : chart_text_) text.clear();
    system_text_.assign(file.systems.size(), {});
  }

  /// Appends `row`'s record to `out`.
  void append(std::string& out, const tidy_row& row) {
    const auto& [runs, count] = tidy_runs;
    std::array<const std::string*, tidy_columns.size()> kept{};  // per run; null: written
    std::size_t most = Format::end.size();
    for (std::size_t i = 0; i < count; ++i) {
      if (const std::string* text = shared_text(i, row)) {
        kept[i] = text;
        most += text->size();
      } else {
        for (auto c = runs[i].begin; c < runs[i].end; ++c) most += Format::most(c, row[c]);
      }
    }
    auto at = out.size();
    out.resize(at + most);
    char* to = out.data() + at;
    for (std::size_t i = 0; i < count; ++i) {
      if (kept[i] != nullptr) {
        to = std::copy(kept[i]->begin(), kept[i]->end(), to);
      } else {
        to = write_run(to, runs[i], row);
      }
    }
    to = std::copy(Format::end.begin(), Format::end.end(), to);
    out.resize(static_cast<std::size_t>(to - out.data()));
  }

 private:
  static char* write_run(char* to, const tidy_run& run, const tidy_row& row) {
    for (auto c = run.begin; c < run.end; ++c) to = Format::write(to, c, row[c]);
    return to;
  }

  // The kept text of run `i` for `row`, made when it is new; null for a run written each row.
  const std::string* shared_text(std::size_t i, const tidy_row& row) {
    const tidy_run& run = tidy_runs.first[i];
    std::string* text = nullptr;
    bool is_new = false;
    if (run.scope == tidy_scope::chart) {
      text = &chart_text_[i];
      is_new = row.new_chart;
    } else if (run.scope == tidy_scope::system && row.system != tidy_row::npos) {
      // A system's runs (its label's columns, `baseline`) are each made the first time.
      auto& texts = system_text_[row.system];
      if (texts.empty()) texts.resize(tidy_runs.second);
      auto& kept = texts[i];
      is_new = !kept.has_value();
      if (is_new) kept.emplace();
      text = &*kept;
    } else {
      return nullptr;
    }
    if (is_new) {
      std::size_t most = 0;
      for (auto c = run.begin; c < run.end; ++c) most += Format::most(c, row[c]);
      text->resize(most);
      text->resize(static_cast<std::size_t>(write_run(text->data(), run, row) - text->data()));
    }
    return text;
  }

  std::array<std::string, tidy_columns.size()> chart_text_;  // per run, for chart runs
  // Per system, per run; nullopt: not made yet.
  std::vector<std::vector<std::optional<std::string>>> system_text_;
};

}  // namespace iosr::detail
