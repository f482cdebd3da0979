// SPDX-License-Identifier: MIT
// The five seed documents through the public reader: what a user would check by eye. Every
// expected string below was looked up by hand in the seed files (data/text/00x_*.txt and
// tests/fixtures/seeds/003_*.txt); nothing is recomputed from the files at run time.
#include <charconv>
#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "catch.hpp"
#include "iosr/error.hpp"
#include "iosr/model.hpp"
#include "iosr/read.hpp"
#include "reader_support.hpp"

namespace {

using namespace test_support;

const std::string seed000 = "000_1809f3a92cbbf2f4.txt";
const std::string seed001 = "001_d98c4465b017a3b0.txt";
const std::string seed002 = "002_236e153a66cd3c9d.txt";
const std::string seed003 = "003_29012ff8c53c614e.txt";
const std::string seed004 = "004_38fbc586aba1b507.txt";

std::string seed_path(const std::string& name) {
  return std::string(IOSR_DATA_DIR) + "/text/" + name;
}

const iosr::result_file& seed(const std::string& name) { return read_cached(seed_path(name)); }

// The first chart with this title, description and unit, or nullptr.
const iosr::result* find_chart(const iosr::result_file& f, std::string_view title,
                               std::string_view description, std::string_view unit) {
  for (const auto& r : f.results) {
    if (r.title == title && r.description == description && r.unit == unit) return &r;
  }
  return nullptr;
}

std::vector<std::string> keys(const std::vector<iosr::field>& fields) {
  std::vector<std::string> out;
  for (const auto& f : fields) out.push_back(f.key);
  return out;
}

std::string field_value(const std::vector<iosr::field>& fields, std::string_view key) {
  for (const auto& f : fields) {
    if (f.key == key) return f.value;
  }
  return "<missing>";
}

// Numeric entries whose value is not exactly their value_text parsed, as `label=text`.
std::vector<std::string> value_mismatches(const iosr::result_file& f) {
  std::vector<std::string> bad;
  for (const auto& r : f.results) {
    for (const auto& e : r.entries) {
      if (e.kind != iosr::entry_kind::number) {
        bad.push_back(r.title + ": " + e.label + " is not a number entry");
        continue;
      }
      double parsed = 0;
      const auto* end = e.value_text.data() + e.value_text.size();
      auto [ptr, ec] = std::from_chars(e.value_text.data(), end, parsed);
      if (ec != std::errc() || ptr != end || !e.value || *e.value != parsed) {
        bad.push_back(r.title + ": " + e.label + "=" + e.value_text);
      }
    }
  }
  return bad;
}

using strings = std::vector<std::string>;

}  // namespace

// ---- counts, format, numbers -----------------------------------------------------------------

TEST_CASE("Every readable seed yields its chart and entry counts with no warnings", "[seeds]") {
  struct expected {
    const std::string* name;
    std::size_t systems, charts, entries;
  };
  for (auto want : {expected{&seed000, 5, 52, 260}, expected{&seed001, 6, 19, 109},
                    expected{&seed002, 10, 16, 160}, expected{&seed004, 6, 20, 117}}) {
    INFO("seed " << *want.name);
    const auto& f = seed(*want.name);
    CHECK(f.format == "pts-text");
    CHECK(f.source_name == seed_path(*want.name));
    CHECK(f.systems.size() == want.systems);
    CHECK(f.results.size() == want.charts);
    CHECK(entry_count(f) == want.entries);
    std::string warnings;
    for (const auto& w : f.warnings) warnings += w.message + "\n";
    INFO(warnings);
    CHECK(f.warnings.empty());
  }
}

TEST_CASE("Every seed entry is a bar whose value is exactly its value text parsed", "[seeds]") {
  for (const auto* name : {&seed000, &seed001, &seed002, &seed004}) {
    INFO("seed " << *name);
    const auto& f = seed(*name);
    CHECK(value_mismatches(f) == strings{});
    strings odd;  // charts that are not bar charts, entries that name no system
    for (const auto& r : f.results) {
      if (r.display_format != iosr::display_format::bar_graph) {
        odd.push_back(r.title + " is " + std::string(r.display_format.name()));
      }
      for (const auto& e : r.entries) {
        if (f.find_system(e.label) == nullptr) odd.push_back(r.title + ": " + e.label);
      }
    }
    CHECK(odd == strings{});
  }
}

