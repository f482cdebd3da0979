// SPDX-License-Identifier: MIT
// apply_edits() (iosr/edit.hpp): PTS's result-file editing commands, one step each, in the
// order given; every name and pattern checked, so that a typo is an error, never a no-op.
#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "edit/edit_support.hpp"
#include "iosr/edit.hpp"
#include "iosr/error.hpp"
#include "iosr/test_filter.hpp"
#include "strings.hpp"

namespace iosr::detail {

namespace {

[[noreturn]] void refuse(edit_kind kind, const std::string& message) {
  throw error(error_kind::usage, "--" + std::string(name_of(kind)) + ": " + message);
}

std::string identifiers_of(const result_file& file) {
  std::string list;
  for (const auto& s : file.systems) list += (list.empty() ? "'" : ", '") + s.label + "'";
  return list.empty() ? "none" : list;
}

// The identifiers of `ID,ID,...`, each of which must name a system of `file`. An identifier
// may hold commas itself (`WD5000: bfq, low latency`): at each place the longest run of parts
// that names a system is taken whole, so such an identifier is named as written.
std::vector<std::string> identifiers(const result_file& file, const edit_step& step) {
  const auto parts = split(step.value, ',');
  std::vector<std::string> ids;
  for (std::size_t i = 0; i < parts.size();) {
    std::size_t next = i + 1;
    std::string id(trim(parts[i]));
    std::string joined(parts[i]);
    for (std::size_t j = i + 1; j < parts.size(); ++j) {
      joined += ',';
      joined += parts[j];
      if (file.find_system(std::string(trim(joined)))) {
        id = std::string(trim(joined));
        next = j + 1;
      }
    }
    if (id.empty()) refuse(step.kind, "'" + step.value + "' has an empty identifier");
    if (!file.find_system(id)) {
      refuse(step.kind, "'" + id + "' names no system; the systems are " + identifiers_of(file));
    }
    ids.push_back(std::move(id));
    i = next;
  }
  return ids;
}

bool listed(const std::vector<std::string>& ids, std::string_view label) {
  return std::find(ids.begin(), ids.end(), label) != ids.end();
}

// PTS's remove_run(): the systems and every entry of theirs.
void remove_systems(result_file& file, const std::vector<std::string>& ids) {
  std::erase_if(file.systems, [&](const system& s) { return listed(ids, s.label); });
  for (auto& chart : file.results) {
    std::erase_if(chart.entries, [&](const entry& e) { return listed(ids, e.label); });
  }
}

// Every system of that identifier and every entry of it. PTS's rename_run() renames the first
// system and the first entry in each chart only, which in a merged file (a system per file
// merged) left a system of the old name without entries.
std::pair<std::string, std::string> rename(result_file& file, const edit_step& step) {
  // OLD may hold '=' itself: the first '=' after which OLD names a system splits them.
  auto eq = step.value.find('=');
  if (eq == std::string::npos) refuse(step.kind, "'" + step.value + "' is not OLD=NEW");
  for (auto at = eq; at != std::string::npos; at = step.value.find('=', at + 1)) {
    if (file.find_system(step.value.substr(0, at))) {
      eq = at;
      break;
    }
  }
  const auto from = step.value.substr(0, eq), to = step.value.substr(eq + 1);
  if (to.empty()) refuse(step.kind, "'" + step.value + "' gives no new identifier");
  if (!file.find_system(from)) {
    refuse(step.kind, "'" + from + "' names no system; the systems are " + identifiers_of(file));
  }
  if (from != to && file.find_system(to)) {
    refuse(step.kind, "'" + to + "' is a system's identifier already");
  }
  for (auto& s : file.systems) {
    if (s.label == from) rename_system(s, to);
  }
  for (auto& chart : file.results) {
    for (auto& e : chart.entries) {
      if (e.label == from) e.label = to;
    }
  }
  return {from, to};
}

void keep_charts(result_file& file, const edit_step& step, bool keep) {
  std::optional<test_filter> filter;
  try {
    filter.emplace(step.value);
  } catch (const error& e) {
    refuse(step.kind, e.what());
  }
  const bool any = std::any_of(file.results.begin(), file.results.end(), [&](const result& r) {
    return filter->matches(r.title, r.description);
  });
  if (step.value.empty() || !any) {
    refuse(step.kind, "'" + step.value + "' matches no chart's title or description");
  }
  std::erase_if(file.results,
                [&](const result& r) { return filter->matches(r.title, r.description) != keep; });
}

// The systems in `order` (each system's new place); the entries of each chart follow, those of
// no system first, as PTS's reorder leaves them.
void reorder(result_file& file, std::vector<system> order) {
  file.systems = std::move(order);
  auto rank = [&](std::string_view label) {
    for (std::size_t i = 0; i < file.systems.size(); ++i) {
      if (file.systems[i].label == label) return static_cast<long>(i);
    }
    return -1L;
  };
  for (auto& chart : file.results) {
    std::stable_sort(chart.entries.begin(), chart.entries.end(),
                     [&](const entry& a, const entry& b) { return rank(a.label) < rank(b.label); });
  }
}

void order_by_list(result_file& file, const std::vector<std::string>& ids) {
  std::vector<system> order;
  for (const auto& id : ids) {
    if (std::any_of(order.begin(), order.end(), [&](const system& s) { return s.label == id; })) {
      continue;
    }
    for (const auto& s : file.systems) {
      if (s.label == id) order.push_back(s);
    }
  }
  for (const auto& s : file.systems) {
    if (!listed(ids, s.label)) order.push_back(s);
  }
  reorder(file, std::move(order));
}

std::optional<double> php_number(std::string_view text) {
  double value = 0;
  auto t = trim(text);
  if (t.empty()) return std::nullopt;
  auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), value);
  if (ec != std::errc() || end != t.data() + t.size()) return std::nullopt;
  return value;
}

