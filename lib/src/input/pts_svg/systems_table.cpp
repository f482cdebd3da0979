// SPDX-License-Identifier: MIT
// The systems table of PTS (its HTML export's first graph, a result-graphs folder's systems.svg;
// docs/pts-html.md, "What is read"): identifiers over columns, each row's values centred over
// the runs of systems that share them, the notes below.
#include <algorithm>
#include <cmath>
#include <string>
#include <unordered_map>
#include <vector>

#include "input/pts_svg/svg_context.hpp"
#include "input/pts_svg/svg_texts.hpp"
#include "input/system_fields.hpp"
#include "strings.hpp"

namespace iosr::detail {

namespace {

bool is_hardware_key(std::string_view key) {
  auto keys = hardware_keys();
  return std::find(keys.begin(), keys.end(), key) != keys.end();
}

void read_system_notes(const svg_context& h, const std::vector<svg_text>& lines) {
  auto& systems = h.ctx.out.systems;
  std::vector<std::string> notes(systems.size());
  std::string heading;
  std::unordered_map<std::string_view, std::size_t> system_of;
  for (std::size_t s = 0; s < systems.size(); ++s) system_of.emplace(systems[s].label, s);
  auto add = [&](std::size_t s, std::string_view text) {
    if (!notes[s].empty()) notes[s] += "\n";
    // Some exports print the notes without their headings: then the scheduler is not told.
    notes[s] += heading.empty() ? std::string(text) : heading + ": " + std::string(text);
  };
  for (const auto& line : lines) {
    auto text = trim(line.text);
    if (attribute(line.node, "style").find("bold") != std::string_view::npos) {
      heading = std::string(text);
      continue;
    }
    if (!text.starts_with("- ")) continue;
    text.remove_prefix(2);
    // `- NAME: detail` for one system, `- detail` for all.
    std::size_t named = systems.size();
    for (auto colon = text.find(": "); colon != std::string_view::npos;
         colon = text.find(": ", colon + 1)) {
      // The longest label that the line starts with, followed by `: `.
      if (auto it = system_of.find(text.substr(0, colon)); it != system_of.end())
        named = it->second;
    }
    auto detail = named == systems.size() ? text : text.substr(systems[named].label.size() + 2);
    for (std::size_t s = 0; s < systems.size(); ++s) {
      if (named != systems.size() && s != named) continue;
      add(s, detail);
      // `Disk Details: MQ-DEADLINE / relatime,rw / Block Size: 4096`: the scheduler first.
      if (heading == "Disk Details" && systems[s].scheduler.empty()) {
        systems[s].scheduler = scheduler_key(trim(detail.substr(0, detail.find(" /"))));
      }
    }
  }
  for (std::size_t s = 0; s < systems.size(); ++s) systems[s].notes = std::move(notes[s]);
}

}  // namespace

void read_systems_table(const svg_context& h, const pugi::xml_node& svg) {
  auto& file = h.ctx.out;
  std::vector<svg_text> keys, values, names, groups;
  for (auto& g : groups_of(svg)) {
    if (g.baseline == "text-before-edge") {
      names = g.texts;  // the identifiers over the columns
    } else if (g.anchor == "end" && g.weight == "bold") {
      keys = g.texts;  // Processor, Motherboard, ...
    } else if (g.anchor == "middle" && g.weight == "bold") {
      groups = g.texts;  // a multi-way comparison's groups, over their identifiers' columns
    } else if (g.anchor == "middle") {
      values.insert(values.end(), g.texts.begin(), g.texts.end());
    }
  }
  std::vector<double> columns;
  for (auto& t : names) {
    columns.push_back(t.x);
    t.text = std::string(trim(t.text));  // a multi-way table writes ` NAME`
  }
  // `GROUP: NAME` when the table groups its identifiers (PTS's multi-way comparison).
  std::vector<std::string> group_of(columns.size());
  if (!groups.empty()) {
    auto runs = column_runs(groups, columns);
    if (runs.empty()) {
      h.fail(groups.front().node,
             "systems table: the group names do not each stand over a run of identifiers; "
             "expected PTS's systems table");
    }
    std::sort(groups.begin(), groups.end(), [](auto& a, auto& b) { return a.x < b.x; });
    for (std::size_t r = 0; r < runs.size(); ++r) {
      for (auto c = runs[r].first; c <= runs[r].second; ++c) {
        group_of[c] = std::string(trim(groups[r].text));
      }
    }
  }
  for (std::size_t c = 0; c < names.size(); ++c) {
    auto label = group_of[c].empty() ? names[c].text : group_of[c] + ": " + names[c].text;
    auto s = make_system(std::move(label));
    s.where = h.where(names[c].node);
    file.systems.push_back(std::move(s));
  }
  // A value stands one pixel below its key (Processor at y 84, its value at 85).
  std::vector<std::vector<svg_text>> rows(keys.size());
  by_height key_rows(keys);
  for (auto& v : values) {
    if (auto k = key_rows.nearest(v.y, 7.0); k >= 0) rows[static_cast<std::size_t>(k)].push_back(v);
  }
  for (std::size_t k = 0; k < keys.size(); ++k) {
    auto& row = rows[k];
    auto runs = column_runs(row, columns);
    if (runs.empty()) {
      h.warn(keys[k].node, message_code::html_system_table_unreadable,
             "systems table: the values of row " + quoted(keys[k].text) +
                 " do not each stand over a run of systems; the row is not read");
      continue;
    }
    std::sort(row.begin(), row.end(), [](auto& a, auto& b) { return a.x < b.x; });
    for (std::size_t r = 0; r < runs.size(); ++r) {
      for (auto s = runs[r].first; s <= runs[r].second; ++s) {
        auto& fields =
            is_hardware_key(keys[k].text) ? file.systems[s].hardware : file.systems[s].software;
        fields.push_back({std::string(keys[k].text), std::string(trim(row[r].text))});
      }
    }
  }
  // The notes under the table (Kernel Details, Disk Details, ...): white, left-aligned lines.
  std::vector<svg_text> notes;
  for (auto& t : texts_of(svg)) {
    if (attribute(t.node, "text-anchor") == "start" && attribute(t.node, "font-size") == "8") {
      notes.push_back(t);
    }
  }
  read_system_notes(h, notes);
}

}  // namespace iosr::detail