TEST_CASE("Reading a seed from memory gives the same result as reading its file", "[seeds]") {
  auto f = iosr::read_results(test_support::slurp(seed_path(seed002)), "hdd.txt");
  CHECK(f.source_name == "hdd.txt");
  CHECK(f.format == "pts-text");
  CHECK(f.systems.size() == 10);
  CHECK(f.results.size() == 16);
  CHECK(entry_count(f) == 160);
  REQUIRE(!f.results.empty());
  CHECK(f.results.front().entries.front().value_text == "20.13");
}

// ---- seed 000: Linux 5.6 on NVMe, collapsed ---------------------------------------------------

TEST_CASE("Seed 000 has its title, description and five scheduler systems", "[seeds]") {
  const auto& f = seed(seed000);
  CHECK(f.title == "Linux 5.6 IO Scheduler Benchmarks");
  CHECK(f.description ==
        "Linux 5.6 I/O scheduler benchmarks on NVMe SSD. Benchmarks by Michael Larabel for a "
        "future article.");
  CHECK(system_labels(f) == strings{"None", "MQ-Deadline", "Kyber", "BFQ low-latency", "BFQ"});
  strings schedulers;
  for (const auto& s : f.systems) {
    CHECK(s.group.empty());
    CHECK(s.name == s.label);
    schedulers.push_back(s.scheduler);
  }
  CHECK(schedulers == strings{"none", "mq-deadline", "kyber", "bfq-low-latency", "bfq"});
}

TEST_CASE("Seed 000's system None has its hardware and software fields in order", "[seeds]") {
  const auto* s = seed(seed000).find_system("None");
  REQUIRE(s != nullptr);
  CHECK(keys(s->hardware) == strings{"Processor", "Motherboard", "Chipset", "Memory", "Disk",
                                     "Graphics", "Audio", "Monitor", "Network"});
  CHECK(field_value(s->hardware, "Processor") ==
        "AMD Ryzen Threadripper 3970X 32-Core @ 3.70GHz (32 Cores / 64 Threads)");
  CHECK(field_value(s->hardware, "Graphics") ==
        "Gigabyte AMD Radeon RX 5500/5500M / Pro 5500M 8GB (1890/875MHz)");
  // The last hardware value runs straight into `OS:` in the collapsed form.
  CHECK(field_value(s->hardware, "Network") ==
        "Aquantia AQC107 NBase-T/IEEE + Intel I211 + Intel Wi-Fi 6 AX200");
  CHECK(keys(s->software) == strings{"OS", "Kernel", "Desktop", "Display Server", "Display Driver",
                                     "OpenGL", "Compiler", "File-System", "Screen Resolution"});
  CHECK(s->software.front().key == "OS");
  CHECK(s->software.front().value == "Ubuntu 20.04");
  CHECK(field_value(s->software, "Kernel") == "5.6.0-050600rc7-generic (x86_64) 20200322");
  CHECK(field_value(s->software, "OpenGL") == "4.6 Mesa 20.0.0 (LLVM 9.0.1)");
  // The last software value of the last system runs into the first chart's title.
  CHECK(field_value(s->software, "Screen Resolution") == "1280x800");
}

TEST_CASE("Seed 000's BFQ low-latency system alone has a 3840x2160 screen", "[seeds]") {
  const auto& f = seed(seed000);
  const auto* s = f.find_system("BFQ low-latency");
  REQUIRE(s != nullptr);
  CHECK(field_value(s->software, "Screen Resolution") == "3840x2160");
  const auto* last = f.find_system("BFQ");
  REQUIRE(last != nullptr);
  CHECK(field_value(last->software, "Screen Resolution") == "1280x800");
  CHECK(last->software.size() == 9);
}

TEST_CASE("Seed 000's first and last chart headers split into title, version, options, unit",
          "[seeds]") {
  const auto& f = seed(seed000);
  REQUIRE(f.results.size() == 52);
  check_header(f.results.front(), "SQLite", "3.30.1", "Threads / Copies: 1", "Seconds",
               iosr::direction::lower);
  check_header(f.results.back(), "Apache HBase", "2.2.3", "Test: Async Random Write - Clients: 32",
               "Microseconds - Average Latency", iosr::direction::lower);
  CHECK(entry_labels(f.results.front()) ==
        strings{"None", "MQ-Deadline", "Kyber", "BFQ low-latency", "BFQ"});
  CHECK(value_of(f.results.front(), "None") == "14.42");
  CHECK(value_of(f.results.front(), "BFQ") == "14.60");
  CHECK(value_of(f.results.back(), "None") == "522");
  CHECK(value_of(f.results.back(), "BFQ low-latency") == "695");
}

