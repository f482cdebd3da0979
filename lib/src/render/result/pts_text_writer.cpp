// SPDX-License-Identifier: MIT
// The PTS text export, byte for byte as `phoronix-test-suite result-file-to-text` (PTS 10.8.6)
// prints it at width W (docs/pts-text-output.md): title, description, one block per system, then
// one ASCII chart per result. Lengths are bytes, as in PTS. Several files are written one after
// the other, each complete, as if PTS had been run once per file.
#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cstddef>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "iosr/match.hpp"
#include "iosr/model.hpp"
#include "iosr/render.hpp"
#include "render/result/display_precision.hpp"
#include "render/result/result_formats.hpp"
#include "strings.hpp"

namespace iosr::detail {

namespace {

// ---- Which results PTS shows ----------------------------------------------------------------

// A later result with the same identity replaces the earlier one, at the earlier one's place
// (docs/composite-xml.md, "Warnings"). Readers may have done this already; doing it again changes
// nothing.
std::vector<const result*> shown_results(const result_file& file) {
  std::vector<const result*> shown;
  std::map<std::string, std::size_t> place;
  for (const auto& r : file.results) {
    auto [it, fresh] = place.emplace(pts_test_key(r), shown.size());
    if (fresh) {
      shown.push_back(&r);
    } else {
      shown[it->second] = &r;
    }
  }
  return shown;
}

// ---- A chart's entries as PTS holds them ----------------------------------------------------

struct chart_entry {
  const entry* source;
  std::string stored;  // the XML Value; empty for a failed run
  std::string shown;   // the value as displayed (display_precision.hpp)
};

// PTS adds a chart's entries one by one. When the entry its index names for a label holds no
// value (a failed run), every entry with the new entry's label is dropped first. The index is
// "entries so far - 1", which after a drop may name another entry or none; this mirrors that
// (PTS itself stops with an error in the second case, here nothing is dropped).
std::vector<chart_entry> load_entries(const result& r) {
  std::vector<std::optional<chart_entry>> slots;  // dropped entries leave a hole
  std::map<std::string_view, std::size_t> index;  // label -> slot PTS recorded for it
  std::map<std::string_view, std::vector<std::size_t>> slots_of;  // label -> its slots
  std::size_t present = 0;
  chart_precision precision;
  for (const auto& e : r.entries) {
    const std::string_view label = e.label;
    auto recorded = index.find(label);
    if (recorded != index.end() && recorded->second < slots.size() && slots[recorded->second] &&
        slots[recorded->second]->stored.empty()) {
      for (auto at : slots_of[label]) {
        if (!slots[at]) continue;
        precision.add_dropped(slots[at]->stored);
        slots[at].reset();
        --present;
      }
      slots_of[label].clear();
      index.erase(label);
    }
    slots_of[label].push_back(slots.size());
    slots.push_back(chart_entry{&e, e.kind == entry_kind::failed ? "" : e.value_text, {}});
    index[label] = present++;
  }
  // PTS works the minimum out again after each drop, so it is the kept entries' minimum; the
  // decimals of dropped entries stay counted.
  std::vector<chart_entry> kept;
  for (auto& slot : slots) {
    if (!slot) continue;
    precision.add(slot->stored);
    kept.push_back(std::move(*slot));
  }
  const int decimals = precision.decimals();
  for (auto& item : kept) item.shown = display_value(item.stored, decimals);
  return kept;
}

// PHP's empty(): PTS leaves out entries whose shown value is empty or exactly `0`.
bool left_out(const chart_entry& item) { return item.shown.empty() || item.shown == "0"; }

// ---- Line graphs ----------------------------------------------------------------------------

// One line-graph entry: the smallest and largest point as written, and the mean.
struct series {
  std::string low, mean, high;
};

std::optional<series> series_of_list(std::string_view list) {
  series s;
  double low = 0, high = 0, sum = 0;
  std::size_t count = 0;
  for (std::size_t begin = 0; begin <= list.size(); ++count) {
    auto end = std::min(list.find(',', begin), list.size());
    auto piece = list.substr(begin, end - begin);
    if (!is_numeric_text(piece)) return std::nullopt;
    const double v = number_value(piece);
    if (count == 0 || v < low) low = v, s.low = piece;
    if (count == 0 || v > high) high = v, s.high = piece;
    sum += v;
    begin = end + 1;
  }
  s.mean = fmt::format("{:.15g}", sum / static_cast<double>(count));
  return s;
}

// The series of a shown entry: its comma list (composite.xml), or, from a text export, the
// minimum, average and maximum it kept; a plain number is a series of one point.
std::optional<series> series_of(const chart_entry& item) {
  if (item.shown.find(',') != std::string::npos) return series_of_list(item.shown);
  const auto& e = *item.source;
  if (e.kind == entry_kind::series) {
    auto text = [&](const std::optional<double>& v) {
      return v ? fmt::format("{}", *v) : e.value_text;
    };
    return series{text(e.min), e.value_text, text(e.max)};
  }
  if (is_numeric_text(item.shown)) return series_of_list(item.shown);
  return std::nullopt;
}

// A comma list makes PTS draw the whole chart as a line graph; a series read from a text
// export (its average alone) counts as one too.
bool holds_series(const chart_entry& item) {
  return item.source->kind == entry_kind::series || item.shown.find(',') != std::string::npos;
}

// The figures PTS derives from all of a line graph's entries (docs/pts-text-output.md).
struct line_scale {
  int decimals = 1;
  std::size_t low_width = 0;   // of the largest per-entry minimum
  std::size_t mean_width = 0;  // of 1.03 x the largest point
};

line_scale scale_line_graph(const std::vector<chart_entry>& items) {
  double max = 0, largest_low = 0;
  double min = -1;  // PTS's "not set yet"
  // PTS compares a failed entry's empty value as a string: it then holds the minimum, and
  // "minimum > 29" is never true.
  bool min_is_blank = false;
  for (const auto& item : items) {
    if (item.shown.empty()) {
      min_is_blank = true;
    } else if (holds_series(item)) {
      const auto s = series_of(item);
      if (!s) continue;
      const double low = number_value(s->low);
      max = std::max(max, number_value(s->high) * 1.03);
      if (!min_is_blank) min = min == -1 ? low : std::min(min, low);
      largest_low = std::max(largest_low, low);
    } else if (is_numeric_text(item.shown)) {
      // A plain number beside the series: PTS's `if bigger ... else if smaller`.
      const double v = number_value(item.shown);
      if (v > max) {
        max = v;
      } else if (!min_is_blank && v < min) {
        min = v;
      }
    }
  }
  line_scale scale;
  scale.decimals = max > 100 || (!min_is_blank && min > 29 && max > 79) ? 0 : 1;
  scale.low_width = round_double(largest_low, scale.decimals).size();
  scale.mean_width = round_double(max, scale.decimals).size();
  return scale;
}

void append_padded(std::string& line, const std::string& text, std::size_t width) {
  line += text;
  if (text.size() < width) line.append(width - text.size(), ' ');
}

// `MIN: a  AVG: b  MAX: c ` (PTS draws a box plot after it on wide terminals when two or more
// labels name hardware vendors; that is not drawn here).
void append_series(std::string& line, const series& s, const line_scale& scale) {
  line += "MIN: ";
  append_padded(line, round_decimal(s.low, scale.decimals), scale.low_width);
  line += "  AVG: ";
  append_padded(line, round_decimal(s.mean, scale.decimals), scale.mean_width);
  line += "  MAX: ";
  line += round_decimal(s.high, scale.decimals);
  line += ' ';
}

// ---- Bars -----------------------------------------------------------------------------------

struct bar_scale {
  double max = 0;               // M: the largest shown value, 0 when none is positive
  std::size_t value_width = 0;  // R: one more than the longest shown value
};

bar_scale scale_bars(const std::vector<chart_entry>& items) {
  bar_scale scale;
  std::size_t longest = 0;
  for (const auto& item : items) {
    longest = std::max(longest, item.shown.size());
    if (is_numeric_text(item.shown)) scale.max = std::max(scale.max, number_value(item.shown));
  }
  scale.value_width = longest + 1;
  return scale;
}

// `VALUE |====`: the bar is the shown value's share of the rest of the line, rounded as PHP
// rounds; no bar when no value is positive.
void append_bar(std::string& line, const std::string& shown, const bar_scale& scale, int width) {
  append_padded(line, shown, scale.value_width);
  line += '|';
  if (scale.max <= 0) return;
  const double room = static_cast<double>(width) - static_cast<double>(line.size());
  const auto rounded = round_double(number_value(shown) / scale.max * room, 0);
  long long length = 0;
  std::from_chars(rounded.data(), rounded.data() + rounded.size(), length);
  if (length > 0) line.append(static_cast<std::size_t>(length), '=');
}

// ---- The file -------------------------------------------------------------------------------

std::string join_fields(const std::vector<field>& fields) {
  std::string joined;
  for (const auto& f : fields) {
    if (!joined.empty()) joined += ", ";
    if (!f.key.empty()) joined += f.key + ": ";
    joined += f.value;
  }
  return joined;
}

void render_chart(const result& r, int width, std::string& out) {
  // Chart lines gain a 4-space prefix on terminals wider than 80; the header does not.
  const std::string_view prefix = width > 80 ? "    " : "";
  out += fmt::format("\n{}{}\n{}{}", prefix, php_trim(r.title + ' ' + r.version), prefix,
                     r.description);
  if (!r.unit.empty()) {
    out += fmt::format("\n{}{}", prefix, r.unit);
    if (r.direction == direction::lower) out += " < Lower Is Better";
    if (r.direction == direction::higher) out += " > Higher Is Better";
  }

  const auto items = load_entries(r);
  std::size_t longest_label = 0;  // every entry counts, shown or not
  for (const auto& item : items) longest_label = std::max(longest_label, item.source->label.size());

  const bool line_graph = std::any_of(items.begin(), items.end(), holds_series);
  const auto lines = line_graph ? scale_line_graph(items) : line_scale{};
  const auto bars = scale_bars(items);
  for (const auto& item : items) {
    if (left_out(item)) continue;
    const auto& label = item.source->label;
    // The longest label gets one dot; every label at least one.
    std::string line =
        fmt::format("{}{} {} ", prefix, label, std::string(longest_label + 1 - label.size(), '.'));
    if (line_graph) {
      if (auto s = series_of(item)) append_series(line, *s, lines);
    } else if (is_numeric_text(item.shown)) {
      append_bar(line, item.shown, bars, width);
    } else if (item.source->kind == entry_kind::pass_fail ||
               r.display_format == display_format::pass_fail) {
      line += item.shown;
    }
    // Anything else (an image comparison) ends after the dots.
    out += '\n';
    out += line;
  }
  out += "\n\n";
}

// PTS prints the systems its file describes. A system a reader added only because an entry
// names it (no hardware, software or run facts at all) was never one of them.
bool described(const system& s) {
  return !s.hardware.empty() || !s.software.empty() || !s.user.empty() || !s.timestamp.empty() ||
         !s.client_version.empty() || !s.notes.empty() || !s.json.empty() || !s.cost.empty();
}

void render_file(const result_file& file, int width, std::string& out) {
  out += fmt::format("{}\n{}\n\n\n", file.title, file.description);
  for (const auto& s : file.systems) {
    if (!described(s)) continue;
    out += fmt::format("{}: \n\n\t{}\n\n\t{}\n\n", s.label, join_fields(s.hardware),
                       join_fields(s.software));
  }
  for (const auto* r : shown_results(file)) render_chart(*r, width, out);
  // The command prints one more line end after the export (every PTS 10.8.6 output in
  // tests/fixtures/corpus/pts-text ends in three).
  out += '\n';
}

}  // namespace

void write_pts_text(std::span<const result_file> files, const render_options& options,
                    std::string& out) {
  for (const auto& file : files) render_file(file, options.width, out);
}

}  // namespace iosr::detail
