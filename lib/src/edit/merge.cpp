// SPDX-License-Identifier: MIT
// merge_result_files() and as_pts_saves() (iosr/edit.hpp): PTS's merge-results, and the file
// as PTS loads and saves it, rule for rule after pts_result_file::merge, add_result and
// pts_test_result_buffer (docs/editing.md, "Matching").
#include <algorithm>
#include <filesystem>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "edit/edit_support.hpp"
#include "input/stored_result.hpp"
#include "iosr/counted.hpp"
#include "iosr/edit.hpp"
#include "iosr/error.hpp"
#include "iosr/match.hpp"

namespace iosr::detail {

namespace {

// PTS's buffer: an entry of a system whose last entry so far failed (an empty value, an
// incomplete run) takes the place of every entry of that system.
void drop_failed_before(std::vector<entry>& entries, std::string_view label) {
  for (auto it = entries.rbegin(); it != entries.rend(); ++it) {
    if (it->label != label) continue;
    if (it->value_text.empty())
      std::erase_if(entries, [&](const entry& e) { return e.label == label; });
    return;
  }
}

// The charts of one file as PTS holds them once loaded: keyed by identity, a repeat replacing
// the earlier one in its place, its entries added as add_test_result() adds them.
struct loaded_charts {
  std::vector<result> charts;
  std::unordered_map<std::string, std::size_t> index;  // pts_test_key -> charts
};

result loaded_chart(const result& chart) {
  result out = chart;
  out.entries.clear();
  for (const auto& e : chart.entries) {
    drop_failed_before(out.entries, e.label);
    out.entries.push_back(e);
  }
  return out;
}

loaded_charts load(const result_file& file) {
  loaded_charts loaded;
  for (const auto& chart : file.results) {
    auto [it, added] = loaded.index.emplace(pts_test_key(chart), loaded.charts.size());
    if (added) {
      loaded.charts.push_back(loaded_chart(chart));
    } else {
      loaded.charts[it->second] = loaded_chart(chart);
    }
  }
  return loaded;
}

// add_buffer_item(): a failed entry gives way, and an entry whose system and value are there
// already is not added again (a different value of the same system is: PTS keeps both).
void add_entry(std::vector<entry>& entries, const entry& e) {
  drop_failed_before(entries, e.label);
  const bool there = std::any_of(entries.begin(), entries.end(), [&](const entry& old) {
    return old.label == e.label && old.value_text == e.value_text;
  });
  if (!there) entries.push_back(e);
}

// append_annotation(): a note not already in the chart's is added on a line of its own.
void add_annotation(std::string& annotation, const std::string& added) {
  if (added.empty() || annotation.find(added) != std::string::npos) return;
  annotation += " \n";
  annotation += added;
}

std::string file_name(const result_file& file) {
  if (!file.title.empty()) return file.title;
  return std::filesystem::path(file.source_name).filename().string();
}

void rename_in(result_file& file, std::size_t system_index, const std::string& to) {
  const std::string from = file.systems[system_index].label;
  rename_system(file.systems[system_index], to);
  for (auto& chart : file.results) {
    for (auto& e : chart.entries) {
      if (e.label == from) e.label = to;
    }
  }
}

// One note per file for its identifiers an earlier file has: the first few named, as a file
// of 20 systems merged with another run of the same 20 would otherwise fill the terminal.
note collision_note(const result_file& file, const std::vector<std::string>& labels,
                    const merge_options& options) {
  constexpr std::size_t named = 4;
  std::string list;
  for (std::size_t i = 0; i < labels.size() && i < named; ++i) {
    list += (i ? ", '" : "'") + labels[i] + "'";
  }
  if (labels.size() > named) list += " and " + std::to_string(labels.size() - named) + " more";
  const auto what =
      labels.size() == 1 ? std::string("identifier ") : counted(labels.size(), "identifier") + " ";
  const auto subject = what + list + " of " + file.source_name;
  if (options.prefix_on_collision) {
    return {message_code::identifier_collision, subject + ", also in an earlier file, renamed '" +
                                                    file_name(file) + ": " + labels[0] + "'" +
                                                    (labels.size() > 1 ? " and so on" : "")};
  }
  return {message_code::identifier_collision,
          subject + (labels.size() == 1 ? " is" : " are") +
              " also in an earlier file: the merged file holds " +
              (labels.size() == 1 ? "it" : "each") +
              " twice, as PTS's merge-results writes it (--prefix-collisions renames them)"};
}

// What is saved in today's layout: positions named the input, and a 2008 file's timestamps
// (`April 4, 2008 02:57 PM`) are written as today's schema wants them (`2008-04-04 14:57:00`),
// or PTS's validate-result-file refuses the file.
void as_saved(result_file& file) {
  file.warnings.clear();
  for (auto& s : file.systems) {
    s.where = {};
    s.timestamp = normalized_timestamp(s.timestamp);
  }
  for (auto& chart : file.results) {
    chart.where = {};
    for (auto& e : chart.entries) e.where = {};
  }
}

}  // namespace

void rename_system(system& s, const std::string& to) {
  auto renamed = make_system(to);
  s.label = std::move(renamed.label);
  s.group = std::move(renamed.group);
  s.name = std::move(renamed.name);
  // The scheduler as a reader tells it: the new name's, else the system's JSON or notes'.
  s.scheduler = std::move(renamed.scheduler);
  fill_scheduler(s);
}

}  // namespace iosr::detail

