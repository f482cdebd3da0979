// SPDX-License-Identifier: MIT
// Choosing each group's baseline: `none`, else `noop`, or what --baseline names.
#include <algorithm>
#include <cstddef>
#include <functional>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include "compare/engine.hpp"
#include "iosr/match.hpp"

namespace iosr::detail {

namespace {

// --baseline takes a label (as shown or as written), a name, or a scheduler in any spelling.
bool named_by(const configuration& conf, const std::string& wanted) {
  return names_configuration(wanted, {conf.label, conf.source_label, conf.name}, conf.scheduler);
}

std::vector<std::size_t> candidates(const comparison& c, const std::vector<std::size_t>& members,
                                    const std::function<bool(const configuration&)>& pred) {
  std::vector<std::size_t> found;
  for (auto i : members) {
    if (pred(c.configurations[i])) found.push_back(i);
  }
  return found;
}

// Puts the configurations in group order with each baseline first, and renumbers the
// references to them.
void order_configurations(comparison& c) {
  std::vector<std::size_t> order(c.configurations.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  auto is_baseline = [&](std::size_t i) {
    return c.compare_groups[c.configurations[i].compare_group].baseline == i;
  };
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const auto ga = c.configurations[a].compare_group;
    const auto gb = c.configurations[b].compare_group;
    if (ga != gb) return ga < gb;
    return is_baseline(a) && !is_baseline(b);
  });
  std::vector<std::size_t> new_index(order.size());
  std::vector<configuration> ordered;
  for (std::size_t n = 0; n < order.size(); ++n) {
    new_index[order[n]] = n;
    ordered.push_back(std::move(c.configurations[order[n]]));
  }
  c.configurations = std::move(ordered);
  for (auto& g : c.compare_groups) {
    if (g.baseline) g.baseline = new_index[*g.baseline];
  }
  for (auto& t : c.tests) {
    for (auto& e : t.entries) e.configuration = new_index[e.configuration];
  }
}

}  // namespace

void choose_baselines(comparison& c, const compare_options& options) {
  // A --baseline that names no configuration of any group is a usage error; one missing from
  // some groups only is a note there.
  if (!options.baseline.empty()) {
    name_check baseline("--baseline", {options.baseline});
    for (const auto& conf : c.configurations) {
      baseline.look({conf.label, conf.source_label, conf.name}, conf.scheduler, conf.label);
    }
    baseline.check();
  }
  std::vector<std::vector<std::size_t>> members(c.compare_groups.size());
  for (std::size_t i = 0; i < c.configurations.size(); ++i) {
    members[c.configurations[i].compare_group].push_back(i);
  }
  for (std::size_t g = 0; g < c.compare_groups.size(); ++g) {
    auto& group = c.compare_groups[g];
    // One group is the whole comparison: its made-up name (`all`) would say nothing.
    const std::string where =
        c.compare_groups.size() == 1 ? std::string("the comparison") : "group '" + group.name + "'";
    std::vector<std::size_t> found;
    if (!options.baseline.empty()) {
      found = candidates(c, members[g], [&](const configuration& conf) {
        return named_by(conf, options.baseline);
      });
      if (found.empty()) {
        c.notes.push_back({message_code::baseline_not_found,
                           "no baseline in " + where + ": no configuration is named '" +
                               options.baseline + "' (a label, a name or a scheduler)"});
        continue;
      }
    } else {
      // The members of the best default rank, in group order: one pass.
      std::optional<int> best;
      for (auto i : members[g]) {
        const auto& conf = c.configurations[i];
        const auto rank = default_baseline_rank(conf.scheduler, conf.named_baseline);
        if (!rank || (best && *rank > *best)) continue;
        if (!best || *rank < *best) found.clear();
        best = rank;
        found.push_back(i);
      }
      if (best > 0) {
        c.notes.push_back(
            {message_code::baseline_noop, "baseline noop (legacy single-queue kernel) in " + where +
                                              ": " + c.configurations[found.front()].label});
      }
      if (found.empty()) {
        c.notes.push_back({message_code::no_baseline,
                           "no baseline in " + where +
                               ": no configuration uses the none or noop scheduler; name one "
                               "with --baseline"});
        continue;
      }
    }
    group.baseline = found.front();
    if (found.size() > 1) {
      c.notes.push_back({message_code::baseline_ambiguous,
                         std::to_string(found.size()) +
                             " configurations could be the baseline in " + where +
                             "; the first is: " + c.configurations[found.front()].label});
    }
  }
  order_configurations(c);
}

}  // namespace iosr::detail
