// SPDX-License-Identifier: MIT
// Writing a file into a store, the same rows for every backend: which systems a file adds and
// in which order (so that both backends number them alike), and each table's columns with
// their values in order. A backend writes a row through the same few calls on its own kind of
// row (SQLite: a statement's parameters; PostgreSQL: a statement's parameters or a row of
// COPY), and keeps its statements, transactions and locks.
//
// A Row has integer(std::int64_t), real(std::optional<double>), text(std::string_view),
// text_or_null(std::string_view) (null for ""), null() and end(); a row of entries
// (write_result) also joined_or_null(parts, separator) and real_as_written(value, text). The
// texts given may live only until end(), which finishes the row (SQLite runs its statement
// there).
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "iosr/model.hpp"
#include "iosr/store.hpp"
#include "iosr/trend.hpp"
#include "store/rows.hpp"

namespace iosr::db {

/// `INSERT INTO table (columns) VALUES ($1, ..., $N)`, a parameter for each column; with
/// `rows`, that many rows of them: `VALUES ($1, ..., $N), ($N+1, ..., $2N), ...`.
std::string insert_into(std::string_view table, std::string_view columns, std::size_t rows = 1);

/// How many parameters `columns` takes in a row.
std::size_t column_count(std::string_view columns);

/// What one file adds besides its entries: its systems (identity, system) in the order both
/// stores add them (the file's, then one for each label that only entries name, as met), the
/// identity of the system each label names, and its charts' tests (those with entries).
/// Entries name their system by label; the first system with that label is the one (as
/// result_file::find_system finds it).
struct file_rows {
  std::deque<system> unnamed;  // kept in place: the maps hold views of their labels
  std::vector<std::pair<std::string, const system*>> systems;
  std::unordered_map<std::string_view, std::string> label_identity;
  std::vector<std::pair<std::string, const result*>> tests;
};
file_rows file_rows_of(const store_addition& a);

// Each table's columns, in the order its write_ function below gives their values.
inline constexpr std::string_view system_columns =
    "identity, label, \"group\", name, scheduler, kernel, hardware, software, json, "
    "kernel_version, kernel_key";
inline constexpr std::string_view test_columns =
    "identity, title, version, description, arguments, unit, direction, test_profile, "
    "display_format";
inline constexpr std::string_view source_columns_written =
    "sha256, path, format, pts_version, title, description, run_date, imported_at, bytes, "
    "entries, warnings";
inline constexpr std::string_view link_columns =
    "source_id, position, system_id, \"user\", timestamp, client_version, notes, cost, baseline";
inline constexpr std::string_view result_columns =
    "source_id, chart, position, system_id, test_id, value_text, value, kind, min, max, samples, "
    "standard_error, sample_count, failed, error, json, relative_deviation";

/// Texts into the next cells of `row`, in order.
template <class Row, class... Texts>
void write_texts(Row& row, const Texts&... texts) {
  (row.text(std::string_view(texts)), ...);
}

template <class Row>
void write_system(Row& row, const system& s, std::string_view identity) {
  const auto kernel = kernel_of(s);
  const auto version = parse_kernel_version(kernel);
  const auto hardware = fields_json(s.hardware), software = fields_json(s.software);
  write_texts(row, identity, s.label, s.group, s.name, s.scheduler, kernel, hardware, software,
              s.json, version ? std::string_view(version->text) : std::string_view(),
              version ? std::string_view(version->sort_key) : std::string_view());
  row.end();
}

template <class Row>
void write_test(Row& row, const result& r, std::string_view identity) {
  write_texts(row, identity, r.title, r.version, r.description, r.arguments, r.unit,
              to_string(r.direction), r.test_id, r.display_format.name());
  row.end();
}

/// A file's row of sources; `now` is the time of the import (utc_now()).
template <class Row>
void write_source(Row& row, const store_addition& a, std::string_view now) {
  const auto& file = *a.file;
  std::size_t entries = 0;
  for (const auto& r : file.results) entries += r.entries.size();
  const auto pts = pts_version_of(file);
  const auto date = file.run_date();
  write_texts(row, a.sha256, a.path, file.format);
  row.text_or_null(pts);
  write_texts(row, file.title, file.description);
  row.text_or_null(date);
  row.text(now);
  row.integer(static_cast<std::int64_t>(a.bytes));
  row.integer(static_cast<std::int64_t>(entries));
  row.integer(static_cast<std::int64_t>(file.warnings.size()));
  row.end();
}

/// A file's system `s`, at `position` among its systems, stored as row `system_id`.
template <class Row>
void write_link(Row& row, std::int64_t source, std::size_t position, std::int64_t system_id,
                const system& s) {
  row.integer(source);
  row.integer(static_cast<std::int64_t>(position));
  row.integer(system_id);
  write_texts(row, s.user, s.timestamp, s.client_version, s.notes, s.cost);
  row.integer(std::int64_t{s.baseline});
  row.end();
}

/// Entry `e`, at `position` in chart `chart`. Its runs are joined by the row
/// (`joined_or_null`, as joined_samples() joins them), and its value given with its text as
/// written (`real_as_written`), which a row of text may send as it is.
template <class Row>
void write_result(Row& row, std::int64_t source, std::size_t chart, std::size_t position,
                  std::int64_t system_id, std::int64_t test_id, const entry& e) {
  row.integer(source);
  row.integer(static_cast<std::int64_t>(chart));
  row.integer(static_cast<std::int64_t>(position));
  row.integer(system_id);
  row.integer(test_id);
  row.text(e.value_text);
  row.real_as_written(e.value, e.value_text);
  row.text(to_string(e.kind));
  row.real(e.min);
  row.real(e.max);
  row.joined_or_null(e.samples, ':');
  row.real(e.standard_error);
  if (e.sample_count) {
    row.integer(static_cast<std::int64_t>(*e.sample_count));
  } else {
    row.null();
  }
  row.integer(std::int64_t{e.kind == entry_kind::failed});
  row.text_or_null(e.error);
  row.text_or_null(e.json);
  row.real(e.relative_deviation);
  row.end();
}

}  // namespace iosr::db
