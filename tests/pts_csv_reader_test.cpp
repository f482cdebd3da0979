// SPDX-License-Identifier: MIT
// PTS's CSV export on the real corpus files (the 5.x layout, the 9.4-10.8.4 one and the 10.8.5
// one, a spreadsheet-edited file): exact counts, the fields of each layout, what is warned about,
// how a file is claimed, and error positions.
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "catch.hpp"
#include "iosr/error.hpp"
#include "iosr/read.hpp"
#include "reader_support.hpp"

using namespace iosr;
using test_support::find_entry;
using test_support::find_warning;
using test_support::read_cached;
using test_support::slurp;
using test_support::warnings_with;

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
      // PTS 10.8.4's exports of the corpus XML files. Warnings: the 19 rows without values and
      // the `$result_name` title (newgvn), the system without values (vmware), no results
      // (active.xml).
      {"csv-pts10.8.4/pts-10.8.4_compress-zstd_20-systems_14-results.csv", 20, 14, 280, 0},
      {"csv-pts10.8.4/pts-10.8.4_newgvn_126-results_empty-values-and-errors.csv", 1, 126, 107, 20},
      {"csv-pts10.8.4/pts-10.8.4_osbench_base-vs-fwrapv.csv", 2, 5, 10, 0},
      {"csv-pts10.8.4/pts-10.8.4_sqlite_20-systems.csv", 20, 7, 140, 0},
      {"csv-pts10.8.4/pts-10.8.5_vmware_memory_system-without-entries.csv", 2, 2, 2, 1},
      {"csv-pts10.8.4/pts-10.8.6_arm64-neoverse-n1_ci-capture.csv", 1, 4, 4, 0},
      {"csv-pts10.8.4/pts-5.2.1_active-xml_zero-results.csv", 1, 0, 0, 1},
      {"csv-pts10.8.4/pts-5.2.1_rpi4_disk-suite_sqlite-fsmark-dbench-compilebench-postmark.csv", 1,
       11, 11, 0},
      {"csv-pts10.8.4/pts-5.2.1_rpi4_pgbench-postmark-mixed-units.csv", 1, 11, 11, 0},
      {"csv-pts10.8.4/pts-5.2.1_rpi4_tiobench-dbench-postmark-mixed.csv", 1, 17, 17, 0},
      {"csv-pts10.8.4/pts-5.6.0_ec2-large_7zip_10-systems.csv", 10, 1, 10, 0},
      {"csv-pts10.8.4/pts-5.6.0_ec2-large_tiobench_64-results.csv", 1, 64, 64, 0},
      {"csv-pts10.8.4/pts-5.6.0_ec2-micro_stream_10-systems.csv", 10, 4, 40, 0},
      {"csv-pts10.8.4/pts-8.0.1_clearlinux_osbench_date-identifier_mixed-units.csv", 1, 5, 5, 0},
      {"csv-pts10.8.4/pts-8.0.1_docker_schbench_42-results.csv", 1, 42, 42, 0},
      {"csv-pts10.8.4/pts-8.0.1_gce_blogbench_persistentdisk.csv", 1, 2, 2, 0},
      {"csv-pts10.8.4/pts-8.2.0_gce_pjdfstest_pass-fail.csv", 1, 2, 2, 0},
      {"csv-pts10.8.4/pts-8.2.0_two-systems_sparse-entries.csv", 2, 4, 4, 0},
      // The 2008 files: the system without a name, 3 keys PTS no longer writes, no results.
      {"csv-pts10.8.4/pts-0.1.0_2008_encode-ogg_single-run_benchmark-first.csv", 1, 0, 0, 5},
      {"csv-pts10.8.4/pts-0.1.0_2008_encode-ogg_two-identifiers_merged.csv", 1, 0, 0, 5},
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

