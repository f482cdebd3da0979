// SPDX-License-Identifier: MIT
// The commands' operations (iosr/operations.hpp): the same answers as the steps they are made
// of, the usage errors they find, the regression gate, and trend's date fallback.
#include "iosr/operations.hpp"

#include <string>
#include <vector>

#include "catch.hpp"
#include "iosr/error.hpp"
#include "reader_support.hpp"

namespace {

std::vector<iosr::result_file> seed_000() {
  return {test_support::read_cached(std::string(IOSR_DATA_DIR) + "/text/000_1809f3a92cbbf2f4.txt")};
}

iosr::error_kind usage_kind_of(const std::vector<iosr::result_file>& files,
                               const iosr::compare_request& request) {
  try {
    (void)iosr::run_compare(files, request);
  } catch (const iosr::error& e) {
    return e.kind();
  }
  return iosr::error_kind::system;
}

}  // namespace

TEST_CASE("run_compare draws what compare and render_comparison draw", "[operations]") {
  const auto files = seed_000();
  iosr::compare_request request;
  request.format = "md";
  const auto outcome = iosr::run_compare(files, request);
  std::string expected;
  iosr::render_comparison(iosr::compare(files), "md", {}, expected);
  CHECK(outcome.text == expected);
  CHECK(outcome.regressions.empty());  // no gate asked for
}

TEST_CASE("run_compare refuses what cannot be drawn as asked", "[operations]") {
  const auto files = seed_000();
  iosr::compare_request request;
  request.format = "yaml";
  CHECK(usage_kind_of(files, request) == iosr::error_kind::usage);
  request.format = "ascii";
  request.fail_if_worse = -1;
  CHECK(usage_kind_of(files, request) == iosr::error_kind::usage);
  request.fail_if_worse.reset();
  request.render.columns = {"Kyber", "no such configuration"};
  CHECK(usage_kind_of(files, request) == iosr::error_kind::usage);
  request.render.columns = {"Kyber", "BFQ"};
  CHECK_NOTHROW(iosr::run_compare(files, request));
  // A column is named as --baseline names a configuration: a scheduler key in any spelling
  // draws it; the error names what was asked and what there is.
  request.format = "md";
  request.render.table_view = true;
  request.render.columns = {"mq-deadline", "none"};
  const auto drawn = iosr::run_compare(files, request).text;
  CHECK(drawn.find("| Test | MQ-Deadline | None (baseline) |") != std::string::npos);
  request.render.columns = {"Kyber", "Anticipatory"};
  CHECK_THROWS_WITH(iosr::run_compare(files, request),
                    Catch::StartsWith("--columns: no configuration is named 'Anticipatory'; "
                                      "expected one of: None, "));
}

TEST_CASE("run_compare's gate finds each entry worse than the limit", "[operations]") {
  const auto files = seed_000();
  iosr::compare_request request;
  request.fail_if_worse = 50;
  const auto outcome = iosr::run_compare(files, request);
  CHECK(outcome.regressions.size() == iosr::find_regressions(iosr::compare(files), 50).size());
  REQUIRE_FALSE(outcome.regressions.empty());  // MariaDB: MQ-Deadline is 71 % worse
  for (const auto& r : outcome.regressions) CHECK(r.worse_pct > 50);
  request.fail_if_worse = 1e9;
  CHECK(iosr::run_compare(files, request).regressions.empty());
}

TEST_CASE("run_trend follows the run dates when no run has a kernel", "[operations]") {
  iosr::trend_input in;
  for (const char* day : {"2024-01-01 10:00:00", "2024-02-01 10:00:00"}) {
    for (const char* scheduler : {"none", "bfq"}) {
      iosr::trend_system s;
      s.label = scheduler;
      s.name = scheduler;
      s.scheduler = scheduler;
      s.date = day;
      in.systems.push_back(s);
    }
  }
  in.tests.push_back({"T", "1", "d", "MB/s", iosr::direction::higher});
  for (std::size_t s = 0; s < in.systems.size(); ++s)
    in.runs.push_back({s, 0, 10.0 + static_cast<double>(s)});

  iosr::trend_request request;
  auto outcome = iosr::run_trend(in, request);
  CHECK(outcome.result.by == iosr::trend_by::date);
  REQUIRE_FALSE(outcome.result.notes.empty());
  CHECK(outcome.result.notes.front().code == iosr::message_code::no_kernel_version);
  CHECK(outcome.result.notes.front().text ==
        "no run has a kernel version: the series follows the run dates");
  CHECK(outcome.result.points.size() == 2);

  request.by_chosen = true;  // --by kernel asked for: no fallback, and no series
  outcome = iosr::run_trend(in, request);
  CHECK(outcome.result.by == iosr::trend_by::kernel);
  CHECK(outcome.result.points.empty());
}
