// SPDX-License-Identifier: MIT
// A thin RAII layer over the SQLite C API: a connection, prepared statements, and errors as
// exceptions that name what failed. sqlite3.h stays behind it (only sqlite.cpp includes it).
#pragma once

#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "iosr/error.hpp"

struct sqlite3;
struct sqlite3_stmt;
struct sqlite3_value;

namespace iosr::db {

/// A failed SQLite call: `what()` is the database's path, what was being done, and SQLite's
/// message.
class sqlite_error : public error {
 public:
  sqlite_error(const std::string& message, int code)
      : error(error_kind::store, message), code_(code) {}
  int code() const { return code_; }
  /// SQLite said SQLITE_BUSY (any extended code of it): another connection holds the lock.
  bool busy() const;
  /// SQLite said SQLITE_NOTADB: the file is no SQLite database at all.
  bool not_a_database() const;

 private:
  int code_;
};

class connection;

/// A prepared statement: bind by 1-based index, step through the rows, reset to run again.
class statement {
 public:
  statement(connection& db, std::string_view sql);
  ~statement();
  statement(const statement&) = delete;
  statement& operator=(const statement&) = delete;

  statement& bind(int index, std::int64_t value);
  statement& bind(int index, double value);
  statement& bind(int index, std::string_view text);  ///< copied by SQLite
  /// Not copied: `text` must stay alive and unchanged until the statement is reset.
  statement& bind_view(int index, std::string_view text);
  statement& bind_null(int index);
  statement& bind(int index, const std::optional<double>& value);
  /// Binds `values` to the parameters 1, 2, ... in order, each as bind() does.
  template <class... Values>
  statement& bind_all(const Values&... values) {
    int index = 0;
    (bind(++index, values), ...);
    return *this;
  }

  /// True while a row is there to read; false when done. Throws on an error.
  bool step();
  /// Runs a statement that returns no rows, then resets it for the next run (its bindings
  /// stay: every run binds every parameter again).
  void run();
  void reset();

  bool is_null(int column) const;
  std::int64_t integer(int column) const;
  double real(int column) const;
  std::optional<double> optional_real(int column) const;
  std::string_view text(int column) const;  ///< valid until the next step or reset
  /// Reads the columns `first`, `first` + 1, ... into `out` in order: text into a std::string,
  /// an integer into a std::int64_t, a real or NULL into a std::optional<double>.
  template <class... Out>
  void read_columns(int first, Out&... out) const {
    (read_column(first++, out), ...);
  }

 private:
  void read_column(int column, std::string& out) const { out = text(column); }
  void read_column(int column, std::int64_t& out) const { out = integer(column); }
  void read_column(int column, std::optional<double>& out) const { out = optional_real(column); }

  connection& db_;
  sqlite3_stmt* stmt_ = nullptr;
};

/// One row's values as an aggregate function is handed them (connection::each_row), valid
/// during the call only.
class row_values {
 public:
  /// SQLite's sqlite3_value_* functions as loaded: called here, inline, several times for each
  /// of a million rows, without the loader's checks and a call of ours around each.
  struct readers {
    int (*type)(sqlite3_value*) = nullptr;
    long long (*integer)(sqlite3_value*) = nullptr;
    double (*real)(sqlite3_value*) = nullptr;
    const void* (*blob)(sqlite3_value*) = nullptr;
    int (*bytes)(sqlite3_value*) = nullptr;
  };
  /// SQLITE_NULL and SQLITE_TEXT (sqlite.cpp checks them against sqlite3.h).
  static constexpr int null_type = 5;
  static constexpr int text_type = 3;

  row_values(sqlite3_value** values, const readers& read) : values_(values), read_(read) {}
  bool is_null(int column) const { return read_.type(values_[column]) == null_type; }
  bool is_text(int column) const { return read_.type(values_[column]) == text_type; }
  std::int64_t integer(int column) const { return read_.integer(values_[column]); }  ///< 0 for NULL
  double real(int column) const { return read_.real(values_[column]); }  ///< 0 for a NULL
  /// A text's or blob's bytes, not copied: the blob's pointer, not the text's, which for a text
  /// in the page (not NUL-terminated) would be a copy made to end it.
  std::string_view bytes(int column) const {
    const auto* p = static_cast<const char*>(read_.blob(values_[column]));
    if (!p) return {};
    return {p, static_cast<std::size_t>(read_.bytes(values_[column]))};
  }

 private:
  sqlite3_value** values_;
  const readers& read_;
};

/// One connection to a database file.
class connection {
 public:
  /// Opens (and with `create`, creates) the database at `path`.
  /// `immutable`: read-only, and the file is taken not to change while open (SQLite makes no
  /// -shm file beside it and takes no locks): for a file in a folder the user may not write.
  connection(const std::string& path, bool create, bool read_only = false, bool immutable = false);
  ~connection();
  connection(const connection&) = delete;
  connection& operator=(const connection&) = delete;

  /// Runs one or more statements that return no rows.
  void exec(std::string_view sql);
  std::int64_t last_insert_rowid() const;
  /// A single integer (`PRAGMA user_version`); 0 when the statement gives no row.
  std::int64_t query_integer(std::string_view sql);
  /// The rows this connection has inserted, changed or deleted since it was opened.
  std::int64_t total_changes();
  /// How long a statement waits for another process's write lock before SQLITE_BUSY.
  void busy_timeout(int milliseconds);
  const std::string& path() const { return path_; }
  sqlite3* handle() { return db_; }

  /// From any thread: the statement running on this connection stops (sqlite3_interrupt) and
  /// every step after it throws sqlite_error (SQLITE_INTERRUPT) until resume().
  void interrupt();
  void resume() { interrupted_ = false; }
  bool interrupted() const { return interrupted_.load(std::memory_order_relaxed); }

  /// Throws sqlite_error for `code` unless it is a success, saying what was being done.
  void check(int code, std::string_view doing) const;

  /// Runs `sql`, a SELECT of one aggregate `iosr_each(...)` over some rows, and calls `take`
  /// with each row's arguments from within SQLite's one step over them: no row comes back
  /// through sqlite3_step and a column call per value, which were most of SQLite's own work in
  /// a trend over a million entries (docs/performance.md, "The trend's fourth round"). An
  /// aggregate takes its rows in the order the plan visits them, not in an ORDER BY's: the
  /// caller says why that order is the one it needs. `bind` binds the parameters. What `take`
  /// throws stops the statement and is thrown here; interrupt() stops it too.
  void each_row(std::string_view sql, const std::function<void(statement&)>& bind,
                const std::function<void(const row_values&)>& take);

  /// each_row()'s call in progress, which its aggregate finds through SQLite's user data.
  struct each_row_call {
    connection* db = nullptr;
    const std::function<void(const row_values&)>* take = nullptr;
    row_values::readers read;
    std::exception_ptr failure;
  };

 private:
  sqlite3* db_ = nullptr;
  std::string path_;
  std::atomic<bool> interrupted_{false};
  each_row_call each_;
  bool each_registered_ = false;
};

/// An open transaction, rolled back on destruction unless committed (an exception unwinds).
class transaction {
 public:
  /// BEGIN IMMEDIATE: the write lock is taken now, waiting as the busy timeout allows, so
  /// that two writers never deadlock upgrading from a read.
  explicit transaction(connection& db);
  ~transaction();
  transaction(const transaction&) = delete;
  transaction& operator=(const transaction&) = delete;
  void commit();

 private:
  connection& db_;
  bool open_ = true;
};

}  // namespace iosr::db
