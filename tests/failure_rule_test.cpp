// SPDX-License-Identifier: MIT
// Failures never flatter (docs/compare.md, "Failed runs"): on generated comparisons, failing any
// entry never improves its configuration's place in the summary, mean rank, wins, last places
// or geometric mean, neither against the entry as it ran nor against the entry having run and
// come last. Then the rule's parts one by one on a hand-made file.
#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "catch.hpp"
#include "compare_support.hpp"
#include "iosr/compare.hpp"
#include "iosr/read.hpp"
#include "simulation/known_truth.hpp"

namespace {

using namespace test_support;

struct standing {
  std::size_t place = 0;  // in the summary's order, among every configuration
  std::optional<double> geomean;
  std::optional<double> mean_rank;
  std::size_t first = 0;
  std::size_t last = 0;
  bool interval = false;
};

standing standing_of(const iosr::comparison& c, const std::string& label) {
  standing s;
  for (std::size_t k = 0; k < c.summary_order.size(); ++k) {
    const auto& conf = c.configurations[c.summary_order[k]];
    if (conf.label != label) continue;
    s.place = k;
    s.geomean = conf.geomean_ratio;
    s.mean_rank = conf.mean_rank;
    s.first = conf.first_places;
    s.last = conf.last_places;
    s.interval = conf.geomean_ci_low.has_value();
  }
  return s;
}

iosr::comparison compare_one(const iosr::result_file& f) {
  iosr::compare_options o;
  o.power = 0;  // the detectable deltas take no part in ranks or means, and cost most
  return iosr::compare(std::vector<iosr::result_file>{f}, o);
}

iosr::entry& entry_of(iosr::result_file& f, std::size_t test, const std::string& label) {
  for (auto& e : f.results[test].entries) {
    if (e.label == label) return e;
  }
  FAIL("no entry " << label);
  return f.results[test].entries.front();
}

void fail(iosr::entry& e) {
  e.kind = iosr::entry_kind::failed;
  e.value.reset();
  e.value_text.clear();
  e.samples.clear();
  e.error = "E: simulated";
}

std::string text_of(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.6g", x);
  return buffer;
}

// The entry as if it had run and come last: below (or, lower being better, above) every other
// entry of the test, with runs around its value.
void come_last(iosr::result_file& f, std::size_t test, const std::string& label) {
  const auto& r = f.results[test];
  const bool higher = r.direction == iosr::direction::higher;
  double worst = higher ? 1e300 : 0;
  for (const auto& e : r.entries) {
    if (e.label == label || !e.value) continue;
    worst = higher ? std::min(worst, *e.value) : std::max(worst, *e.value);
  }
  auto& e = entry_of(f, test, label);
  const double v = higher ? worst * 0.9 : worst / 0.9;
  e.value_text = text_of(v);
  e.value = std::stod(e.value_text);
  e.samples = {text_of(v * 0.99), text_of(v), text_of(v * 1.01)};
}

// Worse or the same: a later place, no better mean (none is no better than any), a mean rank
// as high or higher, no more wins, as many last places or more.
void check_no_better(const standing& failed, const standing& other, const char* against) {
  INFO("against the entry " << against);
  CHECK(failed.place >= other.place);
  if (failed.geomean && other.geomean) CHECK(*failed.geomean <= *other.geomean);
  if (!other.geomean) CHECK(!failed.geomean);
  if (failed.mean_rank && other.mean_rank) CHECK(*failed.mean_rank >= *other.mean_rank);
  CHECK(failed.first <= other.first);
  CHECK(!failed.interval);
}

}  // namespace

TEST_CASE("Failing an entry never improves its configuration's place, mean or ranks",
          "[compare][failures][simulation]") {
  iosr_simulation::setting s;
  s.runs = 3;
  s.tests = 4;
  s.configurations = 3;
  s.effect = 0.15;  // configurations far enough apart to change places
  std::size_t checked = 0;
  for (std::uint64_t seed = 500; seed < 540; ++seed) {
    const auto generated = iosr_simulation::generate(s, seed);
    const auto original = iosr::read_results(generated.xml, "generated.xml");
    const auto as_run = compare_one(original);
    std::vector<std::string> labels = {"None"};
    for (const auto& l : generated.labels) labels.push_back(l);
    for (std::size_t t = 0; t < s.tests; ++t) {
      for (const auto& label : labels) {
        INFO("seed " << seed << ", test " << t << ", " << label);
        auto failed_file = original;
        fail(entry_of(failed_file, t, label));
        const auto failed = standing_of(compare_one(failed_file), label);
        auto last_file = original;
        come_last(last_file, t, label);
        const auto last = standing_of(compare_one(last_file), label);
        check_no_better(failed, standing_of(as_run, label), "as it ran");
        check_no_better(failed, last, "having come last");
        // A failure is a last place, as coming last is.
        CHECK(failed.last >= last.last);
        CHECK(failed.mean_rank == last.mean_rank);
        // A second failure of the same configuration makes it no better still.
        auto twice = failed_file;
        fail(entry_of(twice, (t + 1) % s.tests, label));
        check_no_better(standing_of(compare_one(twice), label), failed, "failed once");
        ++checked;
      }
    }
  }
  CHECK(checked == 40 * 4 * 4);
}

