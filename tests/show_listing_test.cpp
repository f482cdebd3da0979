// SPDX-License-Identifier: MIT
// `iosr show`'s summary: what a user reads to check what was parsed.
#include <string>

#include "catch.hpp"
#include "iosr/read.hpp"
#include "iosr/render.hpp"

namespace {

const char* const export_text =
    "HDD IO Scheduler Tests\n"
    "Two drives.\n"
    "\n"
    "\n"
    "WD5000AZRX: Mq-Deadline: \n"
    "\n"
    "\tProcessor: AMD Ryzen 7 (8 Cores), Disk: 500GB Western Digital WD5000AZRX-0\n"
    "\n"
    "\tOS: Ubuntu 18.04, Kernel: 5.0.0 (x86_64), File-System: ext4\n"
    "\n"
    "\n"
    "FS-Mark 3.3\n"
    "Test: 1000 Files, 1MB Size\n"
    "Files/s > Higher Is Better\n"
    "WD5000AZRX: Mq-Deadline . 20.13 |==========================\n"
    "Other ................... 4.26  |====================================================\n";

}  // namespace

TEST_CASE("show summary names the file, systems with group and scheduler, and each chart",
          "[show]") {
  auto file = iosr::read_results(export_text, "hdd.txt");
  auto text = iosr::render_listing(file);
  CHECK(text.find("hdd.txt (pts-text)") != std::string::npos);
  CHECK(text.find("Title:       HDD IO Scheduler Tests") != std::string::npos);
  CHECK(text.find("Description: Two drives.") != std::string::npos);
  CHECK(text.find("2 systems, 1 chart, 2 entries") != std::string::npos);
  CHECK(text.find("group: WD5000AZRX  name: Mq-Deadline  scheduler: mq-deadline") !=
        std::string::npos);
  CHECK(text.find("Disk: 500GB Western Digital WD5000AZRX-0") != std::string::npos);
  CHECK(text.find("1. FS-Mark 3.3") != std::string::npos);
  CHECK(text.find("Files/s, higher is better") != std::string::npos);
  CHECK(text.find("WD5000AZRX: Mq-Deadline  20.13") != std::string::npos);
}

TEST_CASE("show summary lists warnings with file, line and column", "[show]") {
  // `Other` names a system the file does not describe (a warning) and has a bar far too long
  // for 4.26 (another).
  auto file = iosr::read_results(export_text, "hdd.txt");
  auto text = iosr::render_listing(file, 200);  // wide enough for each warning on one line
  REQUIRE(file.warnings.size() == 2);
  CHECK(text.find("Warnings\n") != std::string::npos);
  CHECK(text.find("hdd.txt:16:1: bar of 'Other'") != std::string::npos);
  CHECK(text.find("hdd.txt:16:1: entry 'Other' in 'FS-Mark' names a system the file does not "
                  "describe") != std::string::npos);
}

TEST_CASE("show summary gives standard error and N, line-graph means and failures", "[show]") {
  auto file = iosr::read_results(
      "<PhoronixTestSuite><System><Identifier>a</Identifier></System>"
      "<Result><Title>SQLite</Title><Scale>Seconds</Scale><Proportion>LIB</Proportion>"
      "<DisplayFormat>BAR_GRAPH</DisplayFormat><Data><Entry><Identifier>a</Identifier>"
      "<Value>12.345</Value><RawString>12.301:12.389:12.345</RawString></Entry>"
      "<Entry><Identifier>b</Identifier><Value></Value><JSON>{\"error\":\"E: out of disk\"}"
      "</JSON></Entry></Data></Result>"
      "<Result><Title>Monitor</Title><Scale>Celsius</Scale><DisplayFormat>LINE_GRAPH"
      "</DisplayFormat><Data><Entry><Identifier>a</Identifier><Value>41,43,45</Value></Entry>"
      "</Data></Result></PhoronixTestSuite>",
      "run.xml");
  auto text = iosr::render_listing(file);
  // SE = 0.0254 with as many decimals as the value (3), as PTS prints it.
  CHECK(text.find("12.345  (SE +/- 0.025, N = 3)") != std::string::npos);
  CHECK(text.find("failed: E: out of disk") != std::string::npos);
  CHECK(text.find("avg 43.00 (min 41, max 45)") != std::string::npos);
}

namespace {

std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("show says once what every system has alike, then what differs per system", "[show]") {
  SECTION("20 systems of one machine: its fields once") {
    const auto file =
        iosr::read_results_file(std::string(IOSR_FIXTURES_DIR) +
                                "/corpus/xml/pts-10.8.4_compress-zstd_20-systems_14-results.xml");
    const auto text = iosr::render_listing(file);
    CHECK(occurrences(text, "  Every system:\n") == 1);
    CHECK(occurrences(text, "Kernel: 5.10.0-21-amd64 (x86_64)") == 1);
    CHECK(occurrences(text, "Disk: 2000GB TOSHIBA DT01ACA2") == 1);
  }
  SECTION("two disks: the disk under each system, the rest once") {
    const auto file =
        iosr::read_results_file(std::string(IOSR_DATA_DIR) + "/text/002_236e153a66cd3c9d.txt");
    const auto text = iosr::render_listing(file);
    CHECK(occurrences(text, "\n    OS: Ubuntu 18.04\n") == 1);
    CHECK(occurrences(text, "    Disk: 500GB Western Digital WD5000AZRX-0\n") == 5);
    CHECK(occurrences(text, "    Disk: 150GB Western Digital WD1500HLHX-0\n") == 5);
  }
  SECTION("one system: its fields with it") {
    const auto file = iosr::read_results_file(
        std::string(IOSR_FIXTURES_DIR) +
        "/corpus/xml/pts-0.1.0_2008_encode-ogg_single-run_benchmark-first.xml");
    CHECK(occurrences(iosr::render_listing(file), "Every system") == 0);
  }
}

TEST_CASE("show fits its lines to the width, wrapping and never losing a word", "[show][layout]") {
  auto file = iosr::read_results(export_text, "hdd.txt");
  for (int width : {40, 60, 80}) {
    const auto text = iosr::render_listing(file, width);
    std::string words;
    std::size_t start = 0;
    while (start < text.size()) {
      const auto end = text.find('\n', start);
      const auto line = text.substr(start, end - start);
      INFO("width " << width << ": " << line);
      CHECK(line.size() <= static_cast<std::size_t>(width));  // the sample is ASCII
      start = end + 1;
    }
    // The warning is all there, over as many lines as it takes.
    CHECK(text.find("describe") != std::string::npos);
    CHECK(text.find("Processor: AMD Ryzen 7 (8 Cores)") != std::string::npos);
  }
}
