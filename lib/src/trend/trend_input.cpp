// SPDX-License-Identifier: MIT
// The trend's input, built one way for files in memory and for the database: tests matched,
// systems dated (trend_input_builder), and make_trend_input() over result files.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "iosr/match.hpp"
#include "iosr/trend.hpp"

namespace iosr {

trend_input_builder::trend_input_builder() : tests_(test_match::trend(false)) {}

std::size_t trend_input_builder::add_test(const test_fields& chart) {
  const auto [index, added] = tests_.find_or_add(chart);
  if (added) {
    input_.tests.push_back({std::string(chart.title), std::string(chart.version),
                            std::string(chart.description), std::string(chart.unit),
                            chart.direction});
  }
  return index;
}

std::size_t trend_input_builder::add_system(const system& s) {
  trend_system t{s.label, s.group, s.name, s.scheduler, {}, s.hardware, std::nullopt};
  for (const auto& f : s.software) {
    if (f.key == "Kernel") {
      t.kernel = f.value;
      break;
    }
  }
  input_.systems.push_back(std::move(t));
  return input_.systems.size() - 1;
}

std::size_t trend_input_builder::date_system(std::size_t system, std::string_view timestamp,
                                             std::string_view file_date) {
  // As written in the file or the store: normalized here, so that dates order and cut alike.
  const auto date = normalized_timestamp(timestamp.empty() ? file_date : timestamp);
  dated_.push_back({system, date.empty() ? std::nullopt : std::optional<std::string>(date)});
  return dated_.size() - 1;
}

trend_input trend_input_builder::finish() && {
  // A system dated in several files is one trend_system per file, kept next to each other in
  // the order the systems were added, so that what compute_trend orders by first sight (labels,
  // machines, configurations) comes out as it would for the systems alone.
  const auto systems = input_.systems.size();
  std::vector<std::size_t> count(systems, 0);  // per system, the times it was dated
  for (const auto& d : dated_) ++count[d.system];
  std::vector<std::size_t> first(systems + 1, 0);  // per system, its first trend_system
  for (std::size_t s = 0; s < systems; ++s) {
    first[s + 1] = first[s] + std::max<std::size_t>(count[s], 1);
  }

  trend_input out;
  out.tests = std::move(input_.tests);
  out.systems.resize(first[systems]);
  std::vector<std::size_t> placed_at(dated_.size());
  std::vector<std::size_t> filled(systems, 0);
  for (std::size_t d = 0; d < dated_.size(); ++d) {
    const auto s = dated_[d].system;
    placed_at[d] = first[s] + filled[s];
    auto& to = out.systems[placed_at[d]];
    // The last time a system is dated takes it; the others copy it.
    to = ++filled[s] == count[s] ? std::move(input_.systems[s]) : input_.systems[s];
    to.date = std::move(dated_[d].date);
  }
  for (std::size_t s = 0; s < systems; ++s) {
    if (count[s] == 0) out.systems[first[s]] = std::move(input_.systems[s]);
  }
  out.runs = std::move(input_.runs);
  // Below 2^32: placed_at holds indices of out.systems, no more than the runs' own systems.
  for (auto& r : out.runs) r.system = static_cast<std::uint32_t>(placed_at[r.system]);
  return out;
}

trend_input make_trend_input(std::span<const result_file> files) {
  trend_input_builder in;
  for (const auto& file : files) {
    std::map<std::string, std::size_t> systems;  // by label, in this file: dated systems
    const std::string file_date = file.run_date();  // as the store dates the file
    auto system_of = [&](const std::string& label) {
      auto [it, added] = systems.try_emplace(label, 0);
      if (!added) return it->second;
      const system* s = file.find_system(label);
      const system made = s ? *s : make_system(label);
      it->second = in.date_system(in.add_system(made), made.timestamp, file_date);
      return it->second;
    };
    for (const auto& r : file.results) {
      const auto test = in.add_test(fields_of(r));
      for (const auto& e : r.entries) {
        if (!e.value || (e.kind != entry_kind::number && e.kind != entry_kind::series)) continue;
        // With its runs' noise, when the file gives it: what the steps weigh points by.
        in.add_run(system_of(e.label), test, *e.value, e.standard_error.value_or(0),
                   e.sample_count.value_or(0));
      }
    }
  }
  return std::move(in).finish();
}

}  // namespace iosr