TEST_CASE("Seed 000's compile, KeyDB and other headers split at the version", "[seeds]") {
  const auto& f = seed(seed000);
  const auto* gcc = find_chart(f, "Timed GCC Compilation", "Time To Compile", "Seconds");
  REQUIRE(gcc != nullptr);
  check_header(*gcc, "Timed GCC Compilation", "9.3.0", "Time To Compile", "Seconds",
               iosr::direction::lower);
  CHECK(value_of(*gcc, "None") == "641.99");

  const auto* gdb =
      find_chart(f, "Timed GDB GNU Debugger Compilation", "Time To Compile", "Seconds");
  REQUIRE(gdb != nullptr);
  CHECK(gdb->version == "9.1");

  // KeyDB has no options: the version is followed directly by the unit.
  const auto* keydb = find_chart(f, "KeyDB", "", "Ops/sec");
  REQUIRE(keydb != nullptr);
  check_header(*keydb, "KeyDB", "5.3.1", "", "Ops/sec", iosr::direction::higher);
  CHECK(value_of(*keydb, "None") == "519045.76");
  CHECK(value_of(*keydb, "Kyber") == "527545.50");

  // Two charts share the fio options and differ only in their unit.
  const std::string fio_options =
      "Type: Random Read - Engine: IO_uring - Buffered: Yes - Direct: No - Block Size: 4KB - "
      "Disk Target: Default Test Directory";
  const auto* fio_mb = find_chart(f, "Flexible IO Tester", fio_options, "MB/s");
  const auto* fio_iops = find_chart(f, "Flexible IO Tester", fio_options, "IOPS");
  REQUIRE(fio_mb != nullptr);
  REQUIRE(fio_iops != nullptr);
  CHECK(fio_mb->version == "3.18");
  CHECK(fio_mb->direction == iosr::direction::higher);
  CHECK(value_of(*fio_mb, "None") == "1381");
  CHECK(value_of(*fio_mb, "BFQ low-latency") == "787");
  CHECK(value_of(*fio_iops, "None") == "353667");

  const auto* hot_read = find_chart(f, "LevelDB", "Benchmark: Hot Read", "Microseconds Per Op");
  REQUIRE(hot_read != nullptr);
  CHECK(hot_read->version == "1.22");
  CHECK(hot_read->direction == iosr::direction::lower);
}

TEST_CASE("Seed 000 keeps value texts exactly as printed", "[seeds]") {
  const auto& f = seed(seed000);
  const auto* sqlite8 = find_chart(f, "SQLite", "Threads / Copies: 8", "Seconds");
  REQUIRE(sqlite8 != nullptr);
  CHECK(value_of(*sqlite8, "None") == "44.70");
  CHECK(value_of(*sqlite8, "Kyber") == "142.94");
  const auto* fill_sync = find_chart(f, "LevelDB", "Benchmark: Fill Sync", "MB/s");
  REQUIRE(fill_sync != nullptr);
  CHECK(value_of(*fill_sync, "None") == "3.6");
  CHECK(value_of(*fill_sync, "BFQ") == "3.5");
  const auto* mariadb = find_chart(f, "MariaDB", "Clients: 64", "Queries Per Second");
  REQUIRE(mariadb != nullptr);
  CHECK(mariadb->version == "10.3.8");
  CHECK(value_of(*mariadb, "None") == "1134");
  CHECK(value_of(*mariadb, "BFQ") == "207");
  const auto* pgbench =
      find_chart(f, "PostgreSQL pgbench",
                 "Scaling: Buffer Test - Test: Normal Load - Mode: Read Write", "TPS");
  REQUIRE(pgbench != nullptr);
  CHECK(pgbench->version == "12.0");
  CHECK(value_of(*pgbench, "MQ-Deadline") == "12530.75");
  const auto* fsmark =
      find_chart(f, "FS-Mark", "Test: 4000 Files, 32 Sub Dirs, 1MB Size", "Files/s");
  REQUIRE(fsmark != nullptr);
  CHECK(value_of(*fsmark, "BFQ") == "528.4");
}

// ---- seed 001: Linux 4.15 on a SATA SSD, collapsed, `group: scheduler` labels -----------------

TEST_CASE("Seed 001 keeps its run-together title and description whole in the title", "[seeds]") {
  // The collapsed form lost the line break between title and description, and the description
  // does not restart with the title's words, so the reader keeps all of it as the title rather
  // than guessing a split; nothing is lost.
  const auto& f = seed(seed001);
  CHECK(f.title ==
        "Linux 4.15 I/O Scheduler Tests by Michael Larabel for a future article on "
        "Phoronix.");
  CHECK(f.description.empty());
}

