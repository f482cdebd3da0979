// SPDX-License-Identifier: MIT
// The PTS text-export reader on small inputs, in the multi-line form PTS prints and the
// whitespace-collapsed form copied out of web pages (docs/pts-text-input.md).
#include <cmath>
#include <cstddef>
#include <string>
#include <string_view>

#include "catch.hpp"
#include "iosr/error.hpp"
#include "iosr/model.hpp"
#include "iosr/read.hpp"
#include "reader_support.hpp"

namespace {

using iosr::direction;
using iosr::entry_kind;
using test_support::find_warning;
// How many warnings hold a text: reader_support.hpp's helper, under this file's name for it.
constexpr auto count_warnings = test_support::warnings_with;

iosr::result_file read(std::string_view text) { return iosr::read_results(text, "input.txt"); }

// A multi-line export as PTS 10 prints it, with every kind of entry line.
constexpr std::string_view multiline_export = R"(Scheduler comparison
Two schedulers on one SSD.


mq-deadline: 

	Processor: AMD Ryzen 9 5950X 16-Core @ 3.40GHz (16 Cores / 32 Threads), Memory: 32GB, Network: Intel I211

	OS: Debian 12, Kernel: 6.1.0-18-amd64 (x86_64), File-System: ext4, Screen Resolution: 1920x1080

bfq: 

	Processor: AMD Ryzen 9 5950X 16-Core @ 3.40GHz (16 Cores / 32 Threads), Memory: 32GB, Network: Intel I211

	OS: Debian 12, Kernel: 6.1.0-18-amd64 (x86_64), File-System: ext4, Screen Resolution: 1920x1080


Flexible IO Tester 3.36
Type: Random Read - Engine: IO_uring
IOPS > Higher Is Better
mq-deadline . 244195|==========================================================
bfq ......... 122097|=============================


Example Small 1.0
Tiny Numbers
ms < Lower Is Better
mq-deadline . 0.64   |
bfq ......... 200.00 |==========================================================


Example Pass Fail 1.0
Self Test
mq-deadline . PASS
bfq ......... FAIL


System Monitor 3.36
CPU Temperature Monitor
Celsius < Lower Is Better
mq-deadline . MIN: 41.0  AVG: 44.4  MAX: 47.0 
bfq ......... MIN: 40.0  AVG: 42.5  MAX: 45.5 


Example Image Quality 1.0
Frame 1
mq-deadline .
bfq .........

)";

}  // namespace

TEST_CASE("The read_results documentation example reads as documented", "[text]") {
  auto file = read("FS-Mark 3.3\nTest: 1000 Files\nFiles/s > Higher Is Better\na . 20.13 |===\n");
  CHECK(file.format == "pts-text");
  CHECK(file.source_name == "input.txt");
  REQUIRE(file.results.size() == 1);
  const auto& r = file.results[0];
  test_support::check_header(r, "FS-Mark", "3.3", "Test: 1000 Files", "Files/s", direction::higher);
  REQUIRE(r.entries.size() == 1);
  CHECK(r.entries[0].label == "a");
  CHECK(r.entries[0].value_text == "20.13");
}

TEST_CASE("A multi-line export yields its title, systems and every chart", "[text]") {
  auto file = read(multiline_export);
  CHECK(file.title == "Scheduler comparison");
  CHECK(file.description == "Two schedulers on one SSD.");
  CHECK(file.warnings.empty());

  REQUIRE(file.systems.size() == 2);
  const auto& mq = file.systems[0];
  CHECK(mq.label == "mq-deadline");
  CHECK(mq.scheduler == "mq-deadline");
  CHECK(mq.where.line == 5);
  CHECK(mq.where.column == 1);
  CHECK(test_support::fields_text(mq.hardware) ==
        "Processor: AMD Ryzen 9 5950X 16-Core @ 3.40GHz (16 Cores / 32 Threads) | Memory: 32GB | "
        "Network: Intel I211");
  CHECK(test_support::fields_text(mq.software) ==
        "OS: Debian 12 | Kernel: 6.1.0-18-amd64 (x86_64) | File-System: ext4 | Screen "
        "Resolution: 1920x1080");
  CHECK(file.systems[1].label == "bfq");
  CHECK(file.systems[1].scheduler == "bfq");

  REQUIRE(file.results.size() == 5);
  CHECK(file.results[0].where.line == 18);
  CHECK(file.results[0].where.column == 1);
}

