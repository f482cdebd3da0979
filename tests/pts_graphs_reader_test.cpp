// SPDX-License-Identifier: MIT
// PTS's standalone graphs (docs/pts-graphs.md): a result-graphs folder read as one result file
// (what each graph gives, the table's exact values over the graph's rounded ones, the overview
// for results without a graph), each graph alone with what it cannot tell said, and refusals
// placed in the folder's file. Every folder against its composite.xml: tests/pts_graphs_test.py.
#include <filesystem>
#include <string>
#include <vector>

#include "catch.hpp"
#include "iosr/error.hpp"
#include "iosr/read.hpp"
#include "reader_support.hpp"

using namespace iosr;
using strings = std::vector<std::string>;

namespace {

std::string folder(const std::string& name) {
  return std::string(IOSR_FIXTURES_DIR) + "/pts-graphs/" + name + "/result-graphs";
}

bool has_warning(const result_file& f, message_code code, const std::string& part) {
  for (const auto& w : f.warnings) {
    if (w.code == code && w.message.find(part) != std::string::npos) return true;
  }
  return false;
}

std::string graph(const std::string& folder_name, const std::string& file) {
  return test_support::slurp(folder(folder_name) + "/" + file);
}

// A folder made of named texts, as read_graphs_folder() joins it.
result_file read_folder(std::vector<folder_file> files) {
  return read_results(join_graphs_folder(std::move(files)), "result-graphs");
}

}  // namespace

TEST_CASE("PTS's graphs: a folder is one result, the tables' stored values exact",
          "[pts-graphs]") {
  const auto f = read_results_file(folder("pts-10.0.0/iosched-3way"));
  CHECK(f.format == "pts-graphs");
  REQUIRE(f.results.size() == 3);
  const auto& r = f.results[0];
  CHECK(r.title == "Flexible IO Tester");
  CHECK(r.version == "3.36");
  CHECK(r.description ==
        "Type: Random Read - Engine: IO_uring - Direct: Yes - Block Size: 4KB - Job Count: 1 - "
        "Disk Target: Default Test Directory");
  CHECK(r.unit == "IOPS");
  CHECK(r.direction == direction::higher);
  CHECK(test_support::entry_labels(r) == strings{"mq-deadline", "bfq", "None"});
  CHECK(r.entries[0].value_text == "152340");
  CHECK(r.entries[0].standard_error == 580.46);
  CHECK(r.entries[0].sample_count == 3u);
  // The graph prints 12.35 (PTS 9.6 and later round a graph's values); the table stores 12.345.
  const auto& sqlite = f.results[2];
  CHECK(sqlite.title == "SQLite");
  CHECK(sqlite.unit == "Seconds");
  CHECK(sqlite.direction == direction::lower);
  CHECK(sqlite.entries[0].value_text == "12.345");
  CHECK_FALSE(has_warning(f, message_code::pts_html_rounded, ""));
}

TEST_CASE("PTS's graphs: before PTS 10 a version of 3 characters or more has a `v`",
          "[pts-graphs]") {
  const auto f = read_results_file(folder("pts-8.6.1/iosched-3way"));
  REQUIRE(f.results.size() == 3);
  CHECK(f.results[0].title == "Flexible IO Tester");
  CHECK(f.results[0].version == "3.36");
  // PTS 8.6 prints `SE +/- 580.46` without N.
  CHECK(f.results[0].entries[0].standard_error == 580.46);
  CHECK_FALSE(f.results[0].entries[0].sample_count);
  // PTS 8.6 prints 1523 for the stored 1523.4: the table's value is kept.
  CHECK(f.results[1].entries[0].value_text == "1523.4");
}

TEST_CASE("PTS's graphs: PTS 5.2's graphs, without groups, read from the wild", "[pts-graphs]") {
  const auto f = read_results_file(folder("wild/compression-s3791004"));
  REQUIRE(f.results.size() == 4);
  CHECK(f.results[0].title == "7-Zip Compression");
  CHECK(f.results[0].version == "16.02");
  CHECK(f.results[0].description == "Compress Speed Test");
  CHECK(f.results[0].unit == "MIPS");
  REQUIRE(f.results[0].entries.size() == 1);
  CHECK(f.results[0].entries[0].label == "ARMv7 rev 3");
  CHECK(f.results[0].entries[0].value_text == "3458");
  CHECK(f.results[0].entries[0].standard_error == 17.67);
  CHECK(f.title == "s3791004");
}