TEST_CASE("10.x layout: title, systems, components, results with unit and direction", "[csv-in]") {
  const auto& f = read_cached(corpus + "csv-pts10/pts-10.8.4_osbench_base-vs-fwrapv.csv");
  CHECK(f.title == "osbench");
  REQUIRE(f.systems.size() == 2);
  const auto& base = f.systems[0];
  CHECK(base.label == "base");
  CHECK(test_support::fields_text(base.hardware) ==
        "Processor: 2 x Intel Xeon E5-2680 v2 @ 3.60GHz (20 Cores / 40 Threads) | Motherboard: HP "
        "158A (J61 v03.69 BIOS) | Chipset: Intel Xeon E7 v2/Xeon | Memory: 8 x GB DDR3-1600MT/s "
        "HMT41GR7AFR4A-PB | Disk: 2000GB TOSHIBA DT01ACA2 + 256GB SanDisk SD8TB8U2 | Graphics: "
        "NVIDIA NVE4 4GB | Audio: Realtek ALC262 | Monitor: LS24A40xU | Network: Intel 82579LM + "
        "Intel 82574L");
  CHECK(test_support::fields_text(base.software) ==
        "OS: Debian 11 | Kernel: 5.10.0-21-amd64 (x86_64) | Display Server: X Server 1.20.11 | "
        "Display Driver: nouveau | OpenGL: 4.3 Mesa 20.3.5 | Vulkan: 1.0.2 | Compiler: GCC "
        "10.2.1 20210110 + Clang 11.0.1-2 | File-System: ext4 | Screen Resolution: 1920x1080");
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

TEST_CASE("9.4-10.8.4 layout: the title and description lines before the header", "[csv-in]") {
  const auto& f = read_cached(corpus + "csv-pts10.8.4/pts-10.8.4_osbench_base-vs-fwrapv.csv");
  CHECK(f.title == "osbench");
  CHECK(f.description == "osbench-base");
  REQUIRE(f.systems.size() == 2);
  CHECK(f.systems[1].label == "fwrapv");
  CHECK(f.systems[1].where == source_position{4, 1});
  CHECK(f.systems[0].software.at(0).value == "Debian 11");
  REQUIRE(f.results.size() == 5);
  test_support::check_header(f.results[0], "OSBench", "", "Test: Create Files", "us/Event",
                             direction::lower);
  const auto* fwrapv = find_entry(f.results[3], "fwrapv");
  REQUIRE(fwrapv);
  CHECK(fwrapv->value_text == "35.912990");
  CHECK(fwrapv->where == source_position{28, 61});
  CHECK(f.warnings.empty());

  // The description is written as it is, commas and all.
  const auto& zip = read_cached(corpus + "csv-pts10.8.4/pts-5.6.0_ec2-large_7zip_10-systems.csv");
  CHECK(zip.title == "7zip");
  CHECK(zip.description == "7zip run - 9 cloud lab exercise mpsp unipi.gr");
}

TEST_CASE("9.4-10.8.4 layout: a description of several lines, quotes and commas as written",
          "[csv-in]") {
  // PTS writes the description neither quoted nor escaped: a `"` that opens no cell, a comma,
  // an empty line and a line that looks like a title row are all description.
  const std::string text =
      "My run\n"
      "First line, with a comma\n"
      "\"quoted at the start, never closed\n"
      "\n"
      ",last,\n"
      "\n"
      " ,,\"a\",\"b\"\n"
      "OS,,Debian,Ubuntu\n"
      "\n"
      " ,,\"a\",\"b\"\n"
      "\"T - d (u)\",HIB,1.50,2\n";
  CHECK(iosr::detect_input_format(text) == "pts-csv");
  auto f = read_results(text, "in.csv");
  CHECK(f.format == "pts-csv");
  CHECK(f.title == "My run");
  CHECK(f.description == "First line, with a comma\n\"quoted at the start, never closed\n\n,last,");
  REQUIRE(f.systems.size() == 2);
  CHECK(f.systems[0].where == source_position{7, 1});
  CHECK(f.systems[1].software.at(0).value == "Ubuntu");
  REQUIRE(f.results.size() == 1);
  CHECK(f.results[0].where == source_position{11, 1});
  REQUIRE(f.results[0].entries.size() == 2);
  CHECK(f.results[0].entries[0].value_text == "1.50");
  CHECK(f.results[0].entries[1].where == source_position{11, 22});
  CHECK(f.warnings.empty());

  SECTION("with Windows line ends") {
    std::string windows;
    for (char c : text) windows += c == '\n' ? std::string("\r\n") : std::string(1, c);
    CHECK(iosr::detect_input_format(windows) == "pts-csv");
    auto w = read_results(windows, "in.csv");
    CHECK(w.description == f.description);  // line ends become `\n`
    CHECK(w.results == f.results);
  }
  SECTION("an empty description") {
    auto e = read_results("My run\n\n\n ,,\"a\"\nOS,,Debian\n\n ,,\"a\"\n\"T - d (u)\",LIB,3\n",
                          "in.csv");
    CHECK(e.title == "My run");
    CHECK(e.description.empty());
    CHECK(test_support::value_of(e.results.at(0), "a") == "3");
  }
  SECTION("a title that holds commas and quotes") {
    auto e = read_results("a, \"b\", c\nd\n\n ,,\"a\"\nOS,,Debian\n\n ,,\"a\"\n", "in.csv");
    CHECK(e.title == "a, \"b\", c");
    CHECK(e.description == "d");
  }
}

TEST_CASE("the layouts are told apart by the lines before the header", "[csv-in]") {
  SECTION("`,TITLE,` is the title row of PTS 10.8.5 and later, blank lines or not") {
    auto f = read_results(",My run,\n\n\n ,,\"a\"\nOS,,Debian\n\n ,,\"a\"\n", "in.csv");
    CHECK(f.title == "My run");
    CHECK(f.description.empty());
  }
  SECTION("a title row and a blank line before a header with the direction column") {
    auto f = read_results("My run\n\n ,,\"a\"\nOS,,Debian\n\n ,,\"a\"\n", "in.csv");
    CHECK(f.title == "My run");
    CHECK(f.description.empty());
  }
  SECTION("5.x, whose header has no direction column, has no description line") {
    try {
      read_results("My run\nsomething\n\n ,a\nOS,Debian\n\n ,a\n", "in.csv");
      FAIL("read");
    } catch (const parse_error& e) {
      CHECK(e.where() == source_position{2, 1});
      CHECK(e.message() ==
            "expected the header row ' ,,\"SYSTEM\",...' that names the systems "
            "of PTS's CSV export");
    }
  }
}

TEST_CASE("a system without a name is read under a placeholder, with a warning",
          "[csv-in][corpus]") {
  // PTS 10.8.4 reads a 2008 composite.xml without its identifiers or results: it writes three
  // empty lines (title, description, blank), ` ,,""` and the system rows only.
  for (const char* name : {"pts-0.1.0_2008_encode-ogg_single-run_benchmark-first.csv",
                           "pts-0.1.0_2008_encode-ogg_two-identifiers_merged.csv"}) {
    INFO(name);
    const auto& f = read_cached(corpus + "csv-pts10.8.4/" + name);
    CHECK(f.title.empty());
    CHECK(f.description.empty());
    REQUIRE(f.systems.size() == 1);
    const auto& s = f.systems[0];
    CHECK(s.label == "(unnamed system 1)");
    CHECK(s.where == source_position{4, 1});
    // The rows in order, as the XML's Hardware then Software; the CSV does not say where the
    // hardware ends, so `Screen Resolution`, a software key to PTS today, starts the software.
    CHECK(test_support::fields_text(s.hardware) ==
          "Processor: Intel Core2 Duo CPU     T9300 @ 2.50GHz (Total Cores: 2) | Motherboard "
          "Chipset: Intel Mobile PM965/GM965/GL960 | System Memory: 1982MB | Graphics: Quadro NVS "
          "140M/PCI/SSE2");
    CHECK(test_support::fields_text(s.software) ==
          "Screen Resolution: 1680x1050 | OS: Ubuntu 8.04 | Kernel: 2.6.24-14-generic (x86_64) | "
          "X.Org Server: 1.4.0.90 | OpenGL: 2.1.2 NVIDIA 171.06 | Compiler: GCC 4.2.3");
    CHECK(f.results.empty());
    REQUIRE(f.warnings.size() == 5);
    CHECK(f.warnings[0].where == source_position{4, 4});
    CHECK(f.warnings[0].message ==
          "column 3 of the header gives a system an empty name (\"\"); the system is read "
          "under the label '(unnamed system 1)'");
    CHECK(f.warnings[4].message == "the file holds no charts (an unfinished run?)");
  }

  SECTION("among named systems, with values; an unquoted gap is another matter") {
    auto f = read_results(
        ",t,\n\n ,,\"a\",\"\",,\"b\"\nOS,,x,y,z,w\n\n ,,\"a\",\"\",,\"b\"\n"
        "\"T - d (u)\",HIB,1,2,3,4\n",
        "in.csv");
    CHECK(test_support::system_labels(f) ==
          std::vector<std::string>{"a", "(unnamed system 2)", "(column 5)", "b"});
    CHECK(test_support::value_of(f.results.at(0), "(unnamed system 2)") == "2");
    CHECK(test_support::value_of(f.results.at(0), "(column 5)") == "3");
    REQUIRE(f.warnings.size() == 2);  // the second header names the same columns
    CHECK(f.warnings[0].where == source_position{3, 8});
    CHECK(f.warnings[0].message.ends_with("read under the label '(unnamed system 2)'"));
    CHECK(f.warnings[1].message ==
          "column 5 of the header names no system; its values are read under the label "
          "'(column 5)'");
  }
}

TEST_CASE("which files the pts-csv reader claims", "[csv-in][corpus]") {
  namespace fs = std::filesystem;
  auto slurp = [](const fs::path& path) { return test_support::slurp(path.string()); };
  // Every corpus file, by folder: CSV exports are claimed, the text exports, composite.xml and
  // JSON files are not, however many lines their descriptions have.
  const std::pair<const char*, const char*> folders[] = {
      {"csv", "pts-csv"},       {"csv-pts10", "pts-csv"}, {"csv-pts10.8.4", "pts-csv"},
      {"pts-text", "pts-text"}, {"text", "pts-text"},     {"xml", "composite-xml"},
      {"json", "pts-json"},
  };
  std::size_t files = 0;
  for (const auto& [folder, format] : folders) {
    for (const auto& item : fs::directory_iterator(corpus + folder)) {
      INFO(item.path().string());
      CHECK(iosr::detect_input_format(slurp(item.path())) == format);
      ++files;
    }
  }
  CHECK(files == 4 + 4 + 20 + 18 + 4 + 20 + 4);

  // A text export with a description of several lines starts as the 9.4-10.8.4 CSV does.
  CHECK(iosr::detect_input_format("My run\nline one\nline two\n\n\nbase: \n\n\tProcessor: X, "
                                  "Disk: Y\n\n\tOS: Debian\n") == "pts-text");
  // A CSV-like header deep in a text is not enough: the next line must be a key row or blank.
  CHECK(
      iosr::detect_input_format("My run\nline one\nline two\n\n ,,\"a\"\nnot a key row\n").empty());
  CHECK(iosr::detect_input_format("My run\nline one\nline two\n\n ,,\"a\"\nOS,,Debian\n") ==
        "pts-csv");
}

TEST_CASE("an empty description and a pass/fail value", "[csv-in]") {
  const auto& f = read_cached(corpus + "csv-pts10/pts-8.2.0_gce_pjdfstest_pass-fail.csv");
  REQUIRE(f.results.size() == 2);
  // `"Pjdfstest -  (sec)"`: the description between ` - ` and ` (` is empty.
  test_support::check_header(f.results[0], "Pjdfstest", "", "", "sec", direction::lower);
  CHECK(f.results[0].display_format == iosr::display_format::bar_graph);
  CHECK(f.results[1].unit == "Test Pass / Fail");
  CHECK(f.results[1].display_format == iosr::display_format::pass_fail);
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
                             "Record Size: 1MB - File Size: 2GB - Disk Test: Read Performance", "",
                             direction::none);
  CHECK(quoted.results[0].entries.at(0).value_text == "7714.10");
}