TEST_CASE("A value touching its bar is read", "[text]") {
  auto file = read(multiline_export);
  REQUIRE(file.results.size() >= 1);
  const auto& r = file.results[0];
  test_support::check_header(r, "Flexible IO Tester", "3.36",
                             "Type: Random Read - Engine: IO_uring", "IOPS", direction::higher);
  CHECK(r.display_format == iosr::display_format::bar_graph);
  REQUIRE(r.entries.size() == 2);
  CHECK(test_support::entries_text(r) == "mq-deadline: 244195 | bfq: 122097");
  CHECK(r.entries[0].kind == entry_kind::number);
  REQUIRE(r.entries[0].value);
  CHECK(*r.entries[0].value == 244195.0);
  CHECK(r.entries[0].where.line == 21);
  CHECK(r.entries[0].where.column == 1);
}

TEST_CASE("A zero-length bar is an ordinary number entry", "[text]") {
  auto file = read(multiline_export);
  REQUIRE(file.results.size() >= 2);
  const auto& r = file.results[1];
  CHECK(r.title == "Example Small");
  CHECK(r.direction == direction::lower);
  REQUIRE(r.entries.size() == 2);
  CHECK(r.entries[0].kind == entry_kind::number);
  CHECK(r.entries[0].value_text == "0.64");
  REQUIRE(r.entries[0].value);
  CHECK(*r.entries[0].value == 0.64);
  CHECK(r.entries[1].value_text == "200.00");
}

TEST_CASE("Negative values with empty bars are read", "[text]") {
  auto file = read("Custom Script\nWidgets\nnone . -3.00 |\nbfq .. 5.00  |\r\n");
  REQUIRE(file.results.size() == 1);
  REQUIRE(file.results[0].entries.size() == 2);
  REQUIRE(file.results[0].entries[0].value);
  CHECK(*file.results[0].entries[0].value == -3.0);
  CHECK(file.results[0].entries[0].value_text == "-3.00");
}

TEST_CASE("PASS and FAIL lines are pass/fail entries", "[text]") {
  auto file = read(multiline_export);
  REQUIRE(file.results.size() >= 3);
  const auto& r = file.results[2];
  CHECK(r.title == "Example Pass Fail");
  CHECK(r.description == "Self Test");
  CHECK(r.unit.empty());
  CHECK(r.direction == direction::none);
  CHECK(r.display_format == iosr::display_format::pass_fail);
  REQUIRE(r.entries.size() == 2);
  CHECK(r.entries[0].kind == entry_kind::pass_fail);
  CHECK(r.entries[0].value_text == "PASS");
  REQUIRE(r.entries[0].value);
  CHECK(*r.entries[0].value == 1.0);
  CHECK(r.entries[1].kind == entry_kind::pass_fail);
  CHECK(r.entries[1].value_text == "FAIL");
  REQUIRE(r.entries[1].value);
  CHECK(*r.entries[1].value == 0.0);
}

TEST_CASE("A line graph line is a series with its average, minimum and maximum", "[text]") {
  auto file = read(multiline_export);
  REQUIRE(file.results.size() >= 4);
  const auto& r = file.results[3];
  CHECK(r.title == "System Monitor");
  CHECK(r.unit == "Celsius");
  CHECK(r.display_format == iosr::display_format::line_graph);
  REQUIRE(r.entries.size() == 2);
  const auto& e = r.entries[0];
  CHECK(e.kind == entry_kind::series);
  CHECK(e.value_text == "44.4");
  REQUIRE(e.value);
  CHECK(*e.value == 44.4);
  REQUIRE(e.min);
  CHECK(*e.min == 41.0);
  REQUIRE(e.max);
  CHECK(*e.max == 47.0);
  REQUIRE(r.entries[1].max);
  CHECK(*r.entries[1].max == 45.5);
}

TEST_CASE("A line graph in the PTS 6-7 form with slashes is a series", "[text]") {
  auto file = read(
      "System Monitor 1.0\nSensor: CPU\nCelsius < Lower Is Better\n"
      "    none . MIN: 40.0 / AVG: 42.0 / MAX: 45.5\n");
  REQUIRE(file.results.size() == 1);
  REQUIRE(file.results[0].entries.size() == 1);
  const auto& e = file.results[0].entries[0];
  CHECK(e.kind == entry_kind::series);
  REQUIRE(e.value);
  CHECK(*e.value == 42.0);
  REQUIRE(e.min);
  CHECK(*e.min == 40.0);
  REQUIRE(e.max);
  CHECK(*e.max == 45.5);
}

TEST_CASE("An image-comparison line that ends right after its dots is a text entry", "[text]") {
  auto file = read(multiline_export);
  REQUIRE(file.results.size() == 5);
  const auto& r = file.results[4];
  CHECK(r.title == "Example Image Quality");
  CHECK(r.description == "Frame 1");
  REQUIRE(r.entries.size() == 2);
  CHECK(r.entries[0].label == "mq-deadline");
  CHECK(r.entries[0].kind == entry_kind::text);
  CHECK_FALSE(r.entries[0].value.has_value());
  CHECK(r.entries[0].value_text.empty());
  CHECK(r.entries[1].label == "bfq");
  CHECK(r.entries[1].kind == entry_kind::text);
}

