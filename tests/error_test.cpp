// SPDX-License-Identifier: MIT
// iosr::error's kinds: what the library throws says what went wrong without its wording.
#include "iosr/error.hpp"

#include <string>

#include "catch.hpp"
#include "iosr/compare.hpp"
#include "iosr/read.hpp"
#include "iosr/render.hpp"
#include "iosr/trend.hpp"

namespace {

iosr::error_kind kind_of_reading(const std::string& text, const iosr::read_options& options) {
  try {
    (void)iosr::read_results(text, "x");
    (void)iosr::read_results(text, "x", options);
  } catch (const iosr::error& e) {
    return e.kind();
  }
  FAIL("nothing thrown");
  return iosr::error_kind::system;
}

constexpr const char* chart =
    "FS-Mark 3.3\nTest: 1000 Files\nFiles/s > Higher Is Better\n"
    "a . 20.13 |===\nb . 21.13 |===\n";

}  // namespace

TEST_CASE("an input that cannot be read is an input error", "[error]") {
  CHECK(kind_of_reading("", {}) == iosr::error_kind::input);
  try {
    (void)iosr::read_results("<PhoronixTestSuite><Result>", "cut.xml");
    FAIL("nothing thrown");
  } catch (const iosr::parse_error& e) {
    CHECK(e.kind() == iosr::error_kind::input);
    CHECK(std::string(e.what()).rfind("cut.xml:", 0) == 0);
  }
}

TEST_CASE("an input beyond a limit is a limit error, naming the limit", "[error]") {
  iosr::read_options entries;
  entries.max_entries_per_chart = 1;
  CHECK(kind_of_reading(chart, entries) == iosr::error_kind::limit);
  iosr::read_options bytes;
  bytes.max_input_bytes = 10;
  CHECK(kind_of_reading(chart, bytes) == iosr::error_kind::limit);
  iosr::read_options depth;
  depth.max_xml_depth = 2;
  CHECK(kind_of_reading("<PhoronixTestSuite><Result><Data><Entry/></Data></Result>"
                        "</PhoronixTestSuite>",
                        depth) == iosr::error_kind::limit);
}

TEST_CASE("a request the library cannot carry out is a usage error", "[error]") {
  std::string out;
  auto kind = [](auto&& f) {
    try {
      f();
    } catch (const iosr::error& e) {
      return e.kind();
    }
    return iosr::error_kind::system;
  };
  CHECK(kind([&] { iosr::render_comparison({}, "yaml", {}, out); }) == iosr::error_kind::usage);
  CHECK(kind([&] { iosr::render_trend({}, "yaml", {}, out); }) == iosr::error_kind::usage);
  CHECK(kind([&] { iosr::test_filter f("("); }) == iosr::error_kind::usage);
  try {
    iosr::test_filter f("(");
  } catch (const iosr::error& e) {
    CHECK(std::string(e.what()).rfind("'(' is not a regular expression iosr takes: ", 0) == 0);
  }
  // A pattern whose compiled program is beyond the bound (test_filter::max_program_size) is
  // refused whatever its length; std::regex refused more than 1024 bytes, RE2 takes those.
  CHECK(iosr::test_filter(std::string(1025, 'a')).matches(std::string(1025, 'a'), ""));
  try {
    iosr::test_filter f(std::string(36000, 'a'));
    FAIL("36,000 bytes taken");
  } catch (const iosr::error& e) {
    CHECK(e.kind() == iosr::error_kind::usage);
    CHECK(std::string(e.what()).rfind("'" + std::string(60, 'a') +
                                          "...' is not a regular expression iosr takes: it "
                                          "compiles to ",
                                      0) == 0);
  }
  CHECK(iosr::to_string(iosr::error_kind::store) == "store");
}
