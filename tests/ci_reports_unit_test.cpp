// SPDX-License-Identifier: MIT
// The executive summary, BMF, the JUnit report and the step summary as library calls
// (iosr/compare.hpp, iosr/ci_reports.hpp): what each says of hand-made comparisons whose
// answer is known. tests/ci_reports_test.py checks them through iosr against the published
// schemas and the real PTS.
#include <nlohmann/json.hpp>
#include <cctype>
#include <string>
#include <vector>

#include "catch.hpp"
#include "compare_support.hpp"
#include "iosr/ci_reports.hpp"
#include "iosr/compare.hpp"
#include "iosr/error.hpp"
#include "iosr/operations.hpp"
#include "render/escape.hpp"

namespace {

using namespace test_support;
using iosr::direction;

// Three schedulers on two tests, none the baseline: bfq has half the throughput on the first
// and takes 5 % longer on the second; kyber is a little slower on the first and 25 % faster on
// the second.
iosr::result_file schedulers() {
  return file("a.txt", {chart("fio", "Read", "MB/s", direction::higher,
                              {{"none", "200"}, {"kyber", "190"}, {"bfq", "100"}}),
                        chart("SQLite", "Threads: 1", "Seconds", direction::lower,
                              {{"none", "10"}, {"kyber", "8"}, {"bfq", "10.5"}})});
}

std::string joined(const std::vector<iosr::executive_summary_section>& sections) {
  std::string all;
  for (const auto& s : sections) {
    for (const auto& p : s.paragraphs) all += p + "\n";
  }
  return all;
}

}  // namespace

TEST_CASE("The executive summary names the most first places, the means and the extremes",
          "[ci_reports]") {
  const auto c = iosr::compare(std::vector{schedulers()});
  const auto sections = iosr::executive_summary(c);
  REQUIRE(sections.size() == 1);
  CHECK(sections[0].compare_group.empty());  // one group: no heading
  const auto text = joined(sections);
  CHECK_THAT(text, Catch::Contains("kyber and none came first most often, in 1 test each"));
  CHECK_THAT(text, Catch::Contains("bfq came last most often, in 2 tests"));
  CHECK_THAT(text, Catch::Contains("Against the baseline none"));
  CHECK_THAT(text, Catch::Contains("The largest gains: kyber took 20.0% less time in SQLite 1.0: "
                                   "Threads: 1 (Seconds, lower is better)."));
  CHECK_THAT(text, Catch::Contains("The largest losses: bfq was 50.0% lower in fio 1.0: Read "
                                   "(MB/s, higher is better)"));
}

TEST_CASE("The executive summary says gains and losses in the reader's terms, never a sign",
          "[ci_reports]") {
  // Each direction, units of time and others: a gain reads as one whichever way is better.
  const auto f = file(
      "d.txt", {chart("pgbench", "Read Write", "TPS", direction::higher,
                      {{"none", "1000"}, {"mq-deadline", "1250"}, {"kyber", "800"}}),
                chart("schbench", "Workers: 8", "usec, 99.9th Latency Percentile",
                      direction::lower, {{"none", "400"}, {"mq-deadline", "500"}, {"kyber", "100"}}),
                chart("RAPL", "Package", "Joules", direction::lower,
                      {{"none", "50"}, {"mq-deadline", "40"}, {"kyber", "70"}}),
                chart("Boot", "Kernel", "ms", direction::lower,
                      {{"none", "2000"}, {"mq-deadline", "2000"}, {"kyber", "3000"}})});
  const auto text = joined(iosr::executive_summary(iosr::compare(std::vector{f})));
  CHECK_THAT(text, Catch::Contains("kyber took 75.0% less time in schbench 1.0: Workers: 8 (usec, "
                                   "99.9th Latency Percentile, lower is better)"));
  CHECK_THAT(text, Catch::Contains("mq-deadline was 25.0% higher in pgbench 1.0: Read Write"));
  CHECK_THAT(text, Catch::Contains("mq-deadline was 20.0% lower in RAPL 1.0: Package (Joules, lower "
                                   "is better)"));
  CHECK_THAT(text, Catch::Contains("kyber took 50.0% more time in Boot 1.0: Kernel (ms"));
  CHECK_THAT(text, Catch::Contains("kyber was 40.0% higher in RAPL"));
  CHECK_THAT(text, Catch::Contains("kyber was 20.0% lower in pgbench"));
  // No change of the prose carries a sign: its direction is in its words.
  const auto changes = text.substr(text.find("The largest gains"));
  for (std::size_t i = 0; i + 1 < changes.size(); ++i) {
    INFO(changes.substr(i, 20));
    CHECK_FALSE(((changes[i] == '+' || changes[i] == '-') && std::isdigit(changes[i + 1])));
  }
}

