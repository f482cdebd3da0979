// SPDX-License-Identifier: MIT
// The PTS text export (`--to pts-text`): the display-precision rule, hand-built models
// against PTS's verbatim output for them (docs/pts-text-output.md, "Checked against PTS"), every
// corpus XML against what PTS 10.8.6 printed for it (tests/fixtures/corpus/pts-text), and the
// text read back.
#include <cmath>
#include <cstddef>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "catch.hpp"
#include "iosr/model.hpp"
#include "iosr/read.hpp"
#include "iosr/render.hpp"
#include "number.hpp"
#include "reader_support.hpp"
#include "render/result/display_precision.hpp"

namespace {

using iosr::direction;
using iosr::entry_kind;
using iosr::detail::chart_precision;
using iosr::detail::round_decimal;
using iosr::detail::round_double;

// ---- Building models ------------------------------------------------------------------------

iosr::entry number(std::string label, std::string value) {
  iosr::entry e;
  e.label = std::move(label);
  e.value = iosr::detail::parse_number(value);
  e.value_text = std::move(value);
  return e;
}

iosr::entry other(std::string label, entry_kind kind, std::string value = "") {
  iosr::entry e;
  e.label = std::move(label);
  e.kind = kind;
  e.value_text = std::move(value);
  if (kind == entry_kind::pass_fail) e.value = e.value_text == "PASS" ? 1.0 : 0.0;
  return e;
}

iosr::entry failed(std::string label) { return other(std::move(label), entry_kind::failed); }

iosr::result chart(std::string title, std::string version, std::string description,
                   std::string unit, direction dir, std::vector<iosr::entry> entries,
                   iosr::display_format display_format = iosr::display_format::bar_graph) {
  auto r = test_support::make_chart(std::move(title), std::move(version), std::move(description),
                                    std::move(unit), dir);
  r.display_format = std::move(display_format);
  r.entries = std::move(entries);
  return r;
}

iosr::system make_system(std::string label, const std::vector<iosr::field>& hardware,
                         const std::vector<iosr::field>& software) {
  auto s = iosr::make_system(std::move(label));
  s.hardware = hardware;
  s.software = software;
  return s;
}

std::string to_text(const iosr::result_file& file, int width = 79) {
  iosr::render_options options;
  options.width = width;
  std::string out;
  iosr::render(std::span(&file, 1), "pts-text", options, out);
  return out;
}

// The lines of the one chart of a file without title, description or systems: the file
// header (4 line ends), the chart's opening line end and its closing empty lines are cut.
std::string chart_text(const iosr::result& r, int width = 80) {
  iosr::result_file f;
  f.results.push_back(r);
  auto text = to_text(f, width);
  REQUIRE(text.starts_with("\n\n\n\n\n"));
  REQUIRE(text.ends_with("\n\n\n"));
  return text.substr(5, text.size() - 5 - 2);
}

// `n` bar characters.
std::string bar(std::size_t n) { return std::string(n, '='); }

// The lines, each ended by a line end.
std::string lines(std::initializer_list<std::string> all) {
  std::string out;
  for (const auto& line : all) out += line + "\n";
  return out;
}

std::string fixture(const std::string& name) { return std::string(IOSR_FIXTURES_DIR) + "/" + name; }

// ---- The worked example: iosched-3way.xml, as PTS prints it ---------------------------------

const std::vector<iosr::field> ryzen_hardware = {
    {"Processor", "AMD Ryzen 9 5950X 16-Core @ 3.40GHz (16 Cores / 32 Threads)"},
    {"Motherboard", "ASUS ROG CROSSHAIR VIII HERO (3801 BIOS)"},
    {"Chipset", "AMD Starship/Matisse"},
    {"Memory", "32GB"},
    {"Disk", "1000GB Samsung SSD 980 PRO 1TB"},
    {"Graphics", "AMD Radeon RX 6800 16GB"},
    {"Network", "Intel I211"}};
const std::vector<iosr::field> debian_software = {{"OS", "Debian 12"},
                                                  {"Kernel", "6.1.0-18-amd64 (x86_64)"},
                                                  {"Compiler", "GCC 12.2.0"},
                                                  {"File-System", "ext4"},
                                                  {"Screen Resolution", "1920x1080"}};

iosr::result_file iosched_3way() {
  iosr::result_file f;
  f.title = "iosr sample: I/O scheduler comparison";
  f.description =
      "Three Linux I/O schedulers on one NVMe SSD, hand-written sample for the iosr project.";
  for (auto label : {"mq-deadline", "bfq", "None"}) {
    f.systems.push_back(make_system(label, ryzen_hardware, debian_software));
  }
  const std::string fio = "Engine: IO_uring - Direct: Yes - ";
  const std::string target = " - Job Count: 1 - Disk Target: Default Test Directory";
  f.results.push_back(
      chart("Flexible IO Tester", "3.36", "Type: Random Read - " + fio + "Block Size: 4KB" + target,
            "IOPS", direction::higher,
            {number("mq-deadline", "152340"), number("bfq", "98766"), number("None", "160123")}));
  f.results.push_back(chart(
      "Flexible IO Tester", "3.36", "Type: Sequential Write - " + fio + "Block Size: 2MB" + target,
      "MB/s", direction::higher,
      {number("mq-deadline", "1523.4"), number("bfq", "1398.7"), number("None", "1530.2")}));
  f.results.push_back(
      chart("SQLite", "3.41.2", "Threads / Copies: 1", "Seconds", direction::lower,
            {number("mq-deadline", "12.345"), number("bfq", "15.87"), number("None", "11.987")}));
  return f;
}

const std::string ryzen_block =
    "\tProcessor: AMD Ryzen 9 5950X 16-Core @ 3.40GHz (16 Cores / 32 Threads), Motherboard: ASUS "
    "ROG CROSSHAIR VIII HERO (3801 BIOS), Chipset: AMD Starship/Matisse, Memory: 32GB, Disk: "
    "1000GB Samsung SSD 980 PRO 1TB, Graphics: AMD Radeon RX 6800 16GB, Network: Intel I211\n"
    "\n"
    "\tOS: Debian 12, Kernel: 6.1.0-18-amd64 (x86_64), Compiler: GCC 12.2.0, File-System: ext4, "
    "Screen Resolution: 1920x1080\n"
    "\n";

// PTS's output for it, verbatim (with the "(same)" abbreviations of the notes written out).
const std::string iosched_3way_w80 =
    "iosr sample: I/O scheduler comparison\n"
    "Three Linux I/O schedulers on one NVMe SSD, hand-written sample for the iosr project.\n"
    "\n"
    "\n"
    "mq-deadline: \n\n" +
    ryzen_block + "bfq: \n\n" + ryzen_block + "None: \n\n" + ryzen_block +
    "\n"
    "Flexible IO Tester 3.36\n"
    "Type: Random Read - Engine: IO_uring - Direct: Yes - Block Size: 4KB - Job Count: 1 - Disk "
    "Target: Default Test Directory\n"
    "IOPS > Higher Is Better\n"
    "mq-deadline . 152340 |=======================================================\n"
    "bfq ......... 98766  |====================================\n"
    "None ........ 160123 |==========================================================\n"
    "\n"
    "\n"
    "Flexible IO Tester 3.36\n"
    "Type: Sequential Write - Engine: IO_uring - Direct: Yes - Block Size: 2MB - Job Count: 1 - "
    "Disk Target: Default Test Directory\n"
    "MB/s > Higher Is Better\n"
    "mq-deadline . 1523.4 |==========================================================\n"
    "bfq ......... 1398.7 |=====================================================\n"
    "None ........ 1530.2 |==========================================================\n"
    "\n"
    "\n"
    "SQLite 3.41.2\n"
    "Threads / Copies: 1\n"
    "Seconds < Lower Is Better\n"
    "mq-deadline . 12.35 |==============================================\n"
    "bfq ......... 15.87 |===========================================================\n"
    "None ........ 11.99 |=============================================\n"
    "\n";

// ---- Reading back ---------------------------------------------------------------------------

std::vector<std::string> labels_of(const iosr::result& r) {
  std::vector<std::string> out;
  for (const auto& e : r.entries) out.push_back(e.label);
  return out;
}

std::vector<std::string> values_of(const iosr::result& r) {
  std::vector<std::string> out;
  for (const auto& e : r.entries) out.push_back(e.value_text);
  return out;
}

}  // namespace

