// SPDX-License-Identifier: MIT
// Inputs that cannot be read: each error names the exact line and byte column (1-based; 0 when
// the whole input is at fault) and says what was expected there.
#include <cstddef>
#include <string>
#include <string_view>

#include "catch.hpp"
#include "iosr/error.hpp"
#include "iosr/read.hpp"
#include "reader_support.hpp"

namespace {

using namespace std::string_view_literals;

using test_support::parse_should_fail;

// Reads `text` as "input.txt" and checks that it reads with `charts` charts and a warning at
// `line`:`column` holding `substring`.
void cut_should_warn(std::string_view text, std::size_t charts, std::size_t line,
                     std::size_t column, std::string_view substring) {
  INFO("input: " << std::string(text));
  auto file = iosr::read_results(text, "input.txt");
  CHECK(file.results.size() == charts);
  const iosr::warning* found = nullptr;
  for (const auto& w : file.warnings) {
    if (w.message.find(substring) != std::string::npos) found = &w;
  }
  REQUIRE(found);
  CHECK(found->where.line == line);
  CHECK(found->where.column == column);
}

}  // namespace

TEST_CASE("An error's text is file:line:column: message", "[error]") {
  try {
    iosr::read_results("KeyDB 5.3.1\n\nOps/sec > Higher Is Better\nbfq .. 12.3.4 |=====\n",
                       "input.txt");
    FAIL("read without an error");
  } catch (const iosr::parse_error& e) {
    CHECK(std::string(e.what()) == "input.txt:4:8: " + e.message());
  }
  try {
    iosr::read_results("", "input.txt");
    FAIL("read without an error");
  } catch (const iosr::parse_error& e) {
    // No position for an error about the whole input.
    CHECK(std::string(e.what()) == "input.txt: " + e.message());
  }
}

TEST_CASE("An empty input is refused as a whole", "[error]") {
  parse_should_fail("", 0, 0, "empty input; expected a PTS result export");
}

TEST_CASE("An input of only whitespace or a byte order mark is empty", "[error]") {
  parse_should_fail(" \n\t\r\n  ", 0, 0, "empty input; expected a PTS result export");
  parse_should_fail("\n\n\n", 0, 0, "empty input");
  parse_should_fail("\xEF\xBB\xBF\n", 0, 0, "empty input");
}

TEST_CASE("Binary data is refused at the position of its first control byte", "[error]") {
  parse_should_fail("KeyDB 5.3.1\n\nOps/sec > Hig\0her Is Better\n"sv, 3, 14,
                    "binary data (byte 0); expected a text or XML result export");
  parse_should_fail("\0\0\0\0"sv, 1, 1, "binary data (byte 0)");
  parse_should_fail("abc\x01"sv, 1, 4, "binary data (byte 1)");
}

TEST_CASE("Plain prose is not a result file", "[error]") {
  parse_should_fail(
      "This is just a letter.\nIt talks about disks and schedulers, but has no charts.\n", 0, 0,
      "not a benchmark result; expected a PTS text export");
}

TEST_CASE("A cut composite.xml is read as XML and reported where it ends", "[error]") {
  constexpr auto expected =
      "input ends inside <Generated> opened at line 3, column 3 (within <PhoronixTestSuite> from "
      "line 2); expected </Generated>: is the file cut short?";
  parse_should_fail(
      "<?xml version=\"1.0\"?>\n<PhoronixTestSuite>\n  <Generated>\n    <Title>x</Title>\n",
      4, 21, expected);  // the end of the last line
  // A byte order mark or blank lines before the declaration do not hide it.
  try {
    iosr::read_results("\xEF\xBB\xBF\n<?xml version=\"1.0\"?>\n<PhoronixTestSuite>\n",
                       "input.txt");
    FAIL("read without an error");
  } catch (const iosr::parse_error& e) {
    CHECK(e.message() ==
          "input ends inside <PhoronixTestSuite> opened at line 3, column 1; expected "
          "</PhoronixTestSuite>: is the file cut short?");
  }
}

TEST_CASE("A multi-line chart header at the end of input fails after its unit line, unless "
          "charts come before it",
          "[error]") {
  SECTION("the only chart") {
    parse_should_fail("KeyDB 5.3.1\n\nOps/sec > Higher Is Better\n", 3, 27,
                      "input ends after the header of chart 'KeyDB'; expected its entries");
  }
  SECTION("without a final line end") {
    parse_should_fail("KeyDB 5.3.1\n\nOps/sec > Higher Is Better", 3, 27,
                      "input ends after the header of chart 'KeyDB'; expected its entries");
  }
  SECTION("with CRLF line ends") {
    parse_should_fail("KeyDB 5.3.1\r\n\r\nOps/sec > Higher Is Better\r\n", 3, 27,
                      "input ends after the header of chart 'KeyDB'; expected its entries");
  }
  SECTION("after a complete chart, followed by blank lines: the chart before it is read") {
    cut_should_warn(
        "KeyDB 5.3.1\n\nOps/sec > Higher Is Better\nnone . 10 |==========\nbfq .. 5  |=====\n"
        "\n\nSQLite 3.41.2\nThreads / Copies: 1\nSeconds < Lower Is Better\n\n",
        1, 10, 26,
        "input ends after the header of chart 'SQLite'; expected its entries ('LABEL .... "
        "VALUE |==='); that chart is not read");
  }
}

