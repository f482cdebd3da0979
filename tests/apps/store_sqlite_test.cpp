// SPDX-License-Identifier: MIT
// What only the SQLite store has (lib/src/store/): an old file on disk migrated forward, and
// files that are no database of this iosr refused; the contract itself is in
// store_contract_test.cpp.
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "catch.hpp"
#include "iosr/error.hpp"
#include "iosr/read.hpp"
#include "iosr/store.hpp"
#include "iosr/trend.hpp"
#include "store/reading.hpp"
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

// The shared readers' rows over a raw connection (reading.hpp) whose first for_each_run hands on
// one run and then says the rows came out of their key's order, as SQLite's own reading says
// when its plan gives them otherwise: read_trend_input must read again from the start. No list
// of ids is bound (the trend of every machine and test).
class out_of_order_once final : public db::row_source {
 public:
  explicit out_of_order_once(db::connection& c) : c_(c) {}
  int attempts = 0;
  bool said_out_of_order = false;

  std::unique_ptr<db::row_cursor> rows_of(std::string_view sql,
                                          const std::vector<db::query_value>& values,
                                          std::string_view /*doing*/) override {
    std::string text(sql);
    for (auto& ch : text) ch = ch == '$' ? '?' : ch;
    auto out = std::make_unique<cursor>(c_, text);
    for (std::size_t i = 0; i < values.size(); ++i) {
      const int index = static_cast<int>(i) + 1;
      if (const auto* n = std::get_if<std::int64_t>(&values[i])) {
        out->st.bind(index, *n);
      } else {
        out->st.bind(index, std::string_view(std::get<std::string>(values[i])));
      }
    }
    return out;
  }
  std::string one_of(std::string_view, int) const override { throw std::logic_error("no list"); }
  std::string contains(std::string_view, int) const override { throw std::logic_error("no"); }
  std::string_view byte_order() const override { return ""; }
  void for_each_run(const std::string& conditions, const std::vector<db::query_value>& values,
                    const std::function<void(const db::run_row&)>& take) override {
    ++attempts;
    int handed = 0;
    row_source::for_each_run(conditions, values, [&](const db::run_row& run) {
      if (attempts == 1 && ++handed == 2) {
        said_out_of_order = true;
        throw db::runs_out_of_order{};
      }
      take(run);
    });
  }
  void begin_snapshot() override { c_.exec("BEGIN"); }
  void end_snapshot() noexcept override {
    try {
      c_.exec("COMMIT");
    } catch (const std::exception&) {
    }
  }
  void interrupt() override {}
  void resume() override {}

 private:
  struct cursor final : db::row_cursor {
    cursor(db::connection& c, const std::string& sql) : st(c, sql) {}
    bool next() override { return st.step(); }
    bool is_null(int column) const override { return st.is_null(column); }
    std::string_view text(int column) const override { return st.text(column); }
    std::int64_t integer(int column) const override { return st.integer(column); }
    std::optional<double> optional_real(int column) const override {
      return st.optional_real(column);
    }
    db::statement st;
  };
  db::connection& c_;
};

