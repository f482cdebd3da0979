// SPDX-License-Identifier: MIT
// The one definition of "the same test" (iosr/match.hpp): the keys of each named match, the
// store's layout that databases depend on, occurrences, the version join, the default baseline,
// and compare and trend matching the same tests on the same inputs.
#include "iosr/match.hpp"

#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "catch.hpp"
#include "iosr/compare.hpp"
#include "iosr/trend.hpp"
#include "reader_support.hpp"

namespace {

iosr::result chart(std::string title, std::string version, std::string description,
                   iosr::direction direction = iosr::direction::higher) {
  iosr::result r;
  r.title = std::move(title);
  r.version = std::move(version);
  r.description = std::move(description);
  r.unit = "MB/s";
  r.direction = direction;
  r.test_id = "pts/fio-2.1.0";
  r.arguments = "--rw=read";
  return r;
}

std::vector<iosr::result_file> inputs() {
  std::vector<iosr::result_file> files;
  for (const char* name :
       {"text/000_1809f3a92cbbf2f4.txt", "text/001_d98c4465b017a3b0.txt",
        "text/002_236e153a66cd3c9d.txt", "text/004_38fbc586aba1b507.txt", "xml/iosched-3way.xml"}) {
    files.push_back(test_support::read_cached(std::string(IOSR_DATA_DIR) + "/" + name));
  }
  return files;
}

using shown_test = std::tuple<std::string, std::string, std::string, std::string>;

}  // namespace

TEST_CASE("the store's test key keeps its layout", "[match]") {
  // Databases hold SHA-256 of these bytes: a change here orphans every test row imported.
  const auto r = chart("Flexible IO Tester", "3.18", "Type: Read");
  CHECK(iosr::test_key(iosr::fields_of(r), iosr::test_match::store()) ==
        "18:Flexible IO Tester4:3.1810:Type: Read9:--rw=read4:MB/s13:pts/fio-2.1.00:"
        "6:higher");
}

TEST_CASE("each named match reads only its fields", "[match]") {
  // test_fields are views: the charts they view must outlive them.
  const auto a_chart = chart("Fio", "3.18", "Read");
  const auto b_chart = chart("Fio", "3.30", "Read");
  const auto a = iosr::fields_of(a_chart);
  const auto b = iosr::fields_of(b_chart);
  CHECK(iosr::test_key(a, iosr::test_match::compare(false)) !=
        iosr::test_key(b, iosr::test_match::compare(false)));
  CHECK(iosr::test_key(a, iosr::test_match::compare(true)) ==
        iosr::test_key(b, iosr::test_match::compare(true)));

  auto lower = chart("Fio", "3.18", "Read", iosr::direction::lower);
  CHECK(iosr::test_key(a, iosr::test_match::compare(false)) ==
        iosr::test_key(iosr::fields_of(lower), iosr::test_match::compare(false)));
  CHECK(iosr::test_key(a, iosr::test_match::trend(false)) !=
        iosr::test_key(iosr::fields_of(lower), iosr::test_match::trend(false)));

  auto other_profile = chart("Fio", "3.18", "Read");
  other_profile.test_id = "pts/fio-1.8.0";
  CHECK(iosr::test_key(a, iosr::test_match::trend(false)) ==
        iosr::test_key(iosr::fields_of(other_profile), iosr::test_match::trend(false)));
  CHECK(iosr::test_key(a, iosr::test_match::store()) !=
        iosr::test_key(iosr::fields_of(other_profile), iosr::test_match::store()));

  // Length prefixes: moving bytes from one field to the next gives another key.
  iosr::test_fields x, y;
  x.title = "ab";
  x.description = "c";
  y.title = "a";
  y.description = "bc";
  CHECK(iosr::test_key(x, {}) != iosr::test_key(y, {}));
}

TEST_CASE("test_index matches a repeated chart by occurrence only when asked", "[match]") {
  const auto fio = chart("Fio", "3.18", "Read");
  const auto r = iosr::fields_of(fio);
  iosr::test_index by_occurrence(iosr::test_match::compare(false));
  by_occurrence.next_file();
  CHECK(by_occurrence.find_or_add(r).index == 0);
  CHECK(by_occurrence.find_or_add(r).index == 1);  // the same test run twice in one file
  by_occurrence.next_file();
  const auto again = by_occurrence.find_or_add(r);
  CHECK(again.index == 0);
  CHECK_FALSE(again.added);
  CHECK(by_occurrence.find_or_add(r).index == 1);
  CHECK(by_occurrence.size() == 2);

  iosr::test_index joined(iosr::test_match::trend(false));
  CHECK(joined.find_or_add(r).added);
  CHECK_FALSE(joined.find_or_add(r).added);
  CHECK(joined.size() == 1);
}