// PTS writes an image-comparison entry as `ID + ' ' + dots + ' '` (docs/pts-text-output.md;
// tests/fixtures/samples/quirks.xml): the line keeps one blank after the dots.
TEST_CASE("An image-comparison line with PTS's trailing blank after the dots is a text entry",
          "[text]") {
  auto file = read(
      "Flexible IO Tester 3.36\nCPU Temperature Monitor\nCelsius < Lower Is Better\n"
      "Linux 6.1: none . MIN: 41.0  AVG: 44.4  MAX: 47.0 \n"
      "\n"
      "Example Image Quality 1.0\nFrame 1\nLinux 6.1: none . \n");
  REQUIRE(file.results.size() == 2);
  const auto& r = file.results[1];
  CHECK(r.title == "Example Image Quality");
  REQUIRE(r.entries.size() == 1);
  CHECK(r.entries[0].label == "Linux 6.1: none");
  CHECK(r.entries[0].kind == entry_kind::text);
}

TEST_CASE("UTF-8 labels are kept byte for byte", "[text]") {
  // `–` is three bytes and `ü` two: PTS pads dots by bytes, so the columns do not line up.
  auto file = read(
      "KeyDB 5.3.1\n"
      "\n"
      "Ops/sec > Higher Is Better\n"
      "bfq \xE2\x80\x93 low latency \xC3\xBC . 0.00      |\n"
      "none ................... 1134.00 |==========================================\n");
  REQUIRE(file.results.size() == 1);
  const auto& r = file.results[0];
  CHECK(r.title == "KeyDB");
  CHECK(r.description.empty());
  CHECK(r.unit == "Ops/sec");
  REQUIRE(r.entries.size() == 2);
  CHECK(r.entries[0].label == "bfq \xE2\x80\x93 low latency \xC3\xBC");
  CHECK(r.entries[0].value_text == "0.00");
  CHECK(r.entries[1].label == "none");
  REQUIRE(file.systems.size() == 2);
  CHECK(file.systems[0].label == "bfq \xE2\x80\x93 low latency \xC3\xBC");
}

TEST_CASE("Stray bytes of 0x80 and above in labels and values do not break the reader", "[text]") {
  SECTION("multi-line labels") {
    auto file = read(
        "KeyDB 5.3.1\n\nOps/sec > Higher Is Better\n"
        "weird \xFF\xFE\x80 label . 567.00 |==========\n"
        "\xC3 ................. 1134.00 |====================\n");
    REQUIRE(file.results.size() == 1);
    REQUIRE(file.results[0].entries.size() == 2);
    CHECK(file.results[0].entries[0].label == "weird \xFF\xFE\x80 label");
    CHECK(file.results[0].entries[1].label == "\xC3");
  }
  SECTION("collapsed labels, system block and header") {
    auto file = read(
        "T\xE9st bfq \xE2\x80\x93 low latency \xC3\xBC: Processor: AMD \xFF Ryzen, Memory: 32GB "
        "OS: Debian\xFE 12, Screen Resolution: 1920x1080 none: Processor: AMD Ryzen, Memory: "
        "32GB OS: Debian 12, Screen Resolution: 1920x1080 KeyDB 5.3.1 \x80\x81 Ops/sec > Higher "
        "Is Better bfq \xE2\x80\x93 low latency \xC3\xBC . 0.00 | none .................... "
        "1134.00 |==========");
    REQUIRE(file.systems.size() == 2);
    CHECK(file.systems[0].label == "bfq \xE2\x80\x93 low latency \xC3\xBC");
    REQUIRE(file.systems[0].hardware.size() == 2);
    CHECK(file.systems[0].hardware[0].value == "AMD \xFF Ryzen");
    REQUIRE(file.results.size() == 1);
    CHECK(file.results[0].title == "KeyDB");
    REQUIRE(file.results[0].entries.size() == 2);
    CHECK(file.results[0].entries[0].label == "bfq \xE2\x80\x93 low latency \xC3\xBC");
  }
  SECTION("a value made of stray bytes is an error, not a crash") {
    CHECK_THROWS_AS(read("KeyDB 5.3.1\n\nOps/sec > Higher Is Better\nnone . \xFF\xFE |===\n"),
                    iosr::parse_error);
  }
}