TEST_CASE("7.0-8.0.0 layout: the direction column in the results' header only", "[csv-in]") {
  // Made by the real PTS 7.8.0 and 8.0.0 (tests/fixtures/SOURCES.md) from XML files iosr reads:
  // ` ,"a","b"` before the components, ` ,,"a","b"` before the results. Read with the
  // components' columns, every value moved one system to the right (issue: a value `HIB`).
  const std::string dir = std::string(IOSR_FIXTURES_DIR) + "/pts-csv-7/";
  const std::pair<const char*, std::string> same[] = {
      {"iosched-3way", std::string(IOSR_FIXTURES_DIR) + "/../../data/xml/iosched-3way.xml"},
      {"pts-8.0.1_clearlinux_osbench_date-identifier_mixed-units",
       corpus + "xml/pts-8.0.1_clearlinux_osbench_date-identifier_mixed-units.xml"}};
  for (const auto* version : {"7.8.0", "8.0.0"}) {
    for (const auto& [name, xml] : same) {
      const auto path = dir + "pts-" + version + "_" + name + ".csv";
      INFO(path);
      const auto& csv = read_cached(path);
      const auto& source = read_cached(xml);
      CHECK(csv.format == "pts-csv");
      REQUIRE(csv.results.size() == source.results.size());
      for (std::size_t c = 0; c < csv.results.size(); ++c) {
        const auto& a = csv.results[c];
        const auto& b = source.results[c];
        CHECK(a.direction == b.direction);
        REQUIRE(a.entries.size() == b.entries.size());
        for (std::size_t e = 0; e < a.entries.size(); ++e) {
          CHECK(a.entries[e].label == b.entries[e].label);
          CHECK(a.entries[e].value_text == b.entries[e].value_text);
        }
      }
      // No units (PTS wrote them from 9.6.1 on): one warning a chart, nothing else.
      CHECK(csv.warnings.size() == csv.results.size());
      CHECK(warnings_with(csv, "PTS 5.x CSV layout") == 0);
    }
    // 20 systems, 14 results, each name written twice (compression and decompression speed):
    // two results the CSV does not tell apart, both kept with a warning. (Before, the finishing
    // pass kept the later of each name, as for a composite.xml: 7 of 14 results lost.)
    const auto& zstd = read_cached(dir + "pts-" + version +
                                   "_pts-10.8.4_compress-zstd_20-systems_14-results.csv");
    const auto& xml =
        read_cached(corpus + "xml/pts-10.8.4_compress-zstd_20-systems_14-results.xml");
    CHECK(zstd.systems.size() == 20);
    REQUIRE(zstd.results.size() == 14);
    CHECK(test_support::entry_count(zstd) == 280);
    for (std::size_t c = 0; c < zstd.results.size(); ++c) {
      REQUIRE(zstd.results[c].entries.size() == xml.results[c].entries.size());
      CHECK(zstd.results[c].direction == xml.results[c].direction);
      for (std::size_t e = 0; e < zstd.results[c].entries.size(); ++e) {
        CHECK(zstd.results[c].entries[e].label == xml.results[c].entries[e].label);
        CHECK(zstd.results[c].entries[e].value_text == xml.results[c].entries[e].value_text);
      }
    }
    CHECK(warnings_with(zstd, "both are kept, as two results that the CSV does not tell apart") ==
          7);
  }
}