TEST_CASE("join_version adds each version once, in the order seen", "[match]") {
  std::string v = "3.30";
  iosr::join_version(v, "3.41");
  iosr::join_version(v, "3.30");
  iosr::join_version(v, "3.41");
  iosr::join_version(v, "3.3");
  CHECK(v == "3.30 / 3.41 / 3.3");
  // A file that gives no version adds none, first or later.
  std::string unknown_first;
  iosr::join_version(unknown_first, "1.7");
  iosr::join_version(unknown_first, "");
  CHECK(unknown_first == "1.7");
  std::string unknown_later = "1.7";
  iosr::join_version(unknown_later, "");
  iosr::join_version(unknown_later, "1.8");
  CHECK(unknown_later == "1.7 / 1.8");
}

TEST_CASE("the default baseline is none, else noop", "[match]") {
  CHECK(iosr::default_baseline_rank("none") == 0);
  CHECK(iosr::default_baseline_rank("noop") == 1);
  CHECK_FALSE(iosr::default_baseline_rank("bfq"));
  CHECK_FALSE(iosr::default_baseline_rank(""));
  CHECK(iosr::names_configuration("MQ-Deadline", {"a.xml: x", "x"}, "mq-deadline"));
  CHECK(iosr::names_configuration("x", {"a.xml: x", "x"}, ""));
  CHECK_FALSE(iosr::names_configuration("", {"a.xml: x", "x"}, ""));
}

TEST_CASE("compare and trend match the same tests on the same inputs", "[match]") {
  const auto files = inputs();
  for (const bool ignore_version : {false, true}) {
    CAPTURE(ignore_version);
    iosr::compare_options co;
    co.ignore_version = ignore_version;
    const auto c = iosr::compare(files, co);
    iosr::trend_options to;
    to.ignore_version = ignore_version;
    const auto t = iosr::compute_trend(iosr::make_trend_input(files), to);

    // Trend leaves out charts without a direction and joins a chart repeated within a file;
    // on these inputs no test differs from another by its direction alone.
    std::set<shown_test> compared, trended;
    for (const auto& test : c.tests) {
      if (test.direction == iosr::direction::none) continue;
      compared.emplace(test.title, test.version, test.description, test.unit);
    }
    for (const auto& test : t.tests) {
      trended.emplace(test.info.title, test.info.version, test.info.description, test.info.unit);
    }
    CHECK(compared.size() >= 90);
    CHECK(compared == trended);
  }
}

TEST_CASE("names_machine: a number never names digits inside another, a decimal's included",
          "[match]") {
  const std::string xeon = "Intel Xeon E5-2670 v3 @ 2.30GHz, 1000GB Samsung SSD 980 PRO";
  // Among 20 machines, 2 and 30 are machine numbers; among 1, they are parts of names, and
  // `@ 2.30GHz` holds neither as a number of its own (issue 44).
  CHECK(iosr::names_machine("2", 2, 20, xeon));
  CHECK_FALSE(iosr::names_machine("2", 1, 20, xeon));
  CHECK_FALSE(iosr::names_machine("2", 1, 1, xeon));
  CHECK_FALSE(iosr::names_machine("30", 1, 1, xeon));
  CHECK(iosr::names_machine("3", 1, 1, xeon));  // the 3 of v3 is a number of its own
  CHECK_FALSE(iosr::names_machine("8", 1, 1, xeon));
  CHECK(iosr::names_machine("980", 1, 20, xeon));
  CHECK(iosr::names_machine("2670", 1, 20, xeon));
  CHECK(iosr::names_machine("1000", 1, 20, xeon));
  CHECK(iosr::names_machine("5950", 1, 1, "AMD Ryzen 9 5950X 16-Core"));
  CHECK(iosr::names_machine("xeon e5", 1, 1, xeon));
  CHECK(iosr::names_machine("2.30GHz", 1, 1, xeon));
}
