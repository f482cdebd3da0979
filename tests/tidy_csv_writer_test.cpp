// SPDX-License-Identifier: MIT
// The tidy CSV output (docs/csv.md): exact bytes for small models, and a round trip through a
// tiny RFC 4180 reader.
#include <fmt/format.h>

#include <bit>
#include <cmath>
#include <cstddef>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "catch.hpp"
#include "iosr/model.hpp"
#include "iosr/render.hpp"
#include "csv_reader.hpp"
#include "number.hpp"
#include "render/escape.hpp"

namespace {

using iosr::direction;
using iosr::entry_kind;
using test_support::read_csv;

const std::string header_row =
    "file,result_title,version,description,unit,direction,label,group,name,scheduler,value,kind,"
    "samples,standard_error,sample_count,test_id,display_format,error,arguments,numeric_value,min,"
    "max,relative_deviation,baseline\n";

iosr::entry make_entry(std::string label, std::string value_text,
                       entry_kind kind = entry_kind::number) {
  iosr::entry e;
  e.label = std::move(label);
  e.kind = kind;
  e.value_text = std::move(value_text);
  return e;
}

iosr::result make_result(std::string title, std::string description, std::string unit,
                         direction dir) {
  iosr::result r;
  r.title = std::move(title);
  r.version = "3.18";
  r.description = std::move(description);
  r.unit = std::move(unit);
  r.direction = dir;
  r.display_format = iosr::display_format::bar_graph;
  r.test_id = "pts/fio-1.13.2";
  return r;
}

iosr::result_file make_file(std::string source_name, const std::vector<std::string>& labels) {
  iosr::result_file f;
  f.title = "Scheduler comparison";
  f.source_name = std::move(source_name);
  f.format = "pts-text";
  for (const auto& label : labels) f.systems.push_back(iosr::make_system(label));
  return f;
}

std::string to_csv(const std::vector<iosr::result_file>& files, bool header = true) {
  iosr::render_options options;
  options.header = header;
  std::string out;
  iosr::render(files, "csv", options, out);
  return out;
}

// The fio file most tests use: two systems, one random-read chart.
iosr::result_file fio_file(std::string source_name = "fio.txt") {
  auto f = make_file(std::move(source_name), {"WD5000AZRX: Mq-Deadline", "WD5000AZRX: BFQ"});
  auto r =
      make_result("Flexible IO Tester", "Type: Random Read - Engine: IO_uring - Block Size: 4KB",
                  "MB/s", direction::higher);
  auto a = make_entry("WD5000AZRX: Mq-Deadline", "0.64");
  a.value = 0.64;
  a.samples = {"0.63", "0.64", "0.65"};
  a.standard_error = 0.01;
  a.sample_count = 3;
  auto b = make_entry("WD5000AZRX: BFQ", "24.00");
  b.value = 24.0;
  r.entries = {a, b};
  f.results.push_back(r);
  return f;
}

std::vector<std::string> split_samples(const std::string& text) {
  std::vector<std::string> parts;
  if (text.empty()) return parts;
  std::size_t start = 0;
  for (;;) {
    const auto colon = text.find(':', start);
    parts.push_back(text.substr(start, colon - start));
    if (colon == std::string::npos) return parts;
    start = colon + 1;
  }
}

}  // namespace

// ---------------------------------------------------------------------------------------------

TEST_CASE("CSV fields are quoted only when RFC 4180 needs it", "[csv]") {
  auto field = [](std::string_view text) {
    std::string out;
    iosr::detail::append_csv_field(out, text);
    return out;
  };
  CHECK(field("") == "");
  CHECK(field("plain") == "plain");
  CHECK(field("WD5000AZRX: Mq-Deadline") == "WD5000AZRX: Mq-Deadline");
  CHECK(field("a,b") == "\"a,b\"");
  CHECK(field("say \"hi\"") == "\"say \"\"hi\"\"\"");
  CHECK(field("\"") == "\"\"\"\"");
  CHECK(field("two\nlines") == "\"two\nlines\"");
  CHECK(field("cr\rlf") == "\"cr\rlf\"");
  CHECK(field(" leading") == "\" leading\"");
  CHECK(field("trailing ") == "\"trailing \"");
  CHECK(field("in side") == "in side");
  CHECK(field("Mémoire – 日本") == "Mémoire – 日本");
}

