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

// ---- The gate never passes silently (issue 39, section 3) ---------------------------------------

namespace {

// Schedulers with no `none` or `noop` among them: nothing to measure against.
iosr::result_file without_baseline() {
  return file("lab.txt", {chart("Stream", "Copy", "MB/s", direction::higher,
                                {{"deadline", "9000"}, {"bfq", "8100"}}),
                          chart("pgbench", "Scale: 10", "TPS", direction::higher,
                                {{"deadline", "410"}, {"bfq", "380"}})});
}

}  // namespace

TEST_CASE("Gate: no group with a baseline checked nothing, and says so instead of passing",
          "[ci_reports][gate]") {
  iosr::compare_request request;
  request.fail_if_worse = 0.5;
  const auto outcome = iosr::run_compare(std::vector{without_baseline()}, request);
  CHECK(outcome.verdict == iosr::gate_verdict::nothing_checked);
  CHECK(outcome.regressions.empty());  // bfq is 10 % down, but against nothing
  CHECK(outcome.counts.checked == 0);
  CHECK(outcome.counts.not_checked == 4);
  CHECK(outcome.counts.without_baseline == 4);
  CHECK(iosr::gate_summary_text(outcome, request) ==
        "the gate checked nothing: the comparison has no baseline (name one with --baseline)");
  const auto xml = iosr::junit_report(outcome, request);
  CHECK_THAT(xml, Catch::Contains("<error type=\"nothing-checked\" message=\"the gate checked "
                                  "nothing: the comparison has no baseline"));
  CHECK_THAT(xml, Catch::Contains("tests=\"5\" failures=\"0\" errors=\"1\""));
  CHECK_THAT(iosr::step_summary(outcome, request),
             Catch::Contains("\n\nThe gate checked nothing: the comparison has no baseline"));
  // Two inputs without one: every group lacks it.
  auto other = without_baseline();
  other.source_name = "lab2.txt";
  CHECK_THAT(iosr::gate_summary_text(
                 iosr::run_compare(std::vector{without_baseline(), other}, request), request),
             Catch::StartsWith("the gate checked nothing: no compare group has a baseline"));
}

TEST_CASE("Gate: a baseline whose every value gives no ratio checked nothing either",
          "[ci_reports][gate]") {
  // The baseline has a value of 0 in one test and a text in the other: no entry has a ratio.
  const auto f = file("zero.txt", {chart("Latency", "Idle", "us", direction::lower,
                                         {{"none", "0"}, {"kyber", "12"}}),
                                   chart("Boot", "", "", direction::none,
                                         {{"none", "5.1"}, {"kyber", "5.3"}})});
  iosr::compare_request request;
  request.fail_if_worse = 5;
  const auto outcome = iosr::run_compare(std::vector{f}, request);
  CHECK(outcome.verdict == iosr::gate_verdict::nothing_checked);
  CHECK(iosr::gate_summary_text(outcome, request) ==
        "the gate checked nothing: no entry has a performance ratio against its baseline (2 "
        "entries without one)");
}

TEST_CASE("Gate: a result the baseline has and a configuration lacks trips it, named; "
          "--allow-missing accepts it knowingly",
          "[ci_reports][gate]") {
  // kyber crashed in pgbench and left nothing; bfq's Stream run failed; both are within 1 %
  // wherever they have a value.
  const auto f = file("ci.txt", {chart("Stream", "Copy", "MB/s", direction::higher,
                                       {{"none", "9000"}, {"kyber", "8990"}, {"bfq", ""}}),
                                 chart("pgbench", "Scale: 10", "TPS", direction::higher,
                                       {{"none", "410"}, {"bfq", "409"}})});
  iosr::compare_request request;
  request.fail_if_worse = 1;
  auto outcome = iosr::run_compare(std::vector{f}, request);
  CHECK(outcome.regressions.empty());
  REQUIRE(outcome.missing.size() == 2);
  CHECK(outcome.verdict == iosr::gate_verdict::tripped);
  const auto& c = outcome.result;
  CHECK(iosr::gate_missing_text(c, outcome.missing[0]) ==
        "Stream: Copy: bfq failed where none has 9000");
  CHECK(iosr::gate_missing_text(c, outcome.missing[1]) ==
        "pgbench: Scale: 10: kyber has no result where none has 410");
  CHECK(iosr::gate_summary_text(outcome, request) ==
        "gate tripped: 2 missing where the baseline has a value; 2 entries checked against none, "
        "none worse than 1%");
  auto xml = iosr::junit_report(outcome, request);
  CHECK_THAT(xml, Catch::Contains("<testcase classname=\"pgbench 1.0: Scale: 10\" name=\"kyber\">"
                                  "\n      <failure type=\"missing\" message=\"missing where the "
                                  "baseline has a value: pgbench: Scale: 10: kyber has no result"));
  CHECK_THAT(xml, Catch::Contains("<failure type=\"failed-run\""));
  CHECK_THAT(xml, Catch::Contains("tests=\"4\" failures=\"2\" errors=\"0\""));
  CHECK_THAT(xml, Catch::Contains("<property name=\"missing\" value=\"2\" />"));
  CHECK_THAT(iosr::step_summary(outcome, request),
             Catch::Contains("Missing where the baseline has a value:\n\n- Stream: Copy: bfq failed "
                             "where none has 9000\n- pgbench: Scale: 10: kyber has no result"));

  request.allow_missing = true;
  outcome = iosr::run_compare(std::vector{f}, request);
  CHECK(outcome.verdict == iosr::gate_verdict::passed);
  CHECK(outcome.missing.size() == 2);  // still named
  CHECK(iosr::gate_summary_text(outcome, request) ==
        "gate passed: 2 entries checked against none, none worse than 1%; 2 missing, accepted "
        "(--allow-missing)");
  xml = iosr::junit_report(outcome, request);
  CHECK_THAT(xml, Catch::Contains("tests=\"4\" failures=\"0\" errors=\"0\" skipped=\"2\""));
  CHECK_THAT(xml, Catch::Contains("<skipped message=\"missing, accepted (--allow-missing): "
                                  "pgbench: Scale: 10: kyber has no result where none has 410\""));
  CHECK_THAT(xml, Catch::Contains("<property name=\"missing-accepted\" value=\"2\" />"));
}

