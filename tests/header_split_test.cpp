// SPDX-License-Identifier: MIT
// Chart headers split into title, version, description and unit; system strings split into
// hardware and software fields.
#include "input/pts_text/header_split.hpp"

#include <string>
#include <string_view>
#include <utility>

#include "catch.hpp"
#include "input/system_fields.hpp"
#include "reader_support.hpp"

namespace {

using iosr::detail::find_known_title;
using iosr::detail::is_version_token;
using iosr::detail::split_collapsed_header;
using iosr::detail::split_fields;
using iosr::detail::split_hardware_software;
using iosr::detail::split_title_line;
using iosr::detail::starts_with_hardware_key;
using iosr::detail::starts_with_software_key;
using test_support::fields_text;

// The four parts of a collapsed header, `title | version | description | unit`, to check in
// one CHECK.
std::string parts_of(std::string_view header) {
  const auto p = split_collapsed_header(header);
  return p.title + " | " + p.version + " | " + p.description + " | " + p.unit;
}

bool doubted(std::string_view header) { return !split_collapsed_header(header).doubt.empty(); }

}  // namespace

TEST_CASE("Dotted numbers, long date-like integers and dates are version tokens", "[header]") {
  for (const auto* token : {"3.18", "8.4.11", "20170503", "0.1.0", "2018-02-16", "12.0"}) {
    INFO(token);
    CHECK(is_version_token(token));
  }
}

TEST_CASE("A leading v, a short letter suffix and a short major number are versions", "[header]") {
  for (const auto* token : {"v1.2", "V3.0.1", "1.0.2k", "12", "7"}) {
    INFO(token);
    CHECK(is_version_token(token));
  }
}

TEST_CASE("Dotted versions with a pre-release or snapshot tag are versions", "[header]") {
  // Regression: `LuaJIT 2.1-git` in the NewGVN corpus export kept its version in the title.
  CHECK(is_version_token("2.1-git"));
  CHECK(is_version_token("2.2-rc1"));
  CHECK(split_title_line("LuaJIT 2.1-git").title == "LuaJIT");
  CHECK(split_title_line("LuaJIT 2.1-git").version == "2.1-git");
}

TEST_CASE("Words, keys, a four-digit year and architecture names are not versions", "[header]") {
  // A bare integer counts only when short (a major version) or date-like (6+ digits): a
  // four-digit number such as a year is not taken as a version.
  for (const auto* token : {"Test:", "x86_64", "2020", "123", "", "v",
                            "2-rc1" /* a tag needs a dotted version before it */, "1.0.2abc", "3.",
                            "2018-02-1x", "Git"}) {
    INFO(token);
    CHECK_FALSE(is_version_token(token));
  }
}

TEST_CASE("The title line's last token is the version when it looks like one", "[header]") {
  // `title | version` of each title line.
  const std::pair<const char*, const char*> lines[] = {
      {"Flexible IO Tester 3.18", "Flexible IO Tester | 3.18"},
      {"PostgreSQL pgbench 12.0", "PostgreSQL pgbench | 12.0"},
      {"Git", "Git | "},  // no version token, no version
      {"Apache Benchmark", "Apache Benchmark | "},
  };
  for (const auto& [line, parts] : lines) {
    INFO(line);
    const auto p = split_title_line(line);
    CHECK(p.title + " | " + p.version == parts);
  }
}

TEST_CASE("A title line is trimmed, including an indent and a trailing CR", "[header]") {
  auto parts = split_title_line("    SQLite 3.30.1\r");
  CHECK(parts.title == "SQLite");
  CHECK(parts.version == "3.30.1");
}

TEST_CASE("Collapsed headers with a known title and unit split into four parts", "[header]") {
  // `title | version | description | unit` of each header; the lexicon knows the title and the
  // unit, so nothing is doubted.
  const std::pair<const char*, const char*> headers[] = {
      {"Timed GCC Compilation 9.3.0 Time To Compile Seconds",
       "Timed GCC Compilation | 9.3.0 | Time To Compile | Seconds"},
      // no description
      {"KeyDB 5.3.1 Ops/sec", "KeyDB | 5.3.1 |  | Ops/sec"},
      // the longest known title wins over a shorter one it starts with (PostgreSQL)
      {"PostgreSQL pgbench 8.4.11 TPC-B Transactions Per Second TPS",
       "PostgreSQL pgbench | 8.4.11 | TPC-B Transactions Per Second | TPS"},
      // a multi-word unit and a description with colons are kept apart
      {"Apache HBase 2.2.3 Test: Async Random Write - Clients: 32 Microseconds - Average Latency",
       "Apache HBase | 2.2.3 | Test: Async Random Write - Clients: 32 | Microseconds - Average "
       "Latency"},
      // titles sharing a first letter with many others, and one starting in lower case
      {"Timed Linux Kernel Compilation 5.4 Time To Compile Seconds",
       "Timed Linux Kernel Compilation | 5.4 | Time To Compile | Seconds"},
      {"x264 2019-12-17 H.264 Video Encoding Frames Per Second",
       "x264 | 2019-12-17 | H.264 Video Encoding | Frames Per Second"},
  };
  for (const auto& [header, parts] : headers) {
    INFO(header);
    CHECK(parts_of(header) == parts);
    CHECK_FALSE(doubted(header));
  }
}

