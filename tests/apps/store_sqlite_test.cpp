// SPDX-License-Identifier: MIT
// What only the SQLite store has (lib/src/store/): an old file on disk migrated forward, and
// files that are no database of this iosr refused; the contract itself is in
// store_contract_test.cpp.
#include <filesystem>
#include <string>
#include <vector>

#include "catch.hpp"
#include "iosr/error.hpp"
#include "iosr/store.hpp"
#include "iosr/trend.hpp"
#include "store/schema.hpp"
#include "store/sqlite.hpp"
#include "store/sqlite_store.hpp"
#include "temp_dir.hpp"

namespace db = iosr::db;
namespace fs = std::filesystem;
using iosr::test::temp_dir;

namespace {

// The message of the iosr::error (error_kind::store) that `open` throws.
template <class Open>
std::string store_error(const Open& open) {
  try {
    open();
  } catch (const iosr::error& e) {
    CHECK(e.kind() == iosr::error_kind::store);
    return e.what();
  }
  FAIL("no error");
  return {};
}

}  // namespace

TEST_CASE("A version-0 database migrates forward and keeps its rows", "[store][sqlite]") {
  temp_dir dir;
  const auto path = dir / "v0.db";
  fs::copy_file(fs::path(IOSR_FIXTURES_DIR) / "db" / "version-0.db", path);
  {
    db::connection raw(path, false);
    REQUIRE(raw.query_integer("PRAGMA user_version") == 0);
  }
  db::sqlite_store s(path, false);
  CHECK(s.version() == db::schema_version);
  const auto summary = s.summarize();
  CHECK(summary.files == 2);
  CHECK(summary.entries == 4);
  CHECK(summary.kernels == std::vector<std::string>{"5.5", "5.6-rc7"});

  std::vector<std::string> seen;  // file, label, value as written
  s.for_each_file({}, [&](iosr::result_file&& f) {
    for (const auto& r : f.results) {
      for (const auto& e : r.entries)
        seen.push_back(f.source_name + "|" + e.label + "|" + e.value_text);
    }
  });
  CHECK(seen ==
        std::vector<std::string>{"old/linux-5.5.txt|None|14.00", "old/linux-5.5.txt|BFQ|15.00",
                                 "old/linux-5.6.xml|None|14.42", "old/linux-5.6.xml|BFQ|14.60"});
  const auto trend = s.load_trend_input({});
  CHECK(trend.runs.size() == 4);
  const auto t = iosr::compute_trend(trend);
  CHECK_FALSE(t.tests.empty());

  // Opened again, it is current: nothing to migrate.
  db::sqlite_store again(path, false);
  CHECK(again.version() == db::schema_version);
  CHECK(again.summarize().entries == 4);
}

TEST_CASE("A file that is no iosr database is refused", "[store][sqlite]") {
  temp_dir dir;
  const auto path = dir / "other.db";
  {
    db::connection raw(path, true);
    raw.exec("CREATE TABLE notes (text TEXT)");
  }
  const auto what = store_error([&] { db::sqlite_store s(path, false); });
  CHECK_THAT(what, Catch::Contains("not an iosr database"));
  CHECK_THAT(what, Catch::StartsWith(path));
}

TEST_CASE("Without create, a missing database is an error, and nothing is made",
          "[store][sqlite]") {
  temp_dir dir;
  const auto path = dir / "none/results.db";
  const auto what = store_error([&] { db::sqlite_store s(path, false); });
  CHECK_THAT(what, Catch::Contains("no database there"));
  CHECK_FALSE(fs::exists(path));
  CHECK_FALSE(fs::exists(dir.path() / "none"));
  // With create, its directories are made too.
  db::sqlite_store made(path, true);
  CHECK(fs::exists(path));
  CHECK(made.version() == db::schema_version);
}

TEST_CASE("db list: the listing as data, and its text", "[store][sqlite]") {
  temp_dir dir;
  db::sqlite_store s(dir / "v0.db", true);
  auto empty = iosr::list_store(s);
  CHECK(empty.version == db::schema_version);
  CHECK(empty.files.empty());
  CHECK(iosr::listing_text(empty) == dir / "v0.db" + " (schema version " +
                                         std::to_string(db::schema_version) +
                                         ")\n0 files, 0 systems, 0 tests, 0 entries\nkernels: none "
                                         "known\nrun dates: none known\n");
  fs::copy_file(fs::path(IOSR_FIXTURES_DIR) / "db" / "version-0.db", dir / "old.db");
  db::sqlite_store old(dir / "old.db", false);
  const auto listing = iosr::list_store(old);
  CHECK(listing.summary.files == 2);
  REQUIRE(listing.files.size() == 2);
  const auto text = iosr::listing_text(listing);
  CHECK(text.find("kernels: 5.5, 5.6-rc7\n") != std::string::npos);
  CHECK(text.find(listing.files[0].sha256.substr(0, 12) + "  ") != std::string::npos);
}
