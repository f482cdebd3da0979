// SPDX-License-Identifier: MIT
// PTS's CSV export on the real corpus files (5.x and 10.x layouts, a spreadsheet-edited file):
// exact counts, the fields of each layout, what is warned about, and error positions.
#include <string>

#include "catch.hpp"
#include "iosr/error.hpp"
#include "iosr/read.hpp"
#include "reader_support.hpp"

using namespace iosr;
using test_support::find_entry;
using test_support::find_warning;
using test_support::warnings_with;
using test_support::read_cached;

namespace {

const std::string corpus = std::string(IOSR_FIXTURES_DIR) + "/corpus/";

}  // namespace

TEST_CASE("every corpus CSV export reads with exact counts", "[csv-in][corpus]") {
  struct expected {
    const char* file;
    std::size_t systems, results, entries, warnings;
  };
  // Counted independently of iosr (Python's csv module over the same files): an entry per
  // non-empty system cell. Warnings: the 5.x layout note, stray columns, results without values.
  const expected files[] = {
      {"csv/pts-5.6.0_ec2-large_7zip_10-systems.csv", 10, 1, 10, 1},
      {"csv/pts-5.6.0_ec2-large_iozone_single-system.csv", 1, 18, 18, 1},
      {"csv/pts-5.6.0_ec2-large_tiobench_spreadsheet-edited.csv", 1, 64, 64, 6},
      {"csv/pts-5.6.0_ec2-micro_stream_10-systems.csv", 10, 4, 40, 1},
      {"csv-pts10/pts-10.8.4_newgvn_126-results_empty-values-and-errors.csv", 1, 126, 107, 20},
      {"csv-pts10/pts-10.8.4_osbench_base-vs-fwrapv.csv", 2, 5, 10, 0},
      {"csv-pts10/pts-5.6.0_ec2-micro_stream_10-systems.csv", 10, 4, 40, 0},
      {"csv-pts10/pts-8.2.0_gce_pjdfstest_pass-fail.csv", 1, 2, 2, 0},
  };
  for (const auto& x : files) {
    INFO(x.file);
    const auto& f = read_cached(corpus + x.file);
    CHECK(f.format == "pts-csv");
    CHECK(f.systems.size() == x.systems);
    CHECK(f.results.size() == x.results);
    CHECK(test_support::entry_count(f) == x.entries);
    CHECK(f.warnings.size() == x.warnings);
  }
}

TEST_CASE("10.x layout: title, systems, components, results with unit and direction",
          "[csv-in]") {
  const auto& f = read_cached(corpus + "csv-pts10/pts-10.8.4_osbench_base-vs-fwrapv.csv");
  CHECK(f.title == "osbench");
  REQUIRE(f.systems.size() == 2);
  const auto& base = f.systems[0];
  CHECK(base.label == "base");
  REQUIRE(base.hardware.size() == 9);
  CHECK(base.hardware[0].key == "Processor");
  CHECK(base.hardware[0].value == "2 x Intel Xeon E5-2680 v2 @ 3.60GHz (20 Cores / 40 Threads)");
  CHECK(base.hardware[8].key == "Network");
  REQUIRE(base.software.size() == 9);
  CHECK(base.software[0].key == "OS");
  CHECK(base.software[0].value == "Debian 11");
  CHECK(base.software[8].key == "Screen Resolution");
  REQUIRE(f.results.size() == 5);
  // The CSV writes PTS's short unit (`us Per Event` becomes `us/Event`) and no version.
  test_support::check_header(f.results[0], "OSBench", "", "Test: Create Files", "us/Event",
                             direction::lower);
  CHECK(f.results[4].unit == "Ns/Event");
  const auto* fwrapv = find_entry(f.results[3], "fwrapv");
  REQUIRE(fwrapv);
  CHECK(fwrapv->value_text == "35.912990");  // the trailing zero stays
  CHECK(fwrapv->value == 35.91299);
  CHECK(fwrapv->where == source_position{27, 61});
}

TEST_CASE("an empty description and a pass/fail value", "[csv-in]") {
  const auto& f = read_cached(corpus + "csv-pts10/pts-8.2.0_gce_pjdfstest_pass-fail.csv");
  REQUIRE(f.results.size() == 2);
  // `"Pjdfstest -  (sec)"`: the description between ` - ` and ` (` is empty.
  test_support::check_header(f.results[0], "Pjdfstest", "", "", "sec", direction::lower);
  CHECK(f.results[0].display_format == "BAR_GRAPH");
  CHECK(f.results[1].unit == "Test Pass / Fail");
  CHECK(f.results[1].display_format == "PASS_FAIL");
  REQUIRE(f.results[1].entries.size() == 1);
  CHECK(f.results[1].entries[0].kind == entry_kind::pass_fail);
  CHECK(f.results[1].entries[0].value == 1.0);
}

