// SPDX-License-Identifier: MIT
// The summary per configuration (geometric mean ratio and each test's share of it, the tests that
// carry it, places, mean rank), the summary's order and the test order.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <map>
#include <numeric>
#include <optional>
#include <utility>
#include <vector>

#include "compare/engine.hpp"

namespace iosr::detail {

namespace {

struct tally {
  double log_sum = 0;
  std::size_t rank_sum = 0;
  std::size_t ranked = 0;
};

void count_places(comparison& c, const compared_test& test, std::vector<tally>& tallies) {
  // Places count only where the group has at least two ranked entries to be placed among.
  std::map<std::size_t, std::size_t> ranked;
  std::map<std::size_t, std::size_t> last;
  for (const auto& e : test.entries) {
    if (e.rank == 0) continue;
    const auto g = c.configurations[e.configuration].compare_group;
    ++ranked[g];
    last[g] = std::max(last[g], e.rank);
  }
  for (const auto& e : test.entries) {
    auto& conf = c.configurations[e.configuration];
    auto& t = tallies[e.configuration];
    if (e.ratio) {
      t.log_sum += std::log(*e.ratio);
      ++conf.tests_compared;
    }
    if (e.rank == 0 || ranked[conf.compare_group] < 2) continue;
    t.rank_sum += e.rank;
    ++t.ranked;
    if (e.rank == 1) {
      ++conf.first_places;
    } else if (e.rank == last[conf.compare_group]) {
      ++conf.last_places;
    }
  }
}

double largest_delta(const compared_test& test) {
  double largest = -1;  // below every real |delta|: tests without deltas go last
  for (const auto& e : test.entries) {
    if (e.delta_pct) largest = std::max(largest, std::fabs(*e.delta_pct));
  }
  return largest;
}

void sort_tests(comparison& c, test_order order) {
  if (order == test_order::file) return;
  std::vector<std::size_t> perm(c.tests.size());
  std::iota(perm.begin(), perm.end(), std::size_t{0});
  std::vector<double> deltas;
  for (const auto& t : c.tests) deltas.push_back(largest_delta(t));
  std::stable_sort(perm.begin(), perm.end(), [&](std::size_t a, std::size_t b) {
    if (order == test_order::delta) return deltas[a] > deltas[b];
    const auto& x = c.tests[a];
    const auto& y = c.tests[b];
    if (x.title != y.title) return x.title < y.title;
    return x.description < y.description;
  });
  std::vector<compared_test> sorted;
  std::vector<std::size_t> new_index(perm.size());
  for (std::size_t n = 0; n < perm.size(); ++n) {
    new_index[perm[n]] = n;
    sorted.push_back(std::move(c.tests[perm[n]]));
  }
  c.tests = std::move(sorted);
  for (auto& u : c.unmatched) u = new_index[u];
  std::sort(c.unmatched.begin(), c.unmatched.end());
}

// A test a configuration lost (docs/compare.md, "Failed runs"): its run failed, or a
// higher-is-better value is 0 or below (the worst there is, as the regression gate counts it),
// where it would have had a ratio: its group's baseline has a value there, or, for the
// baseline, another configuration of its group has one.
bool lost_value(const compared_entry& e, direction dir) {
  return e.kind == entry_kind::failed ||
         (dir == direction::higher && e.value && !(*e.value > 0.0) &&
          (e.kind == entry_kind::number || e.kind == entry_kind::series));
}

void find_lost_tests(comparison& c) {
  for (std::size_t t = 0; t < c.tests.size(); ++t) {
    const auto& test = c.tests[t];
    const auto bases = baseline_entries(c, test);
    for (const auto& e : test.entries) {
      auto& conf = c.configurations[e.configuration];
      const auto& group = c.compare_groups[conf.compare_group];
      if (!group.baseline) continue;
      const auto base = bases.find(conf.compare_group);
      bool lost = false;
      if (*group.baseline != e.configuration) {
        lost = base != bases.end() && lost_value(e, test.direction);
      } else {
        // The baseline's own: lost when its failure or its value leaves the others without a
        // ratio here, and another configuration of the group ran.
        const bool without = base == bases.end() || lost_value(*base->second, test.direction);
        const bool others = std::any_of(test.entries.begin(), test.entries.end(), [&](const auto& o) {
          return o.configuration != e.configuration && has_magnitude(o) &&
                 c.configurations[o.configuration].compare_group == conf.compare_group;
        });
        lost = without && others && lost_value(e, test.direction);
      }
      if (lost && (conf.lost_tests.empty() || conf.lost_tests.back() != t)) {
        conf.lost_tests.push_back(t);
      }
    }
  }
  for (auto& conf : c.configurations) {
    if (conf.lost_tests.empty()) continue;
    conf.geomean_ratio.reset();
    conf.geomean_ci_low.reset();
    conf.geomean_ci_high.reset();
    conf.geomean_ci_tests = 0;
  }
}

// Each entry's share of its configuration's log-ratio sum; none for a configuration without a
// geometric mean.
void share_out(comparison& c, const std::vector<tally>& tallies) {
  for (auto& test : c.tests) {
    for (auto& e : test.entries) {
      if (!c.configurations[e.configuration].geomean_ratio) continue;
      const double sum = tallies[e.configuration].log_sum;
      // A ratio past a double (1e308 against 1e-300) has an infinite log: no share is finite.
      if (e.ratio && sum != 0.0 && std::isfinite(sum)) e.geomean_share = std::log(*e.ratio) / sum;
    }
  }
}

// "Most" of a mean: more than half of its log-ratio sum, from one or two tests whose shares
// are each at least twice the next one's. Among fewer tests than this, two of them are a
// third or more of the tests, and carrying half is no news.
constexpr std::size_t carried_among = 6;
// A mean this close to 1 is carried by nothing worth saying.
constexpr double carried_from_one = 0.01;

void find_carriers(comparison& c, const std::vector<tally>& tallies) {
  std::vector<std::vector<std::pair<double, std::size_t>>> shares(c.configurations.size());
  for (std::size_t t = 0; t < c.tests.size(); ++t) {
    for (const auto& e : c.tests[t].entries) {
      if (e.geomean_share) shares[e.configuration].emplace_back(*e.geomean_share, t);
    }
  }
  for (std::size_t i = 0; i < c.configurations.size(); ++i) {
    auto& conf = c.configurations[i];
    auto& mine = shares[i];
    if (!conf.geomean_ratio || conf.tests_compared < carried_among ||
        std::fabs(*conf.geomean_ratio - 1.0) < carried_from_one) {
      continue;
    }
    // Largest share first; equal shares in test order.
    std::stable_sort(mine.begin(), mine.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    double carried = 0;
    for (std::size_t k = 0; k < 2 && k < mine.size(); ++k) {
      carried += mine[k].first;
      // They must stand out: each at least twice the next test's share, or three alike would
      // read as carried by two of them.
      const bool stand_out = k + 1 >= mine.size() || mine[k].first >= 2 * mine[k + 1].first;
      if (carried > 0.5 && stand_out) {
        double rest = tallies[i].log_sum;
        for (std::size_t j = 0; j <= k; ++j) {
          conf.carried_by.push_back(mine[j].second);
          rest -= tallies[i].log_sum * mine[j].first;
        }
        std::sort(conf.carried_by.begin(), conf.carried_by.end());
        conf.geomean_without = std::exp(rest / static_cast<double>(conf.tests_compared - k - 1));
        break;
      }
    }
  }
}

// By group; within one, best first as docs/compare.md says, or by label for --sort name.
void order_summary(comparison& c, test_order order) {
  c.summary_order.resize(c.configurations.size());
  std::iota(c.summary_order.begin(), c.summary_order.end(), std::size_t{0});
  std::stable_sort(c.summary_order.begin(), c.summary_order.end(), [&](auto a, auto b) {
    const auto& x = c.configurations[a];
    const auto& y = c.configurations[b];
    if (x.compare_group != y.compare_group) return x.compare_group < y.compare_group;
    if (order == test_order::name) return x.label < y.label;
    if (x.geomean_ratio.has_value() != y.geomean_ratio.has_value()) {
      return x.geomean_ratio.has_value();
    }
    if (x.geomean_ratio && *x.geomean_ratio != *y.geomean_ratio) {
      return *x.geomean_ratio > *y.geomean_ratio;
    }
    if (x.mean_rank.has_value() != y.mean_rank.has_value()) return x.mean_rank.has_value();
    return x.mean_rank && *x.mean_rank < *y.mean_rank;
  });
}

}  // namespace

void summarize(comparison& c, test_order order) {
  std::vector<tally> tallies(c.configurations.size());
  for (const auto& test : c.tests) count_places(c, test, tallies);
  for (std::size_t i = 0; i < c.configurations.size(); ++i) {
    auto& conf = c.configurations[i];
    const auto& t = tallies[i];
    if (conf.tests_compared > 0) {
      conf.geomean_ratio = std::exp(t.log_sum / static_cast<double>(conf.tests_compared));
    }
    if (t.ranked > 0) {
      conf.mean_rank = static_cast<double>(t.rank_sum) / static_cast<double>(t.ranked);
    }
  }
  // What "N of M tests" counts: the tests of the configuration's own input, not of all inputs.
  std::vector<std::size_t> tests_of_input(c.inputs.size(), 0);
  for (const auto& test : c.tests) {
    for (auto i : test.inputs) ++tests_of_input[i];
  }
  for (auto& conf : c.configurations) conf.tests_total = tests_of_input[conf.input];
  sort_tests(c, order);
  find_lost_tests(c);
  share_out(c, tallies);
  find_carriers(c, tallies);
  order_summary(c, order);
}

}  // namespace iosr::detail
