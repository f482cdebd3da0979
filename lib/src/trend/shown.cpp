// SPDX-License-Identifier: MIT
// The trend's last step: the points and machines that no series has a value at or on are
// dropped, and the rest renumbered, so that what a format counts ("over N points", "Machine
// N") is what it shows.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "trend/trend_steps.hpp"

namespace iosr::detail {

void keep_shown(trend& out) {
  std::vector<bool> point_used(out.points.size(), false);
  std::vector<bool> machine_used(out.machines.size(), false);
  auto mark = [&](const std::vector<trend_series>& all) {
    for (const auto& s : all) {
      if (s.values.empty()) continue;
      machine_used[out.configurations[s.configuration].machine] = true;
      for (const auto& v : s.values) point_used[v.point] = true;
    }
  };
  mark(out.geomean);
  for (const auto& test : out.tests) mark(test.series);
  // The point every other is against is named in the notes and headings: it stays.
  if (out.baseline_point) point_used[*out.baseline_point] = true;

  constexpr auto gone = static_cast<std::size_t>(-1);
  auto renumber = [&](const std::vector<bool>& used, auto& items) {
    std::vector<std::size_t> to(used.size(), gone);
    std::size_t kept = 0;
    for (std::size_t i = 0; i < used.size(); ++i) {
      if (!used[i]) continue;
      to[i] = kept;
      if (kept != i) items[kept] = std::move(items[i]);
      ++kept;
    }
    items.resize(kept);
    return to;
  };
  const auto point_to = renumber(point_used, out.points);
  const auto machine_to = renumber(machine_used, out.machines);
  // A configuration of a machine no longer shown is on none: `gone`, past every machine, so
  // that it never reads as another machine's once the machines are renumbered.
  for (auto& c : out.configurations) {
    c.machine = c.machine < machine_to.size() ? machine_to[c.machine] : gone;
  }
  auto move_points = [&](std::vector<trend_series>& all) {
    for (auto& s : all) {
      for (auto& v : s.values) v.point = static_cast<std::uint32_t>(point_to[v.point]);
      for (auto& c : s.changes) {
        c.point = point_to[c.point];
        if (c.back) c.back = point_to[*c.back];  // an excursion's way back is a point too
      }
    }
  };
  move_points(out.geomean);
  for (auto& test : out.tests) move_points(test.series);
  if (out.baseline_point) out.baseline_point = point_to[*out.baseline_point];
}

}  // namespace iosr::detail