// ---- The precision rule (docs/pts-text-output.md, "Values") ---------------------------------

TEST_CASE("Values are rounded half away from zero on their decimal digits", "[pts-text]") {
  CHECK(round_decimal("12.345", 2) == "12.35");
  CHECK(round_decimal("11.987", 2) == "11.99");
  CHECK(round_decimal("2.675", 2) == "2.68");  // 2.67499999... as a double
  CHECK(round_decimal("1.005", 2) == "1.01");  // 1.00499999... as a double
  CHECK(round_decimal("0.125", 2) == "0.13");
  CHECK(round_decimal("-2.675", 2) == "-2.68");
  CHECK(round_decimal("9.995", 2) == "10.00");
  CHECK(round_decimal("999.5", 0) == "1000");
  CHECK(round_decimal("0.005", 2) == "0.01");
  CHECK(round_decimal("0.0049", 2) == "0.00");
  CHECK(round_decimal("12530.75", 2) == "12530.75");
}

TEST_CASE(
    "Values are zero-padded to the chart's decimals and written without sign or exponent "
    "noise",
    "[pts-text]") {
  CHECK(round_decimal("7.1", 4) == "7.1000");
  CHECK(round_decimal("1134", 2) == "1134.00");
  CHECK(round_decimal("0", 2) == "0.00");
  CHECK(round_decimal("-3", 2) == "-3.00");
  CHECK(round_decimal("-0.001", 2) == "0.00");  // never "-0.00"
  CHECK(round_decimal("+5", 1) == "5.0");
  CHECK(round_decimal(".5", 0) == "1");
  CHECK(round_decimal("5.", 1) == "5.0");
  CHECK(round_decimal("2.5e-3", 4) == "0.0025");
  CHECK(round_decimal("1.5E+3", 0) == "1500");
  CHECK(round_decimal("007.50", 1) == "7.5");
  CHECK(round_decimal("PASS", 2) == "PASS");
}