TEST_CASE("7.0-8.0.0 layout without the results' own header: read with the rows' direction",
          "[csv-in]") {
  // The real PTS 7.8.0 export above, its line ` ,,"mq-deadline","bfq","None"` lost (pasted
  // results, an edited file): each row still holds PTS's direction in its second cell. Before,
  // they were read with the components' columns: `HIB` as the first system's value, every value
  // a system to the right and the last column "not read".
  const auto whole = slurp(std::string(IOSR_FIXTURES_DIR) + "/pts-csv-7/pts-7.8.0_iosched-3way.csv");
  const auto header = whole.find(" ,,\"mq-deadline\"");
  REQUIRE(header != std::string::npos);
  const auto text = whole.substr(0, header) + whole.substr(whole.find('\n', header) + 1);
  auto f = read_results(text, "input.csv");
  const auto& source = read_cached(std::string(IOSR_FIXTURES_DIR) + "/../../data/xml/iosched-3way.xml");
  REQUIRE(f.results.size() == source.results.size());
  for (std::size_t c = 0; c < f.results.size(); ++c) {
    CHECK(f.results[c].direction == source.results[c].direction);
    REQUIRE(f.results[c].entries.size() == source.results[c].entries.size());
    for (std::size_t e = 0; e < f.results[c].entries.size(); ++e) {
      CHECK(f.results[c].entries[e].label == source.results[c].entries[e].label);
      CHECK(f.results[c].entries[e].value_text == source.results[c].entries[e].value_text);
    }
  }
  CHECK(warnings_with(f, "hold the direction (HIB, LIB) in their second cell") == 1);
  CHECK(warnings_with(f, "not read") == 0);
  CHECK(warnings_with(f, "is not a number") == 0);
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
  CHECK(warnings_with(f, "('reads') is not a system of the header at line 3; its 33 values") == 2);
  CHECK(warnings_with(f, "('writes') is not a system of the header at line 3; its 33 values") == 2);
}

