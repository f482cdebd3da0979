// SPDX-License-Identifier: MIT
// How sure the comparison is: runs, p-values from them, delta intervals, outlying runs, n<3,
// the t intervals of the geometric means and the smallest deltas the runs tell from the noise,
// on the sample composite.xml, the quirks sample, seed 003's HTML view, the text seeds and
// hand-made files. (geomean_coverage_test.cpp proves the intervals' level by simulation.)
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "catch.hpp"
#include "compare_support.hpp"
#include "iosr/compare.hpp"

namespace {

using namespace test_support;

bool relative(std::optional<double> got, double want, double tolerance = 1e-9) {
  return got && std::fabs(*got - want) <= tolerance * std::fabs(want);
}

std::string fixture(const std::string& path) { return std::string(IOSR_FIXTURES_DIR) + "/" + path; }

iosr::comparison compare_paths(const std::vector<std::string>& paths,
                               const iosr::compare_options& o = {}) {
  std::vector<iosr::result_file> files;
  for (const auto& p : paths) files.push_back(read_cached(p));
  return iosr::compare(files, o);
}

const std::string sample_xml = std::string(IOSR_DATA_DIR) + "/xml/iosched-3way.xml";

}  // namespace

TEST_CASE("composite.xml runs give p-values and delta intervals that agree with SciPy",
          "[uncertainty]") {
  const auto c = compare_paths({sample_xml});
  const auto* t = find_test(c, "SQLite", "Threads / Copies: 1");
  REQUIRE(t);
  const auto* mq = find_entry(c, *t, "mq-deadline");
  REQUIRE(mq);
  CHECK(mq->runs == std::vector<double>{12.301, 12.389, 12.345});
  CHECK(mq->n == 3u);
  CHECK(mq->baseline_n == 3u);
  CHECK(mq->outlier_runs == 0u);
  // scipy.stats.ttest_ind([12.301, 12.389, 12.345], [11.950, 12.024, 11.987],
  // equal_var=False).pvalue; Welch's interval of the difference with scipy.stats.t.ppf, over
  // the baseline's mean, at 1 - 5 x 0.05 / 6 (five of the six p-values called significant).
  CHECK(relative(mq->p_value, 0.00048801599437756137, 1e-6));
  CHECK(c.statistics.selected == 5);
  CHECK(relative(c.statistics.delta_confidence, 1 - 5 * 0.05 / 6, 1e-12));
  CHECK(relative(mq->delta_ci_low, 2.157382833900187, 1e-6));
  CHECK(relative(mq->delta_ci_high, 3.815754731795964, 1e-6));
  CHECK(*mq->delta_ci_low < *mq->delta_pct);
  CHECK(*mq->delta_pct < *mq->delta_ci_high);
  CHECK(mq->noise == iosr::noise::significant);

  // Sequential write: p = 0.0518 and an interval that holds 0, so the delta is noise.
  const auto* w = find_test(c, "Flexible IO Tester",
                            "Type: Sequential Write - Engine: IO_uring - Direct: Yes - Block "
                            "Size: 2MB - Job Count: 1 - Disk Target: Default Test Directory");
  REQUIRE(w);
  const auto* wmq = find_entry(c, *w, "mq-deadline");
  REQUIRE(wmq);
  CHECK(relative(wmq->p_value, 0.051776601249604474, 1e-6));
  CHECK(relative(wmq->delta_ci_low, -0.9420390872400816, 1e-6));
  CHECK(relative(wmq->delta_ci_high, 0.05326637779040161, 1e-6));
  CHECK(wmq->noise == iosr::noise::not_significant);
  // The baseline is not tested against itself.
  const auto* none = find_entry(c, *t, "None");
  CHECK_FALSE(none->p_value);
  CHECK_FALSE(none->delta_ci_low);
  CHECK(none->n == 3u);
  // Six non-baseline entries, each with a p-value.
  CHECK(c.statistics.p_values == 6);
  CHECK(c.statistics.confidence == 0.95);
}

