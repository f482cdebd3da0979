// SPDX-License-Identifier: MIT
// Reading a store back, written once for every backend: a file as a result_file, and a trend's
// input. A backend gives rows of the same SQL (rows_of) and says how it tests a column against
// a list of ids (one_of) and where its SQL differs (contains, byte_order); everything else (what is
// read, in which order, how rows become the model) is here, so that both backends give the same
// files and trends by construction.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "iosr/model.hpp"
#include "iosr/store.hpp"
#include "iosr/test_filter.hpp"
#include "iosr/trend.hpp"

namespace iosr::db {

/// A query's rows, one at a time.
class row_cursor {
 public:
  virtual ~row_cursor() = default;
  /// Moves to the next row; false after the last.
  virtual bool next() = 0;
  virtual bool is_null(int column) const = 0;
  virtual std::string_view text(int column) const = 0;  ///< "" for a null; valid to next()
  virtual std::int64_t integer(int column) const = 0;
  virtual std::optional<double> optional_real(int column) const = 0;
};

/// A statement's parameter: a number, a text, or a list of ids (bound as one value, never
/// pasted).
using query_value = std::variant<std::int64_t, std::string, std::vector<std::int64_t>>;

/// An entry a trend reads (read_trend_input): its file, system and test, its value, and the
/// standard error and number of the runs it is the mean of (0 when not known).
struct run_row {
  std::int64_t source = 0;
  std::int64_t system = 0;
  std::int64_t test = 0;
  double value = 0;
  double standard_error = 0;
  std::int64_t sample_count = 0;
};

/// Thrown by a backend's for_each_run() whose rows did not come in the primary key's order:
/// read_trend_input() then reads them again through the ordered query.
struct runs_out_of_order {};

/// What a backend does for the shared readers.
class row_source {
 public:
  virtual ~row_source() = default;
  /// The rows of `sql`, whose parameters are written $1, $2, ... (as PostgreSQL writes them).
  /// `doing` is what a failure says was being done.
  virtual std::unique_ptr<row_cursor> rows_of(std::string_view sql,
                                              const std::vector<query_value>& values,
                                              std::string_view doing = "reading") = 0;
  /// A condition that `column` is one of the ids bound as parameter `parameter` (a list).
  virtual std::string one_of(std::string_view column, int parameter) const = 0;
  /// A condition that the text bound as parameter `parameter` is in `column`, as bytes.
  virtual std::string contains(std::string_view column, int parameter) const = 0;
  /// What follows a text column so that it compares and orders as its bytes ("" where it
  /// does so anyway).
  virtual std::string_view byte_order() const = 0;
  /// The rows of `sql` as rows_of() gives them, fetched a batch at a time: for a query of a
  /// million rows (a trend's entries), of which only a batch is in memory at once. Only
  /// between begin_snapshot() and end_snapshot(), and the last query before end_snapshot().
  virtual std::unique_ptr<row_cursor> stream_of(std::string_view sql,
                                                const std::vector<query_value>& values) {
    return rows_of(sql, values);
  }
  /// The entries of `results` whose value is a number (kind `number` or `series`, a value) and
  /// that meet `conditions` (SQL over the table's columns and $N parameters; "" for every
  /// entry), to `take` in the primary key's order (source_id, chart, position). This one reads
  /// them through stream_of(); a backend may read them more cheaply (SQLite's own), and throws
  /// runs_out_of_order when a row comes out of that order, before handing it on.
  virtual void for_each_run(const std::string& conditions, const std::vector<query_value>& values,
                            const std::function<void(const run_row&)>& take);
  /// From begin_snapshot() to end_snapshot(), every query sees the store as it was at the
  /// first: the several queries of one reading give rows of one state, whatever an import
  /// commits meanwhile (a result naming a system added after the systems were read).
  virtual void begin_snapshot() = 0;
  virtual void end_snapshot() noexcept = 0;
  /// store::interrupt() and resume(), which stop and free the backend's connection.
  virtual void interrupt() = 0;
  virtual void resume() = 0;
};

/// begin_snapshot() for a scope.
class read_snapshot {
 public:
  explicit read_snapshot(row_source& db) : db_(db) { db_.begin_snapshot(); }
  ~read_snapshot() { db_.end_snapshot(); }
  read_snapshot(const read_snapshot&) = delete;
  read_snapshot& operator=(const read_snapshot&) = delete;

 private:
  row_source& db_;
};

/// The file `id` with the charts `filter` keeps, into `f`; false when no file has that id.
/// `version` is the store's schema version: a store older than 4, opened to read and so not
/// migrated, has no relative deviation or baseline columns, and its files have neither.
bool read_stored_file(row_source& db, int version, std::int64_t id, const test_filter& filter,
                      result_file& f);

/// store::load_trend_input for any backend. The machines are chosen from the systems, and only
/// their files' entries are read; only the entries of the tests kept are read.
trend_input read_trend_input(row_source& db, const trend_query& query);

}  // namespace iosr::db
