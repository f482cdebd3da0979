// SPDX-License-Identifier: MIT
// The trend's points: each system's kernel, label or day, ordered as the series runs.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "trend/trend_steps.hpp"

namespace iosr::detail {

std::vector<std::uint32_t> find_points(const trend_input& in, const trend_options& options,
                                       std::span<const std::int64_t> test_of, trend& out) {
  std::vector<std::optional<std::string>> system_point(in.systems.size());  // sort keys
  std::map<std::string, std::string> point_names;                           // key -> name
  // Only the systems and days with runs of the tests kept make points: other files' do not.
  std::vector<bool> used(in.systems.size(), false);
  for (const auto& r : in.runs) {
    if (r.test >= test_of.size() || test_of[r.test] < 0) continue;
    if (r.system < used.size()) used[r.system] = true;
  }
  if (options.by == trend_by::kernel) {
    // Each kernel as written parsed once: a store's thousands of systems ran a few dozen.
    std::map<std::string, std::optional<kernel_version>, std::less<>> parsed;
    for (std::size_t i = 0; i < in.systems.size(); ++i) {
      if (!used[i]) continue;
      const auto& kernel = in.systems[i].kernel;
      auto it = parsed.find(kernel);
      if (it == parsed.end()) it = parsed.emplace(kernel, parse_kernel_version(kernel)).first;
      if (const auto& v = it->second) {
        system_point[i] = v->sort_key;
        point_names.emplace(v->sort_key, v->text);
      }
    }
  } else if (options.by == trend_by::label) {
    // Labels in version order when every one is a kernel version, else in the order seen.
    bool all_versions = true;
    std::vector<std::optional<kernel_version>> parsed(in.systems.size());
    for (std::size_t i = 0; i < in.systems.size(); ++i) {
      parsed[i] = parse_kernel_version(in.systems[i].label);
      all_versions = all_versions && (parsed[i] || !used[i]);
    }
    std::map<std::string, std::size_t> first_seen;
    for (std::size_t i = 0; i < in.systems.size(); ++i) {
      first_seen.try_emplace(in.systems[i].label, first_seen.size());
    }
    for (std::size_t i = 0; i < in.systems.size(); ++i) {
      if (!used[i]) continue;
      const auto& label = in.systems[i].label;
      std::string key = all_versions && parsed[i] ? parsed[i]->sort_key + '\x1f' + label
                                                  : std::to_string(1000000000 + first_seen[label]);
      system_point[i] = key;
      point_names.emplace(key, label);
    }
  } else {
    // The days of the runs kept, not of every file: `YYYY-MM-DD` orders as dates do.
    for (std::size_t i = 0; i < in.systems.size(); ++i) {
      const auto& date = in.systems[i].date;
      if (!used[i] || !date || date->size() < 10) continue;
      system_point[i] = date->substr(0, 10);
      point_names.emplace(*system_point[i], *system_point[i]);
    }
  }
  std::map<std::string, std::uint32_t> point_index;
  for (const auto& [key, name] : point_names) {
    point_index.emplace(key, static_cast<std::uint32_t>(out.points.size()));
    out.points.push_back({name, key});
  }
  // Each system's point, looked up once rather than once per run.
  std::vector<std::uint32_t> point_of(in.systems.size(), no_point);
  for (std::size_t i = 0; i < in.systems.size(); ++i) {
    if (system_point[i]) point_of[i] = point_index.at(*system_point[i]);
  }
  return point_of;
}

}  // namespace iosr::detail
