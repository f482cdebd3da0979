// SPDX-License-Identifier: MIT
// A thin layer over libpq (loaded on first use, as SQLite is): a connection opened from a URL or
// conninfo string, passed to libpq as given (sslmode, PGPASSFILE, the service file all work as
// libpq does them), statements run with every value a parameter, results read by row and
// column, COPY for bulk rows. libpq-fe.h stays behind it.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "iosr/error.hpp"

struct pg_conn;
struct pg_result;
struct pg_cancel;

namespace iosr::db::pg {

/// A failed call: what() names the store (never its password), what was being done and the
/// server's message; sqlstate() is the server's five-character code ("" when none came back:
/// a lost connection).
class pg_error : public error {
 public:
  pg_error(const std::string& message, std::string sqlstate)
      : error(error_kind::store, message), sqlstate_(std::move(sqlstate)) {}
  const std::string& sqlstate() const { return sqlstate_; }
  /// A serialization failure, a deadlock, a unique key another transaction took meanwhile, a
  /// row referred to that another removed meanwhile: running the transaction again gives
  /// another outcome.
  bool retryable() const {
    return sqlstate_ == "40001" || sqlstate_ == "40P01" || sqlstate_ == "23505" ||
           sqlstate_ == "23503";
  }

 private:
  std::string sqlstate_;
};

/// Parameters of a statement, in the text format: a null is std::nullopt.
class params {
 public:
  params& add(std::string_view text) {
    values_.emplace_back(std::string(text));
    return *this;
  }
  params& add(const std::string& text) { return add(std::string_view(text)); }
  params& add(const char* text) { return add(std::string_view(text)); }
  params& add(std::int64_t value) { return add(std::to_string(value)); }
  params& add(double value);  ///< the shortest text that reads back as the same double
  params& add(const std::optional<double>& value) { return value ? add(*value) : add_null(); }
  params& add_null() {
    values_.emplace_back(std::nullopt);
    return *this;
  }
  /// Adds `text`, or null when it is empty.
  params& add_or_null(std::string_view text) { return text.empty() ? add_null() : add(text); }
  const std::vector<std::optional<std::string>>& values() const { return values_; }

 private:
  std::vector<std::optional<std::string>> values_;
};

/// The rows a statement gave; cells are read as text, and converted.
class rows {
 public:
  rows() = default;
  explicit rows(pg_result* r) : r_(r) {}
  rows(rows&& o) noexcept : r_(o.r_) { o.r_ = nullptr; }
  rows& operator=(rows&& o) noexcept;
  ~rows();
  rows(const rows&) = delete;
  rows& operator=(const rows&) = delete;

  int size() const;
  bool is_null(int row, int column) const;
  std::string_view text(int row, int column) const;  ///< "" for a null
  std::int64_t integer(int row, int column) const;
  double real(int row, int column) const;
  std::optional<double> optional_real(int row, int column) const;

 private:
  pg_result* r_ = nullptr;
};

class connection {
 public:
  /// Connects to `url` (a postgresql:// URL or a conninfo string). Throws pg_error naming the
  /// store as location() names it.
  explicit connection(const std::string& url);
  ~connection();
  connection(const connection&) = delete;
  connection& operator=(const connection&) = delete;

  /// `url` without its password, as messages and `iosr db list` show it.
  static std::string without_password(const std::string& url);
  const std::string& location() const { return location_; }

  /// Runs `sql` with `p` (as $1, $2, ...); throws pg_error saying what was being `done`.
  rows run(std::string_view sql, const params& p = {}, std::string_view doing = "querying");
  /// Runs statements without parameters (several, separated by ';').
  void exec(std::string_view sql, std::string_view doing = "running a statement");
  /// COMMIT or ROLLBACK, sent even after interrupt() and never throwing: a reading stopped by
  /// its time limit leaves its transaction open (aborted), and the connection, resumed, serves
  /// the next request (iosr serve), which a transaction left open would fail.
  void end_transaction(std::string_view sql) noexcept;
  std::int64_t query_integer(std::string_view sql, const params& p = {});

  /// From any thread: the statement running on this connection is cancelled (PostgreSQL's
  /// cancel request, sent on a connection of its own) and every statement after it throws
  /// pg_error until resume().
  void interrupt();
  void resume() { interrupted_ = false; }