TEST_CASE("CSV quoting finds a special byte anywhere in a long field", "[csv]") {
  // Fields of 16 bytes and more are checked 16 at a time, the last 16 again: every length
  // around those blocks, with the byte at every place.
  for (std::size_t length = 1; length <= 50; ++length) {
    for (char special : {',', '"', '\r', '\n'}) {
      for (std::size_t at = 0; at < length; ++at) {
        std::string text(length, 'x');
        text[at] = special;
        std::string out;
        iosr::detail::append_csv_field(out, text);
        INFO("length " << length << ", byte " << int(special) << " at " << at);
        REQUIRE(out.size() >= text.size() + 2);
        CHECK(out.front() == '"');
        CHECK(out.back() == '"');
      }
    }
    std::string plain(length, 'x');
    std::string out;
    iosr::detail::append_csv_field(out, plain);
    CHECK(out == plain);
  }
}

TEST_CASE("The CSV header row lists the columns in their stable order", "[csv]") {
  CHECK(to_csv({}) == header_row);
  CHECK(to_csv({}, false).empty());
}

TEST_CASE("CSV rows split labels into group, name and scheduler and keep values as written",
          "[csv]") {
  CHECK(to_csv({fio_file()}) ==
        header_row +
            "fio.txt,Flexible IO Tester,3.18,Type: Random Read - Engine: IO_uring - Block Size: "
            "4KB,MB/s,higher,WD5000AZRX: Mq-Deadline,WD5000AZRX,Mq-Deadline,mq-deadline,0.64,"
            "number,0.63:0.64:0.65,0.01,3,pts/fio-1.13.2,BAR_GRAPH,,,0.64,,,,false\n"
            "fio.txt,Flexible IO Tester,3.18,Type: Random Read - Engine: IO_uring - Block Size: "
            "4KB,MB/s,higher,WD5000AZRX: BFQ,WD5000AZRX,BFQ,bfq,24.00,number,,,,pts/fio-1.13.2,"
            "BAR_GRAPH,,,24,,,,false\n");
}

TEST_CASE("CSV values are never re-formatted and numbers use the shortest round-trip form",
          "[csv]") {
  auto f = make_file("iops.txt", {"Run: None"});
  auto r = make_result("Flexible IO Tester", "Type: Random Read - Block Size: 4KB", "IOPS",
                       direction::none);
  auto e = make_entry("Run: None", "1523809");
  e.value = 1523809.0;
  e.standard_error = 1.0 / 3.0;
  e.sample_count = 12;
  r.entries = {e};
  f.results.push_back(r);
  auto lower = r;
  lower.direction = direction::lower;
  lower.entries[0].value_text = "1.50E+3";
  lower.entries[0].standard_error = 0.1 + 0.2;
  f.results.push_back(lower);

  CHECK(to_csv({f}, false) ==
        "iops.txt,Flexible IO Tester,3.18,Type: Random Read - Block Size: 4KB,IOPS,,Run: None,"
        "Run,None,none,1523809,number,,0.3333333333333333,12,pts/fio-1.13.2,BAR_GRAPH,,,1523809,,,,false\n"
        "iops.txt,Flexible IO Tester,3.18,Type: Random Read - Block Size: 4KB,IOPS,lower,"
        "Run: None,Run,None,none,1.50E+3,number,,0.30000000000000004,12,pts/fio-1.13.2,"
        "BAR_GRAPH,,,1523809,,,,false\n");
}

TEST_CASE("CSV quotes commas, quotes and line breaks in titles and labels", "[csv]") {
  auto f = make_file("a, \"b\".txt", {"Disk, \"fast\": Kyber"});
  auto r = make_result("Compile Bench, \"quoted\"", "Test: Compile\nSecond line", "MB/s",
                       direction::higher);
  r.entries = {make_entry("Disk, \"fast\": Kyber", "1,234")};
  f.results.push_back(r);

  CHECK(to_csv({f}, false) ==
        "\"a, \"\"b\"\".txt\",\"Compile Bench, \"\"quoted\"\"\",3.18,\"Test: Compile\nSecond "
        "line\",MB/s,higher,\"Disk, \"\"fast\"\": Kyber\",\"Disk, \"\"fast\"\"\",Kyber,kyber,"
        "\"1,234\",number,,,,pts/fio-1.13.2,BAR_GRAPH,,,,,,,false\n");
}

