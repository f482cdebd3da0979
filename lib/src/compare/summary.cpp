// SPDX-License-Identifier: MIT
// The summary per configuration (geometric mean ratio, places, mean rank) and the test order.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <map>
#include <numeric>
#include <optional>
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
  sort_tests(c, order);
}

}  // namespace iosr::detail
