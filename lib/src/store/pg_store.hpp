// SPDX-License-Identifier: MIT
// The PostgreSQL backend of iosr::store (iosr/store.hpp; docs/db.md): the tables of SQLite's
// store in PostgreSQL's words (schema.hpp), every value a parameter, entries sent by COPY, new
// systems and tests added under a lock (no deadlock between importers), and a transaction that
// a serialization failure, a deadlock or a race on a unique key interrupted run again a bounded
// number of times.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "iosr/store.hpp"
#include "store/postgresql.hpp"
#include "store/reading.hpp"
#include "store/sql_store.hpp"

namespace iosr::db {

class pg_store final : public sql_store {
 public:
  /// Connects to `url` and, with `create`, makes the tables when the database has none of
  /// iosr's; a database without them is refused otherwise, and so is one of a newer version.
  pg_store(const std::string& url, bool create);

  const std::string& location() const override { return db_.location(); }
  int version() override;
  store_added add(const result_file& file, const store_identities& ids, const std::string& sha256,
                  std::string_view path, std::uint64_t bytes) override;
  std::vector<store_outcome> add_all(const std::vector<store_addition>& files) override;
  void remove(std::int64_t file_id) override;
  std::string generation() override;

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
  // What a statement of insert_rows() is said to be doing, for one row and for several.
  struct doing_texts {
    std::string_view one, many;
  };
  // `count` rows added to `table`, many a statement: `write(param_row, i)` gives the values of
  // the i-th for `columns`; each statement ends with `returning` (RETURNING key, id), whose
  // rows go into `ids`.
  template <class Write>
  void insert_rows(std::string_view table, std::string_view columns, std::size_t count,
                   std::string_view returning, const doing_texts& doing, Write write,
                   std::unordered_map<std::string, std::int64_t>& ids);
  // Adds to `ids` the id of each of `rows` (identity, row) that it lacks: the row added to
  // `table` (systems, tests) with the values `write(param_row, row, identity)` gives for
  // `columns`, or found when another importer has just added it. Many rows a statement.
  template <class Row, class Write>
  void add_missing(std::string_view table, std::string_view columns,
                   const std::vector<std::pair<std::string, const Row*>>& rows,
                   std::unordered_map<std::string, std::int64_t>& ids, Write write);

  pg::connection db_;
  // The COPYs' rows of each batch, kept from batch to batch (add_once).
  pg::copy_buffer copy_rows_;
};

}  // namespace iosr::db