TEST_CASE("PTS's graphs: a multi-way comparison's bars named LEGEND: GROUP", "[pts-graphs]") {
  const auto f = read_results_file(folder("pts-10.0.0/seed002-rebuilt"));
  REQUIRE_FALSE(f.results.empty());
  const auto& r = f.results[0];
  REQUIRE(r.entries.size() == 10);
  CHECK(r.entries[0].label == "WD5000AZRX: Mq-Deadline");
  CHECK(r.entries[1].label == "WD1500HLHX: Mq-Deadline");
  CHECK(r.entries[0].value_text == "20.13");
  // Its table has no heading in PTS 10: the title is told apart at the heading's last word.
  CHECK(has_warning(f, message_code::pts_graph_heading_split, "'FS-Mark 3.3'"));
}

TEST_CASE("PTS's graphs: results only the overview gives", "[pts-graphs]") {
  // PTS 8.6.1 drew the first result's table and the overview of 126 results, then no more.
  const auto f =
      read_results_file(folder("pts-8.6.1/pts-10.8.4_newgvn_126-results_empty-values-and-errors"));
  REQUIRE(f.results.size() > 100);
  const auto& install = f.results[1];
  CHECK(install.title == "FFTW");
  CHECK(install.description == "Test Install Size");
  CHECK(install.unit.empty());
  CHECK(has_warning(f, message_code::pts_graph_unit_unknown, "'FFTW: Test Install Size'"));
  CHECK(f.results[2].title == "fftw");
  CHECK(f.results[2].description == "Build: Stock - Size: 1D FFT Size 64");
}

TEST_CASE("PTS's graphs: the folder's messages name its file", "[pts-graphs]") {
  const auto f = read_results_file(folder("wild/thinkpad-t495s-glmark2"));
  REQUIRE(f.results.size() == 1);
  CHECK(f.results[0].version == "276");
  const auto* w = test_support::find_warning(f, "systems.svg:4:1: PTS's compact systems table");
  REQUIRE(w != nullptr);
  CHECK(w->where.line == 0);
  auto bad = graph("pts-7.8.0/iosched-3way", "2.svg");
  bad.insert(bad.find("</svg>"), "<text");
  try {
    read_folder({{"1.svg", graph("pts-7.8.0/iosched-3way", "1.svg")}, {"2.svg", bad}});
    FAIL("read");
  } catch (const parse_error& e) {
    CHECK(e.where().line == 0);
    CHECK(e.message().starts_with("2.svg:4:"));
    CHECK(e.message().find("expected a graph as PTS draws it") != std::string::npos);
  }
}

