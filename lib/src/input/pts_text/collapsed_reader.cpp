// SPDX-License-Identifier: MIT
// The whitespace-collapsed text export: the whole export on one line, as copied from a web page.
//
//   TITLE DESCRIPTION LABEL: Processor: ..., ... OS: ..., Screen Resolution: WxH LABEL: ...
//   CHART-HEADER > Higher Is Better LABEL .... VALUE |==== LABEL .... VALUE |==== CHART-HEADER ...
//
// Line breaks are gone, so the entries (` .... VALUE |===`) and the direction marks are the
// anchors: a chart's header is the text before its mark, its entries follow until the next
// header. The system block before the first chart is cut at the labels the charts use.
#include <algorithm>

#include "input/system_fields.hpp"
#include "input/pts_text/header_split.hpp"
#include "input/pts_text/text_reader.hpp"

namespace iosr::detail {

namespace {

struct span_t {
  std::size_t begin = 0, end = 0;
  std::string_view in(std::string_view text) const { return text.substr(begin, end - begin); }
};

span_t trimmed(std::string_view text, span_t s) {
  while (s.begin < s.end && (text[s.begin] == ' ' || text[s.begin] == '\t' ||
                             text[s.begin] == '\n' || text[s.begin] == '\r')) {
    ++s.begin;
  }
  while (s.end > s.begin && (text[s.end - 1] == ' ' || text[s.end - 1] == '\t' ||
                             text[s.end - 1] == '\n' || text[s.end - 1] == '\r')) {
    --s.end;
  }
  return s;
}

struct chart_draft {
  span_t header;
  direction dir = direction::none;
  bool marked = true;  // false: delimited by a label, not by an `Is Better` mark
  std::vector<std::size_t> entries;  // indexes into the found entries
};

struct labelled_entry {
  found_entry found;
  span_t label;
};

// `Screen Resolution: 1280x800` ends a software list; its value is one token.
bool is_resolution(std::string_view token) {
  auto x = token.find('x');
  if (x == 0 || x == std::string_view::npos || x + 1 == token.size()) return false;
  return std::all_of(token.begin(), token.end(),
                     [](char c) { return (c >= '0' && c <= '9') || c == 'x'; });
}

// The hardware or software key that `text` ends with (the first in PTS's order); empty when none.
std::string_view key_ending(std::string_view text) {
  for (auto keys : {hardware_keys(), software_keys()}) {
    for (auto key : keys) {
      if (text.ends_with(key)) return key;
    }
  }
  return {};
}

// Where the first chart header begins inside the last system block `[from, to)`.
std::size_t header_start_in_block(const reader_context& ctx, span_t block) {
  auto text = ctx.text;
  // The last `Key: ` of the block; its value runs into the header. Keys hold no `:`, so it is
  // found from the block's last `: ` backwards (a backwards search per key would compare at
  // every byte).
  std::size_t value_begin = std::string_view::npos;
  std::string_view last_key;
  const auto in_block = block.in(text);
  for (auto colon = in_block.rfind(':'); colon != std::string_view::npos;
       colon = colon == 0 ? std::string_view::npos : in_block.rfind(':', colon - 1)) {
    if (colon + 1 == in_block.size() || in_block[colon + 1] != ' ') continue;
    last_key = key_ending(in_block.substr(0, colon));
    if (!last_key.empty()) {
      value_begin = block.begin + colon + 2;
      break;
    }
  }
  if (value_begin == std::string_view::npos) return block.begin;
  auto after = span_t{value_begin, block.end}.in(text);
  if (last_key == "Screen Resolution") {
    auto space = after.find(' ');
    if (space != std::string_view::npos && is_resolution(after.substr(0, space))) {
      return value_begin + space + 1;
    }
  }
  if (auto title = find_known_title(after); title != std::string_view::npos && title > 0) {
    return value_begin + title;
  }
  auto space = after.find(' ');
  ctx.warn(value_begin, message_code::system_value_end_guessed,
           "cannot tell where the '" + std::string(last_key) +
               "' value ends and the first chart begins; took one word");
  return space == std::string_view::npos ? block.end : value_begin + space + 1;
}

// A system that no chart names is found where a software list ends at `Screen Resolution: WxH`
// and `NAME: Processor: ...` follows; the others were found from the chart labels. The
// finishing pass says that it has no entries.
void add_systems_without_entries(const reader_context& ctx, span_t prefix,
                                 std::vector<span_t>& labels) {
  static constexpr std::string_view resolution = "Screen Resolution: ";
  const auto text = ctx.text;
  std::vector<span_t> found;
  for (auto at = prefix.in(text).find(resolution); at != std::string_view::npos;
       at = prefix.in(text).find(resolution, at + 1)) {
    auto value = at + resolution.size();
    auto space = text.find(' ', value);
    if (space == std::string_view::npos || space >= prefix.end ||
        !is_resolution(text.substr(value, space - value))) {
      continue;
    }
    auto label_begin = space + 1;
    bool known = std::any_of(labels.begin(), labels.end(),
                             [&](span_t l) { return l.begin == label_begin; });
    if (known) continue;
    // The label runs to the first `: ` that a hardware or software key follows.
    for (auto colon = text.find(": ", label_begin); colon != std::string_view::npos &&
                                                    colon < prefix.end && colon - label_begin < 128;
         colon = text.find(": ", colon + 1)) {
      auto rest = text.substr(colon + 2);
      if (!starts_with_hardware_key(rest) && !starts_with_software_key(rest)) continue;
      if (text.substr(label_begin, colon - label_begin).find(", ") != std::string_view::npos) break;
      found.push_back({label_begin, colon});
      break;
    }
  }
  labels.insert(labels.end(), found.begin(), found.end());
  std::sort(labels.begin(), labels.end(), [](auto a, auto b) { return a.begin < b.begin; });
}

// The export's own title and description run together; split them only where the description
// visibly restarts with the title's first words (`Linux 5.6 IO ... Linux 5.6 I/O ...`).
void split_file_title(std::string_view head, result_file& out) {
  auto first_space = head.find(' ');
  auto second_space = first_space == std::string_view::npos ? first_space
                                                            : head.find(' ', first_space + 1);
  if (second_space != std::string_view::npos) {
    auto opening = head.substr(0, second_space + 1);
    auto again = head.find(opening, second_space);
    if (again != std::string_view::npos && head[again - 1] == ' ') {
      out.title = std::string(trim(head.substr(0, again)));
      out.description = std::string(trim(head.substr(again)));
      return;
    }
  }
  out.title = std::string(head);
}

}  // namespace

void read_collapsed(reader_context& ctx, const std::vector<direction_mark>& marks) {
  const auto text = ctx.text;

  // 1. Every entry, left to right.
  std::vector<labelled_entry> entries;
  for (auto f = find_entry(text, 0, false); f; f = find_entry(text, f->tail.end, false)) {
    entries.push_back({*f, {}});
  }

  // 2. The gaps between entries hold labels, and chart headers ending in a direction mark.
  //    The marks were found once, in order: searching from each gap would be quadratic.
  std::vector<chart_draft> charts;
  std::size_t first_mark = std::string_view::npos;
  std::size_t next_mark = 0;
  for (std::size_t k = 0; k < entries.size(); ++k) {
    std::size_t gap_begin = k == 0 ? 0 : entries[k - 1].found.tail.end;
    std::size_t gap_end = entries[k].found.dots;
    std::size_t label_begin = gap_begin;
    while (next_mark < marks.size() && marks[next_mark].begin < gap_begin) ++next_mark;
    for (; next_mark < marks.size() && marks[next_mark].end <= gap_end; ++next_mark) {
      const auto& mark = marks[next_mark];
      if (first_mark == std::string_view::npos) first_mark = mark.begin;
      charts.push_back({{label_begin, mark.begin}, mark.dir, true, {}});
      label_begin = mark.end;
    }
    if (charts.empty()) {
      ctx.fail(entries[k].found.dots,
               "entry before any chart header; expected a header ending in "
               "'> Higher Is Better' or '< Lower Is Better'");
    }
    entries[k].label = trimmed(text, {label_begin, gap_end});
    charts.back().entries.push_back(k);
  }

  // 3. Systems: `LABEL: Processor: ...` runs before the first chart, cut at the chart labels.
  std::vector<std::string_view> labels;
  for (const auto& e : entries) labels.push_back(e.label.in(text));
  std::sort(labels.begin(), labels.end(),
            [](auto a, auto b) { return a.size() != b.size() ? a.size() > b.size() : a < b; });
  labels.erase(std::unique(labels.begin(), labels.end()), labels.end());
  const span_t prefix{0, first_mark == std::string_view::npos ? 0 : first_mark};
  std::vector<span_t> starts;  // label spans of system blocks
  const auto in_prefix = prefix.in(text);
  for (auto label : labels) {
    // `LABEL: `, found as the label followed by `: ` (no string built per label).
    for (auto at = in_prefix.find(label); at != std::string_view::npos;
         at = in_prefix.find(label, at + 1)) {
      auto colon = at + label.size();
      if (!in_prefix.substr(colon).starts_with(": ")) continue;
      if (at > 0 && text[at - 1] != ' ') continue;
      auto rest = text.substr(colon + 2);
      if (!starts_with_hardware_key(rest) && !starts_with_software_key(rest)) continue;
      starts.push_back({at, colon});
    }
  }
  std::sort(starts.begin(), starts.end(), [](auto a, auto b) { return a.begin < b.begin; });
  std::vector<span_t> system_labels;
  for (auto s : starts) {
    if (!system_labels.empty() && s.begin < system_labels.back().end) continue;  // nested label
    system_labels.push_back(s);
  }
  add_systems_without_entries(ctx, prefix, system_labels);
  std::size_t header_begin = prefix.begin;
  for (std::size_t i = 0; i < system_labels.size(); ++i) {
    span_t block{system_labels[i].end + 2,
                 i + 1 < system_labels.size() ? system_labels[i + 1].begin : prefix.end};
    if (i + 1 == system_labels.size()) {
      header_begin = header_start_in_block(ctx, block);
      block.end = header_begin;
    }
    auto s = make_system(std::string(system_labels[i].in(text)));
    s.where = ctx.at(system_labels[i].begin);
    auto [hw, sw] = split_hardware_software(trimmed(text, block).in(text));
    s.hardware = split_fields(hw);
    s.software = split_fields(sw);
    ctx.out.systems.push_back(std::move(s));
  }
  if (system_labels.empty() && !charts.empty()) {
    auto title = find_known_title(prefix.in(text));
    header_begin = title == std::string_view::npos ? prefix.begin : title;
  }
  split_file_title(
      trimmed(text, {0, system_labels.empty() ? header_begin : system_labels.front().begin})
          .in(text),
      ctx.out);
  if (!charts.empty()) charts.front().header.begin = header_begin;

  // 4. Entries whose label is no system's but ends with one: a chart without a direction mark
  //    ran into it (`... |=== Custom Test 1.0 Widgets None .... 12 |===`).
  if (!ctx.out.systems.empty()) {
    for (std::size_t c = 0; c < charts.size(); ++c) {
      for (std::size_t i = 0; i < charts[c].entries.size(); ++i) {
        auto& e = entries[charts[c].entries[i]];
        auto label = e.label.in(text);
        if (ctx.out.find_system(label)) continue;
        for (const auto& s : ctx.out.systems) {
          if (label.size() > s.label.size() + 1 && label.ends_with(" " + s.label)) {
            chart_draft unmarked{{e.label.begin, e.label.end - s.label.size() - 1},
                                 direction::none, false, {}};
            unmarked.entries.assign(charts[c].entries.begin() + i, charts[c].entries.end());
            charts[c].entries.resize(i);
            e.label.begin = e.label.end - s.label.size();
            charts.insert(charts.begin() + c + 1, std::move(unmarked));
            break;
          }
        }
      }
    }
  }

  // 5. Build the charts.
  ctx.out.results.reserve(charts.size());
  for (const auto& draft : charts) {
    auto header = trimmed(text, draft.header);
    auto parts = split_collapsed_header(header.in(text));
    result r;
    r.title = std::move(parts.title);
    r.version = std::move(parts.version);
    r.description = std::move(parts.description);
    r.unit = std::move(parts.unit);
    r.direction = draft.dir;
    r.display_format = display_format::bar_graph;
    r.where = ctx.at(header.begin);
    if (!draft.marked) {
      ctx.warn(header.begin, message_code::header_without_mark,
               "chart '" + std::string(header.in(text)) +
                   "' has no 'Is Better' mark; it was delimited by the system "
                   "labels, so its title, description and unit are a guess");
    } else if (!parts.doubt.empty()) {
      ctx.warn(header.begin, message_code::header_split_guessed,
               "chart header '" + std::string(header.in(text)) + "': " + parts.doubt);
    }
    r.entries.reserve(draft.entries.size());
    std::vector<drawn_bar> bars;  // the lines ran together: no columns
    bars.reserve(draft.entries.size());
    for (auto k : draft.entries) {
      const auto& e = entries[k];
      add_text_entry(r, ctx, e.label.in(text), e.label.begin, e.found.tail, 0);
      bars.push_back({e.found.tail.bar_length, unknown_column});
      if (e.found.tail.kind == tail_kind::pass_fail) r.display_format = display_format::pass_fail;
      if (e.found.tail.kind == tail_kind::series) r.display_format = display_format::line_graph;
    }
    check_bars(ctx, r, bars);
    ctx.out.results.push_back(std::move(r));
  }

  // 6. Whatever follows the last entry: a truncated chart or entry is an error.
  span_t rest = trimmed(text, {entries.empty() ? 0 : entries.back().found.tail.end, text.size()});
  if (rest.begin == rest.end) return;
  std::optional<direction_mark> last_mark;
  std::size_t last_header = rest.begin;
  for (const auto& mark : marks) {
    if (mark.begin < rest.begin) continue;
    if (last_mark) last_header = last_mark->end;
    last_mark = mark;
  }
  auto tail_begin = last_mark ? last_mark->end : rest.begin;
  if (auto dots = text.find(" .", tail_begin == 0 ? 0 : tail_begin - 1);
      dots != std::string_view::npos) {
    return report_cut_chart(ctx, dots + 1,
                            "input ends inside an entry; expected 'VALUE |===' after the dots");
  }
  if (last_mark) {
    return report_cut_chart(
        ctx, last_mark->end,
        "input ends after the header of chart '" +
            std::string(trim(text.substr(last_header, last_mark->begin - last_header))) +
            "'; expected its entries ('LABEL .... VALUE |===')");
  }
  ctx.warn(
      rest.begin, message_code::text_after_entries,
      "text after the last entry was not read: '" + std::string(rest.in(text).substr(0, 80)) + "'");
}

}  // namespace iosr::detail
