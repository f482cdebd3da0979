// SPDX-License-Identifier: MIT
// The trend's --only and --machine: the series of the configurations and machines asked for,
// named as compare names configurations (names_configuration(), iosr/match.hpp). A name that
// names nothing, or names only what has no series, is a usage error, never an empty trend.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "iosr/error.hpp"
#include "iosr/match.hpp"
#include "strings.hpp"
#include "trend/trend_steps.hpp"

namespace iosr::detail {

namespace {

// The series of the configurations and machines kept.
void keep_series(trend& out, const std::vector<bool>& configuration_kept,
                 const std::vector<bool>& machine_kept) {
  auto keep = [&](std::vector<trend_series>& all) {
    std::erase_if(all, [&](const trend_series& s) {
      const auto m = out.configurations[s.configuration].machine;
      return !configuration_kept[s.configuration] || m >= machine_kept.size() || !machine_kept[m];
    });
  };
  keep(out.geomean);
  for (auto& test : out.tests) keep(test.series);
}

}  // namespace

void keep_only(const trend_input& in, const trend_options& options,
               std::span<const std::uint32_t> configuration_of, trend& out) {
  if (options.only.empty()) return;
  const auto& confs = out.configurations;
  // Which configurations have a series, and which are some series' baseline: a name of a
  // baseline alone would leave an empty trend (a baseline is 1 by definition).
  std::vector<bool> has_series(confs.size(), false), is_baseline(confs.size(), false);
  auto look = [&](const std::vector<trend_series>& all) {
    for (const auto& s : all) {
      if (!s.values.empty()) has_series[s.configuration] = true;
      for (const auto& v : s.values) {
        if (out.by != trend_by::label && v.baseline < confs.size()) is_baseline[v.baseline] = true;
      }
    }
  };
  look(out.geomean);
  for (const auto& test : out.tests) look(test.series);

  std::vector<bool> wanted(confs.size(), false);
  name_check named("--only", options.only);
  for (const auto& name : options.only) {
    if (name.empty()) {
      throw error(error_kind::usage,
                  "--only '': expected a scheduler, name or label, not an empty text");
    }
    bool any_series = false, any_baseline = false, any_named = false;
    for (std::size_t i = 0; i < in.systems.size(); ++i) {
      const auto c = configuration_of[i];
      const auto& s = in.systems[i];
      if (!names_configuration(name, {s.label, s.name, confs[c].name}, confs[c].scheduler)) {
        continue;
      }
      any_named = true;
      wanted[c] = true;
      any_series = any_series || has_series[c];
      any_baseline = any_baseline || is_baseline[c];
    }
    if (any_named && !any_series) {
      throw error(error_kind::usage,
                  "--only '" + name + "': " +
                      (any_baseline ? "names the baseline, which has no series of its own (it is "
                                      "1 by definition); expected a configuration measured "
                                      "against it"
                                    : "names configurations without a series (their baseline "
                                      "never ran at their points); expected one with a series"));
    }
  }
  for (std::size_t i = 0; i < in.systems.size(); ++i) {
    const auto c = configuration_of[i];
    named.look({in.systems[i].label, in.systems[i].name, confs[c].name}, confs[c].scheduler,
               confs[c].name);
  }
  named.check();
  keep_series(out, wanted, std::vector<bool>(out.machines.size(), true));
}

// The numbers of the machines shown: `1 to 20`, or `1, 3, 7` when some are not shown.
static std::string shown_numbers(const trend& out) {
  bool dense = true;
  for (std::size_t m = 0; m < out.machines.size(); ++m) dense = dense && out.machines[m].number == m + 1;
  if (dense) return "1 to " + std::to_string(out.machines.size());
  std::string list;
  for (const auto& machine : out.machines) {
    if (!list.empty()) list += ", ";
    list += std::to_string(machine.number);
  }
  return list;
}

void number_machines(trend& out) {
  for (std::size_t m = 0; m < out.machines.size(); ++m) out.machines[m].number = m + 1;
}

void keep_machines(const trend_options& options, std::size_t machine_count, trend& out) {
  if (options.machines.empty()) return;
  const auto count = out.machines.size();  // those shown; numbered from 1 to machine_count
  std::vector<bool> kept(count, false);
  for (const auto& name : options.machines) {
    if (name.empty()) {
      throw error(error_kind::usage,
                  "--machine '': expected a machine's number as shown or a part of its name, "
                  "not an empty text");
    }
    bool named = false;
    for (std::size_t m = 0; m < count; ++m) {
      if (names_machine(name, out.machines[m].number, machine_count, out.machines[m].name)) {
        kept[m] = named = true;
      }
    }
    if (!named) {
      throw error(error_kind::usage,
                  "--machine '" + name + "': no machine is named so; " +
                      (count == 0 ? std::string("the trend shows none")
                                  : "expected the number of a machine shown (" +
                                        shown_numbers(out) + ") or a part of its name"));
    }
  }
  keep_series(out, std::vector<bool>(out.configurations.size(), true), kept);
}

}  // namespace iosr::detail