TEST_CASE("Option --ci sets the geomean intervals, and --alpha the level of the delta intervals",
          "[uncertainty]") {
  iosr::compare_options o;
  o.confidence = 0.99;
  const auto wide = compare_paths({sample_xml}, o);
  const auto normal = compare_paths({sample_xml});
  const auto* a = find_entry(wide, *find_test(wide, "SQLite", "Threads / Copies: 1"), "bfq");
  const auto* b = find_entry(normal, *find_test(normal, "SQLite", "Threads / Copies: 1"), "bfq");
  CHECK(*a->delta_ci_low == *b->delta_ci_low);
  CHECK(*a->delta_ci_high == *b->delta_ci_high);
  CHECK(*a->p_value == *b->p_value);
  const auto* wide_bfq = find_configuration(wide, "bfq");
  const auto* bfq = find_configuration(normal, "bfq");
  CHECK(*wide_bfq->geomean_ci_low < *bfq->geomean_ci_low);
  CHECK(*wide_bfq->geomean_ci_high > *bfq->geomean_ci_high);
  // A stricter false discovery rate: fewer or as many selected, a higher level, wider intervals.
  o.alpha = 0.001;
  const auto strict = compare_paths({sample_xml}, o);
  CHECK(strict.statistics.delta_confidence > normal.statistics.delta_confidence);
  const auto* s = find_entry(strict, *find_test(strict, "SQLite", "Threads / Copies: 1"), "bfq");
  CHECK(*s->delta_ci_low < *b->delta_ci_low);
  CHECK(*s->delta_ci_high > *b->delta_ci_high);
}

TEST_CASE("A baseline with two entries in a test is tested by the first, as the delta is",
          "[uncertainty]") {
  // The second None ranks first (20 > 10), but the delta is against the first, 10: so must the
  // p-value and the interval be.
  auto f = file("x.xml", {chart("a", "", "MB/s", iosr::direction::higher,
                                {{"None", "10"}, {"x", "12"}, {"None", "20"}})});
  f.results[0].entries[0].samples = {"9", "10", "11"};
  f.results[0].entries[1].samples = {"11", "12", "13"};
  f.results[0].entries[2].samples = {"19", "20", "21"};
  const auto c = iosr::compare(std::vector{f});
  const auto* x = find_entry(c, c.tests[0], "x");
  REQUIRE(x);
  CHECK(x->baseline_value_text == "10");
  // Runs 11, 12, 13 against 9, 10, 11: t = 2 / sqrt(2/3), df = 4;
  // scipy.stats.ttest_ind([11, 12, 13], [9, 10, 11], equal_var=False).pvalue
  CHECK(relative(x->p_value, 0.07048399691021993, 1e-9));
  CHECK(*x->delta_ci_low < 20.0);
  CHECK(*x->delta_ci_high > 20.0);
}

TEST_CASE("Two runs are marked n<3, one run is not tested, outliers are counted", "[uncertainty]") {
  const auto c = compare_paths({fixture("samples/quirks.xml")});
  // PostMark, Linux 6.8: bfq has two runs, its baseline one (RawString = Value): no test.
  const auto* pm = find_test(c, "PostMark", "Disk Transaction Performance");
  REQUIRE(pm);
  const auto* bfq = find_entry(c, *pm, "Linux 6.8: bfq");
  REQUIRE(bfq);
  CHECK(bfq->n == 2u);
  CHECK_FALSE(bfq->baseline_n);
  CHECK_FALSE(bfq->p_value);
  CHECK(bfq->noise == iosr::noise::unknown);
  // Random read, Linux 6.1: two runs on each side: a p-value and an interval, marked n<3.
  const auto* fio = find_test(c, "Flexible IO Tester",
                              "Type: Random Read - Engine: Linux AIO - Direct: Yes - Block Size: "
                              "4KB - Disk Target: Default Test Directory");
  REQUIRE(fio);
  const auto* rr = find_entry(c, *fio, "Linux 6.1: bfq");
  REQUIRE(rr);
  CHECK(rr->n == 2u);
  CHECK(rr->baseline_n == 2u);
  CHECK(rr->p_value);
  CHECK(rr->delta_ci_low);
  CHECK(rr->noise == iosr::noise::few_runs);
  CHECK(rr->outlier_runs == 0u);
}

