// SPDX-License-Identifier: MIT
// The results store (docs/db.md): result files kept by the SHA-256 of their bytes, their systems
// and tests stored once, read back as files and as a trend's input. One interface, opened by a
// URL; the backend behind it is chosen by the URL (SQLite or PostgreSQL). A program built on the
// library (the CLI's `iosr db` and `iosr trend`, a dashboard, a server) needs no SQL of its own.
// Library target `iosr_store` (SQLite and OpenSSL are loaded the first time a store is opened).
#pragma once

#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "iosr/model.hpp"
#include "iosr/test_filter.hpp"
#include "iosr/trend.hpp"

namespace iosr {

/// One imported file, as `iosr db list` shows it.
struct stored_file {
  std::int64_t id = 0;
  std::string sha256, path, format, pts_version, title, run_date, imported_at;
  std::int64_t entries = 0, bytes = 0;
};

/// What a store holds, in counts, for `iosr db list`.
struct store_summary {
  std::int64_t files = 0, systems = 0, tests = 0, entries = 0;
  std::vector<std::string> kernels;   ///< in version order
  std::string first_date, last_date;  ///< empty when no run date is known
};

/// What identifies a file's systems (in order) and charts (in order) in a store: the SHA-256
/// of their fields. An import computes them off the writing thread (store::identities_of).
struct store_identities {
  std::vector<std::string> systems, tests;
};

/// What store::add did.
struct store_added {
  bool imported = false;      ///< false: the same bytes were already in
  std::string existing_path;  ///< the path they were imported as, when they were
  std::int64_t file_id = 0;
};

/// One file for store::add_all: as store::add takes it.
struct store_addition {
  const result_file* file = nullptr;
  const store_identities* ids = nullptr;  ///< identities_of(*file)
  std::string sha256;
  std::string path;
  std::uint64_t bytes = 0;
};

/// What became of one file of store::add_all.
struct store_outcome {
  store_added added;            ///< when `failure` is empty
  std::exception_ptr failure;  ///< what kept the file out (rethrow it to read it)
};

/// Which files store::select_files gives, newest run first (then the last imported first);
/// every field left empty keeps every file. Values are bound, never pasted into SQL. The
/// machine, kernel, kernel range and scheduler are asked of one system: the file has a system
/// that meets them all.
struct file_query {
  std::string text;  ///< in the path or the title, as a substring (bytes, case-sensitive)
  /// A system of the file has this label or name, or runs on a machine whose name (as the trend
  /// names machines: iosr::machine_of) has this in it, in any case (as trend_query::machines);
  /// a machine's whole name names that machine alone, even within another's name.
  std::string machine;
  std::string kernel;  ///< a system of the file runs this kernel (its series point: `6.8`)
  /// A system of the file runs a kernel from `kernel_from` on and up to `kernel_to`, as
  /// versions order (kernel_version::sort_key); either may be empty. A bound takes the whole of
  /// what it names: `6.8` is 6.8-rc1 to every 6.8.N, so 6.8 to 6.10 is every 6.8, 6.9 and 6.10
  /// kernel. One that is not a kernel version (parse_kernel_version) makes select_files throw
  /// iosr::error (usage) naming it.
  std::string kernel_from, kernel_to;
  std::string scheduler;  ///< a system of the file has this scheduler
  /// A system of the file ran on this day, `YYYY-MM-DD`, as a trend by date dates it (its
  /// timestamp in the file, else the file's run date, normalized: iosr::normalized_timestamp).
  /// Another form makes select_files throw iosr::error (usage) naming it.
  std::string date;
  /// The file has a chart this keeps, by its title or description (as compare's --filter).
  test_filter tests;
  std::size_t offset = 0;
  std::size_t limit = 100;  ///< at most this many (0: no limit)
};

/// What a trend reads from a store (store::load_trend_input). The machines are chosen in the
/// store's query, so that one machine's trend reads that machine's entries only.
struct trend_query {
  // Implicit: a filter alone is a query (load_trend_input(filter) reads every machine).
  trend_query(test_filter keep = {}) : filter(std::move(keep)) {}  // NOLINT
  test_filter filter;  ///< the charts it keeps, by title or description
  /// The machines it keeps: those whose name (as the trend names machines: iosr::machine_of)
  /// has one of these parts in it, in any case, as trend_options::machines matches a part of
  /// a name; empty: all. A machine's number as a trend shows it is not known before the trend
  /// is computed: give numbers to trend_options::machines alone.
  std::vector<std::string> machines;
};

/// How a store is opened.
enum class store_access {
  read,   ///< it must exist (list, export, trend, remove); an older version is migrated forward
  write,  ///< created when missing, then migrated forward (import)
  /// It must exist, at this iosr's schema version, and is never written: opened read-only, an
  /// older version refused rather than migrated (`iosr serve`).
  read_only,
};

class store {
 public:
  virtual ~store() = default;

  /// Opens the store `url` names: `sqlite:PATH`, or a plain PATH, is an SQLite file;
  /// `postgresql://[user@][host][:port]/dbname[?param=value...]` (or `postgres://`) is a
  /// PostgreSQL database, the URL given to libpq as it is.
  /// Throws iosr::error (store) that names the store, what is wrong and what was expected: no
  /// database there (read), not an iosr database, a schema version newer than this iosr's.
  static std::unique_ptr<store> open(const std::string& url, store_access access);
  /// The store used when none is named: $IOSR_DB, else $XDG_DATA_HOME/iosr/results.db, else
  /// ~/.local/share/iosr/results.db. Throws iosr::error (store) when none of them is set.
  static std::string default_url();