TEST_CASE("results without values and unexpanded variables are warnings", "[csv-in][corpus]") {
  const auto& f =
      read_cached(corpus + "csv-pts10/pts-10.8.4_newgvn_126-results_empty-values-and-errors.csv");
  CHECK(f.title == "$result_name");
  CHECK(warnings_with(f, "holds an unexpanded PTS variable") == 1);
  CHECK(warnings_with(f, "has no entries (every run failed?)") == 19);
  CHECK(f.results.at(0).entries.empty());
  test_support::check_header(f.results[1], "FFTW", "", "Test Install Size", "Bytes",
                             direction::lower);
  CHECK(test_support::value_of(f.results[1], "NewGVN") == "98536");
}

TEST_CASE("rows of one name: merged when no system has a value in both", "[csv-in]") {
  // Merged runs whose tests did not line up (another test version, other arguments) give rows
  // that the CSV names alike, each with the values of some systems.
  const std::string head =
      ",t,\n\n ,,\"a\",\"b\",\"c\"\nOS,,x,y,z\n\n ,,\"a\",\"b\",\"c\"\n"
      "\"T - d (u)\",HIB,1,,3\n"    // line 7
      "\"U - e (u)\",HIB,5,6,7\n";  // line 8
  auto read = [&](const std::string& rest) { return read_results(head + rest, "in.csv"); };
  SECTION("disjoint: one result with every value, in the systems' order") {
    auto f = read("\"T - d (u)\",HIB,,2,\n");
    REQUIRE(f.results.size() == 2);
    const auto& t = f.results[0];
    CHECK(t.where == source_position{7, 1});
    CHECK(test_support::entry_labels(t) == std::vector<std::string>{"a", "b", "c"});
    CHECK(test_support::value_of(t, "b") == "2");
    CHECK(t.entries[1].where == source_position{9, 18});
    CHECK(f.results[1].title == "U");
    CHECK(test_support::entry_count(f) == 6);
    REQUIRE(f.warnings.size() == 1);
    CHECK(f.warnings[0].where == source_position{9, 1});
    CHECK(f.warnings[0].message ==
          "lines 7 and 9 both hold chart 'T' (d) and no system has a value in both; merged "
          "into one chart, at line 7, that keeps every value");
  }
  SECTION("a row without values adds none and takes none away") {
    auto f = read("\"T - d (u)\",HIB,,,\n");
    CHECK(test_support::entry_labels(f.results.at(0)) == std::vector<std::string>{"a", "c"});
    CHECK(test_support::has_warning(f, "lines 7 and 9 both hold chart 'T' (d)"));
  }
  SECTION("conflicting: a system has a value in both, two results, both kept") {
    // PTS writes each result of its file once: rows of one name with values for one system
    // are two results whose difference the CSV does not show (compression, decompression).
    auto f = read("\"T - d (u)\",HIB,,2,4\n");
    REQUIRE(f.results.size() == 3);
    CHECK(test_support::entry_labels(f.results[0]) == std::vector<std::string>{"a", "c"});
    CHECK(test_support::value_of(f.results[0], "c") == "3");
    CHECK(test_support::entry_labels(f.results[2]) == std::vector<std::string>{"b", "c"});
    CHECK(test_support::value_of(f.results[2], "c") == "4");
    REQUIRE(f.warnings.size() == 1);
    CHECK(f.warnings[0].where == source_position{9, 1});
    CHECK(f.warnings[0].code == message_code::chart_repeated);
    CHECK(f.warnings[0].message ==
          "chart 'T' (d) has the name of the one at line 7 and values for the same systems; "
          "both are kept, as two results that the CSV does not tell apart");
  }
  SECTION("another direction is a conflict") {
    auto f = read("\"T - d (u)\",LIB,,2,\n");
    REQUIRE(f.results.size() == 3);
    CHECK(test_support::entry_labels(f.results[2]) == std::vector<std::string>{"b"});
    CHECK(test_support::has_warning(f, "has the name of the one at line 7"));
  }
  SECTION("a later row merges with the latest row of its name") {
    auto f = read("\"T - d (u)\",HIB,9,,\n\"T - d (u)\",HIB,,2,\n");
    REQUIRE(f.results.size() == 3);
    CHECK(test_support::value_of(f.results[2], "a") == "9");
    CHECK(test_support::value_of(f.results[2], "b") == "2");
    CHECK(test_support::value_of(f.results[2], "c") == "<missing>");
    REQUIRE(f.warnings.size() == 2);
    CHECK(f.warnings[0].message.starts_with("chart 'T' (d) has the name of the one at line 7"));
    CHECK(f.warnings[1].message.starts_with("lines 9 and 10 both hold chart 'T' (d)"));
  }
}

