// SPDX-License-Identifier: MIT
// The SQLite RAII layer (sqlite.hpp): every call checked, every error naming its database.
#include "db/sqlite.hpp"

#include <sqlite3.h>

#include <string>

namespace iosr::cli::db {

statement::statement(connection& db, std::string_view sql) : db_(db) {
  db_.check(
      sqlite3_prepare_v2(db_.handle(), sql.data(), static_cast<int>(sql.size()), &stmt_, nullptr),
      "preparing a statement");
}

statement::~statement() { sqlite3_finalize(stmt_); }

statement& statement::bind(int index, std::int64_t value) {
  db_.check(sqlite3_bind_int64(stmt_, index, value), "binding a value");
  return *this;
}

statement& statement::bind(int index, double value) {
  db_.check(sqlite3_bind_double(stmt_, index, value), "binding a value");
  return *this;
}

statement& statement::bind(int index, std::string_view text) {
  // An empty view may have no data; SQLite takes a null pointer as NULL, so give it "".
  db_.check(sqlite3_bind_text64(stmt_, index, text.empty() ? "" : text.data(), text.size(),
                                SQLITE_TRANSIENT, SQLITE_UTF8),
            "binding a value");
  return *this;
}

statement& statement::bind_view(int index, std::string_view text) {
  db_.check(sqlite3_bind_text64(stmt_, index, text.empty() ? "" : text.data(), text.size(),
                                SQLITE_STATIC, SQLITE_UTF8),
            "binding a value");
  return *this;
}

statement& statement::bind_null(int index) {
  db_.check(sqlite3_bind_null(stmt_, index), "binding a value");
  return *this;
}

statement& statement::bind(int index, const std::optional<double>& value) {
  return value ? bind(index, *value) : bind_null(index);
}

bool statement::step() {
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  db_.check(rc, "running a statement");
  return false;
}

void statement::run() {
  while (step()) {
  }
  sqlite3_reset(stmt_);
}

void statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

bool statement::is_null(int column) const {
  return sqlite3_column_type(stmt_, column) == SQLITE_NULL;
}

std::int64_t statement::integer(int column) const { return sqlite3_column_int64(stmt_, column); }

double statement::real(int column) const { return sqlite3_column_double(stmt_, column); }

std::optional<double> statement::optional_real(int column) const {
  if (is_null(column)) return std::nullopt;
  return real(column);
}

std::string_view statement::text(int column) const {
  const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, column));
  if (!p) return {};
  return {p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, column))};
}

namespace {
// SQLite counts every allocation under a global mutex unless told not to; iosr never asks for
// the counts. This has to happen before SQLite initialises, so once, before the first open.
void configure_once() {
  static const bool configured = [] {
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    return true;
  }();
  (void)configured;
}
}  // namespace

connection::connection(const std::string& path, bool create) : path_(path) {
  configure_once();
  const int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) |
                    SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE;
  const int rc = sqlite3_open_v2(path.c_str(), &db_, flags, nullptr);
  if (rc != SQLITE_OK) {
    std::string message =
        path + ": cannot open the database: " + (db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc));
    sqlite3_close(db_);
    db_ = nullptr;
    throw sqlite_error(message, rc);
  }
}

connection::~connection() { sqlite3_close(db_); }

void connection::check(int code, std::string_view doing) const {
  if (code == SQLITE_OK || code == SQLITE_ROW || code == SQLITE_DONE) return;
  throw sqlite_error(path_ + ": " + std::string(doing) + ": " + sqlite3_errmsg(db_), code);
}

void connection::exec(std::string_view sql) {
  const std::string text(sql);
  char* message = nullptr;
  const int rc = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &message);
  if (rc != SQLITE_OK) {
    std::string error = path_ + ": " + (message ? message : sqlite3_errstr(rc));
    sqlite3_free(message);
    throw sqlite_error(error, rc);
  }
}

std::int64_t connection::last_insert_rowid() const { return sqlite3_last_insert_rowid(db_); }

std::int64_t connection::query_integer(std::string_view sql) {
  statement s(*this, sql);
  return s.step() ? s.integer(0) : 0;
}

void connection::busy_timeout(int milliseconds) {
  check(sqlite3_busy_timeout(db_, milliseconds), "setting the busy timeout");
}

transaction::transaction(connection& db) : db_(db) { db_.exec("BEGIN IMMEDIATE"); }

transaction::~transaction() {
  if (!open_) return;
  // Rolling back cannot be allowed to throw from a destructor; a failed rollback leaves the
  // transaction to SQLite, which rolls it back when the connection closes.
  sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void transaction::commit() {
  db_.exec("COMMIT");
  open_ = false;
}

}  // namespace iosr::cli::db
