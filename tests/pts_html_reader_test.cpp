// SPDX-License-Identifier: MIT
// PTS's HTML export (docs/pts-html.md): what one real export holds, read exactly; detection
// against the web-page transport layer and the page-text reader; the warnings of what is not
// read; refusals with positions. Every export against its XML: tests/pts_html_test.py.
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

std::string fixture(const std::string& name) {
  return std::string(IOSR_FIXTURES_DIR) + "/pts-html/" + name + ".html";
}

const std::string osbench = fixture("pts-10.8.4_osbench_base-vs-fwrapv");

bool has_warning(const result_file& f, message_code code, const std::string& part) {
  for (const auto& w : f.warnings) {
    if (w.code == code && w.message.find(part) != std::string::npos) return true;
  }
  return false;
}

// The smallest page PTS could write: a systems table of one system, one bar graph.
std::string page(const std::string& title, const std::string& bars) {
  return "<html><head><title>" + title + " - Phoronix Test Suite</title></head><body><h1>" + title +
         "</h1><p>d</p><p><svg><g font-size=\"8\" font-weight=\"bold\" text-anchor=\"middle\" "
         "dominant-baseline=\"text-before-edge\"><text x=\"100\" y=\"49\">a</text></g></svg></p>"
         "<h2>T</h2><h3>D</h3><p><svg><text x=\"127\" y=\"59\" font-size=\"8\" "
         "font-weight=\"bold\" fill=\"#065695\" text-anchor=\"start\">ms, Fewer Is Better</text>"
         "<g font-size=\"11\" font-weight=\"bold\" text-anchor=\"end\"><text y=\"85\" x=\"110\">"
         "a</text></g>" +
         bars + "</svg></p></body></html>";
}

}  // namespace

TEST_CASE("PTS's HTML export: systems, notes, charts, values as printed, SE and N", "[pts-html]") {
  const auto& f = read_cached(osbench);
  CHECK(f.format == "pts-html");
  CHECK(f.title == "osbench");
  CHECK(f.description == "osbench-base");
  REQUIRE(test_support::system_labels(f) == strings{"base", "fwrapv"});
  // Both systems share every row: one value centred over both columns.
  CHECK(f.systems[1].hardware.front().key == "Processor");
  CHECK(f.systems[1].hardware.front().value ==
        "2 x Intel Xeon E5-2680 v2 @ 3.60GHz (20 Cores / 40 Threads)");
  CHECK(f.systems[0].notes.find("Kernel Details: Transparent Huge Pages: always") !=
        std::string::npos);
  REQUIRE(f.results.size() == 5);
  const auto& r = f.results[0];
  CHECK(r.title == "OSBench");
  CHECK(r.description == "Test: Create Files");
  CHECK(r.unit == "us Per Event");
  CHECK(r.direction == direction::lower);
  REQUIRE(r.entries.size() == 2);
  // The XML stores 27.059887; the graph prints 27.06, which is the value as written.
  CHECK(r.entries[0].label == "base");
  CHECK(r.entries[0].value_text == "27.06");
  CHECK(r.entries[0].standard_error == 0.10);
  CHECK(r.entries[0].sample_count == 3u);
  CHECK(f.results[1].entries[1].sample_count == 15u);
  CHECK(has_warning(f, message_code::pts_html_rounded, "with at most 2 decimals"));
}

TEST_CASE("PTS's HTML export: the scheduler from Disk Details, multi-way systems and bars",
          "[pts-html]") {
  const auto& f = read_cached(fixture("seed002-rebuilt"));
  REQUIRE(f.systems.size() == 10);
  CHECK(f.systems[0].label == "WD5000AZRX: Mq-Deadline");
  CHECK(f.systems[9].label == "WD1500HLHX: BFQ");
  CHECK(f.systems[9].scheduler == "bfq");
  // The Disk row differs per group: each value over its group's five columns.
  CHECK(f.systems[4].hardware[4].value == "500GB Western Digital WD5000AZRX-0");
  CHECK(f.systems[5].hardware[4].value == "150GB Western Digital WD1500HLHX-0");
  REQUIRE(!f.results.empty());
  const auto& r = f.results[0];
  CHECK(r.title == "FS-Mark 3.3");
  REQUIRE(r.entries.size() == 10);
  CHECK(r.entries[0].label == "WD5000AZRX: Mq-Deadline");
  CHECK(r.entries[0].value_text == "20.13");
  CHECK(r.entries[1].label == "WD1500HLHX: Mq-Deadline");
  CHECK(r.entries[1].value_text == "32.60");

  const auto& three = read_cached(fixture("iosched-3way"));
  for (const auto& s : three.systems) CHECK(!s.scheduler.empty());
}

