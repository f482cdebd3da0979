// SPDX-License-Identifier: MIT
// How sure the comparison is: runs, p-values from them, delta intervals, outlying runs, n<3,
// and the bootstrap intervals of the geometric means (its generator and index mapping too),
// on the sample composite.xml, the quirks sample, seed 003's HTML view and the text seeds.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "catch.hpp"
#include "compare/bootstrap.hpp"
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

TEST_CASE("Option --ci sets the bootstrap intervals, and --alpha the level of the delta intervals",
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

TEST_CASE("Seed 003's standard errors give p-values and intervals but no bootstrap",
          "[uncertainty][bootstrap]") {
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
  for (const auto& conf : c.configurations) {
    INFO(conf.label);
    CHECK_FALSE(conf.geomean_ci_low);
    CHECK(conf.geomean_ci_tests == 0);
  }
  CHECK(c.statistics.bootstrap == 0);
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
    CHECK(c.statistics.bootstrap == 0);
  }
}

TEST_CASE("SplitMix64 gives the published outputs and the index mapping favours no index",
          "[bootstrap]") {
  // The first outputs for seed 0, as published with the algorithm.
  iosr::detail::splitmix64 g(0);
  CHECK(g.next() == 0xE220A8397B1DCDAFu);
  CHECK(g.next() == 0x6E789E6AA1B965F4u);
  CHECK(g.next() == 0x06C45D188009454Fu);
  // Indices stay in range and cover it evenly (3 does not divide 2^64: the mapping rejects).
  iosr::detail::splitmix64 h(42);
  std::map<std::size_t, int> counts;
  for (int i = 0; i < 30000; ++i) ++counts[iosr::detail::uniform_index(h, 3)];
  REQUIRE(counts.size() == 3);
  for (const auto& [index, count] : counts) {
    CHECK(index < 3);
    CHECK(std::abs(count - 10000) < 400);  // 4 standard deviations of a binomial(30000, 1/3)
  }
  iosr::detail::splitmix64 one(7);
  CHECK(iosr::detail::uniform_index(one, 1) == 0);
  // FNV-1a of the empty label is its offset basis; of "a", the published 0xAF63DC4C8601EC8C.
  CHECK(iosr::detail::bootstrap_seed("") == 0xCBF29CE484222325u);
  CHECK(iosr::detail::bootstrap_seed("a") == 0xAF63DC4C8601EC8Cu);
}

TEST_CASE("The bootstrap interval of the sample's geometric means is the same every time",
          "[bootstrap]") {
  const auto c = compare_paths({sample_xml});
  const auto again = compare_paths({sample_xml});
  CHECK(c.statistics.bootstrap == 2000);
  for (std::size_t k = 0; k < c.configurations.size(); ++k) {
    const auto& conf = c.configurations[k];
    INFO(conf.label);
    CHECK(conf.geomean_ci_low == again.configurations[k].geomean_ci_low);
    CHECK(conf.geomean_ci_high == again.configurations[k].geomean_ci_high);
    if (conf.scheduler == "none") {
      CHECK_FALSE(conf.geomean_ci_low);  // the baseline
      continue;
    }
    REQUIRE(conf.geomean_ci_low);
    CHECK(conf.geomean_ci_tests == 3);
    CHECK(*conf.geomean_ci_low < *conf.geomean_ratio);
    CHECK(*conf.geomean_ratio < *conf.geomean_ci_high);
  }
  // Pinned to what an independent Python implementation of the same draws gives
  // (tests/statistics_scipy_test.py): the same indices on every platform, and logarithms that
  // may differ in their last bits.
  const auto* mq = find_configuration(c, "mq-deadline");
  REQUIRE(mq);
  CHECK(relative(mq->geomean_ci_low, 0.9698005400638284, 1e-12));
  CHECK(relative(mq->geomean_ci_high, 0.9749082997492549, 1e-12));
  const auto* bfq = find_configuration(c, "bfq");
  REQUIRE(bfq);
  CHECK(relative(bfq->geomean_ci_low, 0.7494149277372955, 1e-12));
  CHECK(relative(bfq->geomean_ci_high, 0.7548457747636866, 1e-12));
}

TEST_CASE("Tests without runs enter the bootstrap as fixed ratios", "[bootstrap]") {
  // One test with runs on both sides, one without any: the interval resamples one test.
  auto f = file("x.xml",
                {chart("a", "", "MB/s", iosr::direction::higher, {{"None", "10"}, {"x", "12"}}),
                 chart("b", "", "MB/s", iosr::direction::higher, {{"None", "10"}, {"x", "20"}})});
  f.results[0].entries[0].samples = {"9", "10", "11"};
  f.results[0].entries[1].samples = {"11", "12", "13"};
  const auto c = iosr::compare(std::vector{f});
  const auto* x = find_configuration(c, "x");
  REQUIRE(x);
  CHECK(x->tests_compared == 2);
  CHECK(x->geomean_ci_tests == 1);
  REQUIRE(x->geomean_ci_low);
  // sqrt(1.2 * 2) with the first ratio varying: the fixed 2 keeps the interval about it.
  CHECK(*x->geomean_ci_low < std::sqrt(2.4));
  CHECK(*x->geomean_ci_high > std::sqrt(2.4));
  CHECK(*x->geomean_ci_high < std::sqrt(13.0 / 9 * 2) + 1e-12);  // the extreme resamples

  iosr::compare_options none;
  none.bootstrap = 0;
  const auto off = iosr::compare(std::vector{f}, none);
  CHECK_FALSE(find_configuration(off, "x")->geomean_ci_low);
  CHECK(off.statistics.bootstrap == 0);
}

TEST_CASE("Runs and ratios beyond the doubles give no bootstrap interval, and no exception",
          "[bootstrap]") {
  // Runs whose resampled sum would overflow are fixed; a ratio that overflows ends the
  // configuration's interval.
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

TEST_CASE("A bootstrap beyond the work limit draws nothing and says so", "[bootstrap]") {
  auto f = file("x.xml",
                {chart("a", "", "MB/s", iosr::direction::higher, {{"None", "10"}, {"x", "12"}})});
  f.results[0].entries[0].samples = {"9", "10", "11"};
  iosr::compare_options o;
  o.bootstrap = 200'000'000;  // 3 runs a resample: 6e8 draws, above the limit of 4e8
  const auto c = iosr::compare(std::vector{f}, o);
  CHECK_FALSE(find_configuration(c, "x")->geomean_ci_low);
  CHECK(c.statistics.bootstrap == 0);
  REQUIRE(c.notes.size() == 1);
  CHECK(c.notes[0] ==
        iosr::note{iosr::message_code::bootstrap_too_large,
                   "no bootstrap intervals: 200000000 resamples of these runs would draw "
                   "600000000 indices, more than the limit of 400000000; ask for fewer with "
                   "--bootstrap"});
}