TEST_CASE("CRLF line ends are read like LF line ends", "[text]") {
  std::string crlf;
  for (char c : multiline_export) {
    if (c == '\n') crlf += '\r';
    crlf += c;
  }
  auto file = read(crlf);
  CHECK(file.title == "Scheduler comparison");
  CHECK(file.description == "Two schedulers on one SSD.");
  CHECK(file.warnings.empty());
  REQUIRE(file.systems.size() == 2);
  CHECK(file.systems[0].label == "mq-deadline");
  REQUIRE(file.systems[0].software.size() == 4);
  CHECK(file.systems[0].software[3].value == "1920x1080");
  REQUIRE(file.results.size() == 5);
  const auto& fio = file.results[0];
  CHECK(fio.version == "3.36");
  CHECK(fio.description == "Type: Random Read - Engine: IO_uring");
  CHECK(fio.unit == "IOPS");
  CHECK(fio.direction == direction::higher);
  REQUIRE(fio.entries.size() == 2);
  CHECK(fio.entries[1].label == "bfq");
  CHECK(fio.entries[1].value_text == "122097");
  CHECK(fio.entries[1].where.line == 22);
  CHECK(file.results[2].entries[1].value_text == "FAIL");
  REQUIRE(file.results[4].entries.size() == 2);
  CHECK(file.results[4].entries[0].kind == entry_kind::text);
}

TEST_CASE("A byte order mark is skipped", "[text]") {
  auto file = read(std::string("\xEF\xBB\xBF") + std::string(multiline_export));
  CHECK(file.title == "Scheduler comparison");
  REQUIRE(file.results.size() == 5);
  CHECK(file.results[0].title == "Flexible IO Tester");

  auto chart = read("\xEF\xBB\xBFKeyDB 5.3.1\n\nOps/sec > Higher Is Better\nnone . 10 |====\n");
  REQUIRE(chart.results.size() == 1);
  CHECK(chart.results[0].title == "KeyDB");
  CHECK(chart.results[0].where.column == 1);
}

TEST_CASE("An export indented by five spaces inside other text is found", "[text]") {
  auto file = read(R"(Hi all,

here are my numbers:

     Flexible IO Tester 3.18
     Type: Random Read - Engine: IO_uring
     IOPS > Higher Is Better
     mq-deadline . 152340 |=======================================================
     bfq ......... 98766  |====================================

     SQLite 3.30.1
     Threads / Copies: 1
     Seconds < Lower Is Better
     mq-deadline . 12.35 |==============================================
     bfq ......... 15.87 |===========================================================

Regards,
Someone
)");
  REQUIRE(file.results.size() == 2);
  const auto& fio = file.results[0];
  CHECK(fio.title == "Flexible IO Tester");
  CHECK(fio.version == "3.18");
  CHECK(fio.description == "Type: Random Read - Engine: IO_uring");
  CHECK(fio.unit == "IOPS");
  CHECK(fio.where.line == 5);
  CHECK(fio.where.column == 6);
  REQUIRE(fio.entries.size() == 2);
  CHECK(fio.entries[0].label == "mq-deadline");
  CHECK(fio.entries[0].where.line == 8);
  CHECK(fio.entries[0].where.column == 6);
  CHECK(fio.entries[1].value_text == "98766");
  const auto& sqlite = file.results[1];
  CHECK(sqlite.title == "SQLite");
  CHECK(sqlite.direction == direction::lower);
  REQUIRE(sqlite.entries.size() == 2);
  CHECK(sqlite.entries[1].value_text == "15.87");
  // Without a system block, systems come from the entries and no warning is due.
  REQUIRE(file.systems.size() == 2);
  CHECK(count_warnings(file, "names a system the file does not describe") == 0);
}

TEST_CASE("The PTS 8.x layout with every chart line indented four spaces is read", "[text]") {
  auto file = read(
      "Test run\n"
      "\n"
      "\n"
      "mq-deadline: \n"
      "\n"
      "\tProcessor: AMD Ryzen 9 5950X\n"
      "\n"
      "\tOS: Debian 12\n"
      "\n"
      "bfq: \n"
      "\n"
      "\tProcessor: AMD Ryzen 9 5950X\n"
      "\n"
      "\tOS: Debian 12\n"
      "\n"
      "\n"
      "    Flexible IO Tester 3.18\n"
      "    Type: Random Read\n"
      "    IOPS > Higher Is Better\n"
      "    mq-deadline .. 152340 |=======================================================\n"
      "    bfq .......... 98766  |====================================\n"
      "\n"
      "\n"
      "    KeyDB 5.3.1\n"
      "    \n"
      "    Ops/sec > Higher Is Better\n"
      "    mq-deadline .. 10 |==========\n"
      "    bfq .......... 5  |=====\n");
  CHECK(file.title == "Test run");
  CHECK(file.warnings.empty());
  REQUIRE(file.systems.size() == 2);
  REQUIRE(file.results.size() == 2);
  CHECK(file.results[0].title == "Flexible IO Tester");
  CHECK(file.results[0].description == "Type: Random Read");
  CHECK(file.results[0].unit == "IOPS");
  CHECK(file.results[0].where.column == 5);
  REQUIRE(file.results[0].entries.size() == 2);
  CHECK(file.results[0].entries[0].where.column == 5);
  CHECK(file.results[1].title == "KeyDB");
  CHECK(file.results[1].version == "5.3.1");
  CHECK(file.results[1].description.empty());
  CHECK(file.results[1].unit == "Ops/sec");
  REQUIRE(file.results[1].entries.size() == 2);
  CHECK(file.results[1].entries[1].value_text == "5");
}