TEST_CASE("Seed 001 splits `Linux 4.15: scheduler` labels into group, name and scheduler",
          "[seeds]") {
  const auto& f = seed(seed001);
  CHECK(system_labels(f) == strings{"Linux 4.15: CFQ", "Linux 4.15: Deadline", "Linux 4.15: None",
                                    "Linux 4.15: Kyber", "Linux 4.15: BFQ low_latency",
                                    "Linux 4.15: BFQ"});
  strings schedulers;
  for (const auto& s : f.systems) {
    CHECK(s.group == "Linux 4.15");
    schedulers.push_back(s.scheduler);
  }
  CHECK(schedulers == strings{"cfq", "deadline", "none", "kyber", "bfq-low-latency", "bfq"});
  const auto* bfq_ll = f.find_system("Linux 4.15: BFQ low_latency");
  REQUIRE(bfq_ll != nullptr);
  CHECK(bfq_ll->name == "BFQ low_latency");
  CHECK(bfq_ll->scheduler == "bfq-low-latency");
}

TEST_CASE("Seed 001's system BFQ low_latency has its hardware and software fields", "[seeds]") {
  const auto* s = seed(seed001).find_system("Linux 4.15: BFQ low_latency");
  REQUIRE(s != nullptr);
  CHECK(keys(s->hardware) == strings{"Processor", "Motherboard", "Chipset", "Memory", "Disk",
                                     "Graphics", "Audio", "Network"});
  CHECK(field_value(s->hardware, "Processor") ==
        "Intel Core i7-5600U @ 3.20GHz (2 Cores / 4 Threads)");
  CHECK(field_value(s->hardware, "Memory") == "2 x 4096 MB DDR3-1600MT/s");
  CHECK(field_value(s->hardware, "Network") == "Intel Connection + Intel Wireless 7265");
  CHECK(keys(s->software) == strings{"OS", "Kernel", "Desktop", "Display Server", "Compiler",
                                     "File-System", "Screen Resolution"});
  CHECK(field_value(s->software, "OS") == "Ubuntu 17.10");
  CHECK(field_value(s->software, "Kernel") == "4.15.0-999-generic (x86_64) 20171203");
  CHECK(field_value(s->software, "Screen Resolution") == "1920x1080");
}

TEST_CASE("Seed 001's first and last chart headers split into title, version, options, unit",
          "[seeds]") {
  const auto& f = seed(seed001);
  REQUIRE(f.results.size() == 19);
  check_header(f.results.front(), "Application Start-up Time", "0.1.0",
               "Background I/O Type: Sequential - Background I/O mix: Reads and writes - "
               "Application to start: xterm",
               "sec", iosr::direction::lower);
  check_header(f.results.back(), "IOzone", "3.465",
               "Record Size: 4Kb - File Size: 8GB - Disk Test: Write Performance", "MB/s",
               iosr::direction::higher);
  CHECK(value_of(f.results.back(), "Linux 4.15: CFQ") == "82.50");
  CHECK(value_of(f.results.back(), "Linux 4.15: BFQ") == "26.75");
}

TEST_CASE("Seed 001's charts that lack some systems list only the ones present", "[seeds]") {
  const auto& f = seed(seed001);
  REQUIRE(f.results.size() == 19);
  // The first chart has 5 of 6 systems: Deadline is missing.
  CHECK(entry_labels(f.results.front()) ==
        strings{"Linux 4.15: CFQ", "Linux 4.15: None", "Linux 4.15: Kyber",
                "Linux 4.15: BFQ low_latency", "Linux 4.15: BFQ"});
  CHECK(value_of(f.results.front(), "Linux 4.15: CFQ") == "34.73");
  CHECK(value_of(f.results.front(), "Linux 4.15: Kyber") == "2.97");

  // Exactly one chart has 2 of 6.
  std::vector<const iosr::result*> two;
  for (const auto& r : f.results) {
    if (r.entries.size() == 2) two.push_back(&r);
  }
  REQUIRE(two.size() == 1);
  check_header(*two.front(), "Application Start-up Time", "0.1.0",
               "Background I/O Type: Sequential - Background I/O mix: Reads and writes - "
               "Application to start: Gnome terminal",
               "sec", iosr::direction::lower);
  CHECK(entry_labels(*two.front()) == strings{"Linux 4.15: None", "Linux 4.15: Kyber"});
  CHECK(value_of(*two.front(), "Linux 4.15: None") == "35.70");
  CHECK(value_of(*two.front(), "Linux 4.15: Kyber") == "36.90");
  // All other charts have all six.
  std::size_t full = 0;
  for (const auto& r : f.results) full += r.entries.size() == 6 ? 1 : 0;
  CHECK(full == 17);
}

