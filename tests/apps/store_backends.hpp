// SPDX-License-Identifier: MIT
// The backends the store's contract (store_contract_test.cpp) runs against. Each test case gets
// a backend object of its own: a new, empty database, and connections to it. A backend is a
// type with these members, named in store_backends.
#pragma once

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>

#include "iosr/store.hpp"
#include "store/postgresql.hpp"
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

/// A PostgreSQL server of this test process's own, started on first use (tests/pg_cluster.sh:
/// initdb into a temporary directory, a Unix socket there, no TCP) and stopped at exit. No
/// server binaries is a failure, never a skip: install-deps.sh --tests installs them.
class pg_server {
 public:
  static pg_server& get() {
    static pg_server server;
    return server;
  }
  /// The URL of database `name` on it.
  std::string url(const std::string& name) const {
    return "postgresql:///" + name + "?host=" + dir_ + "&user=iosr";
  }
  const std::string& dir() const { return dir_; }

 private:
  pg_server() {
    char pattern[] = "/tmp/iosr-pg.XXXXXX";
    if (::mkdtemp(pattern) == nullptr) throw std::runtime_error("mkdtemp failed");
    dir_ = pattern;
    const std::string command = script() + " start " + dir_;
    if (std::system(command.c_str()) != 0) {
      throw std::runtime_error(command + " failed: no PostgreSQL server for the store's tests");
    }
  }
  ~pg_server() {
    const std::string command = script() + " stop " + dir_;
    if (std::system(command.c_str()) != 0) return;
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  static std::string script() { return std::string(IOSR_TESTS_DIR) + "/pg_cluster.sh"; }
  std::string dir_;
};

/// PostgreSQL: a database of the test's own on the process's server.
struct postgresql_backend {
  static constexpr std::string_view name = "postgresql";

  postgresql_backend() {
    static std::atomic<unsigned> made{0};
    database = "t" + std::to_string(::getpid()) + "_" + std::to_string(made++);
    db::pg::connection admin(pg_server::get().url("postgres"));
    admin.exec("CREATE DATABASE " + database);
  }
  std::unique_ptr<store> connect() { return store::open(url(), store_access::write); }
  void stamp_version(int version) {
    db::pg::connection db(url());
    db.exec("UPDATE iosr_schema SET version = " + std::to_string(version));
  }
  std::string url() const { return pg_server::get().url(database); }

  std::string database;
};

using store_backends = std::tuple<sqlite_backend, postgresql_backend>;

}  // namespace iosr::test
