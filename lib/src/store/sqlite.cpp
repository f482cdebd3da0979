// SPDX-License-Identifier: MIT
// The SQLite RAII layer (sqlite.hpp): every call checked, every error naming its database.
#include "store/sqlite.hpp"

#include <fmt/format.h>

#include <sqlite3.h>

#include <exception>
#include <functional>
#include <stdexcept>
#include <string>

#include "shared_library.hpp"

#ifndef IOSR_SQLITE_SONAME
#define IOSR_SQLITE_SONAME nullptr  // linked instead
#endif

namespace iosr::db {

namespace {

// SQLite's functions, loaded from IOSR_SQLITE_SONAME the first time a database is opened
// (shared_library.hpp), by their names without `sqlite3_`. Not linked, because loading it at start
// costs more than issue 42's 0.3 ms: +1.06 M instructions to `iosr --version`'s 0.59 M (about
// 0.4-0.5 ms at the 2.1-2.7 M loader instructions a millisecond of the earlier figures in
// docs/performance.md), CPU +1.10 / +1.09 ms in two rounds of bench/startup.py --libraries
// (2026-12-07, load average 10-16; "Start-up" there). The one of these nearest the line.
// clang-format off
#define IOSR_SQLITE_FUNCTIONS(F, P)                                                          \
  F(P, bind_double) F(P, bind_int64) F(P, bind_null) F(P, bind_text64) F(P, busy_timeout)    \
  F(P, clear_bindings) F(P, close) F(P, column_bytes) F(P, column_double) F(P, column_int64) \
  F(P, column_text) F(P, column_type) F(P, config) F(P, create_function_v2) F(P, errmsg)     \
  F(P, errstr) F(P, exec) F(P, finalize) F(P, free) F(P, interrupt) F(P, last_insert_rowid)  \
  F(P, open_v2) F(P, prepare_v2) F(P, reset) F(P, result_error) F(P, step)                   \
  F(P, total_changes) F(P, user_data) F(P, value_blob) F(P, value_bytes) F(P, value_double)  \
  F(P, value_int64) F(P, value_type)
// clang-format on

IOSR_LIBRARY_TABLE(sqlite_api, IOSR_SQLITE_FUNCTIONS, sqlite3_)

const sqlite_api& sqlite() {
  return load_once<sqlite_api>(IOSR_SQLITE_SONAME, "libsqlite3-0", "to open the results database");
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
  // Checked at each row as well: sqlite3_interrupt() stops only a statement that is running
  // when it is called, and a long loop over rows runs between steps.
  if (db_.interrupted()) {
    throw sqlite_error(db_.path() + ": running a statement: interrupted", SQLITE_INTERRUPT);
  }
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

static_assert(row_values::null_type == SQLITE_NULL && row_values::text_type == SQLITE_TEXT);

namespace {

// iosr_each's step: the row to each_row()'s `take`. Nothing may unwind through SQLite's frames:
// what `take` throws is kept and the statement stopped with an error, and each_row() throws it.
void each_row_step(sqlite3_context* context, int /*count*/, sqlite3_value** values) {
  auto* call = static_cast<connection::each_row_call*>(sqlite().user_data(context));
  if (!call->take) {  // called by other SQL on the connection, not by each_row()
    sqlite().result_error(context, "iosr_each is iosr's own, for each_row() alone", -1);
    return;
  }
  try {
    // Checked at each row, as statement::step() checks at each step: an interrupt() between
    // that check and SQLite's start of the step would otherwise be lost for the whole read.
    if (call->db->interrupted()) {
      throw sqlite_error(call->db->path() + ": running a statement: interrupted", SQLITE_INTERRUPT);
    }
    (*call->take)(row_values(values, call->read));
  } catch (...) {
    call->failure = std::current_exception();
    sqlite().result_error(context, "stopped", -1);
  }
}

// Its result is NULL: the rows went to `take`.
void each_row_final(sqlite3_context* /*context*/) {}

}  // namespace

void connection::each_row(std::string_view sql, const std::function<void(statement&)>& bind,
                          const std::function<void(const row_values&)>& take) {
  if (each_.take) throw std::logic_error("each_row() within each_row()");
  if (!each_registered_) {
    const auto& api = sqlite();
    each_.read = {api.value_type, api.value_int64, api.value_double, api.value_blob,
                  api.value_bytes};
    // Once per connection, its user data the connection's own call slot, which outlives it.
    each_.db = this;
    // SQLITE_DIRECTONLY: no view or trigger of a store file may call it.
    check(sqlite().create_function_v2(db_, "iosr_each", -1, SQLITE_UTF8 | SQLITE_DIRECTONLY, &each_,
                                      nullptr, each_row_step, each_row_final, nullptr),
          "registering a function");
    each_registered_ = true;
  }
  each_.take = &take;
  each_.failure = nullptr;
  struct done {
    each_row_call& call;
    ~done() { call.take = nullptr; }
  } clear{each_};
  try {
    statement st(*this, sql);
    bind(st);
    while (st.step()) {
    }
  } catch (...) {
    if (each_.failure) std::rethrow_exception(each_.failure);
    throw;
  }
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

connection::connection(const std::string& path, bool create, bool read_only, bool immutable)
    : path_(path) {
  configure_once();
  const int flags = (read_only || immutable ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE) |
                    (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX |
                    SQLITE_OPEN_EXRESCODE | (immutable ? SQLITE_OPEN_URI : 0);
  // A URI names the file with its characters that a URI gives a meaning escaped.
  std::string name = path;
  if (immutable) {
    name = "file:";
    for (const char c : path) {
      if (c == '%' || c == '?' || c == '#') {
        name += fmt::format("%{:02X}", static_cast<unsigned char>(c));
      } else {
        name += c;
      }
    }
    name += "?immutable=1";
  }
  const int rc = sqlite().open_v2(name.c_str(), &db_, flags, nullptr);
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

std::int64_t connection::total_changes() { return sqlite().total_changes(db_); }

void connection::interrupt() {
  interrupted_ = true;
  sqlite().interrupt(db_);
}

void connection::busy_timeout(int milliseconds) {
  check(sqlite().busy_timeout(db_, milliseconds), "setting the busy timeout");
}

bool sqlite_error::busy() const { return (code_ & 0xff) == SQLITE_BUSY; }
bool sqlite_error::not_a_database() const { return (code_ & 0xff) == SQLITE_NOTADB; }

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

}  // namespace iosr::db