TEST_CASE("Numbers are recognised as PHP's is_numeric does", "[pts-text]") {
  using iosr::detail::is_numeric_text;
  for (auto yes : {"0", "-3", "+5", "12.345", ".5", "5.", "2.5e-3", "1E+3", " 7 "}) {
    INFO(yes);
    CHECK(is_numeric_text(yes));
  }
  for (auto no : {"", ".", "-", "1,234", "12.3.4", "1e", "e5", "0x1A", "nan", "inf", "PASS",
                  "41,43,45", "1e99999"}) {
    INFO(no);
    CHECK_FALSE(is_numeric_text(no));
  }
}

TEST_CASE("Computed numbers are rounded as PHP rounds a double", "[pts-text]") {
  CHECK(round_double(1.03 * 49, 1) == "50.5");
  CHECK(round_double(311.0 / 7, 1) == "44.4");
  // 28.499999999999996 is 28.5 at 15 significant digits, which PHP rounds up.
  CHECK(round_double(28.499999999999996, 0) == "29");
  CHECK(round_double(2.675, 2) == "2.68");
  CHECK(round_double(-0.4, 0) == "0");
}

TEST_CASE(
    "A chart shows the most decimals of its values, at most 2 when its minimum is 10 or "
    "more",
    "[pts-text]") {
  auto decimals = [](std::vector<std::string> values) {
    chart_precision p;
    for (const auto& v : values) p.add(v);
    return p.decimals();
  };
  CHECK(decimals({"8.4567", "7.1"}) == 4);
  CHECK(decimals({"1134", "217.456", "318.5"}) == 2);
  CHECK(decimals({"12.345", "15.87", "11.987"}) == 2);
  CHECK(decimals({"0.0123", "0.0456", "1.5", "2"}) == 4);
  CHECK(decimals({"152340", "98766"}) == 0);
  CHECK(decimals({"99.5", "100.25", "-3"}) == 2);  // negative minimum
  CHECK(decimals({"9.999", "12.5"}) == 3);         // minimum below 10
  CHECK(decimals({"PASS", "FAIL"}) == 0);
  CHECK(decimals({"41,43,45", "12.3"}) == 1);  // a series counts with its smallest point
  CHECK(decimals({}) == 0);
}