// PHP's sort() of identifiers: two numeric strings as numbers, else byte by byte.
bool identifier_before(const system& a, const system& b) {
  auto x = php_number(a.label), y = php_number(b.label);
  if (x && y) return *x < *y;
  return a.label < b.label;
}

void sort_by(result_file& file, const edit_step& step) {
  const auto order = from_string<system_order>(step.value);
  if (!order) refuse(step.kind, "'" + step.value + "' is not one of " + choices_of<system_order>());
  auto systems = file.systems;
  if (*order == system_order::identifier) {
    std::stable_sort(systems.begin(), systems.end(), identifier_before);
  } else {
    // strtotime() of no date is false, which PHP sorts before every time.
    std::stable_sort(systems.begin(), systems.end(), [](const system& a, const system& b) {
      auto x = normalized_timestamp(a.timestamp), y = normalized_timestamp(b.timestamp);
      if (x.empty() != y.empty()) return x.empty();
      return x < y;
    });
  }
  reorder(file, std::move(systems));
}

void apply(result_file& file, const edit_step& step, std::vector<std::string>& empty_before) {
  switch (step.kind) {
    case edit_kind::rename: {
      const auto [from, to] = rename(file, step);
      for (auto& label : empty_before) {
        if (label == from) label = to;
      }
      return;
    }
    case edit_kind::only: {
      const auto ids = identifiers(file, step);
      std::vector<std::string> others;
      for (const auto& s : file.systems) {
        if (!listed(ids, s.label)) others.push_back(s.label);
      }
      remove_systems(file, others);
      return;
    }
    case edit_kind::remove:
      remove_systems(file, identifiers(file, step));
      return;
    case edit_kind::filter:
      keep_charts(file, step, true);
      return;
    case edit_kind::exclude:
      keep_charts(file, step, false);
      return;
    case edit_kind::order:
      order_by_list(file, identifiers(file, step));
      return;
    case edit_kind::sort_by:
      sort_by(file, step);
      return;
    case edit_kind::title:
      file.title = step.value;
      return;
    case edit_kind::description:
      file.description = step.value;
      return;
  }
}

}  // namespace

std::vector<std::string> labels_without_entries(const result_file& file) {
  std::unordered_set<std::string_view> with;
  for (const auto& r : file.results) {
    for (const auto& e : r.entries) with.insert(e.label);
  }
  std::vector<std::string> labels;
  for (const auto& s : file.systems) {
    if (!with.contains(s.label) && !listed(labels, s.label)) labels.push_back(s.label);
  }
  return labels;
}

std::vector<note> drop_systems_left_without_entries(result_file& file,
                                                    const std::vector<std::string>& empty_before,
                                                    std::string_view by) {
  std::vector<std::string> dropped;
  for (const auto& label : labels_without_entries(file)) {
    if (!listed(empty_before, label)) dropped.push_back(label);
  }
  if (dropped.empty()) return {};
  std::erase_if(file.systems, [&](const system& s) { return listed(dropped, s.label); });
  constexpr std::size_t named = 4;
  std::string list;
  for (std::size_t i = 0; i < dropped.size() && i < named; ++i) {
    list += (i ? ", '" : "'") + dropped[i] + "'";
  }
  if (dropped.size() > named) list += " and " + std::to_string(dropped.size() - named) + " more";
  const bool one = dropped.size() == 1;
  return {{message_code::system_left_without_entries,
           std::string(one ? "system " : "systems ") + list + (one ? " has" : " have") +
               " no entry left after " + std::string(by) + ": not written"}};
}

}  // namespace iosr::detail

namespace iosr {

std::vector<note> apply_edits(result_file& file, std::span<const edit_step> steps) {
  auto edited = as_pts_saves(file);
  // A system the input had without entries stays (a run that failed is worth showing); one
  // that the operations leave without entries is not written, as a system of no results.
  auto empty_before = detail::labels_without_entries(edited);
  for (const auto& step : steps) detail::apply(edited, step, empty_before);
  if (edited.systems.empty() && !file.systems.empty()) {
    throw error(error_kind::usage, "the operations leave no system: nothing to write");
  }
  auto saved = as_pts_saves(std::move(edited));
  auto notes = detail::drop_systems_left_without_entries(saved, empty_before, "the operations");
  if (saved.systems.empty() && !file.systems.empty()) {
    throw error(error_kind::usage, "the operations leave no system with entries: nothing to write");
  }
  file = std::move(saved);
  return notes;
}

}  // namespace iosr
