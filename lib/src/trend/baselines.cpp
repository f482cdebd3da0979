// SPDX-License-Identifier: MIT
// The trend's baselines: per machine, group and point the configuration --baseline names (by
// default none, else noop), or with --by label the point every other is measured against.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "iosr/match.hpp"
#include "trend/trend_steps.hpp"

namespace iosr::detail {

namespace {

// The most (configuration, point) cells choose_baselines() marks in a table (a bit each).
constexpr std::size_t dense_present_limit = std::size_t{1} << 24;
// The most (configuration, point) cells trend_baselines::dense holds (4 bytes each).
constexpr std::size_t dense_baseline_limit = std::size_t{1} << 20;

}  // namespace

std::optional<std::uint32_t> trend_baselines::of(std::uint32_t c, std::uint32_t p) const {
  if (!dense.empty()) {
    if (c >= group_of.size() || p >= point_count) return std::nullopt;
    const auto b = dense[std::size_t{c} * point_count + p];
    if (b == no_group) return std::nullopt;
    return b;
  }
  if (c >= group_of.size() || group_of[c] == no_group) return std::nullopt;
  const auto& points = groups[group_of[c]];
  auto it = std::lower_bound(points.begin(), points.end(), p,
                             [](const auto& at, std::uint32_t point) { return at.first < point; });
  if (it == points.end() || it->first != p) return std::nullopt;
  return it->second;
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
  // (machine, group) -> per point: the baseline configuration and its rank (lower wins).
  std::map<std::pair<std::size_t, std::string>,
           std::map<std::uint32_t, std::pair<int, std::uint32_t>>>
      at;
  // Which configurations are at which points, from the systems (kernel) or the runs (date),
  // in (configuration, point) order. Marked in a table of every configuration and point when
  // it is small (a store's 100 configurations at 40 kernels: 4,000 bits), which spares a
  // million runs' pairs (8 MB) and their sort; else those pairs, sorted.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> present;  // (configuration, point)
  const std::size_t point_count = out.points.size();
  if (point_count != 0 && confs.size() <= dense_present_limit / point_count) {
    std::vector<bool> marked(confs.size() * point_count);
    for (const auto& r : runs) {
      marked[configuration_of_key(r.key) * point_count + point_of_key(r.key)] = true;
    }
    for (std::uint32_t c = 0; c < confs.size(); ++c) {
      for (std::uint32_t p = 0; p < point_count; ++p) {
        if (marked[c * point_count + p]) present.emplace_back(c, p);
      }
    }
  } else {
    for (const auto& r : runs) {
      present.emplace_back(configuration_of_key(r.key), point_of_key(r.key));
    }
    std::sort(present.begin(), present.end());
    present.erase(std::unique(present.begin(), present.end()), present.end());
  }
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
    auto& at_point = at[{conf.machine, conf.group}];
    auto [it, added] = at_point.try_emplace(p, rank, c);
    if (!added && rank < it->second.first) it->second = {rank, c};
  }
  // Flattened for of(): each group's points in order, and each configuration's group.
  baselines.group_of.assign(confs.size(), trend_baselines::no_group);
  std::map<std::pair<std::size_t, std::string>, std::uint32_t> group_index;
  for (const auto& [group, points] : at) {
    group_index.emplace(group, static_cast<std::uint32_t>(baselines.groups.size()));
    auto& flat = baselines.groups.emplace_back();
    for (const auto& [p, ranked] : points) flat.emplace_back(p, ranked.second);
  }
  for (std::size_t c = 0; c < confs.size(); ++c) {
    auto it = group_index.find({confs[c].machine, confs[c].group});
    if (it != group_index.end()) baselines.group_of[c] = it->second;
  }
  if (point_count != 0 && confs.size() <= dense_baseline_limit / point_count) {
    std::vector<std::uint32_t> dense(confs.size() * point_count, trend_baselines::no_group);
    for (std::size_t c = 0; c < confs.size(); ++c) {
      if (baselines.group_of[c] == trend_baselines::no_group) continue;
      for (const auto& [p, b] : baselines.groups[baselines.group_of[c]]) {
        dense[c * point_count + p] = b;
      }
    }
    baselines.dense = std::move(dense);
    baselines.point_count = point_count;
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