TEST_CASE("Seed 001 keeps sample value texts exactly as printed", "[seeds]") {
  const auto& f = seed(seed001);
  const auto* sqlite = find_chart(f, "SQLite", "Test Target: Default Test Directory", "Seconds");
  REQUIRE(sqlite != nullptr);
  CHECK(sqlite->version == "3.8.10.2");
  CHECK(value_of(*sqlite, "Linux 4.15: CFQ") == "92.04");
  CHECK(value_of(*sqlite, "Linux 4.15: BFQ low_latency") == "141.27");
  const auto* blog_read = find_chart(f, "BlogBench", "Test: Read", "Final Score");
  REQUIRE(blog_read != nullptr);
  CHECK(blog_read->version == "1.0");
  CHECK(blog_read->direction == iosr::direction::higher);
  CHECK(value_of(*blog_read, "Linux 4.15: BFQ") == "1182301");
  CHECK(value_of(*blog_read, "Linux 4.15: None") == "632664");
  const auto* fio_iops = find_chart(
      f, "Flexible IO Tester",
      "Type: Random Write - IO Engine: Libaio - Buffered: No - Direct: Yes - Block Size: 4KB - "
      "Disk Target: Default Test Directory",
      "IOPS");
  REQUIRE(fio_iops != nullptr);
  CHECK(fio_iops->version == "2.1.13");
}

// ---- seed 002: Linux 5.0 on two HDDs, multi-line -----------------------------------------------

TEST_CASE("Seed 002 has its title and description lines", "[seeds]") {
  const auto& f = seed(seed002);
  CHECK(f.title == "HDD IO Scheduler Tests");
  CHECK(f.description ==
        "Linux 5.0 hard drive I/O scheduler benchmarks for a future article on Phoronix.com.");
}

TEST_CASE("Seed 002 splits `drive: scheduler` labels on the final colon", "[seeds]") {
  const auto& f = seed(seed002);
  CHECK(system_labels(f) == strings{"WD5000AZRX: Mq-Deadline", "WD5000AZRX: None",
                                    "WD5000AZRX: Kyber", "WD5000AZRX: BFQ low-latency",
                                    "WD5000AZRX: BFQ", "WD1500HLHX: Mq-Deadline",
                                    "WD1500HLHX: None", "WD1500HLHX: Kyber",
                                    "WD1500HLHX: BFQ low-latency", "WD1500HLHX: BFQ"});
  const auto* s = f.find_system("WD5000AZRX: Mq-Deadline");
  REQUIRE(s != nullptr);
  CHECK(s->group == "WD5000AZRX");
  CHECK(s->name == "Mq-Deadline");
  CHECK(s->scheduler == "mq-deadline");
  CHECK(s->where.line == 5);
  const auto* t = f.find_system("WD1500HLHX: BFQ low-latency");
  REQUIRE(t != nullptr);
  CHECK(t->group == "WD1500HLHX");
  CHECK(t->name == "BFQ low-latency");
  CHECK(t->scheduler == "bfq-low-latency");
}

TEST_CASE("Seed 002's systems have their hardware and software fields in order", "[seeds]") {
  const auto& f = seed(seed002);
  const auto* s = f.find_system("WD5000AZRX: Mq-Deadline");
  REQUIRE(s != nullptr);
  CHECK(keys(s->hardware) == strings{"Processor", "Motherboard", "Chipset", "Memory", "Disk",
                                     "Graphics", "Audio", "Network"});
  CHECK(field_value(s->hardware, "Processor") ==
        "AMD Ryzen Threadripper 2990WX 32-Core @ 3.00GHz (32 Cores / 64 Threads)");
  CHECK(field_value(s->hardware, "Disk") == "500GB Western Digital WD5000AZRX-0");
  CHECK(field_value(s->hardware, "Network") ==
        "Intel I211 + Qualcomm Atheros QCA6174 802.11ac + Wilocity Wil6200 802.11ad");
  CHECK(keys(s->software) == strings{"OS", "Kernel", "Desktop", "Display Server", "Display Driver",
                                     "OpenGL", "Compiler", "File-System", "Screen Resolution"});
  CHECK(field_value(s->software, "OpenGL") == "3.3 Mesa 18.0.5 (LLVM 6.0 128 bits)");
  CHECK(field_value(s->software, "Screen Resolution") == "1280x1024");
  const auto* other = f.find_system("WD1500HLHX: BFQ");
  REQUIRE(other != nullptr);
  CHECK(field_value(other->hardware, "Disk") == "150GB Western Digital WD1500HLHX-0");
}

