// SPDX-License-Identifier: MIT
// The SQLite RAII layer (sqlite.hpp): every call checked, every error naming its database.
#include "db/sqlite.hpp"

#include <sqlite3.h>

#include <stdexcept>
#include <string>

#include "shared_library.hpp"

#ifndef IOSR_SQLITE_SONAME
#define IOSR_SQLITE_SONAME nullptr  // linked instead
#endif

namespace iosr::cli::db {

namespace {

// SQLite's functions, loaded from IOSR_SQLITE_SONAME the first time a database is opened
// (shared_library.hpp), by their names without `sqlite3_`.
struct sqlite_api {
  decltype(&::sqlite3_bind_double) bind_double;
  decltype(&::sqlite3_bind_int64) bind_int64;
  decltype(&::sqlite3_bind_null) bind_null;
  decltype(&::sqlite3_bind_text64) bind_text64;
  decltype(&::sqlite3_busy_timeout) busy_timeout;
  decltype(&::sqlite3_clear_bindings) clear_bindings;
  decltype(&::sqlite3_close) close;
  decltype(&::sqlite3_column_bytes) column_bytes;
  decltype(&::sqlite3_column_double) column_double;
  decltype(&::sqlite3_column_int64) column_int64;
  decltype(&::sqlite3_column_text) column_text;
  decltype(&::sqlite3_column_type) column_type;
  decltype(&::sqlite3_config) config;
  decltype(&::sqlite3_errmsg) errmsg;
  decltype(&::sqlite3_errstr) errstr;
  decltype(&::sqlite3_exec) exec;
  decltype(&::sqlite3_finalize) finalize;
  decltype(&::sqlite3_free) free;
  decltype(&::sqlite3_last_insert_rowid) last_insert_rowid;
  decltype(&::sqlite3_open_v2) open_v2;
  decltype(&::sqlite3_prepare_v2) prepare_v2;
  decltype(&::sqlite3_reset) reset;
  decltype(&::sqlite3_step) step;
};

const sqlite_api& sqlite() {
  static const sqlite_api functions = [] {
    shared_library lib(IOSR_SQLITE_SONAME, "libsqlite3-0", "to open the results database");
    sqlite_api f{};
    const bool ok =
           lib.find("sqlite3_bind_double", f.bind_double) &&
           lib.find("sqlite3_bind_int64", f.bind_int64) &&
           lib.find("sqlite3_bind_null", f.bind_null) &&
           lib.find("sqlite3_bind_text64", f.bind_text64) &&
           lib.find("sqlite3_busy_timeout", f.busy_timeout) &&
           lib.find("sqlite3_clear_bindings", f.clear_bindings) &&
           lib.find("sqlite3_close", f.close) &&
           lib.find("sqlite3_column_bytes", f.column_bytes) &&
           lib.find("sqlite3_column_double", f.column_double) &&
           lib.find("sqlite3_column_int64", f.column_int64) &&
           lib.find("sqlite3_column_text", f.column_text) &&
           lib.find("sqlite3_column_type", f.column_type) &&
           lib.find("sqlite3_config", f.config) &&
           lib.find("sqlite3_errmsg", f.errmsg) &&
           lib.find("sqlite3_errstr", f.errstr) &&
           lib.find("sqlite3_exec", f.exec) &&
           lib.find("sqlite3_finalize", f.finalize) &&
           lib.find("sqlite3_free", f.free) &&
           lib.find("sqlite3_last_insert_rowid", f.last_insert_rowid) &&
           lib.find("sqlite3_open_v2", f.open_v2) &&
           lib.find("sqlite3_prepare_v2", f.prepare_v2) &&
           lib.find("sqlite3_reset", f.reset) &&
           lib.find("sqlite3_step", f.step);
    if (!ok) throw std::runtime_error(lib.error());
    return f;
  }();
  return functions;
}

}  // namespace

statement::statement(connection& db, std::string_view sql) : db_(db) {
  db_.check(
      sqlite().prepare_v2(db_.handle(), sql.data(), static_cast<int>(sql.size()), &stmt_, nullptr),
      "preparing a statement");
}

statement::~statement() { sqlite().finalize(stmt_); }

statement& statement::bind(int index, std::int64_t value) {
  db_.check(sqlite().bind_int64(stmt_, index, value), "binding a value");
  return *this;
}

statement& statement::bind(int index, double value) {
  db_.check(sqlite().bind_double(stmt_, index, value), "binding a value");
  return *this;
}

statement& statement::bind(int index, std::string_view text) {
  // An empty view may have no data; SQLite takes a null pointer as NULL, so give it "".
  db_.check(sqlite().bind_text64(stmt_, index, text.empty() ? "" : text.data(), text.size(),
                                SQLITE_TRANSIENT, SQLITE_UTF8),
            "binding a value");
  return *this;
}

statement& statement::bind_view(int index, std::string_view text) {
  db_.check(sqlite().bind_text64(stmt_, index, text.empty() ? "" : text.data(), text.size(),
                                SQLITE_STATIC, SQLITE_UTF8),
            "binding a value");
  return *this;
}

statement& statement::bind_null(int index) {
  db_.check(sqlite().bind_null(stmt_, index), "binding a value");
  return *this;
}

statement& statement::bind(int index, const std::optional<double>& value) {
  return value ? bind(index, *value) : bind_null(index);
}

bool statement::step() {
  const int rc = sqlite().step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  db_.check(rc, "running a statement");
  return false;
}

void statement::run() {
  while (step()) {
  }
  sqlite().reset(stmt_);
}

void statement::reset() {
  sqlite().reset(stmt_);
  sqlite().clear_bindings(stmt_);
}

bool statement::is_null(int column) const {
  return sqlite().column_type(stmt_, column) == SQLITE_NULL;
}

std::int64_t statement::integer(int column) const { return sqlite().column_int64(stmt_, column); }

double statement::real(int column) const { return sqlite().column_double(stmt_, column); }

std::optional<double> statement::optional_real(int column) const {
  if (is_null(column)) return std::nullopt;
  return real(column);
}

std::string_view statement::text(int column) const {
  const auto* p = reinterpret_cast<const char*>(sqlite().column_text(stmt_, column));
  if (!p) return {};
  return {p, static_cast<std::size_t>(sqlite().column_bytes(stmt_, column))};
}

namespace {
// SQLite counts every allocation under a global mutex unless told not to; iosr never asks for
// the counts. This has to happen before SQLite initialises, so once, before the first open.
void configure_once() {
  static const bool configured = [] {
    sqlite().config(SQLITE_CONFIG_MEMSTATUS, 0);
    return true;
  }();
  (void)configured;
}
}  // namespace

connection::connection(const std::string& path, bool create) : path_(path) {
  configure_once();
  const int flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) |
                    SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE;
  const int rc = sqlite().open_v2(path.c_str(), &db_, flags, nullptr);
  if (rc != SQLITE_OK) {
    std::string message =
        path + ": cannot open the database: " + (db_ ? sqlite().errmsg(db_) : sqlite().errstr(rc));
    sqlite().close(db_);
    db_ = nullptr;
    throw sqlite_error(message, rc);
  }
}