  /// The SHA-256 of `bytes` (a file's identity in every store), as `sha256sum` prints it.
  static std::string sha256_hex(std::string_view bytes);
  static std::string system_identity(const system& s);
  static std::string test_identity(const result& r);
  static store_identities identities_of(const result_file& file);

  /// The store as it names itself in messages: an SQLite file's path, a PostgreSQL URL
  /// without its password.
  virtual const std::string& location() const = 0;
  /// The schema version the store holds (docs/db.md, "Versions and migrations").
  virtual int version() = 0;

  /// Every file's SHA-256 already in, so that an import skips them before parsing.
  virtual std::unordered_set<std::string> known_hashes() = 0;
  /// Adds `file` (read from `bytes` bytes whose digest is `sha256`; `ids` is identities_of(file))
  /// in one transaction: its row, its systems and tests (each stored once), one row per entry.
  /// Bytes already in are not added again, even when another process added them meanwhile.
  virtual store_added add(const result_file& file, const store_identities& ids,
                          const std::string& sha256, std::string_view path,
                          std::uint64_t bytes) = 0;
  /// Adds several files, each whole or absent, as add() would one after another: in one
  /// transaction while they all go in (a commit and a few statements per file cost more than
  /// a file's rows), and when one of them fails, each again in a transaction of its own, so
  /// that only that one fails. The outcomes in the order of `files`. The default calls add().
  virtual std::vector<store_outcome> add_all(const std::vector<store_addition>& files);

  virtual store_summary summarize() = 0;
  /// Every file, in import order.
  virtual std::vector<stored_file> files() = 0;
  /// The files `query` selects, newest run first, a page of them.
  virtual std::vector<stored_file> select_files(const file_query& query) = 0;
  /// The files `spec` names: a path or ID as listed, or a prefix of a SHA-256.
  virtual std::vector<stored_file> find_files(const std::string& spec) = 0;
  /// Removes a file and its entries, then the systems and tests nothing uses any more.
  virtual void remove(std::int64_t file_id) = 0;

  /// Each file back as a result_file, in import order, with the charts `filter` keeps.
  virtual void for_each_file(const test_filter& filter,
                             const std::function<void(result_file&&)>& take) = 0;
  /// The files of `ids` (as stored_file::id), in that order, as for_each_file gives them; an id
  /// that names no file is skipped.
  virtual void for_each_file(const std::vector<std::int64_t>& ids, const test_filter& filter,
                             const std::function<void(result_file&&)>& take) = 0;

  /// The systems of file `id` (as stored_file::id), in its order, without reading its entries:
  /// label, group, name, scheduler, hardware, and the Kernel software field. Empty when no file
  /// has that id. The default reads the whole file back (for_each_file); a backend answers
  /// from its systems alone (a list page of large files: iosr serve).
  virtual std::vector<system> systems_of(std::int64_t id);

  /// For each of `machines`, how many files select_files would select with that machine alone
  /// (file_query::machine, no other filter, no limit). The default asks select_files once per
  /// machine; a backend answers all of them from one query (the trend overview's 20 machines).
  virtual std::vector<std::size_t> count_files_on(const std::vector<std::string>& machines);

  /// The trend's input: every entry with a number, its system, test and run date, of the tests
  /// and machines `query` keeps (the systems of other machines are left out too).
  virtual trend_input load_trend_input(const trend_query& query) = 0;

  /// What tells one state of the store's contents from another, for a reader that keeps what
  /// it computed from them (`iosr serve` keeps its trend pages so). Equal values, read in one
  /// process on any connection to the same store, mean the same files, systems and tests under
  /// the same ids; an import or a removal, by this connection or any other, gives another value
  /// than the state before it (a removal may give back the value of an earlier, equal state). A
  /// value read before a query is never newer than what the query reads. Empty: the backend
  /// cannot tell (the default), and nothing should be kept. Cheap: a server asks it per request.
  virtual std::string generation() { return {}; }

  /// Called from another thread while this store is at work: its query stops as soon as the
  /// backend can (SQLite's sqlite3_interrupt, PostgreSQL's cancel request), and that call and
  /// every later one throw iosr::error (store) until resume(). `iosr serve` stops a request
  /// that runs past its time limit so. The default does nothing.
  virtual void interrupt() {}
  /// Takes calls again after interrupt().
  virtual void resume() {}
};

/// The files `spec` names for `iosr db remove`: those store::find_files gives (a path as
/// listed, a prefix of a SHA-256); else an archive's files (`spec` is the archive as imported:
/// its files are listed as `ARCHIVE:MEMBER`); else, when `spec` is a file on disk, the file of
/// its bytes, however it was named when imported. Empty when nothing matches.
std::vector<stored_file> files_named(store& s, const std::string& spec);

/// What a store holds: where it is, its schema version, the counts and every imported file.
struct store_listing {
  std::string location;
  int version = 0;
  store_summary summary;
  std::vector<stored_file> files;  ///< in import order
};

/// `iosr db list` as data.
store_listing list_store(store& s);

/// The listing as `iosr db list` prints it: the counts, the kernels and run dates (and how many
/// files have one, when not all do), then one line per file (the first 12 digits of its
/// SHA-256, entries, format, path or ID), in lines of at most `width` columns (at least 40 is
/// laid out): the kernels wrap, and a path too long is shortened in its middle, at its slashes,
/// keeping the end that tells it from the others, else wrapped after its slashes; the digits and
/// counts are never cut. With `whole_paths` (not a terminal, `--long`), the location and every
/// path are whole, a file's on its one line, so that it can be copied into `iosr db remove`.
std::string listing_text(const store_listing& listing, int width = 80, bool whole_paths = false);

}  // namespace iosr