TEST_CASE("Seed 002's first and last chart headers come from their own lines", "[seeds]") {
  const auto& f = seed(seed002);
  REQUIRE(f.results.size() == 16);
  check_header(f.results.front(), "FS-Mark", "3.3", "Test: 1000 Files, 1MB Size", "Files/s",
               iosr::direction::higher);
  CHECK(f.results.front().where.line == 66);
  // Git has no version: the title line is just `Git`.
  check_header(f.results.back(), "Git", "", "Time To Complete Common Git Commands", "Seconds",
               iosr::direction::lower);
  CHECK(value_of(f.results.back(), "WD5000AZRX: Kyber") == "5.87");
  CHECK(value_of(f.results.back(), "WD1500HLHX: BFQ") == "5.63");
}

TEST_CASE("Seed 002's first chart has every system in order with exact values", "[seeds]") {
  const auto& r = seed(seed002).results.at(0);
  CHECK(entry_labels(r) == system_labels(seed(seed002)));
  CHECK(value_of(r, "WD5000AZRX: Mq-Deadline") == "20.13");
  CHECK(value_of(r, "WD5000AZRX: BFQ") == "20.42");
  CHECK(value_of(r, "WD1500HLHX: Mq-Deadline") == "32.60");
  CHECK(value_of(r, "WD1500HLHX: Kyber") == "31.74");
  const auto* first = find_entry(r, "WD5000AZRX: Mq-Deadline");
  REQUIRE(first != nullptr);
  REQUIRE(first->value);
  CHECK(*first->value == 20.13);
  CHECK(first->where.line == 69);
}

TEST_CASE("Seed 002's zero-length bars are read with their values", "[seeds]") {
  const auto& f = seed(seed002);
  const std::string reads =
      "Background I/O Mix: Only Sequential Reads - Application To Start: xterm - Disk Target: "
      "Default Test Directory";
  const auto* r = find_chart(f, "Application Start-up Time", reads, "sec");
  REQUIRE(r != nullptr);
  CHECK(r->version == "2.4.0");
  CHECK(r->direction == iosr::direction::lower);
  CHECK(r->entries.size() == 10);
  // `0.64  |` and `0.45  |`: no `=` at all.
  CHECK(value_of(*r, "WD5000AZRX: BFQ low-latency") == "0.64");
  CHECK(value_of(*r, "WD1500HLHX: BFQ low-latency") == "0.45");
  CHECK(value_of(*r, "WD5000AZRX: Mq-Deadline") == "77.29");
  CHECK(value_of(*r, "WD5000AZRX: BFQ") == "8.82");
  const auto* e = find_entry(*r, "WD5000AZRX: BFQ low-latency");
  REQUIRE(e != nullptr);
  CHECK(e->kind == iosr::entry_kind::number);
  REQUIRE(e->value);
  CHECK(*e->value == 0.64);

  const std::string mixed =
      "Background I/O Mix: Sequential Reads + Writes - Application To Start: xterm - Disk "
      "Target: Default Test Directory";
  const auto* m = find_chart(f, "Application Start-up Time", mixed, "sec");
  REQUIRE(m != nullptr);
  CHECK(value_of(*m, "WD1500HLHX: BFQ low-latency") == "0.48");
  CHECK(value_of(*m, "WD5000AZRX: BFQ low-latency") == "0.65");
}

