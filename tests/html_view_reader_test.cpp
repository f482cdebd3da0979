// SPDX-License-Identifier: MIT
// The text of an OpenBenchmarking.org result page (seed 003): every chart's header and values
// as the page shows them, SE and N, the systems from the Disk Details notes, the warning for a
// split that is not certain, and errors for cut pages. Values were read off the page by hand
// and agree with its summary table.
#include <cstdio>
#include <string>
#include <vector>

#include "catch.hpp"
#include "iosr/error.hpp"
#include "iosr/read.hpp"
#include "reader_support.hpp"

using namespace iosr;
using test_support::read_cached;
using strings = std::vector<std::string>;

namespace {

const std::string seed003 =
    std::string(IOSR_FIXTURES_DIR) + "/seeds/003_29012ff8c53c614e.txt";

strings values(const result& r) {
  strings out;
  for (const auto& e : r.entries) out.push_back(e.value_text);
  return out;
}

}  // namespace

TEST_CASE("seed 003: the page's title, systems and their schedulers", "[html-view][seeds]") {
  const auto& f = read_cached(seed003);
  CHECK(f.format == "html-view");
  CHECK(f.title == "single hdd scheduler comparison");
  CHECK(f.description.starts_with("Intel Xeon E3-1220 v3 testing with a Supermicro"));
  CHECK(f.reference_id == "1902028-PAUL-SINGLEH35");
  CHECK(test_support::system_labels(f) == strings{"NOOP", "Deadline", "CFQ", "NONE",
                                                  "MQ-DEADLINE", "KYBER", "BFQ Low Latency",
                                                  "BFQ"});
  strings schedulers;
  for (const auto& s : f.systems) schedulers.push_back(s.scheduler);
  CHECK(schedulers == strings{"noop", "deadline", "cfq", "none", "mq-deadline", "kyber",
                              "bfq-low-latency", "bfq"});
  CHECK(f.systems[6].notes == "Disk Details: BFQ / relatime,rw");
  CHECK(test_support::entry_count(f) == 168);
}

TEST_CASE("seed 003: every chart's header and values", "[html-view][seeds]") {
  const auto& f = read_cached(seed003);
  REQUIRE(f.results.size() == 21);
  struct chart {
    const char* title;
    const char* version;
    const char* description_start;
    const char* unit;
    direction dir;
    strings values;
  };
  const auto higher = direction::higher;
  const chart expected[] = {
      {"SQLite", "3.22", "Timed SQLite Insertions", "Seconds", direction::lower,
       {"395", "392", "401", "411", "381", "427", "404", "399"}},
      {"Flexible IO Tester", "3.1", "Type: Random Read - IO Engine", "MB/s", higher,
       {"3.17", "3.16", "3.17", "3.15", "3.18", "3.18", "3.17", "3.18"}},
      {"Flexible IO Tester", "3.1", "Type: Random Write", "MB/s", higher,
       {"2.81", "2.76", "2.79", "2.79", "2.80", "2.79", "2.74", "2.77"}},
      {"Flexible IO Tester", "3.1", "Type: Sequential Read", "MB/s", higher,
       {"209", "209", "210", "210", "210", "209", "210", "206"}},
      {"Flexible IO Tester", "3.1", "Type: Sequential Read", "IOPS", higher,
       {"53633", "53633", "53567", "53600", "53633", "53600", "53800", "52600"}},
      {"Flexible IO Tester", "3.1", "Type: Sequential Write", "MB/s", higher,
       {"157", "156", "156", "156", "156", "156", "156", "156"}},
      {"Flexible IO Tester", "3.1", "Type: Sequential Write", "IOPS", higher,
       {"40100", "39600", "39000", "39667", "40067", "39700", "40033", "39933"}},
      {"FS-Mark", "3.3", "Test: 1000 Files, 1MB Size", "Files/s", higher,
       {"23.53", "23.47", "23.43", "23.23", "23.37", "23.23", "23.33", "23.37"}},
      {"FS-Mark", "3.3", "Test: 5000 Files, 1MB Size, 4 Threads", "Files/s", higher,
       {"53.07", "47.60", "48.80", "49.10", "47.87", "47.87", "47.20", "46.93"}},
      {"FS-Mark", "3.3", "Test: 4000 Files, 32 Sub Dirs, 1MB Size", "Files/s", higher,
       {"25.83", "24.17", "24.63", "24.20", "24.03", "24.00", "24.00", "24.00"}},
      {"BlogBench", "1.1", "Test: Read", "Final Score", higher,
       {"1494774", "1500935", "1496622", "1517893", "1506634", "1523809", "1516666",
        "1450386"}},
      {"BlogBench", "1.1", "Test: Write", "Final Score", higher,
       {"2303", "2337", "2482", "2981", "2943", "3650", "2923", "2189"}},
      {"Threaded I/O Tester", "20170503", "Test: Read - Size Per Thread", "MB/s", higher,
       {"2265", "2232", "2230", "2216", "2203", "2159", "2349", "2129"}},
      {"Threaded I/O Tester", "20170503", "Test: Write - Size Per Thread", "MB/s", higher,
       {"0.21", "0.19", "0.19", "0.19", "0.19", "0.19", "0.18", "0.20"}},
      {"Threaded I/O Tester", "20170503", "Test: Random Read", "MB/s", higher,
       {"2604", "3324", "2844", "2831", "2640", "2506", "3167", "2770"}},
      {"Threaded I/O Tester", "20170503", "Test: Random Write", "MB/s", higher,
       {"2.21", "1.59", "1.88", "1.80", "1.74", "1.76", "1.92", "2.35"}},
      {"Compile Bench", "0.6", "Test: Compile", "MB/s", higher,
       {"678", "683", "696", "691", "700", "699", "696", "696"}},
      {"Compile Bench", "0.6", "Test: Initial Create", "MB/s", higher,
       {"345", "393", "398", "378", "394", "400", "377", "386"}},
      {"Compile Bench", "0.6", "Test: Read Compiled Tree", "MB/s", higher,
       {"2333", "2414", "2365", "2480", "2480", "2473", "2518", "2421"}},
      {"Unpacking The Linux Kernel", "", "linux-4.15.tar.xz", "Seconds", direction::lower,
       {"6.39", "6.33", "6.39", "6.16", "6.17", "6.19", "6.19", "6.19"}},
      {"PostMark", "1.51", "Disk Transaction Performance", "TPS", higher,
       {"5555", "5476", "5515", "5555", "5639", "5555", "5555", "5515"}},
  };
  for (std::size_t i = 0; i < 21; ++i) {
    const auto& r = f.results[i];
    const auto& x = expected[i];
    INFO("chart " << i + 1 << ": " << r.title << " / " << r.description);
    CHECK(r.title == x.title);
    CHECK(r.version == x.version);
    CHECK(r.description.starts_with(x.description_start));
    CHECK(r.unit == x.unit);
    CHECK(r.direction == x.dir);
    CHECK(values(r) == x.values);
    CHECK(test_support::entry_labels(r) == test_support::system_labels(f));
  }
}