TEST_CASE("A collapsed chart header at the end of input fails after its mark, unless charts "
          "come before it",
          "[error]") {
  SECTION("after a complete chart: that chart is read") {
    cut_should_warn(
        "KeyDB 5.3.1 Ops/sec > Higher Is Better none . 10 |========== bfq .. 5 |===== SQLite "
        "3.41.2 Threads / Copies: 1 Seconds < Lower Is Better",
        1, 1, 137,
        "input ends after the header of chart 'SQLite 3.41.2 Threads / Copies: 1 Seconds'; "
        "expected its entries ('LABEL .... VALUE |==='); that chart is not read");
  }
  SECTION("the only chart") {
    parse_should_fail("KeyDB 5.3.1 Ops/sec > Higher Is Better", 1, 39,
                      "input ends after the header of chart");
    parse_should_fail("KeyDB 5.3.1 Ops/sec > Higher Is Better", 1, 39, "expected its entries");
  }
}

TEST_CASE("A lone collapsed chart header at the end of input is named in the error",
          "[error][regression]") {
  parse_should_fail("KeyDB 5.3.1 Ops/sec > Higher Is Better", 1, 39,
                    "input ends after the header of chart 'KeyDB");
}

TEST_CASE("A collapsed entry cut before its bar at the end of input is said at its dots",
          "[error]") {
  cut_should_warn(
      "KeyDB 5.3.1 Ops/sec > Higher Is Better bfq ...... 10.5 |===== none ..... 20.1", 1, 1, 68,
      "input ends inside an entry; expected 'VALUE |===' after the dots");
}

TEST_CASE("A collapsed input whose only entry is cut before its bar fails at its dots",
          "[error][regression]") {
  parse_should_fail("KeyDB 5.3.1 Ops/sec > Higher Is Better none ..... 20.1", 1, 45,
                    "input ends inside an entry; expected 'VALUE |===' after the dots");
}

// The error points at what follows the dot leader: the value `20.1`, not the blank before it.
TEST_CASE("A multi-line entry cut before its bar is said at its value", "[error]") {
  constexpr auto expected = "entry line not understood; expected 'VALUE |==='";
  SECTION("after a complete entry, at the end of input: the entry before it is read") {
    cut_should_warn(
        "KeyDB 5.3.1\n\nOps/sec > Higher Is Better\nbfq ...... 10.5 |=====\nnone ..... 20.1", 1,
        5, 12, std::string("input ends inside an entry: ") + expected);
  }
  SECTION("after a complete entry, with a final line end") {
    cut_should_warn(
        "KeyDB 5.3.1\n\nOps/sec > Higher Is Better\nbfq ...... 10.5 |=====\nnone ..... 20.1\n",
        1, 5, 12, expected);
  }
  SECTION("in the middle of the input: an error") {
    parse_should_fail(
        "KeyDB 5.3.1\n\nOps/sec > Higher Is Better\nbfq ...... 10.5 |=====\nnone ..... 20.1\n"
        "kyber ... 3 |=\n",
        5, 12, expected);
  }
  SECTION("the chart's only entry, as the input's last bytes") {
    parse_should_fail("KeyDB 5.3.1\n\nOps/sec > Higher Is Better\nnone ..... 20.1", 4, 12,
                      expected);
  }
  SECTION("the chart's only entry, with its line end: PTS's run-time form without bars") {
    cut_should_warn("KeyDB 5.3.1\n\nOps/sec > Higher Is Better\nnone ..... 20.1\n", 1, 4, 1,
                    "chart 'KeyDB': 1 entry has no bar ('LABEL . VALUE', as PTS shows a result "
                    "while a test runs)");
  }
  SECTION("indented four spaces, with CRLF line ends") {
    cut_should_warn(
        "    KeyDB 5.3.1\r\n    \r\n    Ops/sec > Higher Is Better\r\n"
        "    bfq ...... 10.5 |=====\r\n    none ..... 20.1\r\n",
        1, 5, 16, expected);
  }
}