TEST_CASE("Seed 002 keeps sample value texts exactly as printed", "[seeds]") {
  const auto& f = seed(seed002);
  const auto* fio = find_chart(
      f, "Flexible IO Tester",
      "Type: Random Read - IO Engine: Linux AIO - Buffered: Yes - Direct: No - Block Size: 2MB - "
      "Disk Target: Default Test Directory",
      "MB/s");
  REQUIRE(fio != nullptr);
  CHECK(fio->version == "3.1");
  CHECK(value_of(*fio, "WD5000AZRX: Kyber") == "4647");
  CHECK(value_of(*fio, "WD1500HLHX: Mq-Deadline") == "4718");
  const auto* pgbench = find_chart(
      f, "PostgreSQL pgbench", "Scaling: Buffer Test - Test: Normal Load - Mode: Read Only", "TPS");
  REQUIRE(pgbench != nullptr);
  CHECK(pgbench->version == "10.3");
  CHECK(value_of(*pgbench, "WD5000AZRX: Mq-Deadline") == "460626");
  CHECK(value_of(*pgbench, "WD1500HLHX: BFQ") == "371152");
  const auto* sqlite = find_chart(f, "SQLite", "Timed SQLite Insertions", "Seconds");
  REQUIRE(sqlite != nullptr);
  CHECK(sqlite->version == "3.22");
  CHECK(value_of(*sqlite, "WD5000AZRX: Kyber") == "605");
  const auto* kernel =
      find_chart(f, "Timed Linux Kernel Compilation", "Time To Compile", "Seconds");
  REQUIRE(kernel != nullptr);
  CHECK(kernel->version == "4.18");
  CHECK(value_of(*kernel, "WD1500HLHX: Kyber") == "37.96");
}

// ---- seed 004: Linux 3.4 on Penryn + HDD and Sandy Bridge + SSD, collapsed --------------------

TEST_CASE("Seed 004 keeps its run-together title and description whole in the title", "[seeds]") {
  // As for seed 001: no visible boundary between title and description, so no guess.
  const auto& f = seed(seed004);
  CHECK(f.title ==
        "Linux IO Scheduler Testing - Penryn, Sandy Bridge Testing for a future article on "
        "Phoronix.com of different Linux kernel IO schedulers from the Linux 3.4 kernel: CFQ, "
        "Noop, and Deadline. Intel Core 2 Duo T9300 and Intel Core i5 Sandy Bridge setups with "
        "hard drive and solid-state drives tested.");
  CHECK(f.description.empty());
}

TEST_CASE("Seed 004 splits `machine: scheduler` labels that contain `+`", "[seeds]") {
  const auto& f = seed(seed004);
  CHECK(system_labels(f) == strings{"Penryn + HDD: CFQ", "Penryn + HDD: Noop",
                                    "Penryn + HDD: Deadline", "Sandy Bridge + SSD: CFQ",
                                    "Sandy Bridge + SSD: Noop", "Sandy Bridge + SSD: Deadline"});
  const auto* s = f.find_system("Penryn + HDD: Noop");
  REQUIRE(s != nullptr);
  CHECK(s->group == "Penryn + HDD");
  CHECK(s->name == "Noop");
  CHECK(s->scheduler == "noop");
  const auto* t = f.find_system("Sandy Bridge + SSD: Deadline");
  REQUIRE(t != nullptr);
  CHECK(t->group == "Sandy Bridge + SSD");
  CHECK(t->scheduler == "deadline");
  const auto* u = f.find_system("Sandy Bridge + SSD: CFQ");
  REQUIRE(u != nullptr);
  CHECK(u->scheduler == "cfq");
}

TEST_CASE("Seed 004's systems have their own hardware and software fields", "[seeds]") {
  const auto& f = seed(seed004);
  const auto* noop = f.find_system("Penryn + HDD: Noop");
  REQUIRE(noop != nullptr);
  CHECK(keys(noop->hardware) == strings{"Processor", "Motherboard", "Chipset", "Memory", "Disk",
                                        "Graphics", "Audio", "Network"});
  CHECK(field_value(noop->hardware, "Processor") == "Intel Core 2 Duo T9300 @ 2.50GHz (2 Cores)");
  CHECK(field_value(noop->hardware, "Chipset") == "Intel Mobile PM965/GM965/GL960 + ICH8M-E");
  // Only this Penryn run used LLVMpipe; its neighbours show the NVIDIA GPU.
  CHECK(field_value(noop->hardware, "Graphics") == "LLVMpipe");
  CHECK(field_value(noop->hardware, "Network") ==
        "Intel 82566MM Gigabit Connection + Intel PRO/Wireless");
  CHECK(keys(noop->software) == strings{"OS", "Kernel", "Desktop", "Display Server",
                                        "Display Driver", "OpenGL", "Compiler", "File-System",
                                        "Screen Resolution"});
  CHECK(field_value(noop->software, "OpenGL") == "2.1 Mesa 8.0.2 Gallium 0.4");
  CHECK(field_value(noop->software, "Screen Resolution") == "1680x1050");
  const auto* cfq = f.find_system("Penryn + HDD: CFQ");
  REQUIRE(cfq != nullptr);
  CHECK(field_value(cfq->hardware, "Graphics") == "NVIDIA Quadro NVS 140M 128MB (275/302MHz)");
  const auto* ssd = f.find_system("Sandy Bridge + SSD: Deadline");
  REQUIRE(ssd != nullptr);
  CHECK(field_value(ssd->hardware, "Processor") == "Intel Core i5-2520M @ 2.50GHz (4 Cores)");
  CHECK(field_value(ssd->software, "Screen Resolution") == "1600x900");
}