TEST_CASE("Seed 003's standard errors give p-values, delta and geomean intervals",
          "[uncertainty][geomean]") {
  const auto c = compare_paths({fixture("seeds/003_29012ff8c53c614e.txt")});
  const auto* t = find_test(c, "SQLite", "Timed SQLite Insertions");
  REQUIRE(t);
  const auto* mq = find_entry(c, *t, "MQ-DEADLINE");
  REQUIRE(mq);
  CHECK(mq->runs.empty());
  CHECK(mq->n == 3u);           // SE +/- 6.41, N = 3
  CHECK(mq->baseline_n == 9u);  // NONE: SE +/- 11.15, N = 9
  CHECK(mq->p_value);
  CHECK(mq->delta_ci_low);
  CHECK_FALSE(mq->outlier_runs);  // no runs to look at
  // The geometric means' intervals take the same standard errors and N as the p-values.
  for (const auto& conf : c.configurations) {
    INFO(conf.label);
    if (conf.scheduler == "none") {
      CHECK_FALSE(conf.geomean_ci_low);
      continue;
    }
    REQUIRE(conf.geomean_ci_low);
    CHECK(conf.geomean_ci_tests > 0);
    CHECK(conf.geomean_ci_tests <= conf.tests_compared);
    CHECK(*conf.geomean_ci_low < *conf.geomean_ratio);
    CHECK(*conf.geomean_ratio < *conf.geomean_ci_high);
  }
}

TEST_CASE("Text exports carry no runs: no n, interval, outliers or bootstrap", "[uncertainty]") {
  for (const auto& name : seed_names) {
    INFO(name);
    std::vector<iosr::result_file> files{seed(name)};
    const auto c = iosr::compare(files);
    for (const auto& t : c.tests) {
      for (const auto& e : t.entries) {
        CHECK(e.runs.empty());
        CHECK_FALSE(e.n);
        CHECK_FALSE(e.p_adjusted);
        CHECK_FALSE(e.delta_ci_low);
        CHECK_FALSE(e.outlier_runs);
      }
    }
    for (const auto& conf : c.configurations) CHECK_FALSE(conf.geomean_ci_low);
    CHECK(c.statistics.p_values == 0);
    CHECK(c.statistics.detectable.deltas == 0);
  }
}

TEST_CASE("The t interval of the sample's geometric means matches SciPy", "[geomean]") {
  const auto c = compare_paths({sample_xml});
  for (const auto& conf : c.configurations) {
    INFO(conf.label);
    if (conf.scheduler == "none") {
      CHECK_FALSE(conf.geomean_ci_low);  // the baseline
      continue;
    }
    REQUIRE(conf.geomean_ci_low);
    CHECK(conf.geomean_ci_tests == 3);
    CHECK(*conf.geomean_ci_low < *conf.geomean_ratio);
    CHECK(*conf.geomean_ratio < *conf.geomean_ci_high);
  }
  // g exp(+-t sqrt(V) / 3), V the sum of (SE / mean)^2 of both sides' runs in the 3 tests, t
  // scipy.stats.t.ppf(0.975, df) at their Welch-Satterthwaite df (4.80 and 5.70), as
  // tests/statistics_scipy_test.py computes it.
  const auto* mq = find_configuration(c, "mq-deadline");
  REQUIRE(mq);
  CHECK(relative(mq->geomean_ci_low, 0.968352952623366, 1e-9));
  CHECK(relative(mq->geomean_ci_high, 0.9766296774859949, 1e-9));
  const auto* bfq = find_configuration(c, "bfq");
  REQUIRE(bfq);
  CHECK(relative(bfq->geomean_ci_low, 0.7481590089579433, 1e-9));
  CHECK(relative(bfq->geomean_ci_high, 0.7565054713023861, 1e-9));
}

