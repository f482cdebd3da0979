// SPDX-License-Identifier: MIT
// The trend's baselines: per machine, group and point the configuration --baseline names (by
// default none, else noop), or with --by label the point every other is measured against.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "iosr/match.hpp"
#include "trend/trend_steps.hpp"

namespace iosr::detail {

std::optional<std::uint32_t> trend_baselines::of(const trend& t, std::uint32_t c,
                                                 std::uint32_t p) const {
  const auto& conf = t.configurations[c];
  auto g = at.find({conf.machine, conf.group});
  if (g == at.end()) return std::nullopt;
  auto it = g->second.find(p);
  if (it == g->second.end()) return std::nullopt;
  return it->second.second;
}

trend_baselines choose_baselines(const trend_input& in, const trend_options& options,
                                 std::span<const std::uint32_t> configuration_of,
                                 std::span<const placed_run> runs, trend& out) {
  trend_baselines baselines;
  const auto& confs = out.configurations;
  if (options.by == trend_by::label) {
    std::optional<std::uint32_t> baseline_point;
    if (!out.points.empty()) baseline_point = 0;
    if (options.baseline.empty()) {
      // As compare chooses (default_baseline_rank): the label of a system with the none
      // scheduler, else noop, the first such in point order; else (kernel posts, whose labels
      // name no scheduler) the first point.
      std::optional<int> best;
      for (std::uint32_t p = 0; p < out.points.size(); ++p) {
        for (const auto& system : in.systems) {
          if (system.label != out.points[p].name) continue;
          const auto rank = default_baseline_rank(system.scheduler);
          if (rank && (!best || *rank < *best)) {
            best = rank;
            baseline_point = p;
          }
          break;
        }
      }
    } else {
      // A label that names no point is a usage error, as in compare: an empty trend would hide
      // the typing error.
      baseline_point.reset();
      name_check named("--baseline", {options.baseline}, "point");
      for (std::uint32_t p = 0; p < out.points.size(); ++p) {
        if (named.look({out.points[p].name}, "", out.points[p].name)) baseline_point = p;
      }
      named.check();
    }
    out.baseline_point = baseline_point;
    return baselines;
  }
  auto named_by = [&](const trend_configuration& c, const trend_system& s) {
    return names_configuration(options.baseline, {s.label, s.name, c.name}, c.scheduler);
  };
  // A --baseline that names no system is a usage error, as in compare and as --only's names
  // are; one that names some machines' configurations only leaves the others without ratios.
  if (!options.baseline.empty()) {
    name_check named("--baseline", {options.baseline});
    for (std::size_t i = 0; i < in.systems.size(); ++i) {
      const auto& c = confs[configuration_of[i]];
      named.look({in.systems[i].label, in.systems[i].name, c.name}, c.scheduler, c.name);
    }
    named.check();
  }
  // Which configurations are at which points, from the systems (kernel) or the runs (date).
  std::vector<std::pair<std::uint32_t, std::uint32_t>> present;  // (configuration, point)
  for (const auto& r : runs) {
    present.emplace_back(configuration_of_key(r.key), point_of_key(r.key));
  }
  std::sort(present.begin(), present.end());
  present.erase(std::unique(present.begin(), present.end()), present.end());
  std::vector<const trend_system*> system_of_configuration(confs.size(), nullptr);
  for (std::size_t i = 0; i < in.systems.size(); ++i) {
    if (!system_of_configuration[configuration_of[i]])
      system_of_configuration[configuration_of[i]] = &in.systems[i];
  }
  for (const auto& [c, p] : present) {
    const auto& conf = confs[c];
    std::optional<int> ranked;
    if (options.baseline.empty()) {
      ranked = default_baseline_rank(conf.scheduler);
    } else if (named_by(conf, *system_of_configuration[c])) {
      ranked = 0;
    }
    if (!ranked) continue;
    const int rank = *ranked;
    auto& at_point = baselines.at[{conf.machine, conf.group}];
    auto [it, added] = at_point.try_emplace(p, rank, c);
    if (!added && rank < it->second.first) it->second = {rank, c};
  }
  return baselines;
}

void note_baseline_point(trend& out) {
  if (out.by == trend_by::label && out.baseline_point) {
    out.notes.push_back({message_code::baseline_point,
                         "every point against '" + out.points[*out.baseline_point].name + "'"});
  }
}

}  // namespace iosr::detail
