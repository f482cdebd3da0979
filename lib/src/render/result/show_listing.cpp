// SPDX-License-Identifier: MIT
// The `iosr show` listing (render_listing): a readable account of what was read from one file,
// warnings included, in lines that fit the width (render/text_layout.hpp).
#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <iterator>
#include <string>
#include <vector>

#include "iosr/counted.hpp"
#include "iosr/error.hpp"
#include "iosr/render.hpp"
#include "number.hpp"
#include "render/test_texts.hpp"
#include "render/text_layout.hpp"

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

// show says so when a chart has no direction; the other formats leave it out.
std::string_view direction_of(direction d) {
  const auto text = detail::direction_text(d);
  return text.empty() ? "no direction" : text;
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
      if (e.relative_deviation) {
        // As an LKP report prints it (`± 2%`), with the runs when known.
        auto runs = e.sample_count ? fmt::format(", N = {}", *e.sample_count) : std::string();
        return fmt::format("{}  (\xC2\xB1 {:g}%{})", e.value_text, *e.relative_deviation, runs);
      }
      return e.value_text;
  }
}

// `text` wrapped to `width`, each line after `lead` (the first) or as many blanks (the others).
void put(std::string& out, std::string_view lead, const std::string& text, std::size_t width,
         std::size_t hang = 0) {
  const auto room = width - std::min(width, detail::columns_of(lead));
  const auto lines = detail::wrapped(text, std::max<std::size_t>(room, 10), std::string(hang, ' '));
  for (std::size_t i = 0; i < lines.size(); ++i) {
    out +=
        (i == 0 ? std::string(lead) : std::string(detail::columns_of(lead), ' ')) + lines[i] + '\n';
  }
}

// A chart's entries: labels in a column (fitted_names: shortened only while they stay apart),
// values beside them, wrapped under themselves when long.
void put_entries(std::string& out, const result& r, std::size_t width) {
  constexpr std::string_view lead = "       ";
  std::vector<std::string> labels;
  std::size_t longest = 0, widest = 0;
  for (const auto& e : r.entries) {
    labels.push_back(e.label);
    longest = std::max(longest, detail::columns_of(e.label));
    widest = std::max(widest, detail::columns_of(shown_value(e)));
  }
  const std::size_t room = width - lead.size();
  // The labels take what the values leave, at least a third of the room.
  const std::size_t label_width =
      std::min(longest, std::max(room / 3, room > widest + 2 ? room - widest - 2 : 0));
  const auto fitted = detail::fitted_names(labels, std::max<std::size_t>(label_width, 1));
  const std::size_t value_width = std::max<std::size_t>(room - label_width - 2, 10);
  for (std::size_t k = 0; k < r.entries.size(); ++k) {
    const auto values = detail::wrapped(shown_value(r.entries[k]), value_width);
    const auto& names = fitted[k];
    for (std::size_t n = 0; n < std::max(names.size(), values.size()); ++n) {
      std::string line(lead);
      line += detail::pad_right(n < names.size() ? names[n] : "", label_width);
      if (n < values.size()) line += "  " + values[n];
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out += line + '\n';
    }
  }
}

}  // namespace

std::string render_listing(const result_file& file, int width) {
  std::string out;
  render_listing(file, width, [&out](std::string_view piece) { out += piece; });
  return out;
}

void render_listing(const result_file& file, int width,
                    const std::function<void(std::string_view)>& write) {
  // A piece is handed on once it passes this size: between charts, so in whole lines.
  constexpr std::size_t piece_bytes = std::size_t{1} << 20;
  const std::size_t total = detail::usable_width(width);
  std::string out;
  auto hand_on = [&] {
    write(out);
    out.clear();
  };
  put(out, "", fmt::format("{} ({})", file.source_name, file.format), total, 2);
  put(out, "Title:       ", file.title.empty() ? "(none)" : file.title, total);
  if (!file.description.empty()) put(out, "Description: ", file.description, total);

  std::size_t entries = 0;
  for (const auto& r : file.results) entries += r.entries.size();
  out += '\n';
  put(out, "",
      fmt::format("{}, {}, {}, {}", counted(file.systems.size(), "system"),
                  counted(file.results.size(), "chart"), counted(entries, "entry", "entries"),
                  counted(file.warnings.size(), "warning")),
      total);

  out += "\nSystems\n";
  std::vector<std::vector<std::string>> fields;
  for (const auto& s : file.systems) fields.push_back(highlights(s));
  const auto shared = shared_highlights(fields);
  // One field a line: four of them joined ran past 200 columns.
  if (!shared.empty()) out += "  Every system:\n";
  for (const auto& f : shared) put(out, "    ", f, total, 2);
  for (std::size_t i = 0; i < file.systems.size(); ++i) {
    const auto& s = file.systems[i];
    put(out, "  ", s.label, total, 2);
    put(out, "    ",
        fmt::format("group: {}  name: {}  scheduler: {}", s.group.empty() ? "-" : s.group, s.name,
                    s.scheduler.empty() ? "-" : s.scheduler),
        total, 2);
    std::vector<std::string> own;
    for (const auto& f : fields[i]) {
      if (std::find(shared.begin(), shared.end(), f) == shared.end()) own.push_back(f);
    }
    if (!own.empty()) put(out, "    ", joined(own), total, 2);
  }

  out += "\nCharts\n";
  std::size_t n = 0;
  for (const auto& r : file.results) {
    const auto number = fmt::format("  {}. ", ++n);
    put(out, number, r.title + (r.version.empty() ? "" : " ") + r.version, total);
    if (!r.description.empty()) put(out, "     ", r.description, total, 2);
    put(out, "     ",
        r.unit + (r.unit.empty() ? "" : ", ") + std::string(direction_of(r.direction)), total);
    put_entries(out, r, total);
    if (out.size() >= piece_bytes) hand_on();
  }

  if (!file.warnings.empty()) {
    out += "\nWarnings\n";
    for (const auto& w : file.warnings) {
      put(out, "  ", format_diagnostic(file.source_name, w.where, w.message), total, 2);
      if (out.size() >= piece_bytes) hand_on();
    }
  }
  if (!out.empty()) hand_on();
}

}  // namespace iosr
