// SPDX-License-Identifier: MIT
// The PostgreSQL backend of iosr::store (iosr/store.hpp; docs/db.md): the tables of SQLite's
// store in PostgreSQL's words (schema.hpp), every value a parameter, entries sent by COPY, new
// systems and tests added under a lock (no deadlock between importers), and a transaction that
// a serialization failure, a deadlock or a race on a unique key interrupted run again a bounded
// number of times.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "iosr/store.hpp"
#include "store/postgresql.hpp"
#include "store/reading.hpp"

namespace iosr::db {

/// The shared readers' rows (reading.hpp) from a PostgreSQL connection.
class pg_rows final : public row_source {
 public:
  explicit pg_rows(pg::connection& db) : db_(db) {}
  std::unique_ptr<row_cursor> rows_of(std::string_view sql,
                                      const std::vector<query_value>& values) override;
  std::string one_of(std::string_view column, int parameter) const override;
  /// Through a cursor, a batch of rows at a time: a result of a million rows held whole by
  /// libpq took 150 bytes a row.
  std::unique_ptr<row_cursor> stream_of(std::string_view sql,
                                        const std::vector<query_value>& values) override;
  void begin_snapshot() override;
  void end_snapshot() noexcept override;

 private:
  pg::connection& db_;
};

class pg_store final : public iosr::store {
 public:
  /// Connects to `url` and, with `create`, makes the tables when the database has none of
  /// iosr's; a database without them is refused otherwise, and so is one of a newer version.
  pg_store(const std::string& url, bool create);

  const std::string& location() const override { return db_.location(); }
  int version() override;
  std::unordered_set<std::string> known_hashes() override;
  store_added add(const result_file& file, const store_identities& ids, const std::string& sha256,
                  std::string_view path, std::uint64_t bytes) override;
  std::vector<store_outcome> add_all(const std::vector<store_addition>& files) override;
  store_summary summarize() override;
  std::vector<stored_file> files() override;
  std::vector<stored_file> select_files(const file_query& query) override;
  std::vector<system> systems_of(std::int64_t id) override;
  std::vector<std::size_t> count_files_on(const std::vector<std::string>& machines) override;
  std::vector<stored_file> find_files(const std::string& spec) override;
  void remove(std::int64_t file_id) override;
  void for_each_file(const test_filter& filter,
                     const std::function<void(result_file&&)>& take) override;
  void for_each_file(const std::vector<std::int64_t>& ids, const test_filter& filter,
                     const std::function<void(result_file&&)>& take) override;
  trend_input load_trend_input(const trend_query& query) override;
  std::string generation() override;
  void interrupt() override { db_.interrupt(); }
  void resume() override { db_.resume(); }

 private:
  void prepare_schema(bool create);
  // The files added in one transaction, run again a bounded number of times when another
  // importer's transaction got in the way (pg_error::retryable).
  std::vector<store_added> add_with_retries(const std::vector<store_addition>& files);
  std::vector<store_added> add_once(const std::vector<store_addition>& files);
  // The ids of those of `rows` (identity, row) that `table` has already.
  template <class Row>
  std::unordered_map<std::string, std::int64_t> known_ids(
      std::string_view table, const std::vector<std::pair<std::string, const Row*>>& rows);
  // The id of the row of `table` (systems, tests) that `identity` names: added with `p` as the
  // values of `columns`, or found when it is there already.
  std::int64_t insert_or_find(std::string_view table, std::string_view columns,
                              const pg::params& p, const std::string& identity);
  std::int64_t system_id(const system& s, const std::string& identity);
  std::int64_t test_id(const result& r, const std::string& identity);

  pg::connection db_;
};

}  // namespace iosr::db
