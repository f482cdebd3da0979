// SPDX-License-Identifier: MIT
// compute_trend(): runs placed on (test, configuration, point), combined per point by geometric
// mean, measured against the baseline at the same point, then each series searched for steps.
// One sort of the runs does the grouping, so a million runs take a fraction of a second.
#include "iosr/trend.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "compare/ratio.hpp"
#include "iosr/match.hpp"
#include "trend/change_points.hpp"

namespace iosr {

namespace {

using detail::point_sums;

// The hardware fields that say which computer and disk ran a test. Graphics, audio, monitor
// and network are left out: they change with a driver (seed 004's Noop run shows `LLVMpipe`
// where its other runs, on the same laptop, show the NVIDIA card) and do not move I/O results.
constexpr std::string_view machine_keys[] = {"Processor", "Motherboard", "Chipset", "Memory",
                                             "Disk"};

std::vector<field> machine_fields(const std::vector<field>& hardware) {
  std::vector<field> out;
  for (auto key : machine_keys) {
    for (const auto& f : hardware) {
      if (f.key == key) {
        out.push_back(f);
        break;
      }
    }
  }
  return out;
}

std::string machine_name(const std::vector<field>& fields) {
  std::string name;
  for (const auto& f : fields) {
    if (f.key != "Processor" && f.key != "Disk") continue;
    if (!name.empty()) name += ", ";
    name += f.value;
  }
  if (name.empty()) {
    for (const auto& f : fields) name += (name.empty() ? "" : ", ") + f.value;
  }
  return name.empty() ? "unknown hardware" : name;
}

test_fields fields_of(const trend_test_info& t) {
  test_fields f;
  f.title = t.title;
  f.version = t.version;
  f.description = t.description;
  f.unit = t.unit;
  f.direction = t.direction;
  return f;
}

// A run placed: the key orders by test, configuration, point.
struct placed {
  std::uint64_t key;
  double log_value;
};

constexpr int point_bits = 20, configuration_bits = 20;
constexpr std::uint64_t point_mask = (std::uint64_t{1} << point_bits) - 1;
constexpr std::uint64_t configuration_mask = (std::uint64_t{1} << configuration_bits) - 1;

std::uint64_t test_of_key(std::uint64_t key) { return key >> (point_bits + configuration_bits); }
std::uint32_t configuration_of_key(std::uint64_t key) {
  return static_cast<std::uint32_t>((key >> point_bits) & configuration_mask);
}
std::uint32_t point_of_key(std::uint64_t key) {
  return static_cast<std::uint32_t>(key & point_mask);
}

// The runs of one (test, configuration, point), combined.
struct cell {
  std::uint32_t configuration, point;
  point_sums sums;  // of the log values
  double mean() const { return sums.sum / sums.n; }
};

// The steps of `series`, searched among its values with a ratio, whose observations are `sums`
// in order: each marked on its value and listed in the series' changes.
void mark_changes(trend_series& series, std::span<const detail::point_sums> sums,
                  const trend_options& options) {
  std::vector<std::size_t> with_ratio;
  for (std::size_t k = 0; k < series.values.size(); ++k) {
    if (series.values[k].ratio) with_ratio.push_back(k);
  }
  for (const auto& f : detail::find_change_points(sums, options.alpha, options.min_step)) {
    auto& v = series.values[with_ratio[f.index]];
    v.change_point = true;
    series.changes.push_back({v.point, std::exp(f.before), std::exp(f.after), f.p_value});
  }
}

}  // namespace

std::string_view to_string(trend_by by) {
  switch (by) {
    case trend_by::kernel:
      return "kernel";
    case trend_by::date:
      return "date";
    case trend_by::label:
      return "label";
  }
  return "";
}

trend compute_trend(const trend_input& in, const trend_options& options) {
  trend out;
  out.by = options.by;
  out.alpha = options.alpha;
  out.min_step = options.min_step;

  // Tests: matched as test_match::trend says; ordered by title.
  std::vector<std::int64_t> test_of(in.tests.size(), -1);
  {
    test_index index(test_match::trend(options.ignore_version));
    std::vector<std::vector<std::size_t>> members;  // per matched test: its in.tests
    for (std::size_t i = 0; i < in.tests.size(); ++i) {
      const auto& t = in.tests[i];
      if (t.direction == direction::none) continue;
      if (!options.filter.matches(t.title, t.description)) continue;
      const auto [m, added] = index.find_or_add(fields_of(t));
      if (added) members.emplace_back();
      members[m].push_back(i);
    }
    // Title, then description, then the other matched fields: a stable, readable order.
    auto order_key = [&](const trend_test_info& t) {
      return std::make_tuple(std::string_view(t.title), std::string_view(t.description),
                             options.ignore_version ? std::string_view() : t.version,
                             std::string_view(t.unit), to_string(t.direction));
    };
    std::sort(members.begin(), members.end(), [&](const auto& a, const auto& b) {
      return order_key(in.tests[a.front()]) < order_key(in.tests[b.front()]);
    });
    for (const auto& same : members) {
      trend_test t;
      t.info = in.tests[same.front()];
      for (auto m : same) {
        join_version(t.info.version, in.tests[m].version);  // differs only with ignore_version
        test_of[m] = static_cast<std::int64_t>(out.tests.size());
      }
      out.tests.push_back(std::move(t));
    }
  }

  // Machines, in the order first seen.
  std::vector<std::size_t> machine_of(in.systems.size(), 0);
  {
    std::map<std::vector<std::pair<std::string, std::string>>, std::size_t> seen;
    for (std::size_t i = 0; i < in.systems.size(); ++i) {
      auto fields =
          options.across_machines ? std::vector<field>{} : machine_fields(in.systems[i].hardware);
      std::vector<std::pair<std::string, std::string>> key;
      for (const auto& f : fields) key.emplace_back(f.key, f.value);
      auto [it, added] = seen.try_emplace(key, out.machines.size());
      if (added) {
        out.machines.push_back(
            {options.across_machines ? "all machines" : machine_name(fields), std::move(fields)});
      }
      machine_of[i] = it->second;
    }
  }

  // Points: each system's place on the series (its kernel, label or day).
  const bool by_label = options.by == trend_by::label;
  std::vector<std::optional<std::string>> system_point(in.systems.size());  // sort keys
  std::map<std::string, std::string> point_names;                           // key -> name
  std::size_t without_point = 0;
  // Only the systems and days with runs of the tests kept make points: other files' do not.
  std::vector<bool> used(in.systems.size(), false);
  for (const auto& r : in.runs) {
    if (r.test >= test_of.size() || test_of[r.test] < 0) continue;
    if (r.system < used.size()) used[r.system] = true;
  }
  if (options.by == trend_by::kernel) {
    for (std::size_t i = 0; i < in.systems.size(); ++i) {
      if (!used[i]) continue;
      if (auto v = parse_kernel_version(in.systems[i].kernel)) {
        system_point[i] = v->sort_key;
        point_names.emplace(v->sort_key, v->text);
      }
    }
  } else if (by_label) {
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
  }
  if (options.by == trend_by::date) {
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

  // Configurations: (machine, group, scheduler), else (machine, group, label); with --by
  // label, one per machine and group, the labels being the points.
  std::vector<std::uint32_t> configuration_of(in.systems.size(), 0);
  {
    std::map<std::tuple<std::size_t, std::string, std::string>, std::uint32_t> seen;
    for (std::size_t i = 0; i < in.systems.size(); ++i) {
      const auto& s = in.systems[i];
      std::string group = options.by_group ? s.group : std::string();
      // A label that names no scheduler is its own configuration: its name within the group,
      // or the whole label when groups are not kept apart.
      std::string who = by_label               ? std::string()
                        : !s.scheduler.empty() ? s.scheduler
                        : options.by_group     ? s.name
                                               : s.label;
      auto [it, added] = seen.try_emplace({machine_of[i], group, who},
                                          static_cast<std::uint32_t>(out.configurations.size()));
      if (added) {
        std::string name =
            by_label ? (group.empty() ? "all" : group) : (group.empty() ? who : group + ": " + who);
        out.configurations.push_back(
            {std::move(name), group, by_label ? "" : s.scheduler, machine_of[i]});
      }
      configuration_of[i] = it->second;
    }
  }
  if (out.points.size() > point_mask || out.configurations.size() > configuration_mask ||
      out.tests.size() >= (std::uint64_t{1} << (64 - point_bits - configuration_bits))) {
    out.notes.push_back("too many points, configurations or tests to follow");
    return out;
  }

  // Each system's point, looked up once rather than once per run.
  constexpr std::uint32_t no_point = 0xFFFFFFFF;
  std::vector<std::uint32_t> point_of_system(in.systems.size(), no_point);
  for (std::size_t i = 0; i < in.systems.size(); ++i) {
    if (system_point[i]) point_of_system[i] = point_index.at(*system_point[i]);
  }

  // Every run placed, then sorted: runs of one (test, configuration) are contiguous, by point.
  std::vector<placed> runs;
  runs.reserve(in.runs.size());
  std::size_t not_positive = 0;
  for (const auto& r : in.runs) {
    if (r.test >= test_of.size() || r.system >= in.systems.size()) continue;
    const auto t = test_of[r.test];
    if (t < 0) continue;
    const std::uint32_t point = point_of_system[r.system];
    if (point == no_point) {
      ++without_point;
      continue;
    }
    if (!(r.value > 0) || !std::isfinite(r.value)) {
      ++not_positive;  // a ratio of zero or negative values says nothing
      continue;
    }
    runs.push_back({(static_cast<std::uint64_t>(t) << (point_bits + configuration_bits)) |
                        (std::uint64_t{configuration_of[r.system]} << point_bits) | point,
                    std::log(r.value)});
  }
  if (without_point) {
    out.notes.push_back(
        std::to_string(without_point) + " runs without a " +
        std::string(options.by == trend_by::date ? "run date" : "kernel version") + " left out" +
        (options.by == trend_by::kernel ? " (--by date follows them by date)" : ""));
  }
  if (not_positive) {
    out.notes.push_back(std::to_string(not_positive) +
                        " runs with a value of zero or below left out (no ratio)");
  }
  std::sort(runs.begin(), runs.end(),
            [](const placed& a, const placed& b) { return a.key < b.key; });

  // Baselines: per (machine, group, point) for kernel and date; the configuration is found
  // once over all tests, so every test at a point is measured against the same one.
  const auto& confs = out.configurations;
  auto named_by = [&](const trend_configuration& c, const trend_system& s) {
    return names_configuration(options.baseline, {s.label, s.name, c.name}, c.scheduler);
  };
  // (machine, group) -> per point: the baseline configuration and its rank (lower wins).
  std::map<std::pair<std::size_t, std::string>,
           std::map<std::uint32_t, std::pair<int, std::uint32_t>>>
      baselines;
  std::optional<std::uint32_t> baseline_point;
  if (by_label) {
    if (!out.points.empty()) baseline_point = 0;
    if (!options.baseline.empty()) {
      baseline_point.reset();
      for (std::uint32_t p = 0; p < out.points.size(); ++p) {
        if (out.points[p].name == options.baseline) baseline_point = p;
      }
      if (!baseline_point) {
        out.notes.push_back("no point is labelled '" + options.baseline + "': no ratios");
      }
    }
  } else {
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
      auto& at = baselines[{conf.machine, conf.group}];
      auto [it, added] = at.try_emplace(p, rank, c);
      if (!added && rank < it->second.first) it->second = {rank, c};
    }
  }
  if (!by_label && !options.baseline.empty() && baselines.empty() && !runs.empty()) {
    out.notes.push_back("no configuration is named '" + options.baseline +
                        "' (a scheduler, name or label): no ratios");
  }
  auto baseline_at = [&](std::uint32_t c, std::uint32_t p) -> std::optional<std::uint32_t> {
    auto g = baselines.find({confs[c].machine, confs[c].group});
    if (g == baselines.end()) return std::nullopt;
    auto it = g->second.find(p);
    if (it == g->second.end()) return std::nullopt;
    return it->second.second;
  };

  // Per test: combine each (configuration, point), measure, search each series for steps.
  std::vector<cell> cells;
  std::vector<point_sums> sums;
  std::size_t without_baseline = 0;
  // Geometric mean: per configuration, per point, per test, the log ratio (test order).
  std::vector<std::map<std::uint32_t, std::vector<std::pair<std::size_t, double>>>> by_conf(
      confs.size());
  std::size_t begin = 0;
  while (begin < runs.size()) {
    const std::size_t t = test_of_key(runs[begin].key);
    std::size_t end = begin;
    cells.clear();
    while (end < runs.size() && test_of_key(runs[end].key) == t) {
      const auto c = configuration_of_key(runs[end].key);
      const auto p = point_of_key(runs[end].key);
      if (cells.empty() || cells.back().configuration != c || cells.back().point != p) {
        cells.push_back({c, p, {}});
      }
      auto& s = cells.back().sums;
      const double x = runs[end].log_value;
      s.n += 1;
      s.sum += x;
      s.sum_squares += x * x;
      ++end;
    }
    begin = end;
    auto& test = out.tests[t];
    // lower is better: the ratio is baseline / value, so the log ratio changes sign.
    const double sign = test.info.direction == direction::lower ? -1.0 : 1.0;
    auto find_cell = [&](std::uint32_t c, std::uint32_t p) -> const cell* {
      auto it =
          std::lower_bound(cells.begin(), cells.end(), std::make_pair(c, p),
                           [](const cell& x, const std::pair<std::uint32_t, std::uint32_t>& k) {
                             return std::make_pair(x.configuration, x.point) < k;
                           });
      return it != cells.end() && it->configuration == c && it->point == p ? &*it : nullptr;
    };
    for (std::size_t i = 0; i < cells.size();) {
      const auto c = cells[i].configuration;
      trend_series series;
      series.configuration = c;
      sums.clear();
      bool is_baseline = false;
      for (; i < cells.size() && cells[i].configuration == c; ++i) {
        const auto& here = cells[i];
        const cell* base = nullptr;
        std::uint32_t base_conf = 0;
        if (by_label) {
          if (baseline_point) base = find_cell(c, *baseline_point);
          base_conf = c;
        } else if (auto b = baseline_at(c, here.point)) {
          if (*b == c) {
            is_baseline = true;  // the baseline itself: 1 by definition
            continue;
          }
          base = find_cell(*b, here.point);
          base_conf = *b;
        }
        trend_value v;
        v.point = here.point;
        v.runs = static_cast<std::size_t>(here.sums.n);
        v.baseline = base_conf;
        if (base) {
          v.baseline_runs = static_cast<std::size_t>(base->sums.n);
          const double m = base->mean();
          const double log_ratio = sign * (here.mean() - m);
          // The geometric means of the runs, as compare would measure one against the other.
          v.ratio =
              detail::performance_ratio(std::exp(here.mean()), std::exp(m), test.info.direction);
          // The runs as log ratios against the baseline's mean at this point.
          point_sums obs;
          obs.n = here.sums.n;
          obs.sum = sign * (here.sums.sum - here.sums.n * m);
          obs.sum_squares = here.sums.sum_squares - 2 * m * here.sums.sum + here.sums.n * m * m;
          sums.push_back(obs);
          by_conf[c][here.point].emplace_back(t, log_ratio);
        }
        series.values.push_back(std::move(v));
      }
      if (sums.empty()) {
        if (!is_baseline) ++without_baseline;  // no baseline at any of its points
        continue;
      }
      mark_changes(series, sums, options);
      test.series.push_back(std::move(series));
    }
  }

  if (without_baseline) {
    out.notes.push_back(std::to_string(without_baseline) +
                        " series left out: their baseline is at none of their points");
  }

  // The geometric mean over the tests present at every point of the configuration's series.
  for (std::uint32_t c = 0; c < confs.size(); ++c) {
    const auto& at = by_conf[c];
    if (at.empty()) continue;
    std::vector<std::size_t> common;
    bool first = true;
    for (const auto& [p, tests] : at) {
      std::vector<std::size_t> here;
      for (const auto& [t, r] : tests) here.push_back(t);
      if (first) {
        common = std::move(here);
        first = false;
      } else {
        std::vector<std::size_t> both;
        std::set_intersection(common.begin(), common.end(), here.begin(), here.end(),
                              std::back_inserter(both));
        common = std::move(both);
      }
    }
    trend_series series;
    series.configuration = c;
    series.tests = common.size();
    if (common.empty()) {
      out.notes.push_back("geometric mean of " + confs[c].name + " (" +
                          out.machines[confs[c].machine].name +
                          "): no test has a ratio at every one of its points");
      continue;
    }
    sums.clear();
    for (const auto& [p, tests] : at) {
      double log_sum = 0;
      std::size_t k = 0;
      for (const auto& [t, r] : tests) {
        while (k < common.size() && common[k] < t) ++k;
        if (k < common.size() && common[k] == t) log_sum += r;
      }
      const double mean = log_sum / static_cast<double>(common.size());
      trend_value v;
      v.point = p;
      v.ratio = std::exp(mean);
      v.runs = common.size();
      v.baseline = by_label ? c : baseline_at(c, p).value_or(c);
      series.values.push_back(v);
      sums.push_back({1, mean, mean * mean});
    }
    mark_changes(series, sums, options);
    out.geomean.push_back(std::move(series));
  }
  out.baseline_point = baseline_point;
  if (by_label && baseline_point) {
    out.notes.push_back("every point against '" + out.points[*baseline_point].name + "'");
  }
  return out;
}

}  // namespace iosr
