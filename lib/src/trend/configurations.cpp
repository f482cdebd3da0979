// SPDX-License-Identifier: MIT
// The trend's machines (told from the hardware fields) and configurations (a group and a
// scheduler, or a label, on one machine), each in the order first seen.
#include <cstddef>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "trend/trend_steps.hpp"

namespace iosr::detail {

namespace {

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

const field* field_of(const std::vector<field>& fields, std::string_view key) {
  for (const auto& f : fields) {
    if (f.key == key) return &f;
  }
  return nullptr;
}

// Machines that the name alone (processor and disk) would show alike, after a BIOS update or
// with more memory, get the fields that tell them apart in brackets, in every format: their
// rows, headings and --machine would otherwise be one.
void tell_apart(std::vector<trend_machine>& machines) {
  std::map<std::string, std::vector<std::size_t>> by_name;
  for (std::size_t m = 0; m < machines.size(); ++m) by_name[machines[m].name].push_back(m);
  std::vector<std::string> suffix(machines.size());
  for (const auto& [name, alike] : by_name) {
    if (alike.size() < 2) continue;
    for (auto key : machine_keys) {
      const auto* first = field_of(machines[alike[0]].hardware, key);
      bool differs = false;
      for (auto m : alike) {
        const auto* f = field_of(machines[m].hardware, key);
        differs = differs || (f == nullptr) != (first == nullptr) ||
                  (f && first && f->value != first->value);
      }
      if (!differs) continue;
      for (auto m : alike) {
        const auto* f = field_of(machines[m].hardware, key);
        auto& s = suffix[m];
        s += s.empty() ? " (" : "; ";
        s += f ? std::string(key) + ": " + f->value : "no " + std::string(key);
      }
    }
  }
  for (std::size_t m = 0; m < machines.size(); ++m) {
    if (!suffix[m].empty()) machines[m].name += suffix[m] + ")";
  }
}

}  // namespace

}  // namespace iosr::detail

namespace iosr {

trend_machine machine_of(const std::vector<field>& hardware) {
  auto fields = detail::machine_fields(hardware);
  auto name = detail::machine_name(fields);
  return {std::move(name), std::move(fields)};
}

}  // namespace iosr

namespace iosr::detail {

std::vector<std::size_t> find_machines(const trend_input& in, const trend_options& options,
                                       trend& out) {
  std::vector<std::size_t> machine_of(in.systems.size(), 0);
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
  tell_apart(out.machines);
  return machine_of;
}

std::vector<std::uint32_t> find_configurations(const trend_input& in, const trend_options& options,
                                               std::span<const std::size_t> machine_of,
                                               trend& out) {
  // (machine, group, scheduler), else (machine, group, label); with --by label, one per
  // machine and group, the labels being the points.
  const bool by_label = options.by == trend_by::label;
  std::vector<std::uint32_t> configuration_of(in.systems.size(), 0);
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
      std::string name = by_label ? (group.empty() ? "all labels" : group)
                                  : (group.empty() ? who : group + ": " + who);
      out.configurations.push_back(
          {std::move(name), group, by_label ? "" : s.scheduler, machine_of[i]});
    }
    configuration_of[i] = it->second;
  }
  return configuration_of;
}

}  // namespace iosr::detail