  /// COPY `table` (`columns`) FROM STDIN, the rows given in COPY's text format (copy_row()).
  void copy(std::string_view table_and_columns, std::string_view data);
  /// The same in pieces, so that the server reads the rows while the next are written:
  /// copy_begin, copy_send as often as needed, then copy_end() (throws when the rows were
  /// refused), or copy_end(reason) to abandon the COPY (the transaction then fails; nothing
  /// thrown, for use on the way out of an error).
  void copy_begin(std::string_view table_and_columns);
  void copy_send(std::string_view data);
  void copy_end(const char* abort = nullptr);
  /// Appends one row of COPY's text format to `out`: cells tab-separated, a null as \N.
  static void copy_row(std::string& out, const std::vector<std::optional<std::string>>& cells);

 private:
  [[noreturn]] void fail(std::string_view doing, pg_result* r);
  void check_interrupted(std::string_view doing) const;
  pg_conn* conn_ = nullptr;
  pg_cancel* cancel_ = nullptr;  // what interrupt() sends the server; made when connected
  std::string location_;
  std::atomic<bool> interrupted_{false};
};

// What follows the backslash of each byte COPY's text format escapes, 0 for the others.
inline constexpr std::array<char, 256> copy_escapes = [] {
  std::array<char, 256> t{};
  t['\\'] = '\\';
  t['\t'] = 't';
  t['\n'] = 'n';
  t['\r'] = 'r';
  return t;
}();

/// Rows of COPY's text format, as copy_row() writes them, written cell by cell into one buffer
/// kept from batch to batch (an import's grows once, to a piece and a row, and is cleared after
/// each piece is sent). Each cell is stored through a pointer into room made for its largest
/// form (an integer's 20 digits, a double's shortest 24 characters, a text twice its bytes),
/// then followed by a tab, which end() makes the row's newline: no std::string grown a byte at
/// a time, no cell made a string of its own (a million entries' import writes 17 million).
class copy_buffer {
 public:
  copy_buffer() = default;
  copy_buffer(const copy_buffer&) = delete;
  copy_buffer& operator=(const copy_buffer&) = delete;

  /// The rows written since clear().
  std::string_view rows() const { return {data_.get(), size_}; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  void clear() { size_ = 0; }

  void text(std::string_view t) {
    char* p = room(2 * t.size() + 1);
    for (const char ch : t) {
      const char escaped = escape_of(ch);
      if (escaped == 0) {
        *p++ = ch;
      } else {
        *p++ = '\\';
        *p++ = escaped;
      }
    }
    *p++ = '\t';
    done(p);
  }
  /// \N for an empty text, as the store keeps a missing one.
  void text_or_null(std::string_view t) { t.empty() ? null() : text(t); }
  /// `parts` joined by `separator` as one text cell (an entry's runs, as joined_samples()
  /// joins them); \N when that text is empty.
  void joined_or_null(const std::vector<std::string>& parts, char separator);
  void integer(std::int64_t v);
  /// As params::add(double) writes it: the shortest form that reads back as the same double.
  void real(const std::optional<double>& v);
  /// `v` as `written` when that text is a plain decimal (digits, a point, a leading minus; no
  /// exponent, so never out of a double's range) that reads back as exactly `v`: PostgreSQL reads
  /// it with strtod, correctly rounded as from_chars is, to the same bits. Otherwise as real().
  /// An entry's value is mostly its text as written, which spares the shortest form's search.
  void real_as_written(const std::optional<double>& v, std::string_view written);
  void null() {
    char* p = room(3);
    p[0] = '\\';
    p[1] = 'N';
    p[2] = '\t';
    done(p + 3);
  }
  /// Ends the row: its last cell's tab becomes the newline (a row has a cell at least).
  void end() { data_[size_ - 1] = '\n'; }

 private:
  // What follows the backslash of an escaped byte (\\, tab, newline, carriage return); 0 for a
  // byte written as it is. A table: one load a byte.
  static char escape_of(char ch) { return copy_escapes[static_cast<unsigned char>(ch)]; }
  // Where the next `n` bytes go, made room for.
  char* room(std::size_t n) {
    if (capacity_ - size_ < n) grow(n);
    return data_.get() + size_;
  }
  void done(const char* end) { size_ = static_cast<std::size_t>(end - data_.get()); }
  void grow(std::size_t n);
  std::unique_ptr<char[]> data_;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

}  // namespace iosr::db::pg