TEST_CASE("PTS's graphs: a graph alone says what it cannot tell", "[pts-graphs]") {
  const auto dir = folder("pts-7.8.0/iosched-3way");
  SECTION("a bar graph: title and version told apart at the heading's last word") {
    const auto f = read_results(graph("pts-7.8.0/iosched-3way", "1.svg"), "1.svg");
    REQUIRE(f.results.size() == 1);
    CHECK(f.results[0].title == "Flexible IO Tester");
    CHECK(f.results[0].version == "3.36");
    CHECK(f.results[0].entries[0].value_text == "152340");
    CHECK(has_warning(f, message_code::pts_graph_heading_split, "told apart"));
    CHECK(has_warning(f, message_code::pts_html_rounded, "as PTS's graphs print them"));
  }
  SECTION("a table: the stored values, no unit, direction or version") {
    const auto f = read_results(graph("pts-7.8.0/iosched-3way", "3_table.svg"), "3_table.svg");
    REQUIRE(f.results.size() == 1);
    CHECK(f.results[0].title == "SQLite");
    CHECK(f.results[0].version.empty());
    CHECK(f.results[0].unit.empty());
    CHECK(f.results[0].entries[0].value_text == "12.345");
    CHECK(has_warning(f, message_code::pts_graph_unit_unknown, "tells no unit"));
  }
  SECTION("the overview: every result by the name PTS writes (here the title)") {
    const auto f = read_results(graph("pts-7.8.0/iosched-3way", "overview.svg"), "overview.svg");
    REQUIRE(f.results.size() == 3);
    CHECK(f.results[2].title == "SQLite");
    CHECK(f.results[2].entries[2].value_text == "11.987");
  }
  SECTION("the systems table holds no result") {
    CHECK_THROWS_AS(read_results(graph("pts-7.8.0/iosched-3way", "systems.svg"), "systems.svg"),
                    parse_error);
    // PTS 10.0's (its compact table): refused too, not read as a file of no charts.
    try {
      read_results(graph("pts-10.0.0/iosched-3way", "systems.svg"), "systems.svg");
      FAIL("read");
    } catch (const parse_error& e) {
      CHECK(e.message().find("no chart in the input") != std::string::npos);
    }
  }
  SECTION("found in a directory walk, a graph alone is no result file: its folder is") {
    CHECK(detect_input_format(graph("pts-7.8.0/iosched-3way", "1.svg")).empty());
    CHECK(detect_input_format(read_graphs_folder(dir)) == "pts-graphs");
  }
}

TEST_CASE("PTS's graphs: a graph and its table that disagree keep the graph's values",
          "[pts-graphs]") {
  auto table = graph("pts-7.8.0/iosched-3way", "1_table.svg");
  const auto at = table.find(">152340<");
  REQUIRE(at != std::string::npos);
  table.replace(at, 8, ">152341<");
  const auto f = read_folder({{"1.svg", graph("pts-7.8.0/iosched-3way", "1.svg")},
                              {"1_table.svg", table}});
  REQUIRE(f.results.size() == 1);
  CHECK(f.results[0].entries[0].value_text == "152340");
  CHECK(has_warning(f, message_code::pts_graph_table_disagrees, "where the table gives '152341'"));
}

TEST_CASE("PTS's graphs: an overview whose rows are not the results is not used",
          "[pts-graphs]") {
  // The overview of another result (iosched-3way's) beside a folder's graphs.
  const auto f = read_folder({{"1.svg", graph("pts-8.6.1/pts-10.8.4_osbench_base-vs-fwrapv", "1.svg")},
                              {"overview.svg", graph("pts-8.6.1/iosched-3way", "overview.svg")}});
  CHECK(f.results.size() == 1);
  CHECK(has_warning(f, message_code::pts_graph_overview_unused, "does not give the values"));
}

TEST_CASE("PTS's graphs: what a folder leaves out", "[pts-graphs]") {
  const auto joined = join_graphs_folder({{"visualize.svg", "<svg/>"},
                                          {"2.svg", "b"},
                                          {"10.svg", "c"},
                                          {"1.png", "d"},
                                          {"overview.svg", "e"},
                                          {"1_table.svg", "f"}});
  CHECK(joined ==
        "<!-- iosr result-graphs: 1_table.svg -->\nf\n<!-- iosr result-graphs: 2.svg -->\nb\n"
        "<!-- iosr result-graphs: 10.svg -->\nc\n<!-- iosr result-graphs: overview.svg -->\ne\n");
  CHECK(is_graphs_folder_name("runs/a/result-graphs/"));
  CHECK_FALSE(is_graphs_folder_name("runs/result-graphs-old"));
}

TEST_CASE("PTS's graphs: limits", "[pts-graphs]") {
  read_options small;
  small.max_input_bytes = 1000;
  CHECK_THROWS_AS(read_graphs_folder(folder("pts-7.8.0/iosched-3way"), small), parse_error);
  read_options shallow;
  shallow.max_xml_depth = 2;
  try {
    read_results(graph("pts-7.8.0/iosched-3way", "1.svg"), "1.svg", shallow);
    FAIL("read");
  } catch (const parse_error& e) {
    CHECK(e.kind() == error_kind::limit);
  }
}