TEST_CASE("CSV errors and oddities name line and column", "[csv-in][errors]") {
  auto read = [](std::string_view text) { return read_results(text, "in.csv"); };
  SECTION("a quoted cell left open") {
    test_support::parse_should_fail(
        ",t,\n\n ,,\"a\"\nOS,,x\n\n ,,\"a\"\n\"T - d (u),HIB,1\n", 7, 1,
        "quoted cell is not closed on its line; expected a '\"' before the line end");
  }
  SECTION("a header that names no system") {
    test_support::parse_should_fail(",t,\n\n ,,\n", 3, 1, "the header row names no system");
  }
  SECTION("a quoted cell left open after a description of several lines") {
    test_support::parse_should_fail(
        "T\nd1\nd2\n\n ,,\"a\"\nOS,,x\n\n ,,\"a\"\n\"T - d (u)\",HIB,1\n\"U - d (u),HIB,2\n", 10, 1,
        "quoted cell is not closed on its line; expected a '\"' before the line end");
  }
  SECTION("a quoted title cell left open") {
    test_support::parse_should_fail(",\"t,\n\n ,,\"a\"\nOS,,x\n", 1, 2,
                                    "quoted cell is not closed on its line");
  }
  SECTION("a header that names no system after a title and a description") {
    test_support::parse_should_fail("t\nd\n\n ,,\n", 4, 1, "the header row names no system");
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
    CHECK(f.warnings[1].message ==
          "direction 'BIB' is not HIB, LIB or empty; read as no "
          "direction");
    CHECK(f.warnings[2].message == "'a' in 'T': value '1.2.3' is not a number; kept as text");
  }
}