TEST_CASE("A 0 that is not the last value does not count as the chart's minimum", "[pts-text]") {
  auto decimals = [](std::vector<std::string> values) {
    chart_precision p;
    for (const auto& v : values) p.add(v);
    return p.decimals();
  };
  CHECK(decimals({"0", "12.345", "15.1"}) == 2);  // minimum 12.345
  CHECK(decimals({"12.345", "0", "15.1"}) == 2);  // minimum 15.1, then 12.345 ... 15.1
  CHECK(decimals({"12.345", "15.1", "0"}) == 3);  // minimum 0
  CHECK(decimals({"0.00", "12.345"}) == 2);       // 0.00 is a 0 too
}

// ---- Hand-built models against PTS's output -------------------------------------------------

TEST_CASE("iosched-3way at width 80 is PTS's output verbatim", "[pts-text]") {
  // Bars 55/36/58, 58/53/58 and 46/59/45 come from the shown values, SQLite's 12.35 included.
  CHECK(to_text(iosched_3way(), 80) == iosched_3way_w80 + "\n");
}

TEST_CASE("At width 79 the same bars are one shorter or equal, and no line is indented",
          "[pts-text]") {
  const auto text = to_text(iosched_3way(), 79);
  CHECK(text.find("\nmq-deadline . 152340 |" + bar(54) + "\n") != std::string::npos);
  CHECK(text.find("\nNone ........ 160123 |" + bar(57) + "\n") != std::string::npos);
  CHECK(text.find("\n    ") == std::string::npos);
}

TEST_CASE("Above width 80 every chart line gains a 4-space prefix, the header does not",
          "[pts-text]") {
  auto f = iosched_3way();
  f.results.resize(1);
  f.results[0].description.clear();
  const auto text = to_text(f, 100);
  CHECK(text.starts_with("iosr sample: I/O scheduler comparison\nThree Linux"));
  CHECK(text.find("\nmq-deadline: \n\n\tProcessor: AMD") != std::string::npos);
  CHECK(text.ends_with(lines({"", "", "    Flexible IO Tester 3.36",
                              "    ",  // the empty description is the prefix alone
                              "    IOPS > Higher Is Better", "    mq-deadline . 152340 |" + bar(70),
                              "    bfq ......... 98766  |" + bar(46),
                              "    None ........ 160123 |" + bar(74), "", ""})));
}

TEST_CASE("A later result with the same identity replaces the earlier one at its place",
          "[pts-text]") {
  iosr::result_file f;
  auto first = chart("FS-Mark", "3.3", "Test: 1000 Files, 1MB Size", "Files/s", direction::higher,
                     {number("Linux 6.1: none", "20.13"), number("Linux 6.1: bfq", "20.42"),
                      number("Linux 6.8: none", "32.6"), number("Linux 6.8: bfq", "0.64")});
  first.test_id = "pts/fs-mark-1.0.3";
  first.arguments = "-L 20 -s 1048576 -n 1000";
  auto second = first;
  second.test_id = "pts/fs-mark-1.0.4";  // the last version component does not count
  second.entries = {number("Linux 6.1: none", "21.5"), number("Linux 6.1: bfq", "22.5"),
                    number("Linux 6.8: none", "33.5"), number("Linux 6.8: bfq", "1.5")};
  auto between = chart("PostMark", "1.51", "Disk Transaction Performance", "TPS", direction::higher,
                       {number("Linux 6.1: none", "4412")});
  f.results = {first, between, second};

  const auto text = to_text(f, 80);
  CHECK(text == lines({"",
                       "",
                       "",
                       "",
                       "",
                       "FS-Mark 3.3",
                       "Test: 1000 Files, 1MB Size",
                       "Files/s > Higher Is Better",
                       "Linux 6.1: none . 21.5 |" + bar(36),
                       "Linux 6.1: bfq .. 22.5 |" + bar(38),
                       "Linux 6.8: none . 33.5 |" + bar(56),
                       "Linux 6.8: bfq .. 1.5  |" + bar(3),
                       "",
                       "",
                       "PostMark 1.51",
                       "Disk Transaction Performance",
                       "TPS > Higher Is Better",
                       "Linux 6.1: none . 4412 |" + bar(56),
                       "",
                       ""}));

  // Another scale (or version, arguments, description) is another chart.
  f.results[2].unit = "Files Per Second";
  CHECK(to_text(f, 80).find("Linux 6.8: bfq .. 0.64  |") != std::string::npos);
}