TEST_CASE("CSV puts two files in one dataset under one header", "[csv]") {
  auto a = fio_file("first.txt");
  auto b = fio_file("second.txt");
  b.results[0].entries.resize(1);
  const auto out = to_csv({a, b});
  const auto rows = read_csv(out);
  REQUIRE(rows.size() == 4);
  CHECK(rows[0][0] == "file");
  CHECK(rows[1][0] == "first.txt");
  CHECK(rows[2][0] == "first.txt");
  CHECK(rows[3][0] == "second.txt");
  CHECK(out.find("file,result_title", 1) == std::string::npos);
}

TEST_CASE("CSV rows of each chart and file carry their own chart and system columns", "[csv]") {
  // The writer keeps the text of the columns a chart and a system share: a second chart, and
  // a second file whose systems have other names at the same places, must not get the first's.
  auto a = fio_file("first.txt");
  auto second_chart = make_result("Second chart", "Type: Write", "IOPS", direction::lower);
  second_chart.entries = {make_entry("WD5000AZRX: BFQ", "7"),
                          make_entry("WD5000AZRX: Mq-Deadline", "8")};
  a.results.push_back(second_chart);
  auto b = make_file("second.txt", {"Other: Kyber", "Other: None"});
  auto third = make_result("Third chart", "", "s", direction::lower);
  third.entries = {make_entry("Other: None", "1"), make_entry("Other: Kyber", "2")};
  b.results.push_back(third);
  const auto rows = read_csv(to_csv({a, b}));
  REQUIRE(rows.size() == 7);
  auto columns = [&](std::size_t row) {
    const auto& r = rows[row];
    return r[0] + "|" + r[1] + "|" + r[3] + "|" + r[4] + "|" + r[5] + "|" + r[6] + "|" + r[7] +
           "|" + r[8] + "|" + r[9] + "|" + r[10];
  };
  CHECK(columns(1) ==
        "first.txt|Flexible IO Tester|Type: Random Read - Engine: IO_uring - Block Size: "
        "4KB|MB/s|higher|WD5000AZRX: Mq-Deadline|WD5000AZRX|Mq-Deadline|mq-deadline|0.64");
  CHECK(columns(2) ==
        "first.txt|Flexible IO Tester|Type: Random Read - Engine: IO_uring - Block Size: "
        "4KB|MB/s|higher|WD5000AZRX: BFQ|WD5000AZRX|BFQ|bfq|24.00");
  CHECK(columns(3) ==
        "first.txt|Second chart|Type: Write|IOPS|lower|WD5000AZRX: BFQ|WD5000AZRX|BFQ|bfq|7");
  CHECK(columns(4) ==
        "first.txt|Second chart|Type: Write|IOPS|lower|WD5000AZRX: "
        "Mq-Deadline|WD5000AZRX|Mq-Deadline|mq-deadline|8");
  CHECK(columns(5) == "second.txt|Third chart||s|lower|Other: None|Other|None|none|1");
  CHECK(columns(6) == "second.txt|Third chart||s|lower|Other: Kyber|Other|Kyber|kyber|2");
}

TEST_CASE("CSV takes group, name and scheduler from the file's system with the label", "[csv]") {
  auto f = make_file("custom.txt", {});
  iosr::system s;
  s.label = "Run 1";
  s.group = "Samsung 970";
  s.name = "Run 1";
  s.scheduler = "bfq-low-latency";
  f.systems.push_back(s);
  auto r = make_result("Flexible IO Tester", "", "MB/s", direction::higher);
  r.entries = {make_entry("Run 1", "10")};
  f.results.push_back(r);

  CHECK(to_csv({f}, false) ==
        "custom.txt,Flexible IO Tester,3.18,,MB/s,higher,Run 1,Samsung 970,Run 1,bfq-low-latency,"
        "10,number,,,,pts/fio-1.13.2,BAR_GRAPH,,,,,,,false\n");
}

TEST_CASE("CSV splits a label that names no system of the file from its text", "[csv]") {
  auto f = fio_file();
  f.results[0].entries = {make_entry("Extra: Kyber", "3.5"), make_entry("Baseline", "2")};

  CHECK(to_csv({f}, false) ==
        "fio.txt,Flexible IO Tester,3.18,Type: Random Read - Engine: IO_uring - Block Size: "
        "4KB,MB/s,higher,Extra: Kyber,Extra,Kyber,kyber,3.5,number,,,,pts/fio-1.13.2,BAR_GRAPH,,,,,,,false\n"
        "fio.txt,Flexible IO Tester,3.18,Type: Random Read - Engine: IO_uring - Block Size: "
        "4KB,MB/s,higher,Baseline,,Baseline,,2,number,,,,pts/fio-1.13.2,BAR_GRAPH,,,,,,,false\n");
}