TEST_CASE("An empty description line leaves the description empty", "[text]") {
  auto file = read("SQLite 3.41.2\n\nSeconds < Lower Is Better\nnone . 12.35 |====\n");
  REQUIRE(file.results.size() == 1);
  const auto& r = file.results[0];
  test_support::check_header(r, "SQLite", "3.41.2", "", "Seconds", direction::lower);
}

TEST_CASE("Multi-line charts without a direction mark take their header from the lines above",
          "[text]") {
  auto file = read(R"(KeyDB 5.3.1

Ops/sec > Higher Is Better
none . 10 |==========
bfq .. 5  |=====


Custom Script
Mode: A
Widgets
none . -3.00 |
bfq .. 5.00  |==========


Other Script

Gadgets
none . 1 |==========
bfq .. 2 |====================


Third Script 2.0
none . 1 |==========
bfq .. 2 |====================
)");
  REQUIRE(file.results.size() == 4);
  const auto& custom = file.results[1];
  test_support::check_header(custom, "Custom Script", "", "Mode: A", "Widgets", direction::none);
  REQUIRE(custom.entries.size() == 2);
  const auto& other = file.results[2];
  CHECK(other.title == "Other Script");
  CHECK(other.description.empty());
  CHECK(other.unit == "Gadgets");
  CHECK(other.direction == direction::none);
  const auto& third = file.results[3];
  CHECK(third.title == "Third Script");
  CHECK(third.version == "2.0");
  CHECK(third.unit.empty());
  REQUIRE(third.entries.size() == 2);
  CHECK(third.entries[1].value_text == "2");
}

// Without any `Is Better` mark, detection relies on finding an entry in the whole text; an
// entry line ending in `\n` (rather than `\r\n` or the end of input) must count.
TEST_CASE("A multi-line export whose only charts have no direction mark is read", "[text]") {
  auto file = read("Example Pass Fail 1.0\nSelf Test\nnone . PASS\nbfq .. FAIL\n");
  REQUIRE(file.results.size() == 1);
  CHECK(file.results[0].display_format == iosr::display_format::pass_fail);
  REQUIRE(file.results[0].entries.size() == 2);
  CHECK(file.results[0].entries[1].value_text == "FAIL");

  auto bars = read("Custom Test 1.0\nWidgets\na . 20.13 |===\nb . 10.00 |==\n");
  REQUIRE(bars.results.size() == 1);
  CHECK(bars.results[0].unit.empty());
}

TEST_CASE("A label absent from the system block adds a system with a warning", "[text]") {
  auto file = read(R"(Test run


mq-deadline: 

	Processor: AMD Ryzen 9 5950X

	OS: Debian 12


KeyDB 5.3.1

Ops/sec > Higher Is Better
mq-deadline . 10 |==========
kyber ....... 5  |=====
)");
  REQUIRE(file.systems.size() == 2);
  CHECK(file.systems[0].label == "mq-deadline");
  CHECK(file.systems[0].hardware.size() == 1);
  const auto* kyber = file.find_system("kyber");
  REQUIRE(kyber != nullptr);
  CHECK(kyber->scheduler == "kyber");
  CHECK(kyber->hardware.empty());
  CHECK(kyber->software.empty());
  CHECK(kyber->where.line == 15);
  const auto* w = find_warning(file, "names a system the file does not describe");
  REQUIRE(w != nullptr);
  CHECK(w->message.find("'kyber'") != std::string::npos);
  CHECK(w->where.line == 15);
  CHECK(w->where.column == 1);
  CHECK(count_warnings(file, "names a system the file does not describe") == 1);
}

