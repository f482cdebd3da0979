// SPDX-License-Identifier: MIT
// A run's text export in its own output (`Do you want to view the text results of the testing
// (Y/n): y`, and what a README pastes after the run): read with the pts-text reader and merged
// with the run's charts, so that one run is one entry, not two (docs/pts-run-output.md).
#include "input/pts_run/export_merge.hpp"

#include <algorithm>

#include "input/input_formats.hpp"
#include "iosr/counted.hpp"

namespace iosr::detail::run_log {

namespace {

std::string header_of(const result& r) {
  return r.version.empty() ? r.title : r.title + " " + r.version;
}

// `run` of the run output and `shown` of the export are one chart: the same header, or the
// run's with a note in parentheses that the user added to the title line of a pasted log
// (`Himeno Benchmark 3.0 (KVM):`); the same description and unit.
bool same_chart(const result& run, const result& shown) {
  if (run.description != shown.description || run.unit != shown.unit) return false;
  auto mine = header_of(run), theirs = header_of(shown);
  if (mine == theirs) return true;
  return mine.size() > theirs.size() + 3 && mine.starts_with(theirs) &&
         mine.compare(theirs.size(), 2, " (") == 0 && mine.back() == ')';
}

entry* entry_named(result& r, std::string_view label) {
  for (auto& e : r.entries) {
    if (e.label == label) return &e;
  }
  return nullptr;
}

system* system_named(result_file& f, std::string_view label) {
  for (auto& s : f.systems) {
    if (s.label == label) return &s;
  }
  return nullptr;
}

// The export names the configuration the run output left unnamed: its one label that the run
// output does not have.
void take_export_label(result_file& run, const result_file& shown,
                       const std::string& unnamed_label) {
  if (unnamed_label.empty() || system_named(run, unnamed_label) == nullptr) return;
  const system* only = nullptr;
  for (const auto& s : shown.systems) {
    if (system_named(run, s.label) != nullptr) continue;
    if (only != nullptr) return;  // two new labels: which one is this run's is not said
    only = &s;
  }
  if (only == nullptr) return;
  auto* s = system_named(run, unnamed_label);
  auto renamed = make_system(only->label);
  renamed.hardware = std::move(s->hardware);
  renamed.software = std::move(s->software);
  renamed.client_version = std::move(s->client_version);
  renamed.where = s->where;
  if (renamed.scheduler.empty()) renamed.scheduler = s->scheduler;
  *s = std::move(renamed);
  for (auto& r : run.results) {
    for (auto& e : r.entries) {
      if (e.label == unnamed_label) e.label = only->label;
    }
  }
}

}  // namespace

bool read_shown_export(const reader_context& ctx, std::size_t begin, std::size_t end,
                       const read_options& options, result_file& shown, std::string& why) {
  const auto formats = input_formats();
  auto text_format = std::find_if(formats.begin(), formats.end(),
                                  [](const input_format& f) { return f.name == "pts-text"; });
  shown.source_name = ctx.out.source_name;
  reader_context part{ctx.text.substr(begin, end - begin),
                      ctx.name,
                      ctx.lines,
                      shown,
                      ctx.max_entries,
                      nullptr,
                      ctx.text_offset + begin};
  try {
    text_format->read(part, options);
  } catch (const parse_error& e) {
    if (e.kind() == error_kind::limit) throw;
    why = e.message();
    return false;
  }
  return true;
}

void merge_shown_export(const reader_context& ctx, result_file&& shown, std::size_t prompt,
                        const std::string& unnamed_label,
                        std::unordered_map<std::string, std::size_t>& chart_keys) {
  auto& run = ctx.out;
  take_export_label(run, shown, unnamed_label);
  std::vector<bool> taken(run.results.size(), false);
  std::size_t merged = 0, added = 0, systems_added = 0;
  for (auto& chart : shown.results) {
    std::size_t c = 0;
    while (c < run.results.size() && (taken[c] || !same_chart(run.results[c], chart))) ++c;
    if (c == run.results.size()) {
      run.results.push_back(std::move(chart));
      chart_keys.emplace("\x01shown " + std::to_string(run.results.size()), run.results.size() - 1);
      taken.push_back(true);
      ++added;
      continue;
    }
    taken[c] = true;
    ++merged;
    auto& mine = run.results[c];
    if (mine.direction == direction::none) mine.direction = chart.direction;
    for (auto& e : chart.entries) {
      auto* same = entry_named(mine, e.label);
      if (same == nullptr) {
        ctx.add_entry(mine, std::move(e));
        continue;
      }
      if (same->kind != entry_kind::number || e.kind != entry_kind::number ||
          same->value_text == e.value_text) {
        continue;
      }
      // One run, one entry: the value as PTS saved and printed it, the runs of the log.
      ctx.out.warnings.push_back({e.where, message_code::run_average_beside,
                                  "'" + e.label + "' in '" + mine.title + "' (" + mine.description +
                                      "): the text export's value " + e.value_text +
                                      " is kept; the run output's average of the same runs is " +
                                      same->value_text});
      same->value_text = e.value_text;
      same->value = e.value;
    }
  }
  for (auto& s : shown.systems) {
    auto* mine = system_named(run, s.label);
    if (mine == nullptr) {
      run.systems.push_back(std::move(s));
      ++systems_added;
    } else if (mine->hardware.empty() && mine->software.empty()) {
      mine->hardware = std::move(s.hardware);
      mine->software = std::move(s.software);
    }
  }
  if (run.title.empty()) run.title = shown.title;
  if (run.description.empty()) run.description = shown.description;
  std::string message = "the text export after this prompt shows " + counted(merged, "chart") +
                        " of the run output; one entry each per run";
  if (added > 0 || systems_added > 0) {
    message += ", and " + counted(added, "chart") + " and " + counted(systems_added, "system") +
               " only the export has (added)";
  }
  ctx.warn(prompt, message_code::run_export_merged, message);
  for (auto& w : shown.warnings) run.warnings.push_back(std::move(w));
}

}  // namespace iosr::detail::run_log