connection::~connection() { sqlite().close(db_); }

void connection::check(int code, std::string_view doing) const {
  if (code == SQLITE_OK || code == SQLITE_ROW || code == SQLITE_DONE) return;
  throw sqlite_error(path_ + ": " + std::string(doing) + ": " + sqlite().errmsg(db_), code);
}

void connection::exec(std::string_view sql) {
  const std::string text(sql);
  char* message = nullptr;
  const int rc = sqlite().exec(db_, text.c_str(), nullptr, nullptr, &message);
  if (rc != SQLITE_OK) {
    std::string error = path_ + ": " + (message ? message : sqlite().errstr(rc));
    sqlite().free(message);
    throw sqlite_error(error, rc);
  }
}

std::int64_t connection::last_insert_rowid() const { return sqlite().last_insert_rowid(db_); }

std::int64_t connection::query_integer(std::string_view sql) {
  statement s(*this, sql);
  return s.step() ? s.integer(0) : 0;
}

void connection::busy_timeout(int milliseconds) {
  check(sqlite().busy_timeout(db_, milliseconds), "setting the busy timeout");
}

transaction::transaction(connection& db) : db_(db) { db_.exec("BEGIN IMMEDIATE"); }

transaction::~transaction() {
  if (!open_) return;
  // Rolling back cannot be allowed to throw from a destructor; a failed rollback leaves the
  // transaction to SQLite, which rolls it back when the connection closes.
  sqlite().exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void transaction::commit() {
  db_.exec("COMMIT");
  open_ = false;
}

}  // namespace iosr::cli::db