TEST_CASE("5.x layout: no unit or direction column, padded rows", "[csv-in]") {
  const auto& f = read_cached(corpus + "csv/pts-5.6.0_ec2-micro_stream_10-systems.csv");
  CHECK(f.title == "stream-bench");  // `stream-bench,,,,,,,,,,`: the padding is not a cell
  REQUIRE(f.systems.size() == 10);
  CHECK(f.systems[9].label == "stream-run-9");
  CHECK(f.systems[9].software.back().key == "System Layer");
  REQUIRE(f.results.size() == 4);
  test_support::check_header(f.results[1], "Stream", "", "Type: Scale", "", direction::none);
  // The stored 1304.00 was re-saved by a spreadsheet as 1304: kept as the file writes it.
  CHECK(test_support::value_of(f.results[1], "stream-run-0") == "1304");
  REQUIRE(f.warnings.size() == 1);
  CHECK(f.warnings[0].message ==
        "PTS 5.x CSV layout: it gives no units and no better/worse direction");
  CHECK(f.warnings[0].where == source_position{3, 1});

  const auto& quoted = read_cached(corpus + "csv/pts-5.6.0_ec2-large_iozone_single-system.csv");
  CHECK(quoted.systems.at(0).label == "iozone");  // ` ,"iozone"`
  test_support::check_header(quoted.results.at(0), "IOzone", "",
                             "Record Size: 1MB - File Size: 2GB - Disk Test: Read Performance",
                             "", direction::none);
  CHECK(quoted.results[0].entries.at(0).value_text == "7714.10");
}

TEST_CASE("a spreadsheet-edited file: the export is read, the added columns are reported",
          "[csv-in][corpus]") {
  const auto& f = read_cached(corpus + "csv/pts-5.6.0_ec2-large_tiobench_spreadsheet-edited.csv");
  REQUIRE(f.systems.size() == 1);
  CHECK(f.systems[0].label == "threaded-last-unique");
  for (const auto& r : f.results) CHECK(r.entries.size() == 1);
  CHECK(test_support::value_of(f.results.at(32), "threaded-last-unique") == "3368.32");
  const auto* average = find_warning(f, "column 3 (no name)");
  REQUIRE(average);
  CHECK(average->message ==
        "column 3 (no name) is not a system of the header at line 3; its 1 value is not read");
  CHECK(average->where == source_position{49, 91});
  CHECK(warnings_with(f, "('reads') is not a system of the header at line 3; its 33 values") ==
        2);
  CHECK(warnings_with(f, "('writes') is not a system of the header at line 3; its 33 values") ==
        2);
}

TEST_CASE("results without values and unexpanded variables are warnings", "[csv-in][corpus]") {
  const auto& f = read_cached(
      corpus + "csv-pts10/pts-10.8.4_newgvn_126-results_empty-values-and-errors.csv");
  CHECK(f.title == "$result_name");
  CHECK(warnings_with(f, "holds an unexpanded PTS variable") == 1);
  CHECK(warnings_with(f, "has no values: every run failed, or none ran") == 19);
  CHECK(f.results.at(0).entries.empty());
  test_support::check_header(f.results[1], "FFTW", "", "Test Install Size", "Bytes",
                             direction::lower);
  CHECK(test_support::value_of(f.results[1], "NewGVN") == "98536");
}

TEST_CASE("CSV errors and oddities name line and column", "[csv-in][errors]") {
  auto read = [](std::string_view text) { return read_results(text, "in.csv"); };
  SECTION("a quoted cell left open") {
    try {
      read(",t,\n\n ,,\"a\"\nOS,,x\n\n ,,\"a\"\n\"T - d (u),HIB,1\n");
      FAIL("read");
    } catch (const parse_error& e) {
      CHECK(e.where() == source_position{7, 1});
      CHECK(e.message() ==
            "quoted cell is not closed on its line; expected a '\"' before the line end");
    }
  }
  SECTION("a header that names no system") {
    try {
      read(",t,\n\n ,,\n");
      FAIL("read");
    } catch (const parse_error& e) {
      CHECK(e.where() == source_position{3, 1});
      CHECK(e.message().starts_with("the header row names no system"));
    }
  }
  SECTION("values that are not numbers, unknown keys and directions") {
    auto f = read(",t,\n\n ,,\"a\"\nCPU Fan,,quiet\n\n ,,\"a\"\n\"T - d (u)\",BIB,1.2.3\n");
    REQUIRE(f.results.size() == 1);
    CHECK(f.results[0].entries.at(0).kind == entry_kind::text);
    CHECK(f.systems.at(0).hardware.at(0).value == "quiet");
    REQUIRE(f.warnings.size() == 3);
    CHECK(f.warnings[0].message ==
          "'CPU Fan' is not a PTS hardware or software key; kept with the hardware");
    CHECK(f.warnings[1].where == source_position{7, 13});
    CHECK(f.warnings[1].message == "direction 'BIB' is not HIB, LIB or empty; read as no "
                                   "direction");
    CHECK(f.warnings[2].message == "'a' in 'T': value '1.2.3' is not a number; kept as text");
  }
}
