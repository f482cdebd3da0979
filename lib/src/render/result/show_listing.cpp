// SPDX-License-Identifier: MIT
// The `iosr show` listing (render_listing): a readable account of what was read from one file,
// warnings included.
#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <string>
#include <vector>

#include "direction_names.hpp"
#include "iosr/counted.hpp"
#include "iosr/error.hpp"
#include "iosr/render.hpp"
#include "number.hpp"

namespace iosr {

namespace {

// The fields worth a glance when comparing I/O schedulers.
constexpr std::string_view highlight_keys[] = {"Processor", "Disk", "OS", "Kernel",
                                               "File-System"};

// A system's fields worth a glance, `Key: value` each, in highlight_keys' order.
std::vector<std::string> highlights(const system& s) {
  std::vector<std::string> out;
  for (auto key : highlight_keys) {
    for (const auto* list : {&s.hardware, &s.software}) {
      for (const auto& f : *list) {
        if (f.key == key) out.push_back(fmt::format("{}: {}", f.key, f.value));
      }
    }
  }
  return out;
}

// The highlights every system of a file has alike, said once above them; none for one system,
// whose fields are said with it.
std::vector<std::string> shared_highlights(const std::vector<std::vector<std::string>>& all) {
  if (all.size() < 2) return {};
  std::vector<std::string> shared;
  for (const auto& field : all.front()) {
    const bool everywhere = std::all_of(all.begin() + 1, all.end(), [&field](const auto& other) {
      return std::find(other.begin(), other.end(), field) != other.end();
    });
    if (everywhere) shared.push_back(field);
  }
  return shared;
}

std::string joined(const std::vector<std::string>& fields) {
  std::string out;
  for (const auto& f : fields) {
    if (!out.empty()) out += ", ";
    out += f;
  }
  return out;
}

std::string_view direction_text(direction d) {
  return detail::by_direction<std::string_view>(d, "higher is better", "lower is better",
                                                "no direction");
}

std::string shown_value(const entry& e) {
  switch (e.kind) {
    case entry_kind::series: {
      // A composite.xml line graph's value is the whole series; show its mean, not the list.
      auto average = e.value_text.find(',') == std::string::npos
                         ? e.value_text
                         : fmt::format("{:.2f}", e.value.value_or(0));
      return fmt::format("avg {} (min {}, max {})", average, e.min.value_or(0),
                         e.max.value_or(0));
    }
    case entry_kind::text:
      if (e.value_text.size() > 60) return e.value_text.substr(0, 57) + "...";
      return e.value_text.empty() ? "(no value shown)" : e.value_text;
    case entry_kind::failed:
      return e.error.empty() ? "failed" : "failed: " + e.error;
    default:
      if (e.standard_error && e.sample_count) {
        // As PTS prints it (`SE +/- 0.05, N = 3`): at least two decimals, more if the value
        // has them.
        int places = std::max(2, detail::decimals(e.value_text));
        return fmt::format("{}  (SE +/- {:.{}f}, N = {})", e.value_text, *e.standard_error,
                           places, *e.sample_count);
      }
      return e.value_text;
  }
}

}  // namespace

std::string render_listing(const result_file& file) {
  std::string out;
  auto it = std::back_inserter(out);
  fmt::format_to(it, "{} ({})\n", file.source_name, file.format);
  fmt::format_to(it, "Title:       {}\n", file.title.empty() ? "(none)" : file.title);
  if (!file.description.empty()) fmt::format_to(it, "Description: {}\n", file.description);

  std::size_t entries = 0;
  for (const auto& r : file.results) entries += r.entries.size();
  fmt::format_to(it, "\n{}, {}, {}, {}\n", counted(file.systems.size(), "system"),
                 counted(file.results.size(), "chart"), counted(entries, "entry", "entries"),
                 counted(file.warnings.size(), "warning"));

  fmt::format_to(it, "\nSystems\n");
  std::vector<std::vector<std::string>> fields;
  for (const auto& s : file.systems) fields.push_back(highlights(s));
  const auto shared = shared_highlights(fields);
  // One field a line: four of them joined ran past 200 columns.
  if (!shared.empty()) fmt::format_to(it, "  Every system:\n");
  for (const auto& f : shared) fmt::format_to(it, "    {}\n", f);
  for (std::size_t i = 0; i < file.systems.size(); ++i) {
    const auto& s = file.systems[i];
    fmt::format_to(it, "  {}\n", s.label);
    fmt::format_to(it, "    group: {}  name: {}  scheduler: {}\n",
                   s.group.empty() ? "-" : s.group, s.name,
                   s.scheduler.empty() ? "-" : s.scheduler);
    std::vector<std::string> own;
    for (const auto& f : fields[i]) {
      if (std::find(shared.begin(), shared.end(), f) == shared.end()) own.push_back(f);
    }
    if (!own.empty()) fmt::format_to(it, "    {}\n", joined(own));
  }

  fmt::format_to(it, "\nCharts\n");
  std::size_t n = 0;
  for (const auto& r : file.results) {
    fmt::format_to(it, "  {}. {}{}{}\n", ++n, r.title, r.version.empty() ? "" : " ", r.version);
    if (!r.description.empty()) fmt::format_to(it, "     {}\n", r.description);
    fmt::format_to(it, "     {}{}{}\n", r.unit, r.unit.empty() ? "" : ", ",
                   direction_text(r.direction));
    std::size_t width = 0;
    for (const auto& e : r.entries) width = std::max(width, e.label.size());
    for (const auto& e : r.entries) {
      fmt::format_to(it, "       {:<{}}  {}\n", e.label, width, shown_value(e));
    }
  }

  if (!file.warnings.empty()) {
    fmt::format_to(it, "\nWarnings\n");
    for (const auto& w : file.warnings) {
      fmt::format_to(it, "  {}\n", format_diagnostic(file.source_name, w.where, w.message));
    }
  }
  return out;
}

}  // namespace iosr