TEST_CASE("CSV writes a failed entry with an empty value and its error message", "[csv]") {
  auto f = fio_file();
  auto failed = make_entry("WD5000AZRX: BFQ", "", entry_kind::failed);
  failed.error = "The test quit with a non-zero exit status. E: fio: \"libaio\" missing, aborting";
  f.results[0].entries = {failed};

  CHECK(to_csv({f}, false) ==
        "fio.txt,Flexible IO Tester,3.18,Type: Random Read - Engine: IO_uring - Block Size: "
        "4KB,MB/s,higher,WD5000AZRX: BFQ,WD5000AZRX,BFQ,bfq,,failed,,,,pts/fio-1.13.2,"
        "BAR_GRAPH,\"The test quit with a non-zero exit status. E: fio: \"\"libaio\"\" missing, "
        "aborting\",,,,,,false\n");
}

TEST_CASE("CSV without a header writes only the rows, ready to append", "[csv]") {
  const auto with = to_csv({fio_file()});
  const auto without = to_csv({fio_file()}, false);
  CHECK(with == header_row + without);
  CHECK(without.rfind("fio.txt,", 0) == 0);

  // Rendering appends: a second file without a header continues the first dataset.
  std::string out;
  iosr::render_options options;
  const std::vector<iosr::result_file> first{fio_file("a.txt")};
  iosr::render(first, "csv", options, out);
  options.header = false;
  const std::vector<iosr::result_file> second{fio_file("b.txt")};
  iosr::render(second, "csv", options, out);
  CHECK(out == to_csv({fio_file("a.txt"), fio_file("b.txt")}));
}

TEST_CASE("CSV reads back through an RFC 4180 reader into the model's fields", "[csv]") {
  auto f1 = make_file("dir/one, \"two\".txt",
                      {"WD5000AZRX: Mq-Deadline", " padded: BFQ Low_Latency ", "Mémoire: none"});
  auto r1 = make_result("Title with \"quotes\", commas", "Line one\r\nLine two\rthree\nfour",
                        "MB/s", direction::higher);
  auto a = make_entry("WD5000AZRX: Mq-Deadline", "24.00");
  a.value = 24.0;
  a.samples = {"23.90", "24.00", "24.10"};
  a.standard_error = 1.0 / 3.0;
  a.sample_count = 3;
  auto b = make_entry(" padded: BFQ Low_Latency ", "0.64", entry_kind::series);
  b.value = 0.64;
  b.min = 0.1;
  b.max = 1.2;
  b.standard_error = 1e-7;
  auto c = make_entry("Mémoire: none", "PASS", entry_kind::pass_fail);
  c.value = 1.0;
  c.sample_count = 1;
  auto d = make_entry("Not a system, \"really\"", "", entry_kind::failed);
  d.error = "failed:\n\"timeout\", retry ";
  auto t = make_entry("WD5000AZRX: Mq-Deadline", "Image: ok", entry_kind::text);
  r1.arguments = "-s 4k, \"quoted\"";
  r1.entries = {a, b, c, d, t};
  f1.results.push_back(r1);
  auto r2 = make_result("日本語 テスト", "", "", direction::none);
  r2.version.clear();
  r2.test_id.clear();
  r2.display_format = iosr::display_format::pass_fail;
  r2.entries = {make_entry("Mémoire: none", "1523809")};
  f1.results.push_back(r2);
  auto f2 = fio_file(" second ");

  const std::vector<iosr::result_file> files{f1, f2};
  const auto rows = read_csv(to_csv(files));

  std::size_t n = 0;
  for (const auto& f : files)
    for (const auto& r : f.results) n += r.entries.size();
  REQUIRE(rows.size() == n + 1);
  REQUIRE(rows[0].size() == 24);

  std::size_t i = 1;
  for (const auto& f : files) {
    for (const auto& r : f.results) {
      for (const auto& e : r.entries) {
        INFO("row " << i << ", label '" << e.label << "'");
        const auto& row = rows[i++];
        REQUIRE(row.size() == 24);
        const auto* found = f.find_system(e.label);
        const auto sys = found ? *found : iosr::make_system(e.label);
        CHECK(row[0] == f.source_name);
        CHECK(row[1] == r.title);
        CHECK(row[2] == r.version);
        CHECK(row[3] == r.description);
        CHECK(row[4] == r.unit);
        CHECK(row[5] == std::string(iosr::to_string(r.direction)));
        CHECK(row[6] == e.label);
        CHECK(row[7] == sys.group);
        CHECK(row[8] == sys.name);
        CHECK(row[9] == sys.scheduler);
        CHECK(row[10] == e.value_text);
        CHECK(row[11] == std::string(iosr::to_string(e.kind)));
        CHECK(split_samples(row[12]) == e.samples);
        if (e.standard_error) {
          CHECK(std::stod(row[13]) == *e.standard_error);  // exact: shortest round-trip form
        } else {
          CHECK(row[13].empty());
        }
        if (e.sample_count) {
          CHECK(std::stoull(row[14]) == *e.sample_count);
        } else {
          CHECK(row[14].empty());
        }
        CHECK(row[15] == r.test_id);
        CHECK(row[16] == r.display_format.name());
        CHECK(row[17] == e.error);
        CHECK(row[18] == r.arguments);
        auto check_number = [](const std::string& text, const std::optional<double>& v) {
          if (v) {
            CHECK(std::stod(text) == *v);
          } else {
            CHECK(text.empty());
          }
        };
        check_number(row[19], e.value);
        check_number(row[20], e.min);
        check_number(row[21], e.max);
      }
    }
  }
}