TEST_CASE("A bar that disagrees with its value gives a warning naming the label", "[text]") {
  SECTION("multi-line") {
    auto file = read(
        "KeyDB 5.3.1\n\nOps/sec > Higher Is Better\n"
        "none ....... 10 |==========\n"
        "mq-deadline . 5 |==\n");
    REQUIRE(file.results.size() == 1);
    REQUIRE(file.warnings.size() == 1);
    const auto& w = file.warnings[0];
    CHECK(w.message.find("'mq-deadline'") != std::string::npos);
    CHECK(w.message.find("KeyDB") != std::string::npos);
    CHECK(w.where.line == 5);
    CHECK(w.where.column == 1);
    // The value is kept as written.
    CHECK(file.results[0].entries[1].value_text == "5");
  }
  SECTION("collapsed") {
    auto file =
        read("KeyDB 5.3.1 Ops/sec > Higher Is Better none . 10 |========== bfq .. 5 |=========");
    REQUIRE(file.results.size() == 1);
    REQUIRE(count_warnings(file, "'bfq'") == 1);
    CHECK(count_warnings(file, "'none'") == 0);
    CHECK(find_warning(file, "'bfq'")->where.column == 62);
  }
  SECTION("bars that agree give no warning") {
    auto file = read(
        "KeyDB 5.3.1\n\nOps/sec > Higher Is Better\nnone . 10 |==========\nbfq .. 5  |=====\n");
    CHECK(file.warnings.empty());
  }
}

TEST_CASE("The bar warning says what was drawn and what the value implies", "[text]") {
  auto file = read(
      "KeyDB 5.3.1\n\nOps/sec > Higher Is Better\n"
      "none ....... 10 |==========\n"
      "mq-deadline . 5.0 |==\n");
  REQUIRE(file.warnings.size() == 1);
  CHECK(file.warnings[0].message ==
        "bar of 'mq-deadline' in 'KeyDB' has 2 '=' but its value 5.0 implies about 5; the value "
        "or the bar may be mis-read");
}

TEST_CASE("Systems named only by entries and systems no entry names are both said", "[text]") {
  auto file = read(R"(Test run


mq-deadline: 

	Processor: AMD Ryzen 9 5950X

bfq: 

	Processor: AMD Ryzen 9 5950X


KeyDB 5.3.1

Ops/sec > Higher Is Better
mq-deadline . 10 |==========
kyber ....... 10 |==========
)");
  REQUIRE(file.systems.size() == 3);
  CHECK(file.systems[0].label == "mq-deadline");
  CHECK(file.systems[1].label == "bfq");
  CHECK(file.systems[2].label == "kyber");
  CHECK(file.systems[2].where.line == 17);
  // The added system first, then the one without entries, each once.
  REQUIRE(file.warnings.size() == 2);
  CHECK(file.warnings[0].message ==
        "entry 'kyber' in 'KeyDB' names a system the file does not describe; added it without "
        "hardware or software details");
  CHECK(file.warnings[1].message == "system 'bfq' has no entries in any chart");
  CHECK(file.warnings[1].where.line == 8);
}

TEST_CASE("Dots inside a label are not taken for its dot leader", "[text]") {
  auto file = read(
      "KeyDB 5.3.1\n\nOps/sec > Higher Is Better\n"
      "Linux 6.1 .rc2 ... 10 |==========\n"
      "v1.2. .. x ...... 5 |=====\n");
  REQUIRE(file.results.size() == 1);
  const auto& r = file.results[0];
  CHECK(test_support::entries_text(r) == "Linux 6.1 .rc2: 10 | v1.2. .. x: 5");
}

TEST_CASE("A collapsed export yields its systems, charts and entries on line 1", "[text]") {
  auto file = read(
      "Scheduler Test mq-deadline: Processor: AMD Ryzen 9 5950X, Memory: 32GB, Network: Intel "
      "I211 OS: Debian 12, Kernel: 6.1.0, File-System: ext4, Screen Resolution: 1920x1080 bfq: "
      "Processor: AMD Ryzen 9 5950X, Memory: 32GB OS: Debian 12, Kernel: 6.1.0, Screen "
      "Resolution: 1920x1080 Flexible IO Tester 3.36 Type: Random Read IOPS > Higher Is Better "
      "mq-deadline . 244195|========== bfq ......... 122097 |===== KeyDB 5.3.1 Ops/sec > Higher "
      "Is Better mq-deadline . 0.64 | bfq ......... 1.28 |= SQLite 3.41.2 Threads / Copies: 1 "
      "Seconds < Lower Is Better mq-deadline . 12.35 |=== bfq ......... 15.87 |====");
  CHECK(file.title == "Scheduler Test");
  CHECK(file.warnings.empty());

  REQUIRE(file.systems.size() == 2);
  const auto& mq = file.systems[0];
  CHECK(mq.label == "mq-deadline");
  CHECK(mq.where.line == 1);
  CHECK(mq.where.column == 16);
  CHECK(test_support::fields_text(mq.hardware) ==
        "Processor: AMD Ryzen 9 5950X | Memory: 32GB | Network: Intel I211");
  CHECK(test_support::fields_text(mq.software) ==
        "OS: Debian 12 | Kernel: 6.1.0 | File-System: ext4 | Screen Resolution: 1920x1080");
  CHECK(file.systems[1].label == "bfq");
  CHECK(test_support::fields_text(file.systems[1].software) ==
        "OS: Debian 12 | Kernel: 6.1.0 | Screen Resolution: 1920x1080");

  REQUIRE(file.results.size() == 3);
  const auto& fio = file.results[0];
  test_support::check_header(fio, "Flexible IO Tester", "3.36", "Type: Random Read", "IOPS",
                             direction::higher);
  REQUIRE(fio.entries.size() == 2);
  CHECK(test_support::entries_text(fio) == "mq-deadline: 244195 | bfq: 122097");
  // `244195|===`: the value touches its bar.
  CHECK(fio.entries[0].where.line == 1);

  const auto& keydb = file.results[1];
  CHECK(keydb.title == "KeyDB");
  CHECK(keydb.description.empty());
  REQUIRE(keydb.entries.size() == 2);
  // `0.64 |` with no bar at all.
  CHECK(keydb.entries[0].value_text == "0.64");
  CHECK(keydb.entries[1].value_text == "1.28");

  const auto& sqlite = file.results[2];
  CHECK(sqlite.description == "Threads / Copies: 1");
  CHECK(sqlite.unit == "Seconds");
  CHECK(sqlite.direction == direction::lower);
  REQUIRE(sqlite.entries.size() == 2);
  CHECK(sqlite.entries[1].value_text == "15.87");
}