TEST_CASE("seed 003: SE and N where every bar has its SE string", "[html-view][seeds]") {
  const auto& f = read_cached(seed003);
  const auto& sqlite = f.results.at(0);
  const auto& kyber = sqlite.entries.at(5);
  CHECK(kyber.standard_error == 13.73);
  CHECK(kyber.sample_count == 6u);
  // The last N runs into the first value: `N = 3395392...`.
  CHECK(sqlite.entries.at(7).sample_count == 3u);
  CHECK(sqlite.entries.at(7).standard_error == 5.65);
  CHECK(sqlite.entries.at(0).where == source_position{15, 292});
  // Sequential Read MB/s shows 4 SE strings for 8 bars: they cannot be placed, and say so.
  for (const auto& e : f.results.at(3).entries) CHECK_FALSE(e.sample_count);
  std::size_t unplaced = 0;
  for (const auto& w : f.warnings) {
    unplaced += w.message.find("SE strings for 8 bars") != std::string::npos;
    CHECK(w.message.find("splits more than one way") == std::string::npos);
    CHECK(w.message.find("summary table does not read") == std::string::npos);
  }
  CHECK(unplaced == 5);
}

namespace {

// A made-up page: two systems, axis 30..150, and the values `11111` with no SE strings.
std::string page(std::string_view values) {
  return "t\n\nd\n\nNotes Disk Details- A: NONE / rw- B: BFQ / rw\n\nT\n\nD\n\n"
         "OpenBenchmarking.orgMB/s, More Is BetterT 1.0DAB306090120150" +
         std::string(values) + "\n";
}

}  // namespace

TEST_CASE("a split that is not certain is read, with the alternatives in a warning",
          "[html-view]") {
  auto f = read_results(page("11111"), "made-up.txt");
  REQUIRE(f.results.size() == 1);
  CHECK(values(f.results[0]) == strings{"11", "111"});
  const warning* alternatives = nullptr;
  for (const auto& w : f.warnings) {
    if (w.message.find("splits more than one way") != std::string::npos) alternatives = &w;
  }
  REQUIRE(alternatives);
  CHECK(alternatives->message ==
        "chart 'T' (D): '11111' splits more than one way; read as 11 111; also fits: 111 11");
  CHECK(alternatives->where == source_position{11, 61});
  // Clear values are read without one.
  auto clear = read_results(page("120130"), "made-up.txt");
  CHECK(values(clear.results.at(0)) == strings{"120", "130"});
  for (const auto& w : clear.warnings) {
    CHECK(w.message.find("splits more than one way") == std::string::npos);
  }
}

TEST_CASE("a page cut short is an error at the chart", "[html-view][errors]") {
  std::string whole;
  {
    auto f = std::fopen(seed003.c_str(), "rb");
    REQUIRE(f);
    char buffer[4096];
    while (auto n = std::fread(buffer, 1, sizeof buffer, f)) whole.append(buffer, n);
    std::fclose(f);
  }
  auto cut = whole.substr(0, whole.find("12002400360048006000") + 20);
  try {
    read_results(cut, "cut.txt");
    FAIL("a cut page was read");
  } catch (const parse_error& e) {
    CHECK(e.where() == source_position{135, 154});
    CHECK(e.message() == "chart 'PostMark' (Disk Transaction Performance): expected 8 values "
                         "after the axis; the page ends or holds '' there (is it cut short?)");
  }
  try {
    read_results(whole.substr(0, whole.find("\n\nSQLite\n")), "cut.txt");
    FAIL("a page without charts was read");
  } catch (const parse_error& e) {
    CHECK(e.message().starts_with("no chart line"));
  }
}