TEST_CASE("Values are zero-padded to the chart's decimals; a chart may list some systems",
          "[pts-text]") {
  CHECK(
      chart_text(chart("Compile Bench", "0.6", "Test: Initial Create", "Seconds", direction::lower,
                       {number("Linux 6.1: none", "8.4567"), number("Linux 6.8: none", "7.1")})) ==
      lines({"Compile Bench 0.6", "Test: Initial Create", "Seconds < Lower Is Better",
             "Linux 6.1: none . 8.4567 |" + bar(54), "Linux 6.8: none . 7.1000 |" + bar(45)}));
}

TEST_CASE("A failed entry is left out but its label still sets the dots", "[pts-text]") {
  CHECK(
      chart_text(chart("PostMark", "1.51", "Disk Transaction Performance", "TPS", direction::higher,
                       {number("Linux 6.1: none", "4412"), failed("Linux 6.1: bfq"),
                        number("Linux 6.8: none", "5102"), number("Linux 6.8: bfq", "4987")})) ==
      "PostMark 1.51\n"
      "Disk Transaction Performance\n"
      "TPS > Higher Is Better\n"
      "Linux 6.1: none . 4412 |================================================\n"
      "Linux 6.8: none . 5102 |========================================================\n"
      "Linux 6.8: bfq .. 4987 |=======================================================\n");

  const auto text = chart_text(chart("PostMark", "1.51", "", "TPS", direction::higher,
                                     {number("a", "10"), failed("a much longer label")}));
  CHECK(text.ends_with("\na ................... 10 |" + bar(54) + "\n"));
}

TEST_CASE("A failed entry followed by one with the same label is replaced by it, at the end",
          "[pts-text]") {
  // PTS drops every entry with the label, the earlier 7 too, then adds the new one last.
  CHECK(chart_text(chart("T", "", "", "s", direction::none,
                         {number("a", "7"), failed("a"), number("a", "10"), number("bb", "5")})) ==
        lines({"T", "", "s", "a .. 10 |" + bar(71), "bb . 5  |" + bar(36)}));
  // The dropped 1.234 still sets the decimals.
  CHECK(chart_text(
            chart("T", "", "", "s", direction::none,
                  {number("a", "1.234"), failed("a"), number("a", "10"), number("bb", "5")})) ==
        lines({"T", "", "s", "a .. 10.000 |" + bar(67), "bb . 5.000  |" + bar(34)}));
  // After a drop PTS's label index is off by the dropped entries: here it names b's failed
  // run when a's 4 arrives, so a's 3 is dropped as well.
  CHECK(chart_text(chart("T", "", "", "s", direction::none,
                         {failed("a"), failed("b"), number("a", "3"), number("a", "4")})) ==
        lines({"T", "", "s", "a . 4 |" + bar(73)}));
  // Two entries with one label that both hold values are both drawn.
  CHECK(chart_text(
            chart("T", "", "", "s", direction::none, {number("a", "44.7"), number("a", "45.1")})) ==
        lines({"T", "", "s", "a . 44.7 |" + bar(69), "a . 45.1 |" + bar(70)}));
}

TEST_CASE("PASS and FAIL entries have no bar; image comparisons end after the dots", "[pts-text]") {
  CHECK(chart_text(chart("Example Pass Fail", "1.0", "Self Test", "", direction::none,
                         {other("Linux 6.1: none", entry_kind::pass_fail, "PASS"),
                          other("Linux 6.1: bfq", entry_kind::pass_fail, "FAIL")},
                         iosr::display_format::pass_fail)) ==
        lines({"Example Pass Fail 1.0", "Self Test", "Linux 6.1: none . PASS",
               "Linux 6.1: bfq .. FAIL"}));
  const std::string png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAE";
  CHECK(
      chart_text(chart("Example Image Quality", "1.0", "Frame 1", "", direction::none,
                       {other("Linux 6.1: none", entry_kind::text, png),
                        other("Linux 6.1: bfq", entry_kind::text, png)},
                       iosr::display_format::image_comparison)) ==
      lines({"Example Image Quality 1.0", "Frame 1", "Linux 6.1: none . ", "Linux 6.1: bfq .. "}));
}