TEST_CASE("Collapsed PASS/FAIL and line graph entries are read", "[text]") {
  auto file = read(
      "System Monitor 1.0 Sensor: CPU Celsius < Lower Is Better none . MIN: 41.0 AVG: 44.4 MAX: "
      "47.0 bfq .. MIN: 40.0 AVG: 42.5 MAX: 45.5 Example Pass Fail 1.0 Self Test Mode > Higher "
      "Is Better none . PASS bfq .. FAIL");
  REQUIRE(file.results.size() == 2);
  const auto& series = file.results[0];
  CHECK(series.display_format == iosr::display_format::line_graph);
  REQUIRE(series.entries.size() == 2);
  CHECK(series.entries[0].label == "none");
  CHECK(series.entries[0].kind == entry_kind::series);
  REQUIRE(series.entries[0].value);
  CHECK(*series.entries[0].value == 44.4);
  REQUIRE(series.entries[0].min);
  CHECK(*series.entries[0].min == 41.0);
  REQUIRE(series.entries[0].max);
  CHECK(*series.entries[0].max == 47.0);
  CHECK(series.entries[1].label == "bfq");
  const auto& pass_fail = file.results[1];
  CHECK(pass_fail.display_format == iosr::display_format::pass_fail);
  REQUIRE(pass_fail.entries.size() == 2);
  CHECK(pass_fail.entries[0].kind == entry_kind::pass_fail);
  CHECK(pass_fail.entries[1].value_text == "FAIL");
}

TEST_CASE(
    "A collapsed chart without a mark between two marked charts is cut at the system "
    "labels with a warning",
    "[text]") {
  auto file = read(
      "Scheduler Test mq-deadline: Processor: AMD Ryzen 9 5950X, Memory: 32GB OS: Debian 12, "
      "Screen Resolution: 1920x1080 bfq: Processor: AMD Ryzen 9 5950X, Memory: 32GB OS: Debian "
      "12, Screen Resolution: 1920x1080 KeyDB 5.3.1 Ops/sec > Higher Is Better mq-deadline . 10 "
      "|========== bfq ......... 5 |===== Custom Test 1.0 Widgets mq-deadline . 12 |========== "
      "bfq ......... 6 |===== SQLite 3.41.2 Threads / Copies: 1 Seconds < Lower Is Better "
      "mq-deadline . 12.35 |=== bfq ......... 15.87 |====");
  REQUIRE(file.systems.size() == 2);
  REQUIRE(file.results.size() == 3);

  const auto& keydb = file.results[0];
  CHECK(keydb.title == "KeyDB");
  REQUIRE(keydb.entries.size() == 2);
  CHECK(keydb.entries[0].label == "mq-deadline");
  CHECK(keydb.entries[1].label == "bfq");
  CHECK(keydb.entries[1].value_text == "5");

  const auto& custom = file.results[1];
  CHECK(custom.title == "Custom Test");
  CHECK(custom.version == "1.0");
  CHECK(custom.unit == "Widgets");
  CHECK(custom.direction == direction::none);
  CHECK(custom.where.line == 1);
  CHECK(custom.where.column == 299);
  REQUIRE(custom.entries.size() == 2);
  CHECK(test_support::entries_text(custom) == "mq-deadline: 12 | bfq: 6");
  CHECK(custom.entries[0].where.column == 323);

  const auto& sqlite = file.results[2];
  CHECK(sqlite.title == "SQLite");
  REQUIRE(sqlite.entries.size() == 2);
  CHECK(sqlite.entries[0].label == "mq-deadline");

  // No label swallowed the unmarked header, and no system was invented from it.
  CHECK(file.find_system("bfq Custom Test 1.0 Widgets mq-deadline") == nullptr);
  const auto* w = find_warning(file, "no 'Is Better' mark");
  REQUIRE(w != nullptr);
  CHECK(w->message.find("Custom Test 1.0 Widgets") != std::string::npos);
  CHECK(w->where.line == 1);
  CHECK(w->where.column == 299);
  CHECK(file.warnings.size() == 1);
}