TEST_CASE("The executive summary says when a group has no baseline", "[ci_reports]") {
  const auto f = file(
      "b.txt", {chart("fio", "Read", "MB/s", direction::higher, {{"one", "1"}, {"two", "2"}})});
  const auto text = joined(iosr::executive_summary(iosr::compare(std::vector{f})));
  CHECK_THAT(text, Catch::Contains("two came first most often, in 1 test."));
  CHECK_THAT(text, Catch::Contains("There is no baseline in this group"));
  CHECK_THAT(text, !Catch::Contains("geometric mean"));
}

TEST_CASE("BMF: a benchmark per entry, the measures documented, no baseline ratio",
          "[ci_reports]") {
  std::string out;
  iosr::render_comparison(iosr::compare(std::vector{schedulers()}), "bmf", {}, out);
  const auto doc = nlohmann::json::parse(out);
  CHECK(doc.size() == 6 + 2);  // 2 tests x 3 configurations, 2 geometric means
  const auto& bfq = doc.at("fio 1.0: Read [MB/s] @ bfq");
  CHECK(bfq.at("MB/s").at("value") == 100.0);
  CHECK(bfq.at("performance-ratio").at("value") == 0.5);
  CHECK(bfq.at("delta-percent").at("value") == -50.0);
  CHECK_FALSE(bfq.at("MB/s").contains("lower_value"));       // no standard error in the input
  CHECK(doc.at("fio 1.0: Read [MB/s] @ none").size() == 1);  // the baseline: its value only
  CHECK(doc.at("geometric mean @ kyber").contains("geomean-ratio"));
  CHECK_FALSE(doc.contains("geometric mean @ none"));
}

TEST_CASE("JUnit: the gate's failures with their figures; no gate, no report", "[ci_reports]") {
  iosr::compare_request request;
  request.fail_if_worse = 10;
  const auto outcome = iosr::run_compare(std::vector{schedulers()}, request);
  REQUIRE(outcome.regressions.size() == 1);  // bfq on fio, 100 % worse
  const auto xml = iosr::junit_report(outcome, request);
  CHECK_THAT(xml, Catch::StartsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites"));
  CHECK_THAT(xml, Catch::Contains("tests=\"4\" failures=\"1\" errors=\"0\""));
  CHECK_THAT(xml, Catch::Contains("<testcase classname=\"fio 1.0: Read\" name=\"bfq\">"));
  CHECK_THAT(xml, Catch::Contains("performance ratio: 0.500"));
  request.fail_if_worse.reset();
  CHECK_THROWS_AS(iosr::junit_report(outcome, request), iosr::error);
}

TEST_CASE("The step summary leads with the gate's verdict", "[ci_reports]") {
  iosr::compare_request request;
  request.fail_if_worse = 1000;
  const auto outcome = iosr::run_compare(std::vector{schedulers()}, request);
  const auto md = iosr::step_summary(outcome, request);
  CHECK_THAT(md, Catch::StartsWith("## iosr compare: a.txt\n\nGate passed:"));
  CHECK_THAT(md, Catch::Contains("## Summary"));
}

TEST_CASE("XML text holds no control character and no byte that is not UTF-8", "[ci_reports]") {
  using iosr::detail::xml_text;
  CHECK(xml_text("a\tb\nc\rd") == "a\tb\nc\rd");
  CHECK(xml_text(std::string("a\0b", 3)) ==
        "a\xEF\xBF\xBD"
        "b");
  CHECK(xml_text("\x01\x1f") == "\xEF\xBF\xBD\xEF\xBF\xBD");
  CHECK(xml_text("caf\xC3\xA9") == "caf\xC3\xA9");
  CHECK(xml_text("\xC3(") == "\xEF\xBF\xBD(");
}

TEST_CASE("JUnit: a failed run is a failure of its own type; no ratio is skipped", "[ci_reports]") {
  const auto f = file("c.txt", {chart("fio", "Read", "MB/s", direction::higher,
                                      {{"none", "10"}, {"bfq", ""}, {"kyber", "9"}}),
                                chart("dbench", "Clients: 1", "MB/s", direction::higher,
                                      {{"bfq", "3"}, {"kyber", "4"}})});
  iosr::compare_request request;
  request.fail_if_worse = 50;
  const auto outcome = iosr::run_compare(std::vector{f}, request);
  const auto xml = iosr::junit_report(outcome, request);
  CHECK_THAT(xml, Catch::Contains("<failure type=\"failed-run\""));
  CHECK_THAT(xml, Catch::Contains("tests=\"4\" failures=\"1\" errors=\"0\" skipped=\"2\""));
  CHECK_THAT(xml, Catch::Contains("<skipped message=\"no delta: the baseline has no value in "
                                  "this test\" />"));
}
