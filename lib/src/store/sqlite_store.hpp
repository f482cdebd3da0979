// SPDX-License-Identifier: MIT
// The SQLite backend of iosr::store (iosr/store.hpp; docs/db.md): opening a file safely, adding
// a result file in one transaction, removing one, and the rows that the answers it shares with
// PostgreSQL read (sql_store.hpp).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "iosr/model.hpp"
#include "iosr/store.hpp"
#include "store/reading.hpp"
#include "store/sql_store.hpp"
#include "store/sqlite.hpp"

namespace iosr::db {

struct opening;

/// An SQLite file as an iosr::store.
class sqlite_store final : public sql_store {
 public:
  /// Opens the database at `path`, creating it (and its directory) when `create`: WAL mode,
  /// synchronous=NORMAL, foreign keys not checked, a busy timeout, then migrated to the current
  /// version. Throws sqlite_error or iosr::error (store); both are of error_kind::store.
  /// A file the user may not write (or whose folder they may not write) is opened read-only,
  /// as `read_only` asks: read as it is, nothing migrated. Throws iosr::error (store) for a
  /// directory, an empty file, a missing one (unless `create`), and one to `create` into that
  /// the user may not write.
  sqlite_store(const std::string& path, bool create, bool read_only = false);

  const std::string& location() const override { return db_.path(); }
  int version() override;
  store_added add(const result_file& file, const store_identities& ids, const std::string& sha256,
                  std::string_view path, std::uint64_t bytes) override;
  std::vector<stored_file> select_files(const file_query& query) override;
  void remove(std::int64_t file_id) override;
  std::string generation() override;

 private:
  // A table whose rows are stored once and found by their identity (systems, tests).
  struct stored_once {
    stored_once(std::string_view table_name, std::string_view row_name)
        : table(table_name), row(row_name) {}
    std::string_view table;  // `systems`
    std::string_view row;    // `system`, for the error when a row vanishes
    // Ids known to be committed, by identity; pending holds those of the open transaction.
    std::unordered_map<std::string, std::int64_t> committed, pending;
    std::unique_ptr<statement> insert, find;
    void commit();
  };
  // The id of the row of `rows` that `identity` names; a new one is inserted, its values
  // written by `write(row)` (writing.hpp).
  template <class Write>
  std::int64_t row_id(stored_once& rows, const std::string& identity, std::string_view columns,
                      const Write& write);
  sqlite_store(const std::string& path, bool create, const opening& how);
  // What add does once its transaction is open: the caches checked, the statements prepared.
  // (No add_all of its own: a transaction for many files measured no faster than one each,
  // 2.64 s against 2.67 s for 1M entries; store::add_all adds them one at a time.)
  void begin_adding();
  std::int64_t system_id(const system& s, const std::string& identity);
  std::int64_t test_id(const result& r, const std::string& identity);

  // select_files' recent answers, by query, and the state of the file they hold for: another
  // connection's commit changes PRAGMA data_version, this one's own changes total_changes. A
  // server's list asks the same few queries again and again: the answer of 800 files put in
  // order (most of a list page's CPU) is then read once per change of the store.
  struct selections {
    std::int64_t data_version = -1, changes = -1;
    std::unordered_map<std::string, std::vector<stored_file>> answers;
  };
  static constexpr std::size_t kept_selections = 16;   // answers; then it starts again empty
  static constexpr std::size_t kept_selection_size = 1000;  // files; a larger answer is not kept

  // generation()'s last value and the state of the file it was read at, as selections'.
  struct kept_generation {
    std::int64_t data_version = -1, changes = -1;
    std::string value;
  };

  connection db_;
  selections selections_;
  kept_generation generation_;
  std::int64_t data_version_ = -1;  // PRAGMA data_version when the caches were last known good
  stored_once systems_, tests_;
  std::unique_ptr<statement> insert_source_, insert_source_system_, insert_result_, find_sha_;
};

}  // namespace iosr::db
