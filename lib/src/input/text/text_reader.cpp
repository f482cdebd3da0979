// SPDX-License-Identifier: MIT
// The text-export reader: detection, the choice between the two forms, and what both share
// (entries from matched tails, the bar check, systems named only by entries).
#include "input/text/text_reader.hpp"

#include <cmath>
#include <set>

#include "iosr/error.hpp"
#include "number.hpp"

namespace iosr::detail {

std::optional<direction_mark> find_direction_mark(std::string_view text, std::size_t from) {
  static constexpr std::string_view higher = "> Higher Is Better";
  static constexpr std::string_view lower = "< Lower Is Better";
  auto h = text.find(higher, from);
  auto l = text.find(lower, from);
  if (h == std::string_view::npos && l == std::string_view::npos) return std::nullopt;
  if (h < l) return direction_mark{h, h + higher.size(), direction::higher};
  return direction_mark{l, l + lower.size(), direction::lower};
}

std::optional<found_entry> find_entry(std::string_view text, std::size_t from, bool one_line) {
  for (auto dot = text.find(" .", from); dot != std::string_view::npos;
       dot = text.find(" .", dot + 1)) {
    if (auto tail = match_entry_tail(text, dot + 1, one_line)) return found_entry{dot + 1, *tail};
  }
  return std::nullopt;
}

entry make_entry(const reader_context& ctx, std::string_view label, std::size_t label_offset,
                 const entry_tail& tail, std::size_t base) {
  entry e;
  e.label = std::string(label);
  e.where = ctx.at(label_offset);
  auto value_offset = base + tail.value_begin;
  e.value_text = std::string(ctx.text.substr(value_offset, tail.value_end - tail.value_begin));
  switch (tail.kind) {
    case tail_kind::bar:
      e.kind = entry_kind::number;
      e.value = parse_number(e.value_text);
      if (!e.value) {
        ctx.fail(value_offset, "value '" + e.value_text + "' of '" + e.label +
                                   "' is not a number; expected digits with an optional "
                                   "decimal point, such as 20.13");
      }
      break;
    case tail_kind::pass_fail:
      e.kind = entry_kind::pass_fail;
      e.value = e.value_text == "PASS" ? 1.0 : 0.0;
      break;
    case tail_kind::series:
      e.kind = entry_kind::series;
      e.min = parse_number(tail.min);
      e.value = parse_number(tail.avg);
      e.max = parse_number(tail.max);
      e.value_text = std::string(tail.avg);  // the average stands for the series, as in PTS's CSV
      if (!e.min || !e.value || !e.max) {
        ctx.fail(value_offset, "line graph values of '" + e.label +
                                   "' are not numbers; expected MIN: a AVG: b MAX: c");
      }
      break;
    case tail_kind::empty:
      e.kind = entry_kind::text;
      break;
  }
  return e;
}

void check_bars(const reader_context& ctx, const result& chart,
                const std::vector<std::size_t>& bar_lengths) {
  // PTS draws round(V / M * (W - C)) `=` for value V, the chart's largest value M, width W and
  // bar column C; C is the same for every line of a chart, so the largest value's bar is W - C.
  double largest = 0;
  std::size_t largest_bar = 0;
  for (std::size_t i = 0; i < chart.entries.size(); ++i) {
    const auto& e = chart.entries[i];
    if (e.kind == entry_kind::number && e.value && *e.value > largest) {
      largest = *e.value;
      largest_bar = bar_lengths[i];
    }
  }
  for (std::size_t i = 0; i < chart.entries.size(); ++i) {
    const auto& e = chart.entries[i];
    if (e.kind != entry_kind::number || !e.value) continue;
    double expected = largest > 0 ? std::max(0.0, *e.value / largest * double(largest_bar)) : 0;
    // Either neighbouring integer is rounding; anything further means a mis-read value.
    if (std::abs(double(bar_lengths[i]) - expected) >= 1.0) {
      ctx.out.warnings.push_back(
          {e.where, "bar of '" + e.label + "' in '" + chart.title + "' has " +
                        std::to_string(bar_lengths[i]) + " '=' but its value " + e.value_text +
                        " implies about " + std::to_string(std::lround(expected)) +
                        "; the value or the bar may be mis-read"});
    }
  }
}

void add_missing_systems(const reader_context& ctx) {
  std::set<std::string> known;
  for (const auto& s : ctx.out.systems) known.insert(s.label);
  const bool had_system_block = !known.empty();
  for (const auto& r : ctx.out.results) {
    for (const auto& e : r.entries) {
      if (known.insert(e.label).second) {
        auto s = make_system(e.label);
        s.where = e.where;
        ctx.out.systems.push_back(std::move(s));
        if (had_system_block) {
          ctx.out.warnings.push_back(
              {e.where, "'" + e.label + "' has no system block; added it without hardware "
                        "or software details"});
        }
      }
    }
  }
}

bool sniff_pts_text(std::string_view text) {
  if (find_direction_mark(text, 0)) return true;
  // An export without charts still has its system block: `LABEL: ` then `\tProcessor: ...`.
  if (text.find(": \n\n\tProcessor: ") != std::string_view::npos) return true;
  return find_entry(text, 0, false).has_value();
}

namespace {

// The collapsed form: some direction mark is followed on its own line by more text.
bool is_collapsed(std::string_view text) {
  for (auto mark = find_direction_mark(text, 0); mark;
       mark = find_direction_mark(text, mark->end)) {
    auto line_end = text.find('\n', mark->end);
    auto rest = text.substr(mark->end, line_end == std::string_view::npos ? line_end
                                                                         : line_end - mark->end);
    // A mark with more text after it on its line: the line breaks are gone.
    if (find_entry(rest, 0, false) || !trim(rest).empty()) return true;
  }
  return false;
}

// A system with no bar anywhere: real when a run failed, but also what an input cut off in its
// last chart looks like, so it is said.
void warn_systems_without_entries(const reader_context& ctx) {
  if (ctx.out.results.empty()) return;
  std::set<std::string_view> with_entries;
  for (const auto& r : ctx.out.results) {
    for (const auto& e : r.entries) with_entries.insert(e.label);
  }
  for (const auto& s : ctx.out.systems) {
    if (with_entries.count(s.label)) continue;
    ctx.out.warnings.push_back({s.where, "system '" + s.label + "' has no entries in any chart"});
  }
}

}  // namespace

result_file read_pts_text(std::string_view text, const std::string& name,
                          const read_options& options) {
  result_file file;
  file.source_name = name;
  file.format = "pts-text";
  reader_context ctx{text, name, line_index(text), file, options.max_entries_per_chart};
  if (is_collapsed(text)) {
    read_collapsed(ctx);
  } else {
    read_multiline(ctx);
  }
  add_missing_systems(ctx);
  warn_systems_without_entries(ctx);
  if (file.results.empty() && file.systems.empty()) {
    ctx.fail(0, "no benchmark chart found; expected a PTS text export with charts such as "
                "'UNIT > Higher Is Better' followed by 'LABEL .... VALUE |===' lines");
  }
  if (file.results.empty()) ctx.warn(0, "the export lists systems but holds no charts");
  return file;
}

}  // namespace iosr::detail