TEST_CASE("Seed 004's first and last chart headers split into title, version, options, unit",
          "[seeds]") {
  const auto& f = seed(seed004);
  REQUIRE(f.results.size() == 20);
  check_header(f.results.front(), "FS-Mark", "3.3", "Test: 5000 Files, 1MB Size, 4 Threads",
               "Files/s", iosr::direction::higher);
  CHECK(value_of(f.results.front(), "Penryn + HDD: CFQ") == "36.00");
  CHECK(value_of(f.results.front(), "Sandy Bridge + SSD: CFQ") == "99.33");
  check_header(f.results.back(), "PostgreSQL pgbench", "8.4.11", "TPC-B Transactions Per Second",
               "TPS", iosr::direction::higher);
}

TEST_CASE("Seed 004's pgbench chart has exact values for both machines", "[seeds]") {
  const auto& f = seed(seed004);
  const auto* r = find_chart(f, "PostgreSQL pgbench", "TPC-B Transactions Per Second", "TPS");
  REQUIRE(r != nullptr);
  CHECK(r->version == "8.4.11");
  CHECK(entry_labels(*r) == system_labels(f));
  CHECK(value_of(*r, "Penryn + HDD: CFQ") == "112.00");
  CHECK(value_of(*r, "Penryn + HDD: Noop") == "112.76");
  CHECK(value_of(*r, "Sandy Bridge + SSD: CFQ") == "2420.24");
  CHECK(value_of(*r, "Sandy Bridge + SSD: Deadline") == "1863.23");
  const auto* e = find_entry(*r, "Penryn + HDD: CFQ");
  REQUIRE(e != nullptr);
  REQUIRE(e->value);
  CHECK(*e->value == 112.0);
}

TEST_CASE("Seed 004's PostMark chart lists only the three Penryn systems", "[seeds]") {
  const auto& f = seed(seed004);
  std::vector<const iosr::result*> partial;
  for (const auto& r : f.results) {
    if (r.entries.size() != 6) partial.push_back(&r);
  }
  REQUIRE(partial.size() == 1);
  check_header(*partial.front(), "PostMark", "1.51", "Disk Transaction Performance", "TPS",
               iosr::direction::higher);
  CHECK(entry_labels(*partial.front()) ==
        strings{"Penryn + HDD: CFQ", "Penryn + HDD: Noop", "Penryn + HDD: Deadline"});
  for (const auto& e : partial.front()->entries) CHECK(e.value_text == "1388");
}

TEST_CASE("Seed 004 keeps sample value texts exactly as printed", "[seeds]") {
  const auto& f = seed(seed004);
  const auto* tio =
      find_chart(f, "Threaded I/O Tester",
                 "Test: Random Write - Size Per Thread: 128MB - Thread Count: 16", "MB/s");
  REQUIRE(tio != nullptr);
  CHECK(tio->version == "0.3.3");
  CHECK(value_of(*tio, "Penryn + HDD: Noop") == "1.74");
  CHECK(value_of(*tio, "Sandy Bridge + SSD: Noop") == "87.98");
  const auto* ab =
      find_chart(f, "Apache Benchmark", "Static Web Page Serving", "Requests Per Second");
  REQUIRE(ab != nullptr);
  CHECK(ab->version == "2.2.21");
  CHECK(value_of(*ab, "Sandy Bridge + SSD: Deadline") == "19903.83");
  const auto* nginx =
      find_chart(f, "NGINX Benchmark", "Static Web Page Serving", "Requests Per Second");
  REQUIRE(nginx != nullptr);
  CHECK(nginx->version == "1.0.11");
  CHECK(value_of(*nginx, "Penryn + HDD: CFQ") == "14157.59");
  const auto* php = find_chart(f, "Timed PHP Compilation", "Time To Compile", "Seconds");
  REQUIRE(php != nullptr);
  CHECK(php->version == "5.2.9");
  CHECK(php->direction == iosr::direction::lower);
  CHECK(value_of(*php, "Penryn + HDD: Noop") == "91.89");
}
