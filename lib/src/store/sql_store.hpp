// SPDX-License-Identifier: MIT
// What the SQLite and PostgreSQL stores answer alike, written once over a backend's rows
// (reading.hpp): the files listed, found, selected and read back, a store's counts, a file's
// systems, a trend's input. A backend adds what is its own: how it is opened and migrated, its
// version, adding and removing files (its driver, transactions and locks), and the rows these
// read, which also say where its SQL differs.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <unordered_set>
#include <vector>

#include "iosr/store.hpp"
#include "store/reading.hpp"

namespace iosr::db {

class sql_store : public iosr::store {
 public:
  std::unordered_set<std::string> known_hashes() override;
  store_summary summarize() override;
  std::vector<stored_file> files() override;
  std::vector<stored_file> select_files(const file_query& query) override {
    return select_files_now(query);
  }
  std::vector<stored_file> find_files(const std::string& spec) override;
  std::vector<system> systems_of(std::int64_t id) override;
  std::vector<std::size_t> count_files_on(const std::vector<std::string>& machines) override;
  void for_each_file(const test_filter& filter,
                     const std::function<void(result_file&&)>& take) override;
  void for_each_file(const std::vector<std::int64_t>& ids, const test_filter& filter,
                     const std::function<void(result_file&&)>& take) override;
  trend_input load_trend_input(const trend_query& query) override;

  void interrupt() override { rows_->interrupt(); }
  void resume() override { rows_->resume(); }

 protected:
  row_source& rows() { return *rows_; }
  /// select_files as the store is now, for a backend that keeps answers.
  std::vector<stored_file> select_files_now(const file_query& query);

  /// The backend's rows, which every answer above reads: set by its constructor, first.
  std::unique_ptr<row_source> rows_;
};

}  // namespace iosr::db