TEST_CASE("Tests without runs on both sides enter the geomean interval as fixed ratios",
          "[geomean]") {
  // One test with runs on both sides, one without any, one with runs on the baseline's side
  // only: the interval has the first test's spread, about the mean of all three.
  auto f = file("x.xml",
                {chart("a", "", "MB/s", iosr::direction::higher, {{"None", "10"}, {"x", "12"}}),
                 chart("b", "", "MB/s", iosr::direction::higher, {{"None", "10"}, {"x", "20"}}),
                 chart("c", "", "MB/s", iosr::direction::lower, {{"None", "10"}, {"x", "5"}})});
  f.results[0].entries[0].samples = {"9", "10", "11"};
  f.results[0].entries[1].samples = {"11", "12", "13"};
  f.results[2].entries[0].samples = {"8", "10", "12"};
  const auto c = iosr::compare(std::vector{f});
  const auto* x = find_configuration(c, "x");
  REQUIRE(x);
  CHECK(x->tests_compared == 3);
  CHECK(x->geomean_ci_tests == 1);
  REQUIRE(x->geomean_ci_low);
  // (1.2 * 2 * 2)^(1/3) exp(+-t sqrt(V) / 3), V = (1/sqrt(3) / 12)^2 + (1/sqrt(3) / 10)^2, with
  // df = V^2 / ((1/432)^2 / 2 + (1/300)^2 / 2) = 3.874...; t = scipy.stats.t.ppf(0.975, df).
  const double v = 1.0 / 432 + 1.0 / 300;
  const double df = v * v / ((1.0 / 432) * (1.0 / 432) / 2 + (1.0 / 300) * (1.0 / 300) / 2);
  CHECK(std::fabs(df - 3.8740239458615306) < 1e-12);
  const double g = std::cbrt(4.8);
  const double half = 2.8124166981339114 * std::sqrt(v) / 3;  // t.ppf(0.975, 3.8740239458615306)
  CHECK(relative(x->geomean_ci_low, g * std::exp(-half), 1e-9));
  CHECK(relative(x->geomean_ci_high, g * std::exp(half), 1e-9));
}

TEST_CASE("Runs on the baseline's side alone give no geomean interval", "[geomean]") {
  // x has no runs anywhere (`noise n/a`): its baseline's runs say nothing of its own noise.
  auto f = file("x.xml",
                {chart("a", "", "MB/s", iosr::direction::higher, {{"None", "10"}, {"x", "12"}}),
                 chart("b", "", "s", iosr::direction::lower, {{"None", "10"}, {"x", "9"}})});
  f.results[0].entries[0].samples = {"9", "10", "11"};
  f.results[1].entries[0].samples = {"9.5", "10", "10.5"};
  const auto c = iosr::compare(std::vector{f});
  const auto* x = find_configuration(c, "x");
  REQUIRE(x);
  CHECK(x->geomean_ratio);
  CHECK_FALSE(x->geomean_ci_low);
  CHECK_FALSE(x->geomean_ci_high);
  CHECK(x->geomean_ci_tests == 0);
}

TEST_CASE("Runs without spread give a point interval; beyond the doubles, none and no exception",
          "[geomean]") {
  auto same = file("x.xml", {chart("a", "", "MB/s", iosr::direction::higher,
                                   {{"None", "10"}, {"x", "12"}})});
  same.results[0].entries[0].samples = {"10", "10", "10"};
  same.results[0].entries[1].samples = {"12", "12", "12"};
  const auto flat = iosr::compare(std::vector{same});
  const auto* x = find_configuration(flat, "x");
  REQUIRE(x->geomean_ci_low);
  CHECK(*x->geomean_ci_low == *x->geomean_ratio);
  CHECK(*x->geomean_ci_high == *x->geomean_ratio);

  auto f = file("x.xml", {chart("a", "", "MB/s", iosr::direction::higher,
                                {{"None", "1e308"}, {"x", "3e-308"}, {"y", "2"}})});
  f.results[0].entries[0].samples = {"1.7e308", "1e308", "0.3e308"};
  f.results[0].entries[1].samples = {"3e-308", "4e-308", "5e-308"};
  f.results[0].entries[2].samples = {"1", "2", "3"};
  const auto c = iosr::compare(std::vector{f});
  for (const auto& conf : c.configurations) {
    INFO(conf.label);
    if (conf.geomean_ci_low) {
      CHECK(std::isfinite(*conf.geomean_ci_low));
      CHECK(std::isfinite(*conf.geomean_ci_high));
    }
  }
}