namespace iosr {

result_file as_pts_saves(result_file file) {
  auto loaded = detail::load(file);
  std::erase_if(loaded.charts, [](const result& r) { return r.entries.empty(); });
  file.results = std::move(loaded.charts);
  detail::as_saved(file);
  return file;
}

merge_outcome merge_result_files(std::span<const result_file> files, const merge_options& options) {
  if (files.empty()) throw error(error_kind::usage, "nothing to merge: no result file");
  merge_outcome out;
  auto& merged = out.merged;
  const auto& first = files.front();
  merged = first;
  merged.systems.clear();
  merged.results.clear();
  detail::loaded_charts all;
  // In how many files each identity is: --intersect, and whether the files share a test.
  std::unordered_map<std::string, std::size_t> files_with;
  // The systems that had no entries in their own file: those alone may be written without any.
  std::vector<std::string> empty_before;

  for (std::size_t f = 0; f < files.size(); ++f) {
    result_file file = files[f];
    if (f > 0) {
      std::vector<std::string> collided;
      for (std::size_t i = 0; i < file.systems.size(); ++i) {
        const auto label = file.systems[i].label;
        if (!merged.find_system(label)) continue;
        if (std::find(collided.begin(), collided.end(), label) == collided.end()) {
          collided.push_back(label);
        }
        if (options.prefix_on_collision) {
          detail::rename_in(file, i, detail::file_name(file) + ": " + label);
        }
      }
      if (!collided.empty()) out.notes.push_back(detail::collision_note(file, collided, options));
    }
    for (auto& label : detail::labels_without_entries(file)) empty_before.push_back(std::move(label));
    if (merged.title.empty()) merged.title = file.title;
    if (merged.description.empty()) merged.description = file.description;
    // PTS compares whole system objects, which never equal one of another file: every system
    // of every file is kept.
    for (auto& s : file.systems) merged.systems.push_back(std::move(s));

    auto loaded = detail::load(file);
    for (auto& chart : loaded.charts) {
      const auto key = pts_test_key(chart);
      ++files_with[key];
      auto [it, added] = all.index.emplace(key, all.charts.size());
      if (added) {
        all.charts.push_back(std::move(chart));
        continue;
      }
      auto& into = all.charts[it->second];
      detail::add_annotation(into.annotation, chart.annotation);
      for (const auto& e : chart.entries) detail::add_entry(into.entries, e);
    }
  }

  const bool shared = std::any_of(files_with.begin(), files_with.end(),
                                  [](const auto& kv) { return kv.second > 1; });
  if (files.size() > 1 && !shared) {
    out.notes.push_back({message_code::files_share_no_test,
                         "the files share no test: each chart of the merged file comes from one "
                         "file"});
  }
  if (options.intersect) {
    const auto before = all.charts.size();
    std::erase_if(all.charts,
                  [&](const result& r) { return files_with[pts_test_key(r)] < files.size(); });
    if (before != all.charts.size()) {
      out.notes.push_back({message_code::charts_not_in_every_file,
                           "--intersect left out " + counted(before - all.charts.size(), "chart") +
                               " not in every file"});
    }
  }
  merged.results = std::move(all.charts);
  std::erase_if(merged.results, [](const result& r) { return r.entries.empty(); });
  for (auto& n : detail::drop_systems_left_without_entries(
           merged, empty_before, options.intersect ? "--intersect" : "the merge")) {
    out.notes.push_back(std::move(n));
  }
  if (!options.last_modified.empty()) merged.last_modified = options.last_modified;
  detail::as_saved(merged);
  return out;
}

}  // namespace iosr