// A collapsed copy saved to a file normally ends with a line end.
TEST_CASE("A collapsed export ending with a line end is read", "[text]") {
  auto file =
      read("KeyDB 5.3.1 Ops/sec > Higher Is Better none . 10 |========== bfq .. 5 |=====\n");
  REQUIRE(file.results.size() == 1);
  REQUIRE(file.results[0].entries.size() == 2);
  CHECK(file.results[0].entries[1].label == "bfq");
  CHECK(file.results[0].entries[1].value_text == "5");
  CHECK(file.warnings.empty());
}

TEST_CASE(
    "Entries without bars ('LABEL . VALUE') are read under a direction mark, with a "
    "warning; elsewhere they are prose",
    "[text][regression]") {
  // As in real README files that keep PTS's run-time output (Xen demo, Orange Pi blog).
  auto file = iosr::read_results(
      "    N-Queens 1.0\n    Elapsed Time\n    Seconds < Lower Is Better\n"
      "    N-Queens_24Sept23 . 349.54\n\nwait ... 5\n\n"
      "    RAMspeed SMP 3.5.0\n    Type: Copy - Benchmark: Integer\n    MB/s > Higher Is Better\n"
      "    RAMspeed-SMP Test . 8158.33 \n```\n",
      "readme.md");
  REQUIRE(file.results.size() == 2);
  CHECK(file.results[0].title == "N-Queens");
  CHECK(test_support::value_of(file.results[0], "N-Queens_24Sept23") == "349.54");
  CHECK(test_support::value_of(file.results[1], "RAMspeed-SMP Test") == "8158.33");
  CHECK(test_support::warnings_with(file, "no bar ('LABEL . VALUE'") == 2);
  CHECK(test_support::warnings_with(file, "bar of") == 0);
}

TEST_CASE("A number without a bar beside entries with bars is a cut, not a value",
          "[text][regression]") {
  // `20` may have been `20.13 |===`: one wrong digit is worse than a missing entry.
  auto file = iosr::read_results(
      "KeyDB 5.3.1\n\nOps/sec > Higher Is Better\nbfq ... 10.5 |=====\nnone .. 20\n", "cut.txt");
  REQUIRE(file.results.size() == 1);
  CHECK(test_support::entry_labels(file.results[0]) == std::vector<std::string>{"bfq"});
  CHECK(test_support::has_warning(file, "input ends inside an entry"));
}

TEST_CASE("PTS 8.8's bars start after values it padded too little", "[text]") {
  // The real PTS 8.8.0's text export of data/xml/iosched-3way.xml (tests/fixtures/SOURCES.md):
  // "bfq ......... 98766|" beside "mq-deadline . 152340|", each bar as long as its line left
  // room for. Checked with one bar column for the chart, 'bfq' drew a wrong warning.
  const std::string fixtures = IOSR_FIXTURES_DIR;
  const auto& f = test_support::read_cached(fixtures + "/pts-text-8.8/pts-8.8.0_iosched-3way.txt");
  const auto& xml = test_support::read_cached(fixtures + "/../../data/xml/iosched-3way.xml");
  CHECK(f.format == "pts-text");
  CHECK(f.warnings.empty());
  REQUIRE(f.results.size() == xml.results.size());
  for (std::size_t c = 0; c < f.results.size(); ++c) {
    CHECK(f.results[c].direction == xml.results[c].direction);
    CHECK(f.results[c].unit == xml.results[c].unit);
    REQUIRE(f.results[c].entries.size() == xml.results[c].entries.size());
    for (std::size_t e = 0; e < f.results[c].entries.size(); ++e) {
      const auto& got = f.results[c].entries[e];
      const auto& want = xml.results[c].entries[e];
      CHECK(got.label == want.label);
      // PTS prints the value rounded (1398.7 as 1399): the XML's, to the printed decimals.
      const auto point = got.value_text.find('.');
      const auto decimals = point == std::string::npos ? 0 : got.value_text.size() - point - 1;
      const double scale = std::pow(10.0, double(decimals));
      REQUIRE(got.value);
      CHECK(*got.value == std::round(*want.value * scale) / scale);
    }
  }
}
