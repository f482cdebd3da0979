// SPDX-License-Identifier: MIT
// The lexicon tables: sorted for binary search, clean entries, and every title and unit that a
// seed chart header uses (lists copied from the seeds by hand; nothing is read at run time).
#include "input/pts_text/lexicon.hpp"

#include <algorithm>
#include <span>
#include <string>
#include <string_view>

#include "catch.hpp"

namespace {

using iosr::detail::known_test_titles;
using iosr::detail::known_units;

bool strictly_sorted(std::span<const std::string_view> table) {
  for (std::size_t i = 1; i < table.size(); ++i) {
    if (!(table[i - 1] < table[i])) {
      return false;
    }
  }
  return true;
}

bool has_title(std::string_view title) {
  const auto table = known_test_titles();
  return std::binary_search(table.begin(), table.end(), title);
}

bool has_unit(std::string_view unit) {
  const auto table = known_units();
  return std::binary_search(table.begin(), table.end(), unit);
}

// Titles of the chart headers of seeds 000-004 (TITLE before the version token).
constexpr std::string_view seed_titles[] = {
    "Apache Benchmark",                    // 004
    "Apache Cassandra",                    // 000
    "Apache HBase",                        // 000
    "Application Start-up Time",           // 001, 002
    "BlogBench",                           // 001, 003, 004
    "Compile Bench",                       // 002, 003, 004
    "FS-Mark",                             // 000, 001, 002, 003, 004
    "Facebook RocksDB",                    // 000
    "Flexible IO Tester",                  // 000, 001, 002, 003
    "Git",                                 // 002 (no version)
    "IOR",                                 // 000
    "IOzone",                              // 001, 004
    "KeyDB",                               // 000
    "LevelDB",                             // 000
    "MariaDB",                             // 000
    "NGINX Benchmark",                     // 004
    "PostMark",                            // 003, 004
    "PostgreSQL pgbench",                  // 000, 002, 004
    "SQLite",                              // 000, 001, 002, 003
    "Threaded I/O Tester",                 // 003, 004
    "Timed GCC Compilation",               // 000
    "Timed GDB GNU Debugger Compilation",  // 000
    "Timed Linux Kernel Compilation",      // 002, 004
    "Timed PHP Compilation",               // 004
    "Unpacking The Linux Kernel",          // 003
};

// Units of the chart headers of seeds 000-004 (before `> Higher` / `< Lower` / `, More`).
constexpr std::string_view seed_units[] = {
    "Files/s",
    "Final Score",
    "IOPS",
    "MB/s",
    "Microseconds - Average Latency",
    "Microseconds Per Op",
    "Op/s",
    "Ops/sec",
    "Queries Per Second",
    "Requests Per Second",
    "Rows Per Second",
    "Seconds",
    "TPS",
    "sec",
};

}  // namespace

TEST_CASE("The test title table is strictly sorted so binary search works and nothing repeats",
          "[lexicon]") {
  const auto titles = known_test_titles();
  REQUIRE_FALSE(titles.empty());
  CHECK(strictly_sorted(titles));
}

TEST_CASE("The unit table is strictly sorted so binary search works and nothing repeats",
          "[lexicon]") {
  const auto units = known_units();
  REQUIRE_FALSE(units.empty());
  CHECK(strictly_sorted(units));
}

TEST_CASE("Every test title is non-empty and has no surrounding or doubled spaces", "[lexicon]") {
  for (const auto title : known_test_titles()) {
    INFO("title: '" << std::string(title) << "'");
    REQUIRE_FALSE(title.empty());
    CHECK(title.front() != ' ');
    CHECK(title.back() != ' ');
    CHECK(title.find("  ") == std::string_view::npos);
    CHECK(title.find_first_of("\t\r\n") == std::string_view::npos);
  }
}

TEST_CASE("Every unit is non-empty and has no surrounding or doubled spaces", "[lexicon]") {
  for (const auto unit : known_units()) {
    INFO("unit: '" << std::string(unit) << "'");
    REQUIRE_FALSE(unit.empty());
    CHECK(unit.front() != ' ');
    CHECK(unit.back() != ' ');
    CHECK(unit.find("  ") == std::string_view::npos);
    CHECK(unit.find_first_of("\t\r\n") == std::string_view::npos);
  }
}

TEST_CASE("Every test title used by a seed chart header is known", "[lexicon]") {
  for (const auto title : seed_titles) {
    INFO("title: " << std::string(title));
    CHECK(has_title(title));
  }
}

TEST_CASE("Every unit used by a seed chart header is known", "[lexicon]") {
  for (const auto unit : seed_units) {
    INFO("unit: " << std::string(unit));
    CHECK(has_unit(unit));
  }
}

TEST_CASE("Test titles are matched exactly, not by prefix or case", "[lexicon]") {
  CHECK(has_title("Flexible IO Tester"));
  CHECK_FALSE(has_title("fio"));
  CHECK_FALSE(has_title("Flexible IO"));
  CHECK_FALSE(has_title("flexible io tester"));
  CHECK_FALSE(has_title("Flexible IO Tester 3.18"));
  CHECK_FALSE(has_title(""));
}

TEST_CASE("Units are matched exactly, not by prefix or case", "[lexicon]") {
  CHECK(has_unit("MB/s"));
  CHECK(has_unit("usec, 99.9th Latency Percentile"));
  CHECK_FALSE(has_unit("mb/s"));
  CHECK_FALSE(has_unit("Microseconds -"));
  CHECK_FALSE(has_unit(""));
}

TEST_CASE("Test titles and units are kept in separate tables", "[lexicon]") {
  CHECK_FALSE(has_unit("SQLite"));
  CHECK_FALSE(has_title("Seconds"));
  CHECK_FALSE(has_title("MB/s"));
}
