// SPDX-License-Identifier: MIT
// Tables (docs/tables.md): iosr's own read without being asked (its CSV and Markdown), tables
// people make read only as --from table says (long and wide, Markdown, CSV and text in columns,
// captions), and what is refused. The round trip of every table iosr writes: tests/tables_test.py.
#include <string>
#include <vector>

#include "catch.hpp"
#include "iosr/error.hpp"
#include "iosr/read.hpp"
#include "reader_support.hpp"

using namespace iosr;
using strings = std::vector<std::string>;

namespace {

std::string wild(const std::string& name) {
  return std::string(IOSR_FIXTURES_DIR) + "/wild/tables/" + name;
}

read_options as_table(table_layout layout) {
  read_options o;
  o.from = "table";
  o.table = std::move(layout);
  return o;
}

bool has_warning(const result_file& f, message_code code, const std::string& part) {
  for (const auto& w : f.warnings) {
    if (w.code == code && w.message.find(part) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("Tables: iosr's tidy CSV reads back with its runs", "[tables]") {
  const std::string csv =
      "file,result_title,version,description,unit,direction,label,group,name,scheduler,value,kind,"
      "samples,standard_error,sample_count,test_id,display_format,error,arguments,numeric_value,"
      "min,max\n"
      "a.xml,SQLite,3.41.2,Threads / Copies: 1,Seconds,lower,bfq,,bfq,bfq,15.872,number,"
      "15.8:15.9:15.916,0.034,3,pts/sqlite-2.2.0,BAR_GRAPH,,1,15.872,,\n"
      "a.xml,SQLite,3.41.2,Threads / Copies: 1,Seconds,lower,x,,x,,,failed,,,,pts/sqlite-2.2.0,"
      "BAR_GRAPH,\"no \"\"result\"\"\",1,,,\n";
  const auto f = read_results(csv, "a.csv");
  CHECK(f.format == "iosr-table");
  REQUIRE(f.results.size() == 1);
  const auto& r = f.results[0];
  CHECK(r.title == "SQLite");
  CHECK(r.version == "3.41.2");
  CHECK(r.direction == direction::lower);
  CHECK(r.test_id == "pts/sqlite-2.2.0");
  REQUIRE(r.entries.size() == 2);
  CHECK(r.entries[0].value_text == "15.872");
  CHECK(r.entries[0].samples == strings{"15.8", "15.9", "15.916"});
  CHECK(r.entries[0].standard_error == 0.034);
  CHECK(r.entries[0].sample_count == 3u);
  CHECK(r.entries[1].kind == entry_kind::failed);
  CHECK(r.entries[1].error == "no \"result\"");
}

TEST_CASE("Tables: a comparison's CSV of several inputs names labels by file", "[tables]") {
  const std::string csv =
      "file,result_title,version,description,unit,direction,label,group,name,scheduler,value,"
      "baseline_label,baseline_value,delta_pct,ratio,rank,noise,p_value,p_adjusted,delta_ci_low,"
      "delta_ci_high,n,baseline_n,outlier_runs,geomean_share,missing\n"
      "runs/a.xml,T,,D,ms,lower,None,,None,none,2,,,,,,,,,,,3,,,,\n"
      "runs/b.xml,T,,D,ms,lower,None,,None,none,3,,,,,,,,,,,,,,,\n";
  const auto f = read_results(csv, "c.csv");
  REQUIRE(f.results.size() == 1);
  CHECK(test_support::entry_labels(f.results[0]) == strings{"a.xml: None", "b.xml: None"});
  CHECK(f.results[0].entries[0].sample_count == 3u);
  CHECK(has_warning(f, message_code::iosr_table_inputs_joined, "'FILE: LABEL'"));
}

TEST_CASE("Tables: iosr's Markdown reads back its values", "[tables]") {
  const std::string md =
      "## Summary\n\n"
      "| Configuration | Geomean ratio | Tests | Wins | Last places | Mean rank |\n"
      "| --- | ---: | ---: | ---: | ---: | ---: |\n"
      "| None | baseline | 2 of 2 | 2 | 0 | 1.0 |\n"
      "| bfq | 0.75 | 2 of 2 | 0 | 2 | 2.0 |\n\n"
      "## Results\n\n"
      "### Flexible IO Tester 3.36\n\n"
      "Engine: IO\\_uring - Direct: Yes\n\n"
      "| Test | None (baseline) | bfq |\n"
      "| --- | ---: | ---: |\n"
      "| Type: Random Read (IOPS, \xE2\x86\x91 better) | **160123** | 98766 (-38.3% [-39.6, -37.1]) |\n"
      "| Type: Write (MB/s, \xE2\x86\x91 better) | **1530.2** | (failed: timed out) |\n";
  const auto f = read_results(md, "t.md");
  CHECK(f.format == "iosr-table");
  REQUIRE(f.results.size() == 2);
  const auto& r = f.results[0];
  CHECK(r.title == "Flexible IO Tester");
  CHECK(r.version == "3.36");
  CHECK(r.description == "Type: Random Read - Engine: IO_uring - Direct: Yes");
  CHECK(r.unit == "IOPS");
  CHECK(r.direction == direction::higher);
  CHECK(test_support::value_of(r, "None") == "160123");
  CHECK(test_support::value_of(r, "bfq") == "98766");
  REQUIRE(f.results[1].entries.size() == 2);
  CHECK(f.results[1].entries[1].kind == entry_kind::failed);
  CHECK(f.results[1].entries[1].error == "timed out");
  CHECK(has_warning(f, message_code::table_heading_split, "last word"));
  CHECK(has_warning(f, message_code::table_options_reassembled, "order"));
}

TEST_CASE("Tables: a table people made is never read unless asked", "[tables]") {
  const std::string md = "| Test | Value |\n|---|---|\n| a | 1 |\n";
  CHECK(detect_input_format(md).empty());
  CHECK_THROWS_AS(read_results(md, "t.md"), parse_error);
}

TEST_CASE("Tables: a README's retyped tables, the unit in the test's column", "[tables]") {
  table_layout t;
  t.test = {"Test"};
  t.unit = "Test";
  t.value = "Average result";
  t.error = "Standard error";
  t.runs = "Runs";
  t.configuration = "Raspberry Pi 4";
  const auto f = read_results_file(
      wild("usap-s3437526_2020-11_rpi4_phoronix-results_md-tables_unit-in-test-column.md"),
      as_table(t));
  CHECK(f.format == "table");
  REQUIRE(f.results.size() == 46);
  CHECK(f.results[0].title == "Add Integer");
  CHECK(f.results[0].unit == "MB/s");
  CHECK(f.results[0].entries[0].value_text == "4193.67");
  CHECK(f.results[0].entries[0].standard_error == 60.94);
  CHECK(f.results[0].entries[0].sample_count == 4u);
  // `|Zstd Compression - Level 19 (MB/s)|3|2.58|N/A|0.22|`: no standard error.
  const auto* zstd = test_support::find_entry(f.results[38], "Raspberry Pi 4");
  REQUIRE(zstd != nullptr);
  CHECK(f.results[38].title == "Zstd Compression - Level 19");
  CHECK_FALSE(zstd->standard_error);
}

TEST_CASE("Tables: a cover letter's tables in columns under captions", "[tables]") {
  table_layout t;
  t.test = {"@Test"};
  t.unit = "@Units";
  t.direction = "@Interpretation";
  t.columns = {"tip", "eie"};
  const auto f = read_results_file(
      wild("lkml-2024-04_kprateek-nayak_eevdf-eligibility_cover-tables_aligned-column-groups.eml"),
      as_table(t));
  REQUIRE(f.results.size() == 48);
  const auto& r = f.results[0];
  CHECK(r.title == "hackbench");
  CHECK(r.description == "Case: 1-groups");
  CHECK(r.unit == "Normalized time in seconds");
  CHECK(r.direction == direction::lower);
  CHECK(test_support::value_of(r, "tip") == "1.00");
  CHECK(test_support::value_of(r, "eie") == "0.95");
  CHECK(f.results[5].title == "tbench");
  CHECK(f.results[5].direction == direction::higher);
  CHECK(has_warning(f, message_code::table_value_not_read, "figures in brackets"));
  // `0.96 [ -4.07]( 0.91)<tab>*`: a footnote's mark after the figures.
  CHECK(has_warning(f, message_code::table_value_not_read, "is no number; not read"));
}

TEST_CASE("Tables: a pandas CSV, configurations as columns", "[tables]") {
  table_layout t;
  t.columns = {"*"};
  t.direction = "=lower";
  const auto f = read_results(",v6.8,v6.9\nhackbench-1,12.3,11.90\nhackbench-2,N/A,9.5\n", "p.csv",
                              as_table(t));
  REQUIRE(f.results.size() == 2);
  CHECK(f.results[0].title == "hackbench-1");
  CHECK(test_support::entry_labels(f.results[0]) == strings{"v6.8", "v6.9"});
  CHECK(f.results[0].entries[1].value_text == "11.90");
  CHECK(f.results[1].entries.size() == 1);
  CHECK(has_warning(f, message_code::table_value_not_read, "1 cell holds no value"));
}

TEST_CASE("Tables: a long table by place, the direction in a column", "[tables]") {
  table_layout t;
  t.test = {"#1", "#2"};
  t.label = "#3";
  t.value = "#4";
  t.direction = "#5";
  const auto f = read_results(
      "| Benchmark | Threads | Kernel | Time | Better |\n|--|--|--|--|--|\n"
      "| hackbench | 4 | 6.8 | 1.5 | LIB |\n| hackbench | 4 | 6.9 | 1.4 | LIB |\n",
      "t.md", as_table(t));
  REQUIRE(f.results.size() == 1);
  CHECK(f.results[0].title == "hackbench");
  CHECK(f.results[0].description == "Threads: 4");
  CHECK(f.results[0].direction == direction::lower);
  CHECK(test_support::entry_labels(f.results[0]) == strings{"6.8", "6.9"});
}

TEST_CASE("Tables: what is refused, with its place", "[tables]") {
  table_layout t;
  t.value = "Value";
  t.configuration = "c";
  SECTION("a column named that no table has") {
    try {
      read_results("a,b\n1,2\n", "t.csv", as_table(t));
      FAIL("read");
    } catch (const parse_error& e) {
      CHECK(e.message().starts_with("no column 'Value' in the table (its columns: 'a', 'b')"));
      CHECK(e.where().line == 1);
    }
  }
  SECTION("a direction that is none") {
    t.direction = "D";
    try {
      read_results("T,Value,D\nx,1,sideways\n", "t.csv", as_table(t));
      FAIL("read");
    } catch (const parse_error& e) {
      CHECK(e.message().starts_with("direction 'sideways' is not one"));
      CHECK(e.where().line == 2);
      CHECK(e.where().column == 5);
    }
  }
  SECTION("no value column said") {
    t.value.clear();
    CHECK_THROWS_AS(read_results("a\n1\n", "t.csv", as_table(t)), parse_error);
  }
  SECTION("a cell that is no number is not read, and said") {
    const auto f = read_results("T,Value\nx,1.5 ms?\ny,2\n", "t.csv", as_table(t));
    REQUIRE(f.results.size() == 1);
    CHECK(has_warning(f, message_code::table_value_not_read, "'1.5 ms?'"));
  }
  SECTION("tables read and not one value in them: what was looked at, and what to pass") {
    try {
      const auto f = read_results("T,Value\nx,fast\ny,N/A\n", "t.csv", as_table(t));
      CHECK(f.results.empty());
      CHECK(has_warning(f, message_code::table_value_not_read,
                        "no value read from 1 table: the column 'Value' (--table value=) held 1 "
                        "cell of text and 1 empty cell (N/A, -); expected numbers there: name "
                        "the column of numbers with --table value=COLUMN"));
    } catch (const parse_error& e) {
      FAIL(e.message());
    }
    table_layout wide;
    wide.columns = {"a", "b"};
    const auto f = read_results("T,a,b\n", "t.csv", as_table(wide));
    CHECK(has_warning(f, message_code::table_value_not_read,
                      "the configurations' columns (--table columns=a,b) held no cell under the "
                      "heading"));
  }
}

TEST_CASE("Tables: rows of more or fewer cells than headings", "[tables]") {
  table_layout t;
  t.value = "V";
  t.configuration = "c";
  const auto md = read_results("| T | V |\n|---|---|\n| a | 1 | 9 |\n| b |\n", "t.md", as_table(t));
  REQUIRE(md.results.size() == 1);
  CHECK(md.results[0].title == "a");
  CHECK(has_warning(md, message_code::table_row_cells, "a row of 3 cells under 2 headings"));
  const auto csv = read_results("T,V\na,1,9\nb\n", "t.csv", as_table(t));
  REQUIRE(csv.results.size() == 1);
  CHECK(has_warning(csv, message_code::table_row_cells, "a row of 3 cells under 2 headings"));
}