TEST_CASE("Unknown titles and units are split by rule, and the split is doubted", "[header]") {
  struct doubted_split {
    const char* header;
    const char* parts;  // `title | version | description | unit`
    const char* doubt;  // a part of the doubt's text
  };
  const doubted_split headers[] = {
      // an unknown title is split at its version
      {"Frobnicator Bench 1.2.3 Mode: Fast MB/s", "Frobnicator Bench | 1.2.3 | Mode: Fast | MB/s",
       "Frobnicator Bench"},
      // without a version it is kept whole
      {"Frobnicator Bench Mode: Fast MB/s", "Frobnicator Bench Mode: Fast |  |  | MB/s",
       "has no version; kept the header whole"},
      // an unknown unit is taken as the last word
      {"KeyDB 5.3.1 Flurbs", "KeyDB | 5.3.1 |  | Flurbs", "Flurbs"},
  };
  for (const auto& h : headers) {
    INFO(h.header);
    CHECK(parts_of(h.header) == h.parts);
    CHECK(split_collapsed_header(h.header).doubt.find(h.doubt) != std::string::npos);
  }
}

TEST_CASE("A known title is found at a word boundary only", "[header]") {
  constexpr std::string_view text = "ext4 1920x1080 Flexible IO Tester 3.18 Type: Random Read";
  CHECK(find_known_title(text) == text.find("Flexible IO Tester"));
  CHECK(find_known_title("no title here at all") == std::string_view::npos);
}

TEST_CASE(
    "A collapsed system string without a comma before OS splits into hardware and "
    "software",
    "[header]") {
  constexpr std::string_view text =
      "Processor: Intel Core i7-8700K @ 4.70GHz (6 Cores / 12 Threads), Motherboard: ASUS "
      "PRIME Z370-A, Memory: 2 x 8GB DDR4, 3200MT/s, Disk: Samsung SSD 970 EVO 500GB, "
      "Network: Intel I219-V OS: Ubuntu 20.04, Kernel: 5.4.0-42-generic (x86_64), "
      "File-System: ext4, Screen Resolution: 1920x1080";
  auto [hardware, software] = split_hardware_software(text);
  CHECK(hardware ==
        "Processor: Intel Core i7-8700K @ 4.70GHz (6 Cores / 12 Threads), Motherboard: ASUS "
        "PRIME Z370-A, Memory: 2 x 8GB DDR4, 3200MT/s, Disk: Samsung SSD 970 EVO 500GB, "
        "Network: Intel I219-V");
  CHECK(software ==
        "OS: Ubuntu 20.04, Kernel: 5.4.0-42-generic (x86_64), File-System: ext4, Screen "
        "Resolution: 1920x1080");

  // A value holding `, ` (the memory's) is joined back together.
  CHECK(fields_text(split_fields(hardware)) ==
        "Processor: Intel Core i7-8700K @ 4.70GHz (6 Cores / 12 Threads) | Motherboard: ASUS "
        "PRIME Z370-A | Memory: 2 x 8GB DDR4, 3200MT/s | Disk: Samsung SSD 970 EVO 500GB | "
        "Network: Intel I219-V");
  CHECK(fields_text(split_fields(software)) ==
        "OS: Ubuntu 20.04 | Kernel: 5.4.0-42-generic (x86_64) | File-System: ext4 | Screen "
        "Resolution: 1920x1080");
}

TEST_CASE("A system string with only software keys is all software", "[header]") {
  auto [hardware, software] = split_hardware_software("OS: Debian 12, Kernel: 6.1.0");
  CHECK(hardware.empty());
  CHECK(software == "OS: Debian 12, Kernel: 6.1.0");
}

TEST_CASE("A system string with only hardware keys is all hardware", "[header]") {
  auto [hardware, software] = split_hardware_software("Processor: ARMv8 Cortex-A72, Memory: 4GB");
  CHECK(hardware == "Processor: ARMv8 Cortex-A72, Memory: 4GB");
  CHECK(software.empty());
}

TEST_CASE("A software key glued to a word or after a comma does not start the software",
          "[header]") {
  // ` NOS: ` is no key; `, OS: ` continues a list. The split is at the first ` OS: `.
  auto [hardware, software] =
      split_hardware_software("Network: Intel NOS: 1, OS: x Disk: SSD OS: Ubuntu 20.04");
  CHECK(hardware == "Network: Intel NOS: 1, OS: x Disk: SSD");
  CHECK(software == "OS: Ubuntu 20.04");
}

TEST_CASE("The longest software key splits a collapsed system string too", "[header]") {
  auto [hardware, software] =
      split_hardware_software("Disk: 500GB SSD Screen Resolution: 1920x1080");
  CHECK(hardware == "Disk: 500GB SSD");
  CHECK(software == "Screen Resolution: 1920x1080");
}

TEST_CASE("A system line starts with a whole key, `: ` and a value", "[header]") {
  CHECK(starts_with_hardware_key("Processor: AMD Ryzen 9 5950X"));
  CHECK(starts_with_hardware_key("npu: none"));
  CHECK(starts_with_software_key("OS: Debian 12"));
  CHECK(starts_with_software_key("Screen Resolution: 1920x1080"));
  CHECK(starts_with_software_key("System Layer: KVM"));
  // system-info output pads the value; a key needs its value; a longer word is no key.
  CHECK_FALSE(starts_with_hardware_key("Processor:      AMD Ryzen 9 5950X"));
  CHECK_FALSE(starts_with_hardware_key("Processor: "));
  CHECK_FALSE(starts_with_software_key("OSX: 10.15"));
  CHECK_FALSE(starts_with_software_key("Kernel:6.1"));
  // Each list knows only its own keys.
  CHECK_FALSE(starts_with_software_key("Processor: AMD Ryzen 9 5950X"));
  CHECK_FALSE(starts_with_hardware_key("OS: Debian 12"));
}

TEST_CASE("Known titles are found after other text", "[header]") {
  CHECK(find_known_title("results: x264 2019-12-17") == 9);
}