// numeric_value is the shortest text of the value, whatever text it was read from: the value's
// own text when that is already the shortest, else the value formatted (docs/csv.md).
TEST_CASE("numeric_value is the shortest form of the value, from any text", "[csv]") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"20.13", "20.13"},
      {"1134", "1134"},
      {"24.00", "24"},
      {"0", "0"},
      {"-0", "-0"},
      {"-3.5", "-3.5"},
      {"00.5", "0.5"},
      {"0.0001", "0.0001"},
      {"0.00001", "1e-05"},
      {"1e5", "100000"},
      {"123456789012345", "123456789012345"},
      {"0.123456789012345", "0.123456789012345"},
      {"1234567890123456", "1234567890123456"},
      {"12345678901234567890", "1.2345678901234567e+19"},
      {"1234567890123456789012", "1.2345678901234568e+21"},
      {"0.1000000000000000055511151231257827", "0.1"},
  };
  auto numeric_value = [](const std::string& text, std::optional<double> value) {
    auto f = make_file("f", {"a"});
    auto r = make_result("T", "", "", direction::higher);
    auto e = make_entry("a", text);
    e.value = value;
    r.entries = {e};
    f.results.push_back(r);
    auto rows = read_csv(to_csv({f}));
    return rows.at(1).at(19);
  };
  for (const auto& [text, shortest] : cases) {
    INFO(text);
    CHECK(numeric_value(text, iosr::detail::parse_number(text)) == shortest);
  }
  // A hand-made model whose value is not its text's: the value counts.
  CHECK(numeric_value("5", 6.0) == "6");
  CHECK(numeric_value("PASS", 1.0) == "1");
}

TEST_CASE("write_shortest() writes every double as fmt's \"{}\" does", "[csv]") {
  auto check = [](double v) {
    char text[32];
    const std::string ours(text, iosr::detail::write_shortest(text, v));
    REQUIRE(ours == fmt::format("{}", v));
  };
  const double edges[] = {0.0, -0.0, 1.0, -1.0, 0.5, 100.0, 1e15, 1e16, 9999999999999998.0, 1e-4,
                          1e-5, 0.00012345, 1.2345e-5, 123456789012345678.0, 1e100, 1e-100, 5e-324,
                          1.7976931348623157e308, 2.2250738585072014e-308,
                          std::numeric_limits<double>::infinity(),
                          std::numeric_limits<double>::quiet_NaN()};
  for (const double v : edges) {
    check(v);
    check(-v);
  }
  std::mt19937_64 random(41);
  for (int i = 0; i < 100000; ++i) {
    check(std::bit_cast<double>(random()));  // every exponent
    // Ratios, p-values and powers of ten's neighbours, where the layouts change.
    check(std::uniform_real_distribution<double>(0.5, 2.0)(random));
    check(std::ldexp(std::uniform_real_distribution<double>(1.0, 2.0)(random),
                     static_cast<int>(random() % 120) - 60));
    check(std::nextafter(std::pow(10.0, static_cast<int>(random() % 40) - 20),
                         random() % 2 ? 0.0 : HUGE_VAL));
    check(static_cast<double>(random() % 100000000));
  }
}