TEST_CASE("A multi-line entry cut right after its dots is said after the dots", "[error]") {
  // A chart with a direction mark has numeric entries: nothing after the dots is a cut.
  SECTION("the first entry of the only chart: an error") {
    parse_should_fail("KeyDB 5.3.1\n\nOps/sec > Higher Is Better\nnone .....", 4, 11,
                      "entry 'none' has no value after the dots");
  }
  SECTION("at the end of the input, after entries: the entries before it are read") {
    auto text = "KeyDB 5.3.1\n\nOps/sec > Higher Is Better\nbfq ...... 10.5 |=====\nnone .....";
    cut_should_warn(text, 1, 5, 11,
                    "input ends inside an entry of chart 'KeyDB': entry 'none' has no value "
                    "after the dots (input cut off?)");
    CHECK(iosr::read_results(text, "input.txt").results[0].entries.size() == 1);
  }
  SECTION("in the middle of the input: an error") {
    parse_should_fail(
        "KeyDB 5.3.1\n\nOps/sec > Higher Is Better\nbfq ...... 10.5 |=====\nnone .....\n"
        "kyber ... 3 |==\n",
        5, 11, "entry 'none' has no value after the dots");
  }
}

TEST_CASE("A multi-line input cut inside a unit line's direction mark is said, with its line",
          "[error][regression]") {
  // Issue 13 item 5: `TPS > H` was dropped without a word.
  cut_should_warn(
      "KeyDB 5.3.1\n\nOps/sec > Higher Is Better\nnone . 10 |==========\nbfq .. 5  |=====\n"
      "\n\nPostgreSQL 15\nScaling Factor: 1\nTPS > H\n",
      1, 10, 1,
      "input ends inside the header of a chart ('TPS > H' is cut inside '> Higher Is Better'); "
      "that chart is not read (unit 'TPS')");
  cut_should_warn(
      "KeyDB 5.3.1\n\nOps/sec > Higher Is Better\nnone . 10 |==========\n\nSQLite 3\n\n"
      "Seconds <",
      1, 8, 1, "input ends inside the header of a chart ('Seconds <'");
}

TEST_CASE("A value with two decimal points fails at the value", "[error]") {
  constexpr auto expected =
      "value '12.3.4' of 'bfq' is not a number; expected digits with an optional decimal point";
  SECTION("multi-line") {
    parse_should_fail(
        "KeyDB 5.3.1\n\nOps/sec > Higher Is Better\nnone . 10 |==========\nbfq .. 12.3.4 |=====\n",
        5, 8, expected);
  }
  SECTION("multi-line with CRLF line ends") {
    parse_should_fail(
        "KeyDB 5.3.1\r\n\r\nOps/sec > Higher Is Better\r\nnone . 10 |==========\r\n"
        "bfq .. 12.3.4 |=====\r\n",
        5, 8, expected);
  }
  SECTION("multi-line indented four spaces") {
    parse_should_fail(
        "    KeyDB 5.3.1\n\n    Ops/sec > Higher Is Better\n    none . 10 |==========\n"
        "    bfq .. 12.3.4 |=====\n",
        5, 12, expected);
  }
  SECTION("collapsed: the column within the one line") {
    parse_should_fail(
        "KeyDB 5.3.1 Ops/sec > Higher Is Better none . 10 |========== bfq .. 12.3.4 |=====", 1,
        69, expected);
  }
}

TEST_CASE("A value with a thousands separator fails at the value", "[error]") {
  constexpr auto expected = "value '1,234.5' of 'bfq' is not a number; expected digits";
  SECTION("multi-line") {
    parse_should_fail(
        "KeyDB 5.3.1\n\nOps/sec > Higher Is Better\nnone . 10 |==========\n"
        "bfq .. 1,234.5 |=====\n",
        5, 8, expected);
  }
  SECTION("collapsed") {
    parse_should_fail(
        "KeyDB 5.3.1 Ops/sec > Higher Is Better none . 10 |========== bfq .. 1,234.5 |=====",
        1, 69, expected);
  }
}

TEST_CASE("A value too large for a double fails at the value", "[error]") {
  parse_should_fail(
      "KeyDB 5.3.1\n\nOps/sec > Higher Is Better\nnone . 10 |==========\nbfq .. 1e999 |=====\n", 5,
      8, "value '1e999' of 'bfq' is out of range; expected a number a double holds");
}

TEST_CASE("A line graph value that is not a number fails at its minimum", "[error]") {
  parse_should_fail(
      "System Monitor 1.0\nSensor: CPU\nCelsius < Lower Is Better\n"
      "none . MIN: 1.2.3  AVG: 2.0  MAX: 3.0 \n",
      4, 13, "line graph values of 'none' are not numbers; expected MIN: a AVG: b MAX: c");
}