TEST_CASE("A line graph shows MIN, AVG and MAX of each series, padded to common widths",
          "[pts-text]") {
  auto series = [](std::string label, std::string list) {
    return other(std::move(label), entry_kind::series, std::move(list));
  };
  CHECK(chart_text(chart("Flexible IO Tester", "3.36", "CPU Temperature Monitor", "Celsius",
                         direction::lower,
                         {series("Linux 6.1: none", "41,43,45,44,46,47,45"),
                          series("Linux 6.1: bfq", "40,42,44,44,45,45,44"),
                          series("Linux 6.8: none", "39,40,41,43,42,42,41"),
                          series("Linux 6.8: bfq", "42,44,47,49,48,47,46")},
                         iosr::display_format::line_graph)) ==
        lines({"Flexible IO Tester 3.36", "CPU Temperature Monitor", "Celsius < Lower Is Better",
               "Linux 6.1: none . MIN: 41.0  AVG: 44.4  MAX: 47.0 ",
               "Linux 6.1: bfq .. MIN: 40.0  AVG: 43.4  MAX: 45.0 ",
               "Linux 6.8: none . MIN: 39.0  AVG: 41.1  MAX: 43.0 ",
               "Linux 6.8: bfq .. MIN: 42.0  AVG: 46.1  MAX: 49.0 "}));

  // No decimals once 1.03 x max passes 100; the minimum is padded to the largest minimum's
  // width (`100`) and the average to 1.03 x max's (`1133`).
  CHECK(chart_text(chart("M", "", "", "MHz", direction::higher,
                         {series("a", "5,1100,1000"), series("b", "100,200")},
                         iosr::display_format::line_graph)) ==
        lines({"M", "", "MHz > Higher Is Better", "a . MIN: 5    AVG: 702   MAX: 1100 ",
               "b . MIN: 100  AVG: 150   MAX: 200 "}));
}

TEST_CASE("Tiny values keep their decimals and get no bar when it rounds to nothing",
          "[pts-text]") {
  CHECK(chart_text(chart("Example Small", "1.0", "Tiny Numbers", "ms", direction::lower,
                         {number("Linux 6.1: none", "0.0123"), number("Linux 6.1: bfq", "0.0456"),
                          number("Linux 6.8: none", "1.5"), number("Linux 6.8: bfq", "2")})) ==
        lines({"Example Small 1.0", "Tiny Numbers", "ms < Lower Is Better",
               "Linux 6.1: none . 0.0123 |", "Linux 6.1: bfq .. 0.0456 |" + bar(1),
               "Linux 6.8: none . 1.5000 |" + bar(41),  // 40.5 rounds up
               "Linux 6.8: bfq .. 2.0000 |" + bar(54)}));
}

TEST_CASE("text-edges: empty description and version, 0.00, negatives, UTF-8 labels by bytes",
          "[pts-text]") {
  const std::string utf8 = "bfq \xE2\x80\x93 low latency \xC3\xBC";  // 22 bytes, 20 characters
  CHECK(chart_text(
            chart("KeyDB", "5.3.1", "", "Ops/sec", direction::higher,
                  {number("none", "519045.76"), number("kyber", "527545.5"), number(utf8, "0")})) ==
        lines({"KeyDB 5.3.1", "", "Ops/sec > Higher Is Better",
               "none ................... 519045.76 |" + bar(43),
               "kyber .................. 527545.50 |" + bar(44), utf8 + " . 0.00      |"}));

  CHECK(
      chart_text(chart("Custom Script", "", "No version, no proportion", "Widgets", direction::none,
                       {number("none", "99.5"), number("kyber", "100.25"), number(utf8, "-3")})) ==
      lines({"Custom Script", "No version, no proportion", "Widgets",
             "none ................... 99.50  |" + bar(47),
             "kyber .................. 100.25 |" + bar(47), utf8 + " . -3.00  |"}));

  CHECK(
      chart_text(chart("Custom Script", "", "Integers only, min 100 or more", "Requests Per Second",
                       direction::higher,
                       {number("none", "1134"), number("kyber", "217.456"), number(utf8, "318.5")}))
          .find("\nnone ................... 1134.00 |") != std::string::npos);
}

