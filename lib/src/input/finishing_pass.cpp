// SPDX-License-Identifier: MIT
// The finishing pass of finishing_pass.hpp: what every reader's model is checked for.
#include "input/finishing_pass.hpp"

#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "iosr/match.hpp"

namespace iosr::detail {

namespace {

std::string line_of(source_position p) { return "line " + std::to_string(p.line); }

// Drops the items whose `dropped` flag is set, the others closing up in order (only the ones
// after the first dropped item move).
template <class T>
void drop_marked(std::vector<T>& items, const std::vector<bool>& dropped) {
  std::size_t next = 0;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (dropped[i]) continue;
    if (next != i) items[next] = std::move(items[i]);
    ++next;
  }
  items.resize(next);
}

void report_charts_without_entries(result_file& file) {
  for (const auto& r : file.results) {
    if (!r.entries.empty()) continue;
    // The description tells the charts of one test apart.
    file.warnings.push_back({r.where, message_code::chart_without_entries,
                             "chart '" + r.title + "'" +
                                 (r.description.empty() ? "" : " (" + r.description + ")") +
                                 " has no entries (every run failed?)"});
  }
}

// The later chart moves into the earlier one's place, and the charts after it close up only
// when a chart was repeated: moving every chart into a new vector was half of this pass.
void keep_later_of_repeated_charts(result_file& file) {
  auto& results = file.results;
  std::unordered_map<std::string, std::size_t> first_place;
  first_place.reserve(results.size());
  std::vector<bool> moved(results.size(), false);
  bool any = false;
  for (std::size_t i = 0; i < results.size(); ++i) {
    auto& r = results[i];
    auto [it, fresh] = first_place.emplace(pts_test_key(r), i);
    if (fresh) continue;
    auto& earlier = results[it->second];
    file.warnings.push_back({r.where, message_code::chart_repeated,
                             "chart '" + r.title + "' (" + r.description + ") repeats the one at " +
                                 line_of(earlier.where) +
                                 "; as in PTS, this later one is kept, at the "
                                 "earlier one's place"});
    earlier = std::move(r);
    moved[i] = any = true;
  }
  if (any) drop_marked(results, moved);
}

// The labels of systems described more than once (a merged file's layout: PTS's merge-results
// and iosr merge write a System per file merged).
std::unordered_set<std::string_view> described_again(const result_file& file) {
  std::unordered_set<std::string_view> seen, again;
  for (const auto& s : file.systems) {
    if (!seen.insert(s.label).second) again.insert(s.label);
  }
  return again;
}

// A second entry of one system in one chart, said per entry; but those of a system described
// again are the runs a merged file holds under one identifier, counted (returned) for the one
// line that keep_first_descriptions() says of them.
std::size_t report_second_entries(result_file& file,
                                  const std::unordered_set<std::string_view>& merged) {
  // A chart has about one entry per system: comparing a label with the earlier ones costs less
  // than a hashed set, which allocated a node per entry; only a long chart uses the set.
  constexpr std::size_t few = 32;
  std::size_t of_merged = 0;
  std::unordered_map<std::string_view, source_position> seen;
  for (const auto& r : file.results) {
    seen.clear();
    for (std::size_t i = 0; i < r.entries.size(); ++i) {
      const auto& e = r.entries[i];
      const source_position* first = nullptr;
      if (r.entries.size() <= few) {
        for (std::size_t j = 0; j < i && first == nullptr; ++j) {
          if (r.entries[j].label == e.label) first = &r.entries[j].where;
        }
      } else if (auto [it, fresh] = seen.emplace(e.label, e.where); !fresh) {
        first = &it->second;
      }
      if (first != nullptr && merged.contains(e.label)) {
        ++of_merged;
      } else if (first != nullptr) {
        file.warnings.push_back({e.where, message_code::entry_repeated,
                                 "'" + e.label + "' has a second entry in '" + r.title +
                                     "' (first at " + line_of(*first) +
                                     "); both are kept, as PTS's text export does"});
      }
    }
  }
  return of_merged;
}

// Entries name their system by label, so a second system of one label could never be named:
// its description is dropped. One warning says so for the whole file, at the first repeat, with
// the count of these systems' second entries in a chart (`second_entries`): a merged result file
// (PTS's merge-results, iosr merge) describes a system once per file merged and holds an entry
// of it per file in each chart, and a line per repeat and per chart filled the terminal when such
// a file was read again.
void keep_first_descriptions(result_file& file, std::size_t second_entries) {
  std::unordered_map<std::string_view, source_position> first;
  first.reserve(file.systems.size());
  std::vector<bool> again(file.systems.size(), false);
  std::vector<std::pair<std::size_t, source_position>> repeats;  // a label's first repeat
  std::unordered_map<std::string_view, bool> said;
  for (std::size_t i = 0; i < file.systems.size(); ++i) {
    const auto& s = file.systems[i];
    auto [it, fresh] = first.emplace(s.label, s.where);
    if (fresh) continue;
    again[i] = true;
    if (said.emplace(s.label, true).second) repeats.emplace_back(i, it->second);
  }
  if (repeats.empty()) return;
  constexpr std::size_t named = 3;
  const auto& [at, first_at] = repeats.front();
  std::string message;
  if (repeats.size() == 1) {
    message = "system '" + file.systems[at].label + "' is described again (first at " +
              line_of(first_at) + "); kept the first description";
  } else {
    message = std::to_string(repeats.size()) + " systems are described again: ";
    for (std::size_t k = 0; k < repeats.size() && k < named; ++k) {
      message += (k ? ", '" : "'") + file.systems[repeats[k].first].label + "' (first at " +
                 line_of(repeats[k].second) + ")";
    }
    if (repeats.size() > named) {
      message += " and " + std::to_string(repeats.size() - named) + " more";
    }
    message += "; kept the first description of each";
  }
  if (second_entries > 0) {
    message += ", and every entry (" + std::to_string(second_entries) +
               (second_entries == 1 ? " is a second entry" : " are second entries") +
               " in a chart, as a merged file holds them)";
  }
  file.warnings.push_back({file.systems[at].where, message_code::system_described_again,
                           std::move(message)});
  drop_marked(file.systems, again);
}

void match_entries_to_systems(result_file& file) {
  auto& systems = file.systems;
  // Without any system described, every system comes from the entries, and none is odd.
  const bool describes_systems = !systems.empty();
  // One lookup per entry serves both checks. The keys are views: systems are added only after
  // the lookups, since adding them may move the labels viewed.
  std::unordered_map<std::string_view, bool> has_entries;  // by system label
  has_entries.reserve(systems.size());
  for (const auto& s : systems) has_entries.emplace(s.label, false);
  std::vector<std::pair<const entry*, const result*>> first_of_missing;
  for (const auto& r : file.results) {
    for (const auto& e : r.entries) {
      auto [it, added] = has_entries.try_emplace(e.label, true);
      if (added) first_of_missing.emplace_back(&e, &r);
      it->second = true;
    }
  }
  // A system with no bar anywhere: real when a run failed, but also what an input cut off in
  // its last chart looks like, so it is said.
  std::vector<std::size_t> without_entries;
  if (!file.results.empty()) {
    for (std::size_t i = 0; i < systems.size(); ++i) {
      if (!has_entries.find(systems[i].label)->second) without_entries.push_back(i);
    }
  }

  for (auto [e, r] : first_of_missing) {
    auto s = make_system(e->label);
    s.where = e->where;
    systems.push_back(std::move(s));
    if (describes_systems) {
      file.warnings.push_back({e->where, message_code::system_not_described,
                               "entry '" + e->label + "' in '" + r->title +
                                   "' names a system the file does not describe; "
                                   "added it without hardware or software details"});
    }
  }
  for (auto i : without_entries) {
    file.warnings.push_back({systems[i].where, message_code::system_without_entries,
                             "system '" + systems[i].label + "' has no entries in any chart"});
  }
}

void report_unexpanded_variables(result_file& file) {
  if (file.title.find('$') != std::string::npos) {
    file.warnings.push_back(
        {{},
         message_code::unexpanded_variable,
         "file title '" + file.title + "' holds an unexpanded PTS variable; kept as written"});
  }
  for (const auto& r : file.results) {
    if (r.title.find('$') != std::string::npos) {
      file.warnings.push_back({r.where, message_code::unexpanded_variable,
                               "chart title '" + r.title +
                                   "' holds an unexpanded PTS variable; kept as "
                                   "written"});
    }
  }
}

}  // namespace

void finish_reading(result_file& file, finishing rule) {
  if (rule == finishing::none) return;
  report_charts_without_entries(file);
  if (rule == finishing::stored_results) keep_later_of_repeated_charts(file);
  const auto merged = described_again(file);
  const auto second_entries = report_second_entries(file, merged);
  keep_first_descriptions(file, second_entries);
  match_entries_to_systems(file);
  report_unexpanded_variables(file);
  if (file.results.empty()) {
    file.warnings.push_back(
        {{}, message_code::no_charts, "the file holds no charts (an unfinished run?)"});
  }
}

}  // namespace iosr::detail