TEST_CASE("Gate: a configuration of the baseline's input that the other input lacks trips it",
          "[ci_reports][gate]") {
  const auto before = file("release.txt", {chart("Stream", "Copy", "MB/s", direction::higher,
                                                 {{"none", "9000"}, {"mq-deadline", "8990"},
                                                  {"kyber", "8950"}})});
  const auto after = file("candidate.txt", {chart("Stream", "Copy", "MB/s", direction::higher,
                                                  {{"none", "9010"}, {"mq-deadline", "8980"}})});
  iosr::compare_request request;
  request.fail_if_worse = 5;
  request.options.group_by = iosr::group_by::none;
  request.options.baseline = "release.txt: none";
  const auto outcome = iosr::run_compare(std::vector{before, after}, request);
  REQUIRE(outcome.missing.size() == 1);
  CHECK_FALSE(outcome.missing[0].test);
  CHECK(iosr::gate_missing_text(outcome.result, outcome.missing[0]) ==
        "candidate.txt has no configuration kyber, which the baseline's input release.txt has");
  CHECK(outcome.verdict == iosr::gate_verdict::tripped);
  CHECK_THAT(iosr::junit_report(outcome, request),
             Catch::Contains("<testcase classname=\"configuration\" name=\"candidate.txt: kyber\">"
                             "\n      <failure type=\"missing-configuration\""));
  // Each input against its own baseline (the default grouping): nothing is compared across
  // them, so nothing is missing.
  request.options = {};
  CHECK(iosr::run_compare(std::vector{before, after}, request).missing.empty());
}

TEST_CASE("Gate: a passing gate says what it checked, with the same counts everywhere",
          "[ci_reports][gate]") {
  // Two tests with runs' statistics: bfq 4 % slower within the noise, kyber 2 % faster; one
  // group without a baseline, and one test the baseline lacks.
  const auto f = file("runs.txt", {chart("Stream", "Copy", "MB/s", direction::higher,
                                         {{"none", "100", 6, 3},
                                          {"bfq", "96", 6, 3},
                                          {"kyber", "102", 0.1, 3}}),
                                   chart("pgbench", "Scale: 10", "TPS", direction::higher,
                                         {{"bfq", "380"}, {"kyber", "390"}})});
  iosr::compare_request request;
  request.fail_if_worse = 2;
  request.gate_skip_noise = true;
  const auto outcome = iosr::run_compare(std::vector{f}, request);
  REQUIRE(outcome.excluded.size() == 1);
  CHECK(outcome.verdict == iosr::gate_verdict::passed);
  CHECK(iosr::gate_summary_text(outcome, request) ==
        "gate passed: 2 entries checked against none, none worse than 2%; 1 within the noise not "
        "counted; 2 without a performance ratio not checked");
  const auto xml = iosr::junit_report(outcome, request);
  for (const auto* property :
       {"checked\" value=\"2\"", "worse\" value=\"0\"", "not-counted\" value=\"1\"",
        "missing\" value=\"0\"", "not-checked\" value=\"2\""}) {
    CHECK_THAT(xml, Catch::Contains(std::string("<property name=\"") + property));
  }
  CHECK_THAT(iosr::step_summary(outcome, request),
             Catch::Contains("Gate passed: 2 entries checked against none, none worse than 2%; 1 "
                             "within the noise not counted; 2 without a performance ratio not "
                             "checked."));
}

TEST_CASE("Gate: groups without a baseline are counted as not checked beside the others",
          "[ci_reports][gate]") {
  auto other = without_baseline();
  const auto with = file("with.txt", {chart("Stream", "Copy", "MB/s", direction::higher,
                                            {{"none", "9000"}, {"bfq", "7000"}})});
  iosr::compare_request request;
  request.fail_if_worse = 10;
  const auto outcome = iosr::run_compare(std::vector{with, other}, request);
  CHECK(outcome.verdict == iosr::gate_verdict::tripped);
  CHECK(iosr::gate_summary_text(outcome, request) ==
        "gate tripped: 1 of 1 entry checked against with.txt: none is worse than 10%; 4 in 1 "
        "compare group without a baseline not checked");
}