TEST_CASE("A value shown as `0` is left out; its label still sets the dots", "[pts-text]") {
  // d = 0 and the 0 is last, so it is the minimum: it shows as `0`, which PTS leaves out.
  CHECK(chart_text(chart("T", "", "", "s", direction::none,
                         {number("a", "5"), number("b", "7"), number("a much longer", "0")})) ==
        lines({"T", "", "s", "a ............. 5 |" + bar(44), "b ............. 7 |" + bar(61)}));
}

TEST_CASE("A chart without a positive value has no bars", "[pts-text]") {
  CHECK(chart_text(
            chart("T", "", "", "s", direction::lower, {number("a", "-1.5"), number("b", "-20")})) ==
        "T\n\ns < Lower Is Better\n"
        "a . -1.5  |\n"
        "b . -20.0 |\n");
}

TEST_CASE("Several files are written one after the other, each complete", "[pts-text]") {
  std::vector<iosr::result_file> files{iosched_3way(), iosched_3way()};
  files[1].title = "second";
  std::string out;
  iosr::render_options options;
  options.width = 80;
  iosr::render(files, "pts-text", options, out);
  CHECK(out == to_text(files[0], 80) + to_text(files[1], 80));
}

TEST_CASE("pts-text is registered with a .txt extension", "[pts-text]") {
  bool found = false;
  for (const auto& f : iosr::list_output_formats()) {
    if (f.name == "pts-text") found = f.extension == ".txt";
  }
  CHECK(found);
}

// ---- Real files -----------------------------------------------------------------------------

TEST_CASE("Every corpus XML renders byte for byte as PTS 10.8.6 printed it", "[pts-text]") {
  for (std::string name : test_support::pts_readable_corpus) {
    INFO(name);
    const auto xml = iosr::read_results_file(fixture("corpus/xml/" + name + ".xml"));
    CHECK(to_text(xml) == test_support::slurp(fixture("corpus/pts-text/" + name + ".txt")));
  }
}

TEST_CASE("Seed 002 renders as PTS printed it, from its text and from its XML", "[pts-text]") {
  // OpenBenchmarking's copy lacks the closing empty lines that PTS's command prints.
  const auto seed =
      test_support::slurp(std::string(IOSR_DATA_DIR) + "/text/002_236e153a66cd3c9d.txt");
  CHECK(to_text(iosr::read_results(seed, "002.txt")) == seed + "\n\n\n");
  CHECK(to_text(iosr::read_results_file(fixture("samples/seed002-rebuilt.xml"))) ==
        seed + "\n\n\n");
}

TEST_CASE("The rendered text reads back to the same charts, labels and shown values",
          "[pts-text]") {
  const auto shown = iosr::read_results(to_text(iosched_3way()), "iosched.txt");
  const auto model = iosched_3way();
  CHECK(shown.title == model.title);
  CHECK(shown.description == model.description);
  REQUIRE(shown.systems.size() == 3);
  CHECK(shown.systems[2].label == "None");
  CHECK(shown.systems[2].hardware == ryzen_hardware);
  CHECK(shown.systems[2].software == debian_software);
  REQUIRE(shown.results.size() == model.results.size());
  for (std::size_t i = 0; i < model.results.size(); ++i) {
    const auto& a = shown.results[i];
    const auto& b = model.results[i];
    INFO(b.description);
    test_support::check_header(a, b.title, b.version, b.description, b.unit, b.direction);
    CHECK(labels_of(a) == labels_of(b));
  }
  CHECK(values_of(shown.results[0]) == std::vector<std::string>{"152340", "98766", "160123"});
  CHECK(values_of(shown.results[2]) == std::vector<std::string>{"12.35", "15.87", "11.99"});
}

