// SPDX-License-Identifier: MIT
// The results database (docs/db.md): opening it safely, adding a result file in one
// transaction, listing, removing, and reading files and trend inputs back.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "db/sqlite.hpp"
#include "iosr/compare.hpp"
#include "iosr/model.hpp"
#include "iosr/trend.hpp"

namespace iosr::cli::db {

/// Where the database is when --db does not say: $IOSR_DB, else
/// $XDG_DATA_HOME/iosr/results.db, else ~/.local/share/iosr/results.db.
std::string default_database_path();

/// One imported file, as `iosr db list` shows it.
struct source_row {
  std::int64_t id = 0;
  std::string sha256, path, format, pts_version, title, run_date, imported_at;
  std::int64_t entries = 0, bytes = 0;
};

/// What the database holds, for `iosr db list`.
struct database_summary {
  std::int64_t files = 0, systems = 0, tests = 0, entries = 0;
  std::vector<std::string> kernels;   ///< in version order
  std::string first_date, last_date;  ///< empty when no run date is known
};

class store {
 public:
  /// Opens the database at `path`, creating it (and its directory) when `create`: WAL mode,
  /// synchronous=NORMAL, foreign keys on, a busy timeout, then migrated to the current
  /// version. Throws sqlite_error or iosr::error (store); both are of error_kind::store.
  store(const std::string& path, bool create);

  /// Every file's SHA-256 already in, so that an import skips them before parsing.
  std::unordered_set<std::string> known_hashes();

  /// What identifies a system and a test in the database (a SHA-256 of their fields). An import
  /// computes them in its workers, so that the thread that writes only writes.
  static std::string system_identity(const system& s);
  static std::string test_identity(const result& r);
  /// The identities of a file's systems (in order) and charts (in order), for add().
  struct identities {
    std::vector<std::string> systems, tests;
  };
  static identities identities_of(const result_file& file);

  struct added {
    bool imported = false;      ///< false: the same bytes were already in
    std::string existing_path;  ///< the path it was imported as, when it was
    std::int64_t source_id = 0;
  };
  /// Adds `file` (read from `bytes` bytes whose digest is `sha256`; `ids` is
  /// identities_of(file)) in one transaction: its source row, its systems and tests (each
  /// stored once), one row per entry.
  added add(const result_file& file, const identities& ids, const std::string& sha256,
            std::string_view path, std::uint64_t bytes);

  database_summary summarize();
  std::vector<source_row> sources();
  /// The sources `spec` names: a path or ID as listed, or a prefix of a SHA-256.
  std::vector<source_row> find_sources(const std::string& spec);
  /// Removes a source and its entries, then the systems and tests nothing uses any more.
  void remove(std::int64_t source_id);

  /// Each file back as a result_file, in import order, with the charts `filter` keeps.
  void for_each_file(const test_filter& filter, const std::function<void(result_file&&)>& take);

  /// The trend's input: every entry with a number, its system, test and run date.
  trend_input load_trend_input(const test_filter& filter);

  int version();
  const std::string& path() const { return db_.path(); }

 private:
  // A table whose rows are stored once and found by their identity (systems, tests).
  struct stored_once {
    stored_once(std::string_view table_name, std::string_view row_name,
                std::string_view insert_statement)
        : table(table_name), row(row_name), insert_sql(insert_statement) {}
    std::string_view table;       // `systems`
    std::string_view row;         // `system`, for the error when a row vanishes
    std::string_view insert_sql;  // binds the identity first, does nothing when it is there
    // Ids known to be committed, by identity; pending holds those of the open transaction.
    std::unordered_map<std::string, std::int64_t> committed, pending;
    std::unique_ptr<statement> insert, find;
    void commit();
  };
  // The id of the row of `rows` that `identity` names; a new one is inserted, its values bound
  // by `bind(insert)`.
  template <class Bind>
  std::int64_t row_id(stored_once& rows, std::string identity, const Bind& bind);
  std::int64_t system_id(const system& s, std::string identity);
  std::int64_t test_id(const result& r, std::string identity);

  connection db_;
  stored_once systems_, tests_;
  std::unique_ptr<statement> insert_source_, insert_source_system_, insert_result_, find_sha_;
};

}  // namespace iosr::cli::db
