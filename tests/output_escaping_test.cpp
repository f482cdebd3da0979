// SPDX-License-Identifier: MIT
// Output escaping per format (issue 7): text from a hostile input can end a cell, a tag or a
// string early in no output format.
#include <cstdint>
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
#include "render/escape.hpp"
#include "render/json_document.hpp"

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

// ---- the one JSON escaper (render/escape.hpp) -------------------------------------------------

namespace {

std::string json_string(std::string_view text, iosr::detail::json_style style) {
  std::string out;
  iosr::detail::append_json_string(out, text, style);
  return out;
}

// What nlohmann writes for a string: the JSON documents were written by it before they shared
// iosr's escaper, and their bytes must not change.
std::string nlohmann_string(const std::string& text) {
  return nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

TEST_CASE("Escaping: the document style writes every string as nlohmann did", "[escaping]") {
  using iosr::detail::json_style;
  // Bytes where UTF-8 changes its mind: boundaries of lead and continuation ranges, overlong,
  // surrogate and out-of-range leads, controls, and the characters JSON escapes.
  const std::string interesting =
      std::string("\x00\x08\x0c\x1f !\"/\\\x7f", 10) +
      "\x80\x8f\x90\x9f\xa0\xbf\xc0\xc1\xc2\xdf\xe0\xe1\xec\xed\xee\xef\xf0\xf1\xf3\xf4\xf5\xff"
      "a";
  std::size_t checked = 0;
  auto check = [&](const std::string& text) {
    if (json_string(text, json_style::document) != nlohmann_string(text)) {
      FAIL_CHECK("differs for " << nlohmann::json(std::vector<int>(text.begin(), text.end())));
    }
    ++checked;
  };
  for (char a : interesting) {
    check({a});
    for (char b : interesting) {
      for (char c : interesting) {
        check({a, b, c});
        for (char d : interesting) check({a, b, c, d, 'z'});
      }
    }
  }
  for (int a = 0; a < 256; ++a) {
    for (int b = 0; b < 256; ++b) check({static_cast<char>(a), static_cast<char>(b)});
  }
  CHECK(checked == interesting.size() * (1 + interesting.size() * interesting.size() *
                                                 (1 + interesting.size())) +
                       65536);
}

TEST_CASE("Escaping: the JSON Lines and composite.xml styles", "[escaping]") {
  using iosr::detail::json_style;
  const std::string text = "a/b \"q\" \\ \b\f\n\r\t\x01\x7f \xff\xc3\xa9";
  CHECK(json_string(text, json_style::lines) ==
        "\"a/b \\\"q\\\" \\\\ \\u0008\\u000c\\n\\r\\t\\u0001\x7f \xff\xc3\xa9\"");
  CHECK(json_string(text, json_style::pts_entry) ==
        "\"a\\/b \\\"q\\\" \\\\ \\u0008\\u000c\\u000a\\u000d\\u0009\\u0001\x7f \xff\xc3\xa9\"");
  CHECK(json_string(text, json_style::document) ==
        "\"a/b \\\"q\\\" \\\\ \\b\\f\\n\\r\\t\\u0001\x7f \xef\xbf\xbd\xc3\xa9\"");
  CHECK(json_string("", json_style::lines) == "\"\"");
}

TEST_CASE("Escaping: JSON documents are laid out as nlohmann's dump(2) lays them out",
          "[escaping]") {
  nlohmann::ordered_json doc;
  doc["string"] = "text \xff with \"quotes\"";
  doc["numbers"] = {0.1, 1e-07, 100.0, -0.0, 1.5e300, 42, -7, std::uint64_t{18446744073709551615u}};
  doc["flags"] = {true, false, nullptr};
  doc["empty object"] = nlohmann::ordered_json::object();
  doc["empty array"] = nlohmann::ordered_json::array();
  doc["nested"]["deeper"] = {{{"a", 1}}, nlohmann::ordered_json::array({1, {2, 3}})};
  doc["key \x01 \xc3\xa9"] = "value";
  std::string out;
  iosr::detail::append_json_document(out, doc);
  CHECK(out == doc.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace));
  out.clear();
  iosr::detail::append_json_document(out, nlohmann::ordered_json::array());
  CHECK(out == "[]");
}

TEST_CASE("Escaping: Markdown escapes only what CommonMark or GFM would misread", "[escaping]") {
  using iosr::detail::markdown_escaped;
  using iosr::detail::markdown_place;
  struct example {
    std::string_view text, inline_text, line_start, heading;
  };
  // tests/markdown_cmark_test.py renders such texts with cmark-gfm; here each rule's edges.
  for (const auto& [text, in_line, at_start, in_heading] : {
           example{"snake_case_name", "snake_case_name", "snake_case_name", "snake_case_name"},
           example{"_private", "\\_private", "\\_private", "\\_private"},
           example{"2 * 3", "2 * 3", "2 * 3", "2 * 3"},
           example{"a*b", "a\\*b", "a\\*b", "a\\*b"},
           example{"a~b", "a\\~b", "a\\~b", "a\\~b"},
           example{"x < y, a<b, </x>", "x < y, a\\<b, \\</x>", "x < y, a\\<b, \\</x>",
                   "x < y, a\\<b, \\</x>"},
           example{"[open and ] shut", "[open and ] shut", "[open and ] shut", "[open and ] shut"},
           example{"[a](b) [c][d] [e]: f", "\\[a](b) \\[c]\\[d] \\[e]: f",
                   "\\[a](b) \\[c]\\[d] \\[e]: f", "\\[a](b) \\[c]\\[d] \\[e]: f"},
           example{"AT&T & co &copy; &#169;", "AT&T & co \\&copy; \\&#169;",
                   "AT&T & co \\&copy; \\&#169;", "AT&T & co \\&copy; \\&#169;"},
           example{"back\\slash\\", "back\\slash\\\\", "back\\slash\\\\", "back\\slash\\\\"},
           example{"a\\*", "a\\\\\\*", "a\\\\\\*", "a\\\\\\*"},
           example{"`x` | y", "\\`x\\` \\| y", "\\`x\\` \\| y", "\\`x\\` \\| y"},
           example{"# 1", "# 1", "\\# 1", "# 1"},
           example{"#1", "#1", "#1", "#1"},
           example{"2024. year", "2024. year", "2024\\. year", "2024. year"},
           example{"3) x", "3) x", "3\\) x", "3) x"},
           example{"- x", "- x", "\\- x", "- x"},
           example{"-x", "-x", "-x", "-x"},
           example{"> q", "> q", "\\> q", "> q"},
           // In a line, beyond the text may stand `**` (a bold cell): the outer ones could delimit.
           example{"* * *", "\\* * \\*", "\\* * *", "* * *"},
           example{"[x] done", "[x] done", "\\[x] done", "[x] done"},
           example{" lead", " lead", "&#32;lead", " lead"},
           example{"C#", "C#", "C#", "C#"},
           example{"x ##", "x ##", "x ##", "x \\##"},
           example{"tab\there\nline", "tab here line", "tab here line", "tab here line"},
           example{"cut \xE2\x82 here", "cut \xEF\xBF\xBD here", "cut \xEF\xBF\xBD here",
                   "cut \xEF\xBF\xBD here"},
       }) {
    INFO(text);
    CHECK(markdown_escaped(text) == in_line);
    CHECK(markdown_escaped(text, markdown_place::line_start) == at_start);
    CHECK(markdown_escaped(text, markdown_place::heading) == in_heading);
  }
}