TEST_CASE("Every corpus XML reads back from its text with each shown value within rounding",
          "[pts-text]") {
  for (std::string name : test_support::pts_readable_corpus) {
    INFO(name);
    const auto xml = iosr::read_results_file(fixture("corpus/xml/" + name + ".xml"));
    const auto text = iosr::read_results(to_text(xml), name + ".txt");
    REQUIRE(text.results.size() == xml.results.size());
    for (std::size_t i = 0; i < xml.results.size(); ++i) {
      const auto& from_xml = xml.results[i];
      const auto& from_text = text.results[i];
      INFO(from_xml.title << " / " << from_xml.description);
      test_support::check_header(from_text, from_xml.title, from_xml.version, from_xml.description,
                                 from_xml.unit, from_xml.direction);
      // Failed runs are not in the text; everything else is, in order.
      std::vector<const iosr::entry*> kept;
      for (const auto& e : from_xml.entries) {
        if (e.kind != entry_kind::failed) kept.push_back(&e);
      }
      REQUIRE(from_text.entries.size() == kept.size());
      for (std::size_t j = 0; j < kept.size(); ++j) {
        const auto& e = from_text.entries[j];
        CHECK(e.label == kept[j]->label);
        if (!e.value || !kept[j]->value || kept[j]->kind != entry_kind::number) continue;
        // The text shows the value rounded to its decimals: within half a last place.
        const double half = 0.5 * std::pow(10.0, -iosr::detail::decimals(e.value_text));
        CHECK(std::abs(*e.value - *kept[j]->value) <= half * (1 + 1e-9));
      }
    }
  }
}

TEST_CASE("quirks.xml shows PTS's output for its quirks at width 80", "[pts-text]") {
  const auto text = to_text(iosr::read_results_file(fixture("samples/quirks.xml")), 80);
  const std::string excerpts[] = {
      "iosr sample: quirks\n",
      // The duplicate FS-Mark: the second copy's values at the first copy's place.
      "\n\n\nFS-Mark 3.3\nTest: 1000 Files, 1MB Size\nFiles/s > Higher Is Better\n"
      "Linux 6.1: none . 21.5 |" +
          bar(36) + "\nLinux 6.1: bfq .. 22.5 |" + bar(38) + "\nLinux 6.8: none . 33.5 |" +
          bar(56) + "\nLinux 6.8: bfq .. 1.5  |" + bar(3) + "\n\n\nCompile Bench 0.6\n",
      "\nCompile Bench 0.6\nTest: Initial Create\nSeconds < Lower Is Better\n"
      "Linux 6.1: none . 8.4567 |" +
          bar(54) + "\nLinux 6.8: none . 7.1000 |" + bar(45) + "\n\n\n",
      "\nPostMark 1.51\nDisk Transaction Performance\nTPS > Higher Is Better\n"
      "Linux 6.1: none . 4412 |" +
          bar(48) + "\nLinux 6.8: none . 5102 |" + bar(56) + "\nLinux 6.8: bfq .. 4987 |" +
          bar(55) + "\n\n\n",
      "\nExample Pass Fail 1.0\nSelf Test\nLinux 6.1: none . PASS\nLinux 6.1: bfq .. FAIL\n",
      "\nFlexible IO Tester 3.36\nCPU Temperature Monitor\nCelsius < Lower Is Better\n"
      "Linux 6.1: none . MIN: 41.0  AVG: 44.4  MAX: 47.0 \n",
      "\nExample Image Quality 1.0\nFrame 1\nLinux 6.1: none . \n",
      "\nExample Small 1.0\nTiny Numbers\nms < Lower Is Better\nLinux 6.1: none . 0.0123 |\n",
      "\nLinux 6.8: bfq .. 2.0000 |" + bar(54) + "\n\n\n",
      // Both entries of "Linux 6.1: none" in one chart are drawn.
      "\nLinux 6.1: none . 44.70  |",
      "\nLinux 6.1: none . 45.10  |",
  };
  for (const auto& excerpt : excerpts) {
    INFO(excerpt);
    CHECK(text.find(excerpt) != std::string::npos);
  }
  CHECK(text.find("20.13") == std::string::npos);  // the first FS-Mark copy is gone
}

TEST_CASE("A line graph read back from the text renders the same lines again", "[pts-text]") {
  auto f = iosched_3way();
  f.results.clear();
  f.results.push_back(chart("Flexible IO Tester", "3.36", "CPU Temperature Monitor", "Celsius",
                            direction::lower,
                            {other("mq-deadline", entry_kind::series, "41,43,45,44,46,47,45"),
                             other("bfq", entry_kind::series, "42,44,47,49,48,47,46")},
                            iosr::display_format::line_graph));
  const auto text = to_text(f, 80);
  const auto again = iosr::read_results(text, "line.txt");
  REQUIRE(again.results.size() == 1);
  CHECK(again.results[0].entries[0].kind == entry_kind::series);
  CHECK(to_text(again, 80) == text);
}