TEST_CASE("PTS's HTML export: what is not read is named", "[pts-html]") {
  // A pass/fail graph is no bar graph.
  const auto& pass_fail = read_cached(fixture("multi-pass-fail"));
  CHECK(pass_fail.results.empty());
  CHECK(has_warning(pass_fail, message_code::pts_html_chart_not_read, "not a bar graph"));
  // PTS prints no value for a bar of 0 or below.
  const auto& edges = read_cached(fixture("text-edges"));
  CHECK(has_warning(edges, message_code::pts_html_value_not_printed, "0 or below"));
  auto f = read_results(page("t",
                             "<g font-size=\"10\" fill=\"#FFFFFF\" font-weight=\"bold\" "
                             "text-anchor=\"end\"></g>"),
                        "input.html");
  CHECK(has_warning(f, message_code::pts_html_value_not_printed, "bar 'a'"));
  // Notes printed without their headings tell no scheduler.
  const auto& no_heading = read_cached(fixture("pts-8.2.0_gce_pjdfstest_pass-fail"));
  CHECK(no_heading.systems[0].scheduler.empty());
}

TEST_CASE("PTS's HTML export: a bar with its value and SE", "[pts-html]") {
  auto f = read_results(page("t",
                             "<g font-size=\"8\" text-anchor=\"end\"><text y=\"101\" x=\"110\">"
                             "SE +/- 0.042, N = 4</text></g><g font-size=\"10\" "
                             "fill=\"#FFFFFF\" font-weight=\"bold\" text-anchor=\"end\"><text "
                             "x=\"400\" y=\"93\">7.125</text></g>"),
                        "input.html");
  REQUIRE(f.results.size() == 1);
  REQUIRE(f.results[0].entries.size() == 1);
  const auto& e = f.results[0].entries[0];
  CHECK(e.value_text == "7.125");
  CHECK(e.standard_error == 0.042);
  CHECK(e.sample_count == 4u);
  CHECK(e.where.line == 1);
}

TEST_CASE("PTS's HTML export is not a web page to show as text, nor page text", "[pts-html]") {
  auto text = test_support::slurp(osbench);
  CHECK(detect_input_format(text) == "pts-html");
  auto f = read_results(text, "x.html");
  for (const auto& w : f.warnings) CHECK(w.code != message_code::html_page);
  // Another page that starts with <html> is still a web page.
  CHECK(detect_input_format("<html><head><title>notes</title></head><body><pre>x</pre></body>"
                            "</html>") != "pts-html");
}

TEST_CASE("PTS's HTML export: a page that does not parse is refused where it stops", "[pts-html]") {
  // PTS writes the title unescaped: a `<` in it breaks the markup.
  test_support::parse_should_fail(page("a<b", ""), 1, 24, "expected PTS's HTML export");
  // A page cut short is said to be.
  auto cut = page("t", "");
  test_support::parse_should_fail(cut.substr(0, 300), 1, 302, "is it cut short?");
  read_options shallow;
  shallow.max_xml_depth = 3;
  test_support::parse_should_fail(page("t", ""), 1, 85, "nested more than 3", shallow);
}

TEST_CASE("PTS's HTML export found in the wild: PTS 10.8.4 pages, a box plot", "[pts-html][wild]") {
  const std::string wild = std::string(IOSR_FIXTURES_DIR) + "/wild/text-other/";
  // One system (its identifier's anchor on the text, not the group); the same run as the CSV
  // export wild/csv/flashbots-*.csv, which gives the same 13 values (40.472 printed 40.47).
  const auto& flashbots = read_cached(
      wild +
      "flashbots-pts-standard-benchmark_2024-09_sample-report_pts-html-export_fio-stream.html");
  REQUIRE(flashbots.results.size() == 13);
  CHECK(flashbots.results[1].unit == "IOPS");
  CHECK(flashbots.results[1].entries.at(0).label == "2 x 06");
  CHECK(flashbots.results[1].entries.at(0).value_text == "3289");
  CHECK(flashbots.results[1].entries.at(0).standard_error == 1.33);
  CHECK(flashbots.results[12].entries.at(0).value_text == "40.47");
  // A box plot: no value on the bars, the average in `Min: / Avg: / Max:`.
  const auto& rnnoise = read_cached(
      wild + "ub-benchmark-infra_rnnoise_pts-html-export_svg-more-is-better_arm-1ghz.html");
  REQUIRE(rnnoise.results.size() == 1);
  const auto& r = rnnoise.results[0];
  CHECK(r.direction == direction::lower);
  REQUIRE(r.entries.size() == 2);
  CHECK(r.entries[0].label == "base");
  CHECK(r.entries[0].value_text == "56.88");
  CHECK(r.entries[0].min == 56.5);
  CHECK(r.entries[0].max == 61.11);
  CHECK(r.entries[1].value_text == "57.53");
}
