// SPDX-License-Identifier: MIT
// A file_query's parts that both backends compute outside SQL (file_selection.hpp).
#include "store/file_selection.hpp"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "iosr/error.hpp"
#include "iosr/trend.hpp"
#include "store/rows.hpp"
#include "strings.hpp"

namespace iosr::db {
namespace {

// The sort key's parts (kernel_version::sort_key, `MMMMM.mmmmm.ppppp.Xrrrrr.cccccccc`) end
// at these lengths: after the minor version, the patch level, the release candidate.
constexpr std::size_t after_minor = 12, after_patch = 18, after_candidate = 25;

// The key prefix every kernel `written` takes in has, and whether it is a whole key.
std::pair<std::string, bool> series_prefix(std::string_view name, const std::string& written) {
  const auto v = parse_kernel_version(written);
  if (!v) {
    throw error(error_kind::usage,
                std::string(name) + ": '" + written.substr(0, 40) +
                    "' is not a kernel version; expected one such as 6.8, 6.8.2 or 6.9-rc3");
  }
  // The text says which parts were given: `6.8`, `6.8.2`, `6.9-rc3`, `6.9-rc3-80-gHASH`.
  if (v->text.find("-g") != std::string::npos) return {v->sort_key, true};
  if (v->text.find("-rc") != std::string::npos)
    return {v->sort_key.substr(0, after_candidate), false};
  const auto dots = std::count(v->text.begin(), v->text.end(), '.');
  return {v->sort_key.substr(0, dots > 1 ? after_patch : after_minor), false};
}

std::string joined_ids(const std::vector<std::int64_t>& ids, char open, char close) {
  std::string out(1, open);
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (i) out += ',';
    out += std::to_string(ids[i]);
  }
  out += close;
  return out;
}

}  // namespace

kernel_key_range kernel_key_range_of(const file_query& query) {
  kernel_key_range range;
  if (!query.kernel_from.empty())
    range.lower = series_prefix("kernel_from", query.kernel_from).first;
  if (!query.kernel_to.empty()) {
    auto [prefix, whole] = series_prefix("kernel_to", query.kernel_to);
    // '~' sorts after every character a key holds: the prefix and all that starts with it.
    range.upper = whole ? prefix : prefix + '~';
  }
  return range;
}

void check_day(const file_query& query) {
  const auto& d = query.date;
  const bool day =
      d.size() == 10 && d[4] == '-' && d[7] == '-' &&
      std::all_of(d.begin(), d.end(), [](char c) { return c == '-' || (c >= '0' && c <= '9'); });
  if (!day) {
    throw error(error_kind::usage,
                "date: '" + d.substr(0, 40) + "' is not a day; expected YYYY-MM-DD, as 2024-03-01");
  }
}

bool on_query_day(std::string_view timestamp, std::string_view run_date, const file_query& query) {
  // As trend_input_builder::date_system dates a system, and a trend by date takes its day.
  const auto date = normalized_timestamp(timestamp.empty() ? run_date : timestamp);
  return date.size() >= 10 && date.compare(0, 10, query.date) == 0;
}

std::vector<std::int64_t> systems_on_machine(
    const std::vector<std::pair<std::int64_t, std::string>>& systems, const file_query& query) {
  // Systems share their hardware (a machine's runs): each text is read once.
  std::unordered_map<std::string_view, std::string> names;
  for (const auto& [id, hardware] : systems) {
    auto [it, added] = names.try_emplace(hardware);
    if (added) it->second = detail::ascii_lower(machine_of(fields_from_json(hardware)).name);
  }
  const auto wanted = detail::ascii_lower(query.machine);
  const bool whole = std::any_of(names.begin(), names.end(),
                                 [&](const auto& entry) { return entry.second == wanted; });
  std::vector<std::int64_t> out;
  for (const auto& [id, hardware] : systems) {
    const auto& name = names.at(hardware);
    if (whole ? name == wanted : name.find(wanted) != std::string::npos) out.push_back(id);
  }
  return out;
}

std::vector<std::size_t> count_files_on_machines(const std::vector<file_system_row>& rows,
                                                 const std::vector<std::string>& machines) {
  // systems_on_machine's rule over the rows' distinct hardware texts, each named once; the
  // row's index stands for its system there.
  std::vector<std::pair<std::int64_t, std::string>> systems;
  systems.reserve(rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    systems.emplace_back(static_cast<std::int64_t>(i), rows[i].hardware);
  }
  std::vector<std::size_t> out;
  for (const auto& machine : machines) {
    file_query query;
    query.machine = machine;
    std::unordered_set<std::int64_t> files;
    for (const auto i : systems_on_machine(systems, query)) {
      files.insert(rows[static_cast<std::size_t>(i)].source_id);
    }
    for (const auto& row : rows) {
      if (row.label == machine || row.name == machine) files.insert(row.source_id);
    }
    out.push_back(files.size());
  }
  return out;
}

std::string json_id_array(const std::vector<std::int64_t>& ids) {
  return joined_ids(ids, '[', ']');
}

std::string pg_id_array(const std::vector<std::int64_t>& ids) { return joined_ids(ids, '{', '}'); }

}  // namespace iosr::db