TEST_CASE("pts-csv: columns an editor aligned with blanks read as PTS wrote them, with a warning",
          "[pts-csv][regression]") {
  // As in real exports re-saved from an editor that pads every cell to its column's width.
  const std::string text =
      "run\nKVM testing.\n\n"
      "                      ,    ,\"sev\"   ,\"nosev\"\n"
      "Processor             ,    ,AMD EPYC ,AMD EPYC\n\n"
      "                      ,    ,\"sev\"   ,\"nosev\"\n"
      "\"Redis - Test: GET (Reqs/sec)\" ,HIB ,2277704.58 ,1570497.58\n";
  auto f = iosr::read_results(text, "aligned.csv");
  REQUIRE(f.systems.size() == 2);
  CHECK(f.systems[0].label == "sev");
  CHECK(f.systems[1].hardware.at(0).value == "AMD EPYC");
  REQUIRE(f.results.size() == 1);
  CHECK(f.results[0].title == "Redis");
  CHECK(f.results[0].unit == "Reqs/sec");
  CHECK(f.results[0].direction == iosr::direction::higher);
  CHECK(f.results[0].entries.at(0).value_text == "2277704.58");
  CHECK(f.results[0].entries.at(1).value_text == "1570497.58");
  CHECK(f.warnings.size() == 1);
}

