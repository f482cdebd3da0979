// SPDX-License-Identifier: MIT
// The comparison renderers: what each format promises (Markdown cell counts, CSV and JSON read
// back with real parsers, the terminal width, colour only when asked, HTML escaping).
#include <cmath>
#include <cstddef>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "catch.hpp"
#include "compare_support.hpp"
#include "csv_reader.hpp"
#include "iosr/compare.hpp"

namespace {

using namespace test_support;
using iosr::direction;

const std::string hostile = "<script>alert(1)</script>";

std::string rendered(const iosr::comparison& c, std::string_view format, bool table_view = false,
                     bool color = false, int width = 80) {
  iosr::comparison_render_options o;
  o.table_view = table_view;
  o.color = color;
  o.width = width;
  std::string out;
  iosr::render_comparison(c, format, o, out);
  return out;
}

iosr::comparison seed_comparison(const std::string& name) {
  return iosr::compare(std::vector{seed(name)});
}

// Two inputs with labels and titles full of Markdown, HTML and CSV punctuation.
iosr::comparison hostile_comparison() {
  const auto a = file(
      "a|b.txt", {chart("fio | \"quoted\", <b>", "Type: *Random* Read\nsecond line", "MB/s",
                        direction::higher, {{"None", "100"}, {hostile, "150"}, {"x|y_z", "90"}}),
                  chart("SQLite", "Threads: 1", "Seconds", direction::lower,
                        {{"None", "10"}, {hostile, "12"}})});
  const auto b = file("b.txt", {chart("SQLite", "Threads: 1", "Seconds", direction::lower,
                                      {{"None", "11"}, {"bfq", "9"}})});
  return iosr::compare(std::vector{a, b});
}

std::vector<std::string> lines_of(std::string_view text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    auto end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    lines.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

// The cells of a Markdown table row: split at `|` that is not escaped with a backslash.
std::size_t markdown_cells(std::string_view row) {
  std::size_t pipes = 0;
  for (std::size_t i = 0; i < row.size(); ++i) {
    if (row[i] == '\\') {
      ++i;
    } else if (row[i] == '|') {
      ++pipes;
    }
  }
  return pipes - 1;  // the row starts and ends with one
}

// Checks every Markdown table: each row has as many cells as its header. Returns the number
// of tables seen.
std::size_t check_markdown_tables(const std::string& md) {
  std::size_t tables = 0;
  std::size_t header_cells = 0;
  bool in_table = false;
  for (const auto& line : lines_of(md)) {
    if (line.empty() || line[0] != '|') {
      in_table = false;
      continue;
    }
    INFO(line);
    if (!in_table) {
      in_table = true;
      ++tables;
      header_cells = markdown_cells(line);
      continue;
    }
    CHECK(markdown_cells(line) == header_cells);
  }
  return tables;
}

std::size_t columns_of(std::string_view s) {
  std::size_t n = 0;
  for (char ch : s) n += (ch & 0xC0) != 0x80;
  return n;
}

std::size_t count(std::string_view text, std::string_view what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string_view::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("The comparison formats are registered, ascii first", "[render]") {
  const auto formats = iosr::list_comparison_formats();
  std::vector<std::string> names;
  for (const auto& f : formats) names.emplace_back(f.name);
  CHECK(names ==
        std::vector<std::string>{"ascii", "md", "html", "csv", "json", "executive-summary", "bmf"});
  std::string out;
  CHECK_THROWS_AS(iosr::render_comparison({}, "yaml", {}, out), iosr::error);
}

// ---- md -----------------------------------------------------------------------------------------

TEST_CASE("Markdown tables have as many cells per row as their header", "[render][md]") {
  for (const auto& name : seed_names) {
    INFO(name);
    const auto md = rendered(seed_comparison(name), "md");
    CHECK(check_markdown_tables(md) >= 2);  // the summary and a table per test family
  }
  const auto md = rendered(hostile_comparison(), "md");
  CHECK(check_markdown_tables(md) == 4);  // the summary, two families of a|b.txt, one of b.txt
  // Only what Markdown would misread: `<` before a letter, `|`, but not an intraword `_`.
  CHECK(md.find("\\<script>") != std::string::npos);
  CHECK(md.find("x\\|y_z") != std::string::npos);
}

TEST_CASE("Markdown puts the baseline first, deltas in cells and the best cell in bold",
          "[render][md]") {
  const auto md = rendered(seed_comparison("000_1809f3a92cbbf2f4.txt"), "md");
  CHECK(md.find("| Test | None (baseline) | MQ-Deadline | Kyber | BFQ low-latency | BFQ |\n") !=
        std::string::npos);
  CHECK(md.find("### MariaDB 10.3.8\n\nQueries Per Second, ↑ better\n\n") != std::string::npos);
  CHECK(md.find("| Clients: 64 | **1134** | 327 (-71.2%) |") != std::string::npos);
  CHECK(md.find("### SQLite 3.30.1\n\nSeconds, ↓ better\n\n") != std::string::npos);
  CHECK(md.find("| Threads / Copies: 8 | **44.70** | 65.07 (+45.6%) |") != std::string::npos);
  CHECK(md.find("| MQ-Deadline | 0.879 | 52 of 52 |") != std::string::npos);
  CHECK(md.find("\x1b[") == std::string::npos);
}

TEST_CASE("Markdown gives each group its own table with its own baseline", "[render][md]") {
  const auto md = rendered(seed_comparison("002_236e153a66cd3c9d.txt"), "md", true);
  CHECK(md.find("## WD5000AZRX\n") != std::string::npos);
  CHECK(md.find("## WD1500HLHX\n") != std::string::npos);
  const auto second = md.find("## WD1500HLHX\n");
  const auto headers = count(md, "| Test | None (baseline) | Mq-Deadline |");
  CHECK(headers >= 2);
  CHECK(headers % 2 == 0);  // every family once per disk
  CHECK(count(md.substr(second), "| Test | None (baseline) | Mq-Deadline |") == headers / 2);
  CHECK(md.find("| **32.60 (+1.6%)** |") > second);  // WD1500HLHX: Mq-Deadline
}

TEST_CASE("Markdown opens with the summary and factors what a test family shares", "[render][md]") {
  const auto md = rendered(seed_comparison("000_1809f3a92cbbf2f4.txt"), "md");
  CHECK(md.rfind("## Summary\n\n| Configuration | Geomean ratio |", 0) == 0);
  CHECK(md.find("## Summary") < md.find("## Results"));
  // The options every fio test has are said once, in the family's heading ...
  CHECK(md.find("### Flexible IO Tester 3.18\n\nEngine: IO_uring - Buffered: Yes - Direct: "
                "No - Disk Target: Default Test Directory\n\n") != std::string::npos);
  // ... and the rows show what varies, with the unit, since the family has two.
  CHECK(md.find("| Type: Random Read - Block Size: 4KB (MB/s, ↑ better) | **1381** |") !=
        std::string::npos);
  CHECK(md.find("| Type: Random Read - Block Size: 4KB (IOPS, ↑ better) | **353667** |") !=
        std::string::npos);
  CHECK(md.find("Engine: IO_uring - Buffered: Yes - Direct: No - Block Size") == std::string::npos);
  // Text exports have no runs: the legend says so, and no cell has an interval.
  CHECK(md.find("No input gives runs or standard errors") != std::string::npos);
  CHECK(md.find("\\[") == std::string::npos);
}

TEST_CASE("Markdown shows the intervals where runs exist", "[render][md]") {
  std::vector<iosr::result_file> files{
      read_cached(std::string(IOSR_DATA_DIR) + "/xml/iosched-3way.xml")};
  const auto md = rendered(iosr::compare(files), "md");
  CHECK(check_markdown_tables(md) == 3);
  CHECK(md.find("| Configuration | Geomean ratio | 95% interval | Tests |") != std::string::npos);
  CHECK(md.find("| mq-deadline | 0.972 | [0.968, 0.977] (3) | 3 of 3 |") !=
        std::string::npos);
  CHECK(md.find("| None | baseline | — | 3 of 3 |") != std::string::npos);
  CHECK(md.find("| 152340 (-4.9% [-6.4, -3.3]) |") != std::string::npos);
  CHECK(md.find("| 1523.4 (-0.4% [-0.9, +0.1] \\~) |") != std::string::npos);
  CHECK(md.find("over the 6 p-values of this comparison, is at least 0.05") != std::string::npos);
  CHECK(md.find("Welch-Satterthwaite degrees of freedom") != std::string::npos);
  CHECK(md.find("n\\<3") == std::string::npos);  // no entry has fewer than 3 runs
}

TEST_CASE("Markdown --columns chooses the columns and their order", "[render][md]") {
  std::vector<iosr::result_file> files{
      read_cached(std::string(IOSR_DATA_DIR) + "/xml/iosched-3way.xml")};
  const auto c = iosr::compare(files);
  iosr::comparison_render_options o;
  o.columns = {"bfq", "None"};
  std::string md;
  iosr::render_comparison(c, "md", o, md);
  CHECK(count(md, "| Test | bfq | None (baseline) |\n") == 2);
  CHECK(md.find("| Test | None (baseline) |") == std::string::npos);
  // The summary and the ranks still cover every configuration.
  CHECK(md.find("| mq-deadline | 0.972 |") != std::string::npos);
  CHECK(check_markdown_tables(md) == 3);
  // The table views of ascii and html take the same columns.
  o.table_view = true;
  std::string text;
  iosr::render_comparison(c, "ascii", o, text);
  // Its header lines, over every block the columns take.
  std::string header;
  const std::string lines = "\n" + text;
  for (auto at = lines.find("\n  test "); at != std::string::npos;
       at = lines.find("\n  test ", at + 1)) {
    header += lines.substr(at + 1, lines.find('\n', at + 1) - at - 1);
  }
  CHECK(header.find("bfq") < header.find("None"));
  CHECK(header.find("mq-deadline") == std::string::npos);
  // Its `*` is explained, once, after the summary.
  CHECK(count(text, "* marks the best value in the group.") == 1);
  std::string html;
  iosr::render_comparison(c, "html", o, html);
  CHECK(html.find("<thead><tr><th>Test</th><th>bfq</th><th>None (baseline)</th></tr></thead>") !=
        std::string::npos);
}

// ---- csv ----------------------------------------------------------------------------------------

TEST_CASE("CSV has one row per entry per test, in the documented columns", "[render][csv]") {
  const auto c = seed_comparison("000_1809f3a92cbbf2f4.txt");
  const auto rows = read_csv(rendered(c, "csv"));
  REQUIRE(rows.size() == 1 + 260);
  CHECK(rows[0] == std::vector<std::string>{"file",           "result_title",
                                            "version",        "description",
                                            "unit",           "direction",
                                            "label",          "group",
                                            "name",           "scheduler",
                                            "value",          "baseline_label",
                                            "baseline_value", "delta_pct",
                                            "ratio",          "rank",
                                            "noise",          "p_value",
                                            "p_adjusted",     "delta_ci_low",
                                            "delta_ci_high",  "n",
                                            "baseline_n",     "outlier_runs",
                                            "geomean_share",  "missing",
                                            "detectable_pct", "runs_disagree"});
  bool found = false;
  for (const auto& row : rows) {
    REQUIRE(row.size() == 28);
    if (row[1] == "MariaDB" && row[3] == "Clients: 64" && row[6] == "MQ-Deadline") {
      found = true;
      CHECK(row[10] == "327");
      CHECK(row[11] == "None");
      CHECK(row[12] == "1134");
      CHECK(std::fabs(std::stod(row[13]) - (-71.16402116402116)) < 1e-12);
      CHECK(std::fabs(std::stod(row[14]) - 0.28835978835978837) < 1e-15);
      CHECK(row[15] == "2");
      CHECK(row[16] == "n/a");
      // A text export lists no runs: every statistic stays empty.
      for (std::size_t k = 17; k < 24; ++k) CHECK(row[k].empty());
    }
  }
  CHECK(found);
}

TEST_CASE("CSV and JSON carry the p-values, intervals and runs of a composite.xml",
          "[render][csv][json]") {
  std::vector<iosr::result_file> files{
      read_cached(std::string(IOSR_DATA_DIR) + "/xml/iosched-3way.xml")};
  const auto c = iosr::compare(files);
  const auto rows = read_csv(rendered(c, "csv"));
  const auto doc = nlohmann::json::parse(rendered(c, "json"));
  REQUIRE(rows.size() == 1 + 9);
  REQUIRE(doc["rows"].size() == 9);
  for (std::size_t r = 1; r < rows.size(); ++r) {
    const auto& row = rows[r];
    const auto& j = doc["rows"][r - 1];
    INFO(row[1] << " " << row[6]);
    CHECK(row[21] == "3");  // n
    CHECK(j["n"] == 3);
    CHECK(j["runs"].size() == 3);
    CHECK(row[23] == "0");  // no outlying run among three
    if (row[6] == "None") {
      CHECK(row[16] == "n/a");
      CHECK(row[17].empty());
      CHECK(j["p_value"].is_null());
      continue;
    }
    CHECK(std::stod(row[17]) == j["p_value"].get<double>());
    CHECK(std::stod(row[18]) == j["p_adjusted"].get<double>());
    CHECK(std::stod(row[18]) >= std::stod(row[17]));
    CHECK(std::stod(row[19]) < std::stod(row[13]));  // low < delta < high
    CHECK(std::stod(row[13]) < std::stod(row[20]));
    CHECK(std::stod(row[20]) == j["delta_ci_high"].get<double>());
    CHECK(row[22] == "3");  // baseline_n
    // Version 4: the smallest delta the runs tell from the noise, the same in both.
    CHECK(std::stod(row[26]) == j["detectable_pct"].get<double>());
    CHECK(std::stod(row[26]) > 0);
    CHECK(row[27] == "false");
    CHECK(j["runs_disagree"] == false);
  }
  CHECK(rows[0][26] == "detectable_pct");
  CHECK(rows[0][27] == "runs_disagree");
  CHECK(doc["schema_version"] == 4);
  CHECK(doc["statistics"]["adjustment"] == "benjamini-hochberg");
  CHECK(doc["statistics"]["p_values"] == 6);
  CHECK_FALSE(doc["statistics"].contains("bootstrap"));
  CHECK(doc["statistics"]["geomean_interval"] == "t");
  CHECK(doc["statistics"]["power"] == 0.8);
  CHECK(doc["statistics"]["detectable"]["deltas"] == 6);
  CHECK(doc["statistics"]["detectable"]["fewest_runs"] == 3);
  for (const auto& s : doc["summary"]) {
    if (s["is_baseline"]) {
      CHECK(s["geomean_ci_low"].is_null());
      continue;
    }
    CHECK(s["geomean_ci_low"].get<double>() < s["geomean_ratio"].get<double>());
    CHECK(s["geomean_ratio"].get<double>() < s["geomean_ci_high"].get<double>());
    CHECK(s["geomean_ci_tests"] == 3);
  }
}

TEST_CASE("CSV quotes hostile labels and titles and reads back to the same text", "[render][csv]") {
  const auto c = hostile_comparison();
  const auto rows = read_csv(rendered(c, "csv"));
  REQUIRE(rows.size() == 1 + 7);
  CHECK(rows[1][0] == "a|b.txt");
  CHECK(rows[1][1] == "fio | \"quoted\", <b>");
  CHECK(rows[1][3] == "Type: *Random* Read\nsecond line");
  CHECK(rows[1][6] == hostile);
  CHECK(rows[1][11] == "a|b.txt: None");
}

// ---- json ---------------------------------------------------------------------------------------

TEST_CASE("JSON parses and holds rows, summary, groups, unmatched tests and notes",
          "[render][json]") {
  const auto doc = nlohmann::json::parse(rendered(hostile_comparison(), "json"));
  CHECK(doc["schema"] == "iosr-compare");
  CHECK(doc["schema_version"] == 4);
  REQUIRE(doc["rows"].size() == 7);
  const auto& first = doc["rows"][0];  // the best of the first test
  CHECK(first["file"] == "a|b.txt");
  CHECK(first["label"] == hostile);
  CHECK(first["value"] == "150");
  CHECK(first["noise"] == "n/a");
  CHECK(first["baseline_value"] == "100");
  bool hostile_row = false;
  for (const auto& row : doc["rows"]) {
    if (row["label"] == hostile && row["result_title"] == "SQLite") {
      hostile_row = true;
      CHECK(row["shown_label"] == "a|b.txt: " + hostile);
      CHECK(row["delta_pct"].get<double>() == 20.0);
      CHECK(std::fabs(row["ratio"].get<double>() - 10.0 / 12.0) < 1e-15);
      CHECK(row["rank"] == 2);
      CHECK(row["p_value"].is_null());
    }
  }
  CHECK(hostile_row);
  CHECK(doc["summary"].size() == 5);
  CHECK(doc["groups"].size() == 2);
  CHECK(doc["unmatched"].size() == 1);
  CHECK(doc["unmatched"][0]["files"] == nlohmann::json::array({"a|b.txt"}));
  CHECK(doc["notes"].is_array());
}

TEST_CASE("JSON keeps values as written and leaves missing numbers null", "[render][json]") {
  const auto doc =
      nlohmann::json::parse(rendered(seed_comparison("004_38fbc586aba1b507.txt"), "json"));
  std::size_t rows = 0;
  for (const auto& row : doc["rows"]) {
    CHECK(row["value"].is_string());
    CHECK(row["noise"] == "n/a");
    CHECK(row["p_adjusted"].is_null());
    CHECK(row["delta_ci_low"].is_null());
    CHECK(row["n"].is_null());
    CHECK(row["outlier_runs"].is_null());
    CHECK(row["runs"].empty());
    ++rows;
  }
  CHECK(rows == 117);
  CHECK(doc["groups"][0]["baseline"] == "Penryn + HDD: Noop");
  for (const auto& s : doc["summary"]) CHECK(s["geomean_ci_low"].is_null());
  CHECK(doc["statistics"]["p_values"] == 0);
  CHECK(doc["statistics"]["detectable"]["deltas"] == 0);
  CHECK(doc["statistics"]["detectable"]["median_pct"].is_null());
}

// ---- ascii --------------------------------------------------------------------------------------

TEST_CASE("ascii fits the terminal width", "[render][ascii]") {
  for (int width : {60, 80, 132}) {
    for (const auto& name : seed_names) {
      for (bool table : {false, true}) {
        INFO(name << " width " << width << (table ? " table" : ""));
        const auto text = rendered(seed_comparison(name), "ascii", table, false, width);
        std::size_t widest = 0;
        for (const auto& line : lines_of(text)) widest = std::max(widest, columns_of(line));
        CHECK(widest <= static_cast<std::size_t>(width));
      }
    }
  }
}

TEST_CASE("ascii ranks entries with bars and signed deltas and marks the baseline",
          "[render][ascii]") {
  const auto text = rendered(seed_comparison("000_1809f3a92cbbf2f4.txt"), "ascii");
  for (std::string_view expected :
       {"SQLite 3.30.1: Threads / Copies: 8\n  Seconds, lower is better; noise n/a\n  1  None",
        "  2  MQ-Deadline       65.07  ", "+45.6%  0.687\n", "-71.2%  0.288\n",
        "1  None              44.70  ##########                         baseline\n", "Summary:"}) {
    INFO(expected);
    CHECK(text.find(expected) != std::string::npos);
  }  // No `*` in this view: no legend for it.
  CHECK(text.find("* marks") == std::string::npos);
}

TEST_CASE("every comparison format calls the baseline by one word", "[render]") {
  const auto c = seed_comparison("000_1809f3a92cbbf2f4.txt");
  // The summary row of the baseline, None, in each text format.
  CHECK(rendered(c, "ascii").find("\n  None             baseline  52 of 52") != std::string::npos);
  CHECK(rendered(c, "md").find("\n| None | baseline | 52 of 52 |") != std::string::npos);
  CHECK(rendered(c, "html").find(
            "<tr><th>None</th><td class=\"num\" data-sort=\"1\">baseline</td>") !=
        std::string::npos);
  // Regression: the ASCII format said `base` where the others said `baseline`.
  for (std::string_view format : {"ascii", "md", "html"}) {
    INFO(format);
    const auto text = rendered(c, format);
    CHECK(text.find(" base\n") == std::string::npos);
    CHECK(text.find(" base ") == std::string::npos);
  }
}

TEST_CASE("ascii colours better and worse only when asked, from the ratio", "[render][ascii]") {
  const auto c = seed_comparison("000_1809f3a92cbbf2f4.txt");
  CHECK(rendered(c, "ascii").find('\x1b') == std::string::npos);
  const auto coloured = rendered(c, "ascii", false, true);
  // SQLite 8 threads: +45.6 % is a slower time, so it is red (worse), not green.
  CHECK(coloured.find("\x1b[31m  +45.6%  0.687\x1b[0m") != std::string::npos);
  CHECK(coloured.find("\x1b[32m   -0.2%  1.002\x1b[0m") != std::string::npos);
  for (std::string_view format : {"md", "html", "csv", "json"}) {
    INFO(format);
    CHECK(rendered(c, format, false, true).find('\x1b') == std::string::npos);
  }
}

// ---- html ---------------------------------------------------------------------------------------

TEST_CASE("HTML escapes every input string and draws one chart per test", "[render][html]") {
  const auto c = hostile_comparison();
  const auto html = rendered(c, "html");
  CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
  // One script, the page's own (the sorting), and every input's markup as text.
  CHECK(count(html, "<script") == 1);
  CHECK(html.find("&lt;script&gt;alert(1)&lt;/script&gt;") != std::string::npos);
  CHECK(html.find("fio | &quot;quoted&quot;, &lt;b&gt;") != std::string::npos);
  CHECK(count(html, "class=\"test-chart\"") == c.tests.size());
  CHECK(count(html, "class=\"summary-chart\"") == c.compare_groups.size());  // one per group
  // Self-contained: nothing is fetched, and every link is to a part of the page.
  CHECK(html.find("src=") == std::string::npos);
  CHECK(html.find("url(") == std::string::npos);
  CHECK(count(html, "href=\"") == count(html, "href=\"#"));

  const auto tables = rendered(c, "html", true);
  CHECK(count(tables, "class=\"test-chart\"") == 0);
  CHECK(count(tables, "<table class=\"group sortable\">") == c.compare_groups.size());
}

TEST_CASE("HTML leads with the answer and reads as an article", "[render][html]") {
  std::vector<iosr::result_file> files{
      read_cached(std::string(IOSR_DATA_DIR) + "/xml/iosched-3way.xml")};
  const auto c = iosr::compare(files);
  const auto html = rendered(c, "html");
  // Contents, then the summary before the systems and the results, and how it was computed.
  const auto nav = html.find("<nav aria-label=\"Contents\">");
  const auto summary = html.find("<section id=\"summary\">");
  const auto systems = html.find("<section id=\"systems\">");
  const auto results = html.find("<section id=\"results\">");
  const auto method = html.find("<section id=\"method\">");
  CHECK(nav < summary);
  CHECK(summary < systems);
  CHECK(systems < results);
  CHECK(results < method);
  CHECK(method != std::string::npos);
  CHECK(html.find("<a href=\"#family-1\">Flexible IO Tester 3.36</a>") != std::string::npos);
  // The summary chart: best first (None at 1, then mq-deadline, then bfq), with intervals.
  const auto chart = html.substr(summary, systems - summary);
  CHECK(chart.find(">None<") < chart.find(">mq-deadline<"));
  CHECK(chart.find(">mq-deadline<") < chart.find(">bfq<"));
  CHECK(chart.find("0.972 [0.968, 0.977] · 0 first, 0 last") != std::string::npos);
  CHECK(chart.find("0.752 [0.748, 0.757] · 0 first, 3 last") != std::string::npos);
  CHECK(count(chart, "class=\"whisker\"") == 2);
  CHECK(chart.find("<table class=\"summary sortable\">") != std::string::npos);
  // Every chart has an accessible title.
  CHECK(count(html, "role=\"img\" aria-labelledby=\"") == c.tests.size() + 1);
  CHECK(count(html, "<title id=\"") == c.tests.size() + 1);
  // The systems share everything: said once, and nothing differs.
  CHECK(count(html, "AMD Ryzen 9 5950X 16-Core") == 1);
  CHECK(html.find("Nothing else differs") != std::string::npos);
  // Families: the shared fio options in the heading, the varying ones in the caption.
  CHECK(html.find("<p class=\"shared-options\">Engine: IO_uring - Direct: Yes - Job Count: 1 - "
                  "Disk Target: Default Test Directory</p>") != std::string::npos);
  CHECK(html.find("<figcaption><strong>Type: Random Read - Block Size: 4KB</strong>") !=
        std::string::npos);
  // Per test: standard-error whiskers, every run as a dot, the delta with its interval.
  CHECK(count(html, "class=\"run\"") == 27);  // 9 entries of 3 runs
  CHECK(html.find(">-4.9% [-6.4, -3.3]</text>") != std::string::npos);
  CHECK(html.find(">-0.4% [-0.9, +0.1] ~</text>") != std::string::npos);
  // Dark mode and print.
  CHECK(html.find("@media (prefers-color-scheme:dark)") != std::string::npos);
  CHECK(html.find("@media print") != std::string::npos);
}

TEST_CASE("HTML says what the systems share once and shows what differs", "[render][html]") {
  const auto html = rendered(seed_comparison("002_236e153a66cd3c9d.txt"), "html");
  // Seed 002: ten configurations on one machine, two disks.
  CHECK(count(html, "AMD Ryzen Threadripper 2990WX") == 1);
  const auto differs = html.find("What differs between the configurations:");
  REQUIRE(differs != std::string::npos);
  // A row per configuration, its differing fields in one cell: never wider than the page.
  CHECK(html.find("<li><span class=\"key\">Disk:</span>", differs) != std::string::npos);
  CHECK(html.find("<span class=\"key\">Processor:</span>") == std::string::npos);
  // The five schedulers of each disk differ from the others alike: a row per disk.
  CHECK(count(html.substr(differs), "<tr><th scope=\"row\">") == 2);
  CHECK(html.find("WD5000AZRX: None<br>WD5000AZRX: Mq-Deadline<br>", differs) != std::string::npos);
  // No runs: no interval, no whisker, no dot.
  CHECK(html.find("class=\"whisker\"") == std::string::npos);
  CHECK(html.find("class=\"run\"") == std::string::npos);
  CHECK(html.find("No input gives runs or standard errors") != std::string::npos);
}

TEST_CASE("Renderers mark a delta within the noise with ~ and show n/a where it is unknown",
          "[render][noise]") {
  // SE 1, N 3 both sides: 10.5 vs 10 is within the noise (p = 0.74), 30 vs 10 is not. One of
  // two selected: the intervals are at 1 - 0.05 / 2 = 97.5 %, 0.5 or 20 +- 3.4954 sqrt(2) of 10.
  const auto f = file(
      "x.txt",
      {chart(
          "fio", "", "MB/s", direction::higher,
          {{"None", "10", 1, 3}, {"close", "10.5", 1, 3}, {"far", "30", 1, 3}, {"bare", "12"}})});
  const auto c = iosr::compare(std::vector{f});
  const auto text = rendered(c, "ascii");
  // Each mark shown is explained in the legend after the summary: ~, and n/a for `bare`.
  CHECK(text.find("\n~ marks a delta within the noise") != std::string::npos);
  CHECK(text.find("\nn/a marks a delta without runs") != std::string::npos);
  CHECK(text.find("n<3 marks") == std::string::npos);
  CHECK(text.find("+5.0%  1.050  [-44.4, +54.4]    ~\n") != std::string::npos);
  // significant: no mark
  CHECK(text.find("+200.0%  3.000  [+150.6, +249.4]\n") != std::string::npos);
  CHECK(text.find("+20.0%  1.200  n/a\n") != std::string::npos);
  CHECK(rendered(c, "md").find("| 10.5 (+5.0% [-44.4, +54.4] \\~) |") != std::string::npos);
  CHECK(rendered(c, "html").find(">+5.0% [-44.4, +54.4] ~</text>") != std::string::npos);
  const auto rows = read_csv(rendered(c, "csv"));
  REQUIRE(rows.size() == 5);
  CHECK(rows[1][6] == "far");
  CHECK(rows[1][16] == "significant");
  CHECK(rows[3][6] == "close");
  CHECK(rows[3][16] == "~");
}

TEST_CASE("With no delta within the noise, no format explains ~ as if one were",
          "[render][noise]") {
  // Two deltas far outside their runs' noise (SE 0.1, N 5): both significant, no `~` shown.
  const auto f = file("x.txt", {chart("fio", "", "MB/s", direction::higher,
                                      {{"None", "10", 0.1, 5}, {"up", "20", 0.1, 5}}),
                                chart("sqlite", "", "Seconds", direction::lower,
                                      {{"None", "10", 0.1, 5}, {"slow", "15", 0.1, 5}})});
  const auto c = iosr::compare(std::vector{f});
  for (auto format : {"ascii", "md", "html"}) {
    INFO(format);
    const auto out = rendered(c, format);
    CHECK(out.find("~ marks a delta") == std::string::npos);
    CHECK(out.find("No delta is within the noise") != std::string::npos);
  }
}

TEST_CASE("Without a baseline, the legend and the note give the real reason", "[render][noise]") {
  // A real file with runs (RawString) whose configurations are no scheduler: no baseline, so
  // no delta and no p-value, though the input has runs; one group is the whole comparison.
  std::vector<iosr::result_file> files{read_cached(
      std::string(IOSR_FIXTURES_DIR) + "/corpus/xml/pts-10.8.4_osbench_base-vs-fwrapv.xml")};
  const auto c = iosr::compare(files);
  for (auto format : {"ascii", "md", "html"}) {
    INFO(format);
    const auto out = rendered(c, format);
    CHECK(out.find("No configuration has a baseline here") != std::string::npos);
    CHECK(out.find("No input gives runs or standard errors") == std::string::npos);
    CHECK(out.find("no baseline in the comparison") != std::string::npos);
    CHECK(out.find("group 'all'") == std::string::npos);
  }
  // With one named, the same file's runs give intervals.
  iosr::compare_options o;
  o.baseline = "base";
  const auto with = iosr::compare(files, o);
  CHECK(with.statistics.p_values > 0);
  CHECK(rendered(with, "ascii").find("No configuration has a baseline") == std::string::npos);
}

TEST_CASE("A failed run's reason gives way before the labels, and stands where its delta would",
          "[render][layout]") {
  const auto file = iosr::read_results(
      "<PhoronixTestSuite><Generated><Title>t</Title></Generated>"
      "<System><Identifier>None</Identifier></System>"
      "<System><Identifier>mq-deadline</Identifier></System>"
      "<System><Identifier>bfq</Identifier></System>"
      "<Result><Title>fio</Title><Scale>MB/s</Scale><Proportion>HIB</Proportion><Data>"
      "<Entry><Identifier>None</Identifier><Value>1530.2</Value>"
      "<RawString>1530:1531:1529.6</RawString></Entry>"
      "<Entry><Identifier>mq-deadline</Identifier><Value>1523.4</Value>"
      "<RawString>1523:1524:1523.2</RawString></Entry>"
      "<Entry><Identifier>bfq</Identifier><Value></Value><JSON>{\"error\":\"The test quit with a "
      "non-zero exit status. E: fio: io_u error on file /mnt/test: No space left on device\"}"
      "</JSON></Entry></Data></Result></PhoronixTestSuite>",
      "failed.xml");
  const auto c = iosr::compare(std::vector{file});
  for (int width : {60, 80, 200}) {
    INFO("width " << width);
    const auto text = rendered(c, "ascii", false, false, width);
    CHECK(text.find("  2  mq-deadline  1523.4") != std::string::npos);  // the label whole
    // A failed run ranks last (docs/compare.md, "Failed runs").
    CHECK(text.find("  3  bfq  failed: The test quit") != std::string::npos);
    CHECK(text.find("n/a  failed") == std::string::npos);  // the reason, not n/a, says why
    std::size_t start = 0;
    while (start < text.size()) {
      const auto end = text.find('\n', start);
      CHECK(columns_of(text.substr(start, end - start)) <=
            static_cast<std::size_t>(width));
      start = end + 1;
    }
  }
}

TEST_CASE("HTML charts shorten a long label in its middle, within the room before the bars",
          "[render][html]") {
  // Real labels (compiler flags of the 20-system sqlite file) run past the 214 pixels a chart
  // has for them; cut at the start they lost their first letters at the SVG's left edge.
  std::vector<iosr::result_file> files{read_cached(
      std::string(IOSR_FIXTURES_DIR) + "/corpus/xml/pts-10.8.4_sqlite_20-systems.xml")};
  iosr::compare_options o;
  o.baseline = "base";
  const auto html = rendered(iosr::compare(files, o), "html");
  const std::regex label("text-anchor=\"end\"[^>]*>([^<]*)</text>");
  std::size_t labels = 0;
  for (std::sregex_iterator it(html.begin(), html.end(), label), end; it != end; ++it) {
    const auto text = (*it)[1].str();
    if (text.find("&") != std::string::npos) continue;  // escaped text: not a label of this file
    INFO(text);
    CHECK(columns_of(text) <= 30);
    ++labels;
  }
  CHECK(labels > 20);
  CHECK(html.find(">Xclang-no-enabl…undef-analysis<") != std::string::npos);
}

// ---- failures and what the runs can tell, in every format ---------------------------------------

namespace {

// x failed in a; every entry has three runs.
iosr::comparison failed_comparison() {
  auto f = file("x.xml", {chart("a", "", "MB/s", iosr::direction::higher,
                                {{"None", "10"}, {"x", ""}, {"y", "9"}}),
                          chart("b", "", "MB/s", iosr::direction::higher,
                                {{"None", "10"}, {"x", "15"}, {"y", "9"}})});
  for (auto& r : f.results) {
    for (auto& e : r.entries) {
      if (!e.value) continue;
      const double v = *e.value;
      e.samples = {std::to_string(v * 0.98), std::to_string(v), std::to_string(v * 1.02)};
    }
  }
  return iosr::compare(std::vector{f});
}

}  // namespace

TEST_CASE("A configuration that failed says so instead of a mean, in every format",
          "[render][failures]") {
  const auto c = failed_comparison();
  const std::string sentence =
      "failed in 1 test: a 1.0. It has no geometric mean ratio, as a mean without that test would "
      "flatter it; it ranks last in that test, and after the configurations with a mean in the "
      "summary, by mean rank.";
  const auto ascii = rendered(c, "ascii");
  CHECK(ascii.find("failed in 1") != std::string::npos);
  // The notes wrap at the width: compare with the blanks folded.
  auto folded = [](std::string s) {
    s = std::regex_replace(s, std::regex("\n *"), " ");
    return s;
  };
  CHECK(folded(ascii).find("x " + sentence) != std::string::npos);
  CHECK(rendered(c, "md").find("x " + sentence) != std::string::npos);
  CHECK(rendered(c, "html").find("x " + sentence) != std::string::npos);
  CHECK(folded(rendered(c, "executive-summary")).find("x " + sentence) != std::string::npos);
  const auto doc = nlohmann::json::parse(rendered(c, "json"));
  bool found = false;
  for (const auto& s : doc["summary"]) {
    if (s["label"] != "x") continue;
    found = true;
    CHECK(s["geomean_ratio"].is_null());
    CHECK(s["lost_tests"] == nlohmann::json::array({"a 1.0"}));  // the test's heading
    CHECK(s["last_places"] == 1);
  }
  CHECK(found);
  // The failed row is ranked last in CSV as in JSON.
  const auto rows = read_csv(rendered(c, "csv"));
  bool ranked = false;
  for (const auto& row : rows) {
    if (row[1] == "a" && row[6] == "x") {
      CHECK(row[15] == "3");
      ranked = true;
    }
  }
  CHECK(ranked);
}

TEST_CASE("The smallest detectable deltas are in the summary line, the HTML charts, CSV and JSON",
          "[render][detectable]") {
  const auto c = failed_comparison();
  const auto& d = c.statistics.detectable;
  REQUIRE(d.deltas == 3);  // y in a and b, x in b
  CHECK(d.fewest_runs == 3);
  CHECK(d.median_pct > 0);
  CHECK(d.largest_pct >= d.median_pct);
  CHECK(d.doubled_median_pct < d.median_pct);
  CHECK(d.doubled_largest_pct < d.largest_pct);
  const std::string line = "With 3 runs a side, a change under ";
  CHECK(rendered(c, "ascii").find(line) != std::string::npos);
  CHECK(rendered(c, "md").find(line) != std::string::npos);
  const auto html = rendered(c, "html");
  CHECK(html.find(line) != std::string::npos);
  CHECK(html.find("Smallest delta these runs tell from the noise (80% power at the") !=
        std::string::npos);
  // Without runs, no line at all.
  CHECK(rendered(seed_comparison("000_1809f3a92cbbf2f4.txt"), "ascii").find(line) ==
        std::string::npos);
}
