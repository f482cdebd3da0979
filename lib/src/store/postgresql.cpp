// SPDX-License-Identifier: MIT
// The libpq layer (postgresql.hpp): every call checked, every error naming the store without
// its password.
#include "store/postgresql.hpp"

#include <libpq-fe.h>

#include <algorithm>
#include <bit>
#include <charconv>
#include <cstring>
#include <memory>
#include <string>

#include "shared_library.hpp"

#ifndef IOSR_LIBPQ_SONAME
#define IOSR_LIBPQ_SONAME nullptr  // linked instead
#endif

namespace iosr::db::pg {

namespace {

// libpq's functions, loaded from IOSR_LIBPQ_SONAME the first time a PostgreSQL store is opened
// (shared_library.hpp), by their names without `PQ`. Not linked: with the 21 libraries it brings
// (Kerberos, LDAP, OpenSSL) loading it at start would cost +10.57 M instructions to
// `iosr --version`'s 0.59 M, CPU +16.96 / +17.16 ms in two rounds of bench/startup.py
// --libraries (2026-12-07, load average 10-16; issue 42's line is 0.3 ms; docs/performance.md,
// "Start-up").
// clang-format off
#define IOSR_LIBPQ_FUNCTIONS(F, P)                                                              \
  F(P, connectdb) F(P, status) F(P, errorMessage) F(P, finish) F(P, execParams) F(P, exec)      \
  F(P, resultStatus) F(P, resultErrorField) F(P, resultErrorMessage) F(P, ntuples)              \
  F(P, getvalue) F(P, getisnull) F(P, getlength) F(P, clear) F(P, putCopyData) F(P, putCopyEnd) \
  F(P, getResult) F(P, setNoticeProcessor) F(P, getCancel) F(P, cancel) F(P, freeCancel)
// clang-format on

IOSR_LIBRARY_TABLE(libpq_api, IOSR_LIBPQ_FUNCTIONS, PQ)

const libpq_api& pq() {
  return load_once<libpq_api>(IOSR_LIBPQ_SONAME, "libpq5", "to open a PostgreSQL store");
}

// libpq's messages end with a newline and may span lines, the next indented by a tab; a
// message here is one line.
std::string one_line(std::string_view text) {
  std::string out;
  bool line_start = false;
  for (char ch : text) {
    if (ch == '\n') {
      if (!out.empty() && out.back() != ' ') out += ' ';
      line_start = true;
    } else if (!(line_start && (ch == '\t' || ch == ' '))) {
      out += ch;
      line_start = false;
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

void ignore_notice(void*, const char*) {}  // "relation already exists, skipping" and the like

}  // namespace

params& params::add(double value) {
  char buffer[32];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  return add(std::string_view(buffer, static_cast<std::size_t>(end - buffer)));
}

rows& rows::operator=(rows&& o) noexcept {
  if (this != &o) {
    if (r_) pq().clear(r_);
    r_ = o.r_;
    o.r_ = nullptr;
  }
  return *this;
}

rows::~rows() {
  if (r_) pq().clear(r_);
}

int rows::size() const { return r_ ? pq().ntuples(r_) : 0; }

bool rows::is_null(int row, int column) const { return pq().getisnull(r_, row, column) != 0; }

std::string_view rows::text(int row, int column) const {
  return {pq().getvalue(r_, row, column),
          static_cast<std::size_t>(pq().getlength(r_, row, column))};
}

std::int64_t rows::integer(int row, int column) const {
  const auto t = text(row, column);
  std::int64_t v = 0;
  std::from_chars(t.data(), t.data() + t.size(), v);
  return v;
}

double rows::real(int row, int column) const {
  const auto t = text(row, column);
  double v = 0;
  // PostgreSQL writes NaN and Infinity; from_chars reads both spellings.
  std::from_chars(t.data(), t.data() + t.size(), v);
  return v;
}

std::optional<double> rows::optional_real(int row, int column) const {
  if (is_null(row, column)) return std::nullopt;
  return real(row, column);
}

std::string connection::without_password(const std::string& url) {
  std::string out = url;
  if (out.starts_with("postgresql://") || out.starts_with("postgres://")) {
    // postgresql://user:secret@host/db: the password is between the first ':' after the scheme
    // and the '@' of the authority.
    const auto start = out.find("//") + 2;
    const auto at = out.find('@', start);
    const auto slash = out.find('/', start);
    if (at != std::string::npos && (slash == std::string::npos || at < slash)) {
      const auto colon = out.find(':', start);
      if (colon != std::string::npos && colon < at) out.erase(colon, at - colon);
    }
    // ...?password=secret in the query string.
    for (auto p = out.find("password="); p != std::string::npos; p = out.find("password=", p)) {
      if (p > 0 && out[p - 1] != '?' && out[p - 1] != '&') {
        p += 9;
        continue;
      }
      const auto end = out.find('&', p);
      out.erase(p, (end == std::string::npos ? out.size() : end) - p);
      if (p > 0 && (out[p - 1] == '&' || out[p - 1] == '?') && (p == out.size() || out[p] == '&')) {
        out.erase(p - 1, 1);
      }
    }
    return out;
  }
  // A conninfo string: key=value pairs, a value maybe quoted.
  for (auto p = out.find("password"); p != std::string::npos; p = out.find("password", p)) {
    auto q = p + 8;
    while (q < out.size() && out[q] == ' ') ++q;
    if ((p > 0 && out[p - 1] != ' ') || q >= out.size() || out[q] != '=') {
      p = q;
      continue;
    }
    ++q;
    while (q < out.size() && out[q] == ' ') ++q;
    if (q < out.size() && out[q] == '\'') {
      for (++q; q < out.size() && out[q] != '\''; ++q) {
        if (out[q] == '\\') ++q;
      }
      ++q;
    } else {
      while (q < out.size() && out[q] != ' ') ++q;
    }
    while (q < out.size() && out[q] == ' ') ++q;
    out.erase(p, q - p);
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

connection::connection(const std::string& url) : location_(without_password(url)) {
  conn_ = pq().connectdb(url.c_str());
  if (conn_ == nullptr) throw pg_error(location_ + ": out of memory connecting", "");
  if (pq().status(conn_) != CONNECTION_OK) {
    // libpq's message names the server and what failed (refused, password authentication
    // failed, database does not exist), never the password.
    std::string message = location_ + ": cannot connect: " + one_line(pq().errorMessage(conn_));
    pq().finish(conn_);
    conn_ = nullptr;
    throw pg_error(message, "");
  }
  pq().setNoticeProcessor(conn_, ignore_notice, nullptr);
  cancel_ = pq().getCancel(conn_);
}

connection::~connection() {
  if (cancel_) pq().freeCancel(cancel_);
  if (conn_) pq().finish(conn_);
}

void connection::interrupt() {
  interrupted_ = true;
  // PQcancel is meant to be called from another thread (or a signal handler). Whether the
  // server took the request does not matter: the next statement is refused either way.
  char message[256];
  if (cancel_) pq().cancel(cancel_, message, sizeof message);
}

void connection::check_interrupted(std::string_view doing) const {
  if (interrupted_.load(std::memory_order_relaxed)) {
    throw pg_error(location_ + ": " + std::string(doing) + ": interrupted", "57014");
  }
}

void connection::fail(std::string_view doing, pg_result* r) {
  std::string state;
  std::string message;
  if (r) {
    if (const char* s = pq().resultErrorField(r, PG_DIAG_SQLSTATE)) state = s;
    if (const char* m = pq().resultErrorField(r, PG_DIAG_MESSAGE_PRIMARY)) message = m;
    pq().clear(r);
  }
  if (message.empty()) message = one_line(pq().errorMessage(conn_));
  throw pg_error(location_ + ": " + std::string(doing) + ": " + message, state);
}

rows connection::run(std::string_view sql, const params& p, std::string_view doing) {
  std::vector<const char*> values;
  std::vector<int> lengths;
  values.reserve(p.values().size());
  for (const auto& v : p.values()) {
    values.push_back(v ? v->c_str() : nullptr);
    lengths.push_back(v ? static_cast<int>(v->size()) : 0);
  }
  check_interrupted(doing);
  const std::string text(sql);
  pg_result* r = pq().execParams(conn_, text.c_str(), static_cast<int>(values.size()), nullptr,
                                 values.data(), lengths.data(), nullptr, 0);
  const auto status = r ? pq().resultStatus(r) : PGRES_FATAL_ERROR;
  if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK) fail(doing, r);
  return rows(r);
}

void connection::exec(std::string_view sql, std::string_view doing) {
  check_interrupted(doing);
  const std::string text(sql);
  pg_result* r = pq().exec(conn_, text.c_str());
  const auto status = r ? pq().resultStatus(r) : PGRES_FATAL_ERROR;
  if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK) fail(doing, r);
  pq().clear(r);
}

void connection::end_transaction(std::string_view sql) noexcept {
  const std::string text(sql);
  if (pg_result* r = pq().exec(conn_, text.c_str())) pq().clear(r);
}

std::int64_t connection::query_integer(std::string_view sql, const params& p) {
  auto r = run(sql, p);
  return r.size() == 0 || r.is_null(0, 0) ? 0 : r.integer(0, 0);
}

void connection::copy_row(std::string& out, const std::vector<std::optional<std::string>>& cells) {
  bool first = true;
  for (const auto& cell : cells) {
    if (!first) out += '\t';
    first = false;
    if (!cell) {
      out += "\\N";
      continue;
    }
    for (char ch : *cell) {
      switch (ch) {
        case '\\':
          out += "\\\\";
          break;
        case '\t':
          out += "\\t";
          break;
        case '\n':
          out += "\\n";
          break;
        case '\r':
          out += "\\r";
          break;
        default:
          out += ch;
      }
    }
  }
  out += '\n';
}

void copy_buffer::grow(std::size_t n) {
  // Doubled, and at least 256 KiB: an import's buffer reaches its size in its first batch and
  // keeps it.
  const auto capacity = std::max({2 * capacity_, size_ + n, std::size_t{1} << 18});
  auto data = std::make_unique_for_overwrite<char[]>(capacity);
  if (size_ > 0) std::memcpy(data.get(), data_.get(), size_);
  data_ = std::move(data);
  capacity_ = capacity;
}

void copy_buffer::joined_or_null(const std::vector<std::string>& parts, char separator) {
  const auto start = size_;
  for (const auto& part : parts) {
    if (size_ > start) {  // as joined_samples(): a separator once something is written
      *room(1) = separator;
      ++size_;
    }
    text(part);
    --size_;  // its tab: the next part or the cell's tab follows
  }
  if (size_ == start) return null();
  *room(1) = '\t';
  ++size_;
}

void copy_buffer::integer(std::int64_t v) {
  char* p = room(21);
  p = std::to_chars(p, p + 20, v).ptr;
  *p++ = '\t';
  done(p);
}

void copy_buffer::real(const std::optional<double>& v) {
  if (!v) return null();
  char* p = room(33);
  p = std::to_chars(p, p + 32, *v).ptr;
  *p++ = '\t';
  done(p);
}

void copy_buffer::real_as_written(const std::optional<double>& v, std::string_view written) {
  const auto plain = [](std::string_view t) {
    if (t.empty() || t.size() > 32) return false;
    bool digit = false, point = false;
    for (std::size_t i = 0; i < t.size(); ++i) {
      const char ch = t[i];
      if (ch >= '0' && ch <= '9') {
        digit = true;
      } else if (ch == '.' && !point) {
        point = true;
      } else if (!(ch == '-' && i == 0)) {
        return false;
      }
    }
    return digit;
  };
  if (v && plain(written)) {
    double read = 0;
    const auto [end, ec] = std::from_chars(written.data(), written.data() + written.size(), read);
    if (ec == std::errc() && end == written.data() + written.size() &&
        std::bit_cast<std::uint64_t>(read) == std::bit_cast<std::uint64_t>(*v)) {
      // Without the zeros that end a fraction, and its point then (`19046.10` is `19046.1`,
      // `5.00` is `5`): the same decimal, so the same double, in as many bytes as the
      // shortest form mostly takes.
      auto n = written.size();
      if (written.find('.') != std::string_view::npos) {
        while (written[n - 1] == '0') --n;
        if (written[n - 1] == '.') --n;
      }
      if (n == 0 || (n == 1 && written[0] == '-')) return real(v);  // `.0`, `-.0`: no digit left
      char* p = room(n + 1);
      std::memcpy(p, written.data(), n);
      p[n] = '\t';
      done(p + n + 1);
      return;
    }
  }
  real(v);
}

void connection::copy(std::string_view table_and_columns, std::string_view data) {
  copy_begin(table_and_columns);
  copy_send(data);
  copy_end();
}

void connection::copy_begin(std::string_view table_and_columns) {
  const std::string sql = "COPY " + std::string(table_and_columns) + " FROM STDIN";
  pg_result* r = pq().exec(conn_, sql.c_str());
  if (!r || pq().resultStatus(r) != PGRES_COPY_IN) fail("starting COPY", r);
  pq().clear(r);
}

void connection::copy_send(std::string_view data) {
  constexpr std::size_t chunk = 1 << 20;
  for (std::size_t at = 0; at < data.size(); at += chunk) {
    const auto n = std::min(chunk, data.size() - at);
    if (pq().putCopyData(conn_, data.data() + at, static_cast<int>(n)) != 1) {
      fail("sending rows", nullptr);
    }
  }
}

void connection::copy_end(const char* abort) {
  if (pq().putCopyEnd(conn_, abort) != 1 && !abort) fail("ending COPY", nullptr);
  // Every result is taken before a failure is thrown, so that the connection can run the
  // ROLLBACK that follows.
  pg_result* failed = nullptr;
  while (pg_result* end = pq().getResult(conn_)) {
    if (pq().resultStatus(end) != PGRES_COMMAND_OK && failed == nullptr) {
      failed = end;
    } else {
      pq().clear(end);
    }
  }
  if (abort) {
    if (failed) pq().clear(failed);
    return;
  }
  if (failed) fail("copying rows", failed);
}

}  // namespace iosr::db::pg