TEST_CASE("A failed run ranks last, loses its configuration's mean and ranks it after the rest",
          "[compare][failures]") {
  // x wins b and c but failed a: without a, its mean would be the best (1.5); it has none, and
  // comes after y, whose mean is below 1.
  auto f = file("x.xml",
                {chart("a", "", "MB/s", iosr::direction::higher,
                       {{"None", "10"}, {"x", ""}, {"y", "9"}}),
                 chart("b", "", "MB/s", iosr::direction::higher,
                       {{"None", "10"}, {"x", "15"}, {"y", "9"}}),
                 chart("c", "", "s", iosr::direction::lower,
                       {{"None", "10"}, {"x", "6.6666667"}, {"y", "11"}})});
  const auto c = iosr::compare(std::vector{f});
  const auto* a = find_test(c, "a", "");
  const auto* xa = find_entry(c, *a, "x");
  REQUIRE(xa);
  CHECK(xa->rank == 3);  // below None (1) and y (2)
  CHECK(entry_order(c, *a) == std::vector<std::string>{"None", "y", "x"});
  CHECK(find_entry(c, *a, "y")->rank == 2);
  const auto* x = find_configuration(c, "x");
  const auto* y = find_configuration(c, "y");
  CHECK_FALSE(x->geomean_ratio);
  CHECK_FALSE(x->geomean_ci_low);
  CHECK(x->tests_compared == 2);
  REQUIRE(x->lost_tests.size() == 1);
  CHECK(c.tests[x->lost_tests[0]].title == "a");
  CHECK(x->last_places == 1);  // the failure's, not y's
  CHECK(y->last_places == 2);  // b and c
  CHECK(x->mean_rank == Approx((3 + 1 + 1) / 3.0));
  // No share of a mean it does not have.
  for (const auto& t : c.tests) {
    for (const auto& e : t.entries) {
      if (e.configuration == static_cast<std::size_t>(x - c.configurations.data())) {
        CHECK_FALSE(e.geomean_share);
      }
    }
  }
  std::vector<std::string> order;
  for (auto i : c.summary_order) order.push_back(c.configurations[i].label);
  CHECK(order == std::vector<std::string>{"None", "y", "x"});
}

TEST_CASE("The baseline's failure ranks it after the configurations with a mean",
          "[compare][failures]") {
  // None failed in a, where x and y ran: their ratios there are unknown, so None may not be
  // measured as if a did not exist.
  auto f = file("x.xml",
                {chart("a", "", "MB/s", iosr::direction::higher,
                       {{"None", ""}, {"x", "12"}, {"y", "9"}}),
                 chart("b", "", "MB/s", iosr::direction::higher,
                       {{"None", "10"}, {"x", "9"}, {"y", "8"}})});
  const auto c = iosr::compare(std::vector{f});
  const auto* none = find_configuration(c, "None");
  REQUIRE(none->lost_tests.size() == 1);
  CHECK_FALSE(none->geomean_ratio);
  CHECK(find_entry(c, c.tests[0], "None")->rank == 3);
  std::vector<std::string> order;
  for (auto i : c.summary_order) order.push_back(c.configurations[i].label);
  CHECK(order == std::vector<std::string>{"x", "y", "None"});
  // x and y keep their means over b.
  CHECK(find_configuration(c, "x")->geomean_ratio == Approx(0.9));
}

TEST_CASE("A throughput of 0 is lost as a failure is; a failure without a baseline value is not",
          "[compare][failures]") {
  auto f = file("x.xml",
                {chart("a", "", "MB/s", iosr::direction::higher,
                       {{"None", "10"}, {"x", "0"}, {"y", "9"}}),
                 chart("b", "", "MB/s", iosr::direction::higher,
                       {{"None", ""}, {"x", "9"}, {"y", ""}}),
                 chart("c", "", "s", iosr::direction::lower,
                       {{"None", "10"}, {"x", "0"}, {"y", "9"}})});
  const auto c = iosr::compare(std::vector{f});
  const auto* x = find_configuration(c, "x");
  REQUIRE(x->lost_tests.size() == 1);  // a: 0 MB/s; a time of 0 in c is no loss
  CHECK(c.tests[x->lost_tests[0]].title == "a");
  CHECK_FALSE(x->geomean_ratio);
  // y failed in b, where the baseline failed too: it would have had no ratio there.
  const auto* y = find_configuration(c, "y");
  CHECK(y->lost_tests.empty());
  CHECK(y->geomean_ratio);
  CHECK(find_entry(c, *find_test(c, "b", ""), "y")->rank == 2);
  // None failed in b, where x ran: lost.
  CHECK(find_configuration(c, "None")->lost_tests.size() == 1);
}