TEST_CASE("A value that is not the mean of its runs takes no statistics from them",
          "[uncertainty][geomean]") {
  // x's value 10.0 is the baseline's, but its runs average 10.3: the delta is 0.0 %, and an
  // interval from the runs would say +2 % to +4 %. Neither the p-value nor either interval
  // comes from runs that are not the value's.
  auto f = file("x.xml", {chart("a", "", "MB/s", iosr::direction::higher,
                                {{"None", "10.0"}, {"x", "10.0"}, {"y", "10.4"}}),
                          chart("b", "", "MB/s", iosr::direction::higher,
                                {{"None", "20.0"}, {"x", "21.0"}, {"y", "19.0"}})});
  f.results[0].entries[0].samples = {"9.98", "10.0", "10.02"};
  f.results[0].entries[1].samples = {"10.28", "10.3", "10.32"};
  f.results[0].entries[2].samples = {"10.38", "10.4", "10.42"};
  for (auto& e : f.results[1].entries) {
    const double v = *e.value;
    e.samples = {std::to_string(v - 0.1), std::to_string(v), std::to_string(v + 0.1)};
  }
  const auto c = iosr::compare(std::vector{f});
  const auto* x = find_entry(c, c.tests[0], "x");
  REQUIRE(x);
  CHECK(x->runs_disagree);
  CHECK(*x->delta_pct == 0.0);
  CHECK(x->n == 3u);
  CHECK_FALSE(x->p_value);
  CHECK_FALSE(x->delta_ci_low);
  CHECK_FALSE(x->detectable_pct);
  CHECK(x->noise == iosr::noise::unknown);
  // y's value is its runs' mean, within their rounding: tested as usual.
  const auto* y = find_entry(c, c.tests[0], "y");
  CHECK_FALSE(y->runs_disagree);
  CHECK(y->p_value);
  // Runs written with six decimals (std::to_string) whose mean is the value: no disagreement.
  for (const auto& e : c.tests[1].entries) CHECK_FALSE(e.runs_disagree);
  // x's geomean interval has test b alone.
  const auto* xc = find_configuration(c, "x");
  CHECK(xc->geomean_ci_tests == 1);
  CHECK(find_configuration(c, "y")->geomean_ci_tests == 2);
}

TEST_CASE("Rounding as written is no disagreement between a value and its runs",
          "[uncertainty]") {
  // The value to two decimals, the runs to one: the mean 1.2333 is 1.23 within 0.005 + 0.05.
  auto f = file("x.xml", {chart("a", "", "MB/s", iosr::direction::higher,
                                {{"None", "1.23"}, {"x", "1.5e+03"}, {"y", "1.31"}})});
  f.results[0].entries[0].samples = {"1.2", "1.2", "1.3"};
  // 1.5e+03 is written to the hundreds: runs averaging 1540 are within 50.
  f.results[0].entries[1].samples = {"1530", "1540", "1550"};
  // 1.31 against runs averaging 1.2: beyond 0.005 + 0.05.
  f.results[0].entries[2].samples = {"1.1", "1.2", "1.3"};
  const auto c = iosr::compare(std::vector{f});
  CHECK_FALSE(find_entry(c, c.tests[0], "None")->runs_disagree);
  CHECK_FALSE(find_entry(c, c.tests[0], "x")->runs_disagree);
  CHECK(find_entry(c, c.tests[0], "y")->runs_disagree);
}
