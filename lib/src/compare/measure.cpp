// SPDX-License-Identifier: MIT
// Each entry against its group's baseline in the same test: delta, ratio, rank.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <map>
#include <unordered_map>
#include <vector>

#include "compare/engine.hpp"
#include "compare/ratio.hpp"

namespace iosr::detail {

namespace {

// A baseline at or below 0 gives no delta: against 0 it is infinite, and against a negative
// value its sign says the opposite of what happened. A value at or below 0 has a delta but no
// ratio (ratio.hpp). The row says which (missing_figure).
void compare_to(compared_entry& e, const compared_entry& base, direction dir) {
  e.baseline_value_text = base.value_text;
  if (!has_magnitude(e)) return;
  const double v = *e.value;
  const double b = *base.value;
  if (b == 0.0) {
    e.missing = missing_figure::baseline_zero;
    return;
  }
  if (b < 0.0) {
    e.missing = missing_figure::baseline_negative;
    return;
  }
  e.delta_pct = (v - b) / b * 100.0;
  e.ratio = performance_ratio(v, b, dir);
  if (!(v > 0.0) && dir != direction::none) e.missing = missing_figure::value_not_positive;
  // Past a double (1e308 against 1e-300) a figure is infinite: no number at all, and said so,
  // rather than an `inf` that JSON would write as null.
  if (!std::isfinite(*e.delta_pct) || (e.ratio && !std::isfinite(*e.ratio))) {
    e.delta_pct.reset();
    e.ratio.reset();
    e.missing = missing_figure::out_of_range;
  }
}

// Standard competition ranking ("1, 2, 2, 4"), best first by direction; equal values tie.
void rank_compare_group(std::vector<compared_entry*>& ranked, direction dir) {
  std::stable_sort(ranked.begin(), ranked.end(), [dir](const auto* a, const auto* b) {
    return dir == direction::higher ? *a->value > *b->value : *a->value < *b->value;
  });
  for (std::size_t i = 0; i < ranked.size(); ++i) {
    const bool tie = i > 0 && *ranked[i]->value == *ranked[i - 1]->value;
    ranked[i]->rank = tie ? ranked[i - 1]->rank : i + 1;
  }
}

void measure_test(comparison& c, compared_test& test) {
  auto compare_group_of = [&](const compared_entry& e) {
    return c.configurations[e.configuration].compare_group;
  };

  // The entries of each group present in this test; a map, as a test may hold few of many.
  std::map<std::size_t, std::vector<compared_entry*>> groups;
  for (auto& e : test.entries) groups[compare_group_of(e)].push_back(&e);

  const auto bases = baseline_entries(c, test);
  for (auto& [g, entries] : groups) {
    if (const auto found = bases.find(g); found != bases.end()) {
      // A copy: compare_to() changes the baseline's own entry too.
      const compared_entry base = *found->second;
      for (auto* e : entries) compare_to(*e, base, test.direction);
    } else if (c.compare_groups[g].baseline) {
      for (auto* e : entries) {
        if (has_magnitude(*e)) e->missing = missing_figure::baseline_absent;
      }
    }
    for (auto* e : entries) {
      if (e->kind == entry_kind::failed) e->missing = missing_figure::failed;
    }
    if (test.direction != direction::none) {
      std::vector<compared_entry*> ranked;
      for (auto* e : entries) {
        if (has_magnitude(*e)) ranked.push_back(e);
      }
      rank_compare_group(ranked, test.direction);
      // A run that failed ranks below every entry that ran, the failures tied: had it run, it
      // could have done no better than last (docs/compare.md, "Failed runs"). Among failures
      // alone there is no order.
      if (!ranked.empty()) {
        for (auto* e : entries) {
          if (e->kind == entry_kind::failed) e->rank = ranked.size() + 1;
        }
      }
    }
  }
}

}  // namespace

baseline_map baseline_entries(const comparison& c, const compared_test& test) {
  baseline_map found;
  for (const auto& e : test.entries) {
    const auto g = c.configurations[e.configuration].compare_group;
    if (c.compare_groups[g].baseline == e.configuration && has_magnitude(e)) found.try_emplace(g, &e);
  }
  return found;
}

const compared_entry* baseline_of(const comparison& c, const baseline_map& bases,
                                  const compared_entry& e) {
  const auto found = bases.find(c.configurations[e.configuration].compare_group);
  if (found == bases.end() || found->second->configuration == e.configuration) return nullptr;
  return found->second;
}

void measure(comparison& c) {
  for (auto& test : c.tests) measure_test(c, test);
}

void order_entries(comparison& c) {
  auto compare_group_of = [&](const compared_entry& e) {
    return c.configurations[e.configuration].compare_group;
  };
  for (auto& test : c.tests) {
    std::stable_sort(test.entries.begin(), test.entries.end(), [&](const auto& a, const auto& b) {
      if (compare_group_of(a) != compare_group_of(b)) {
        return compare_group_of(a) < compare_group_of(b);
      }
      if ((a.rank == 0) != (b.rank == 0)) return b.rank == 0;
      return a.rank < b.rank;
    });
  }
}

}  // namespace iosr::detail
