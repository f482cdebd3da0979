// SPDX-License-Identifier: MIT
// The trend's --only and --machine: the series of the configurations and machines asked for,
// named as compare names configurations (names_configuration(), iosr/match.hpp). A name that
// names nothing is a usage error, never an empty trend.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "iosr/error.hpp"
#include "iosr/match.hpp"
#include "strings.hpp"
#include "trend/trend_steps.hpp"

namespace iosr::detail {

namespace {

// Whether `wanted` names machine `m`: its number as shown (1 is the first), or a part of its
// name in any case (`WD5000AZRX`, `ryzen 9`).
bool names_machine(const std::string& wanted, std::size_t m, const trend_machine& machine) {
  if (!wanted.empty() && std::all_of(wanted.begin(), wanted.end(),
                                     [](char c) { return c >= '0' && c <= '9'; })) {
    return wanted.size() < 10 && std::stoul(wanted) == m + 1;
  }
  return ascii_lower(machine.name).find(ascii_lower(wanted)) != std::string::npos;
}

}  // namespace

void keep_wanted(const trend_input& in, const trend_options& options,
                 std::span<const std::uint32_t> configuration_of, trend& out) {
  if (options.only.empty() && options.machines.empty()) return;
  const auto& confs = out.configurations;
  std::vector<bool> wanted(confs.size(), options.only.empty());
  for (const auto& name : options.only) {
    bool named = false;
    for (std::size_t i = 0; i < in.systems.size(); ++i) {
      const auto c = configuration_of[i];
      const auto& s = in.systems[i];
      if (names_configuration(name, {s.label, s.name, confs[c].name}, confs[c].scheduler)) {
        wanted[c] = true;
        named = true;
      }
    }
    if (!named) {
      throw error(error_kind::usage, "--only '" + name +
                                         "': no configuration is named so; expected a "
                                         "scheduler, name or label of the trend's systems");
    }
  }
  std::vector<bool> machine_wanted(out.machines.size(), options.machines.empty());
  for (const auto& name : options.machines) {
    bool named = false;
    for (std::size_t m = 0; m < out.machines.size(); ++m) {
      if (names_machine(name, m, out.machines[m])) machine_wanted[m] = named = true;
    }
    if (!named) {
      throw error(error_kind::usage,
                  "--machine '" + name + "': no machine is named so; expected its number as " +
                      "shown (1 to " + std::to_string(out.machines.size()) +
                      ") or a part of its name");
    }
  }
  auto keep = [&](std::vector<trend_series>& all) {
    std::erase_if(all, [&](const trend_series& s) {
      const auto& c = confs[s.configuration];
      return !wanted[s.configuration] || c.machine >= machine_wanted.size() ||
             !machine_wanted[c.machine];
    });
  };
  keep(out.geomean);
  for (auto& test : out.tests) keep(test.series);
}

}  // namespace iosr::detail
