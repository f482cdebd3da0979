// SPDX-License-Identifier: MIT
// The backends the store's contract (store_contract_test.cpp) runs against. Each test case gets
// a backend object of its own: a new, empty database, and connections to it. Another backend
// (PostgreSQL) is one more type with the same members, named in store_backends.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <tuple>

#include "iosr/store.hpp"
#include "store/sqlite.hpp"
#include "temp_dir.hpp"

namespace iosr::test {

/// SQLite: a database file in a temporary directory of the test's own.
struct sqlite_backend {
  static constexpr std::string_view name = "sqlite";

  /// A new connection to the test's database, created by the first.
  std::unique_ptr<store> connect() { return store::open(path(), store_access::write); }
  /// Makes the database say that a program of schema version `version` wrote it.
  void stamp_version(int version) {
    db::connection db(path(), false);
    db.exec("PRAGMA user_version = " + std::to_string(version));
  }
  std::string path() const { return dir / "results.db"; }

  temp_dir dir;
};

using store_backends = std::tuple<sqlite_backend>;

}  // namespace iosr::test