TEST_CASE("pts-csv: a CSV export pasted far down into other text is not taken for one",
          "[pts-csv][regression]") {
  // A lab notebook with `cat` of an export after 40 lines of notes: the notes are no
  // description, so the file is not claimed.
  std::string notes;
  for (int i = 0; i < 45; ++i) notes += "note line " + std::to_string(i) + ", with a comma\n";
  const std::string text = "notebook\n" + notes +
                           "\n ,,\"sev\"\nProcessor,,AMD EPYC\n\n ,,\"sev\"\n"
                           "\"Redis - Test: GET (Reqs/sec)\",HIB,2277704.58\n";
  CHECK(iosr::detect_input_format(text).empty());
}

TEST_CASE("8.0.1-9.6.0 layouts: rows of one name are two results", "[csv-in]") {
  // Real exports by PTS 8.8.0 (title, blank, header) and 9.6.0 (title, description, blank,
  // header) of a pass/fail file (tests/fixtures/SOURCES.md): its two results, a time and a
  // PASS, are both named "Pjdfstest - " (no unit before 9.6.1). Before, the later replaced the
  // earlier and the time was lost.
  const auto& xml = read_cached(corpus + "xml/pts-8.2.0_gce_pjdfstest_pass-fail.xml");
  for (const auto* version : {"8.8.0", "9.6.0"}) {
    const auto path = std::string(IOSR_FIXTURES_DIR) + "/pts-csv-8/pts-" + version +
                      "_pts-8.2.0_gce_pjdfstest_pass-fail.csv";
    INFO(path);
    const auto& f = read_cached(path);
    CHECK(f.format == "pts-csv");
    CHECK(f.title == xml.title);
    REQUIRE(f.results.size() == xml.results.size());
    for (std::size_t c = 0; c < f.results.size(); ++c) {
      CHECK(f.results[c].direction == xml.results[c].direction);
      CHECK(f.results[c].display_format == xml.results[c].display_format);
      REQUIRE(f.results[c].entries.size() == xml.results[c].entries.size());
      CHECK(f.results[c].entries[0].label == xml.results[c].entries[0].label);
      CHECK(f.results[c].entries[0].value_text == xml.results[c].entries[0].value_text);
    }
    // No unit on either row (one warning each), and the name they share.
    CHECK(f.warnings.size() == 3);
    CHECK(warnings_with(f, "both are kept, as two results that the CSV does not tell apart") == 1);
  }
}