// A copy of the version-0 fixture in `dir`, migrated to this iosr's version; its path.
std::string migrated_copy(const temp_dir& dir) {
  const auto path = dir / "v0.db";
  fs::copy_file(fs::path(IOSR_FIXTURES_DIR) / "db" / "version-0.db", path);
  db::sqlite_store migrated(path, false);
  return path;
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

TEST_CASE("A trend's runs read again when they came out of order give the same input",
          "[store][sqlite][trend]") {
  temp_dir dir;
  const auto path = migrated_copy(dir);
  db::sqlite_store s(path, false);
  const auto expected = s.load_trend_input({});
  REQUIRE(expected.runs.size() == 4);

  db::connection raw(path, false);
  out_of_order_once rows(raw);
  const auto got = db::read_trend_input(rows, {});
  CHECK(rows.said_out_of_order);
  CHECK(rows.attempts == 1);  // read again through the shared, ordered query, not this override
  REQUIRE(got.runs.size() == expected.runs.size());
  for (std::size_t i = 0; i < got.runs.size(); ++i) {
    CHECK(got.runs[i].system == expected.runs[i].system);
    CHECK(got.runs[i].test == expected.runs[i].test);
    CHECK(got.runs[i].value == expected.runs[i].value);
    CHECK(got.runs[i].standard_error == expected.runs[i].standard_error);
    CHECK(got.runs[i].sample_count == expected.runs[i].sample_count);
  }
  REQUIRE(got.systems.size() == expected.systems.size());
  for (std::size_t i = 0; i < got.systems.size(); ++i) {
    CHECK(got.systems[i].label == expected.systems[i].label);
    CHECK(got.systems[i].date == expected.systems[i].date);
  }
  CHECK(got.tests.size() == expected.tests.size());
}

TEST_CASE("each_row: what the row's callback throws, and an interrupt, stop the statement",
          "[store][sqlite]") {
  temp_dir dir;
  const auto path = migrated_copy(dir);
  db::connection c(path, false);
  const auto no_parameters = [](db::statement&) {};
  std::vector<std::int64_t> sources;
  c.each_row("SELECT iosr_each(source_id, value) FROM results", no_parameters,
             [&](const db::row_values& row) {
               CHECK_FALSE(row.is_null(1));
               sources.push_back(row.integer(0));
             });
  CHECK(sources == std::vector<std::int64_t>{1, 1, 2, 2});

  // The callback's own exception, whole, after one row; the connection is usable after it.
  int seen = 0;
  CHECK_THROWS_WITH(c.each_row("SELECT iosr_each(source_id) FROM results", no_parameters,
                               [&](const db::row_values&) {
                                 ++seen;
                                 throw std::runtime_error("enough");
                               }),
                    "enough");
  CHECK(seen == 1);

  // interrupt() from within: the next row is not handed on.
  seen = 0;
  try {
    c.each_row("SELECT iosr_each(source_id) FROM results", no_parameters,
               [&](const db::row_values&) {
                 ++seen;
                 c.interrupt();
               });
    FAIL("not interrupted");
  } catch (const db::sqlite_error& e) {
    CHECK_THAT(e.what(), Catch::Contains("interrupted"));
  }
  CHECK(seen == 1);
  c.resume();
  seen = 0;
  c.each_row(
      "SELECT iosr_each(source_id) FROM results WHERE source_id = ?1",
      [](db::statement& st) { st.bind(1, std::int64_t{2}); },
      [&](const db::row_values&) { ++seen; });
  CHECK(seen == 2);
}

TEST_CASE("iosr_each outside each_row, or from a view, is an error, not a crash",
          "[store][sqlite]") {
  temp_dir dir;
  const auto path = migrated_copy(dir);
  db::connection c(path, false);
  c.each_row(
      "SELECT iosr_each(source_id) FROM results", [](db::statement&) {},
      [](const db::row_values&) {});
  // Registered now, with no each_row() under way.
  CHECK_THROWS_AS(c.exec("SELECT iosr_each(source_id) FROM results"), db::sqlite_error);
  // A store file's own view may not call it at all, not even within each_row()
  // (SQLITE_DIRECTONLY: "unsafe use of iosr_each()").
  c.exec("CREATE VIEW calls_it AS SELECT iosr_each(source_id) AS x FROM results");
  int handed = 0;
  CHECK_THROWS_AS(c.each_row(
                      "SELECT iosr_each(x) FROM calls_it", [](db::statement&) {},
                      [&](const db::row_values&) { ++handed; }),
                  db::sqlite_error);
  CHECK(handed == 0);
}

TEST_CASE("A store whose text is UTF-16 gives the same trend as one in UTF-8",
          "[store][sqlite][trend]") {
  temp_dir dir;
  const auto utf8 = dir / "utf8.db", utf16 = dir / "utf16.db";
  {
    // An empty file in UTF-16 (the encoding is fixed once a table is made): the store's own
    // tables are then made in it, and its texts are UTF-16.
    db::connection c(utf16, true);
    c.exec("PRAGMA encoding = 'UTF-16le'; CREATE TABLE t (a); DROP TABLE t");
  }
  db::sqlite_store in_utf8(utf8, true), in_utf16(utf16, false);
  for (const auto& entry : fs::directory_iterator(fs::path(IOSR_DATA_DIR) / "text")) {
    const auto path = entry.path().string();
    const auto bytes = iosr::test::slurp(path);
    const auto file = iosr::read_results(bytes, path);
    const auto ids = iosr::store::identities_of(file);
    const auto sha256 = iosr::store::sha256_hex(bytes);
    in_utf8.add(file, ids, sha256, path, bytes.size());
    in_utf16.add(file, ids, sha256, path, bytes.size());
  }
  {
    db::connection c(utf16, false);
    db::statement encoding(c, "PRAGMA encoding");
    REQUIRE(encoding.step());
    REQUIRE(encoding.text(0) == "UTF-16le");
  }
  const auto expected = in_utf8.load_trend_input({});
  const auto got = in_utf16.load_trend_input({});
  REQUIRE(expected.runs.size() > 100);
  REQUIRE(got.runs.size() == expected.runs.size());
  for (std::size_t i = 0; i < got.runs.size(); ++i) {
    CHECK(got.runs[i].system == expected.runs[i].system);
    CHECK(got.runs[i].test == expected.runs[i].test);
    CHECK(got.runs[i].value == expected.runs[i].value);
    CHECK(got.runs[i].standard_error == expected.runs[i].standard_error);
  }
}
