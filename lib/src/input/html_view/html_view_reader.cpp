// SPDX-License-Identifier: MIT
// An OpenBenchmarking.org page as text: the title, the description, a system table and a
// summary table (both run together), then per chart a title line, a description line and one
// line `OpenBenchmarking.org` + `UNIT, More Is Better` + title, version, description, the
// identifiers, five axis ticks, the `SE +/- x, N = y` strings, the values and footnotes.
#include "input/html_view/html_view_reader.hpp"

#include <algorithm>
#include <map>

#include "input/html_view/fused_values.hpp"
#include "input/reader_context.hpp"
#include "iosr/counted.hpp"
#include "iosr/error.hpp"
#include "number.hpp"
#include "strings.hpp"

namespace iosr::detail {

namespace {

constexpr std::string_view watermark = "OpenBenchmarking.org";


struct page_line {
  std::string_view text;
  std::size_t offset;
};

std::vector<page_line> split_lines(std::string_view text) {
  std::vector<page_line> lines;
  std::size_t begin = 0;
  while (begin <= text.size()) {
    auto end = std::min(text.find('\n', begin), text.size());
    lines.push_back({trim(text.substr(begin, end - begin)), begin});
    begin = end + 1;
  }
  return lines;
}

// `Disk Details- NOOP: NOOP / data=ordered,relatime,rw- Deadline: DEADLINE / ...` names each
// system apart, where every other part of the page runs the names together. The list ends
// where the next note's heading (`Processor Details-`) begins, fused to the last item.
void read_disk_details(const reader_context& ctx) {
  constexpr std::string_view heading = "Disk Details- ";
  auto at = ctx.text.find(heading);
  if (at == std::string_view::npos) {
    ctx.fail(0, "this OpenBenchmarking.org page has no 'Disk Details' notes, which alone "
                "name the systems apart; iosr cannot split the run-together system names "
                "without them");
  }
  auto begin = at + heading.size();
  auto end = std::min(ctx.text.find('\n', begin), ctx.text.size());
  auto next = ctx.text.find(" Details-", begin);
  if (next < end) {
    end = next;
    while (end > begin && !(ctx.text[end - 1] >= 'A' && ctx.text[end - 1] <= 'Z')) --end;
    if (end > begin) --end;
  }
  auto list = ctx.text.substr(begin, end - begin);
  std::size_t item_begin = 0;
  while (item_begin < list.size()) {
    auto item_end = std::min(list.find("- ", item_begin), list.size());
    auto item = list.substr(item_begin, item_end - item_begin);
    auto colon = item.find(": ");
    if (colon == std::string_view::npos) {
      ctx.warn(begin + item_begin, message_code::html_disk_details_unreadable,
               "Disk Details item '" + std::string(item) + "' has no 'NAME: SCHEDULER'; not read");
    } else {
      auto s = make_system(std::string(item.substr(0, colon)));
      auto detail = item.substr(colon + 2);
      if (s.scheduler.empty()) s.scheduler = scheduler_key(trim(detail.substr(0, detail.find(" /"))));
      s.notes = "Disk Details: " + std::string(detail);
      s.where = ctx.lines.position(begin + item_begin);
      ctx.out.systems.push_back(std::move(s));
    }
    item_begin = item_end + 2;
  }
}

// The identifiers at the start of `text`, run together: each system's label once, in any order
// (a chart may leave systems out), up to the first axis tick.
bool match_labels(std::string_view text, const std::vector<system>& systems,
                  std::vector<std::string>& labels, std::size_t& used, std::size_t& budget) {
  if (budget-- == 0) return false;
  if (!labels.empty() && !text.empty() && is_digit(text.front())) return true;
  std::vector<const system*> order;
  for (const auto& s : systems) order.push_back(&s);
  std::stable_sort(order.begin(), order.end(), [](const system* a, const system* b) {
    return a->label.size() > b->label.size();
  });
  for (const auto* s : order) {
    if (std::find(labels.begin(), labels.end(), s->label) != labels.end()) continue;
    if (!text.starts_with(s->label)) continue;
    labels.push_back(s->label);
    used += s->label.size();
    if (match_labels(text.substr(s->label.size()), systems, labels, used, budget)) return true;
    used -= s->label.size();
    labels.pop_back();
  }
  return false;
}

struct page_chart {
  result r;
  std::vector<standard_error_text> errors;
  std::vector<value_split> splits;  ///< most plausible first
  std::string digits;               ///< the fused last N and values
  std::size_t digits_offset = 0;
  std::size_t choice = 0;
  std::vector<std::size_t> plausible;  ///< indexes into splits
};

std::string describe(const result& r) { return "chart '" + r.title + "' (" + r.description + ")"; }

// Reads one chart line; `title` and `description` are the two lines before it.
page_chart read_chart(const reader_context& ctx, const page_line& line, std::string_view title,
                      std::string_view description) {
  page_chart chart;
  auto& r = chart.r;
  r.title = std::string(title);
  r.description = std::string(description);
  r.display_format = display_format::bar_graph;
  r.where = ctx.lines.position(line.offset);
  auto body = line.text.substr(watermark.size());
  std::size_t at = watermark.size();
  auto fail = [&](std::size_t where, const std::string& what) {
    ctx.fail(line.offset + where, describe(r) + ": " + what);
  };
  auto more = body.find(", More Is Better"), fewer = body.find(", Fewer Is Better");
  auto mark = std::min(more, fewer);
  r.unit = std::string(body.substr(0, mark));
  r.direction = mark == more ? direction::higher : direction::lower;
  at += mark + (mark == more ? 16 : 17);
  auto rest = line.text.substr(at);
  if (!rest.starts_with(title)) fail(at, "expected the title '" + r.title + "' after the unit");
  at += title.size();
  rest = line.text.substr(at);
  if (!rest.starts_with(description)) {
    auto found = rest.find(description, 1);
    if (!rest.starts_with(' ') || found == std::string_view::npos) {
      fail(at, "expected the version and the description after the title");
    }
    r.version = std::string(rest.substr(1, found - 1));
    at += found;
  }
  at += description.size();
  std::vector<std::string> labels;
  std::size_t used = 0, budget = 10000;
  if (!match_labels(line.text.substr(at), ctx.out.systems, labels, used, budget)) {
    fail(at, "the identifiers are not a run of the Disk Details names followed by the axis");
  }
  for (auto label_at = line.offset + at; const auto& label : labels) {
    entry e;
    e.label = label;
    e.where = ctx.lines.position(label_at);  // until fill_entries moves it to the value
    label_at += label.size();
    ctx.add_entry(r, std::move(e));
  }
  at += used;
  auto ticks = read_ticks(line.text.substr(at));
  if (ticks.empty()) fail(at, "expected five evenly spaced axis ticks after the identifiers");
  at += ticks.front().length;
  split_clues clues{labels.size(), ticks.front().top, {}, false};
  // `SE +/- 5.03, N = 9SE +/- ...`: the last N runs into the first value.
  constexpr std::string_view se = "SE +/- ", n_is = ", N = ";
  std::size_t digits_begin = at;
  while (line.text.substr(at).starts_with(se)) {
    auto comma = line.text.find(n_is, at);
    if (comma == std::string_view::npos) fail(at, "an SE string has no ', N = '");
    standard_error_text e{std::string(line.text.substr(at + se.size(), comma - at - se.size())),
                          {}};
    auto count_begin = comma + n_is.size();
    auto next = line.text.find(se, count_begin);
    chart.errors.push_back(e);
    clues.has_errors = true;
    if (next == std::string_view::npos) {
      digits_begin = count_begin;
      break;
    }
    chart.errors.back().count = std::string(line.text.substr(count_begin, next - count_begin));
    clues.other_counts.push_back(chart.errors.back().count);
    at = next;
    digits_begin = at;
  }
  // Footnotes follow the values: `...4043991. (CC) gcc options` is 399 and note 1.
  auto digits_end = line.text.size();
  if (auto note = line.text.find(". ", digits_begin); note != std::string_view::npos) {
    if (note == digits_begin || line.text[note - 1] != '1') fail(note, "unexpected '. '");
    digits_end = note - 1;
  }
  chart.digits = std::string(line.text.substr(digits_begin, digits_end - digits_begin));
  chart.digits_offset = line.offset + digits_begin;
  if (chart.digits.empty() ||
      chart.digits.find_first_not_of("0123456789.") != std::string::npos) {
    fail(digits_begin, "expected " + counted(labels.size(), "value") +
                           " after the axis; the page ends or holds '" + chart.digits +
                           "' there (is it cut short?)");
  }
  chart.splits = split_values(chart.digits, clues);
  if (chart.splits.empty()) {
    fail(digits_begin, "'" + chart.digits + "' does not split into " +
                           counted(labels.size(), "value") +
                           " of one precision near the "
                           "axis (is the page cut short?)");
  }
  for (std::size_t k = 0; k < chart.splits.size(); ++k) {
    if (chart.splits[k].score <= chart.splits[0].score + 1.0) chart.plausible.push_back(k);
  }
  return chart;
}

// ---- the summary table: the stored values again, row by row, all run together ------------

struct summary_table {
  std::string_view digits;
  std::size_t offset = 0;
  std::vector<std::size_t> chart_of_column;  ///< chart index per column
};

std::optional<summary_table> find_summary(const reader_context& ctx,
                                          const std::vector<page_line>& lines,
                                          std::size_t first_chart,
                                          const std::vector<page_chart>& charts) {
  std::string names;
  for (const auto& s : ctx.out.systems) names += s.label;
  for (std::size_t i = 0; i < first_chart; ++i) {
    const auto& line = lines[i];
    if (!line.text.ends_with(watermark)) continue;
    auto at = line.text.find(names);
    if (at == std::string_view::npos || at + names.size() >= line.text.size() ||
        !is_digit(line.text[at + names.size()])) {
      continue;
    }
    summary_table table;
    auto begin = at + names.size();
    table.digits = line.text.substr(begin, line.text.size() - watermark.size() - begin);
    table.offset = line.offset + begin;
    // One column per test and options; charts that differ only in unit share one (fio's
    // IOPS beside its MB/s).
    std::size_t columns = 0;
    for (auto p = line.text.find(": "); p < at; p = line.text.find(": ", p + 2)) ++columns;
    std::vector<std::pair<std::string, std::string>> seen;
    for (std::size_t c = 0; c < charts.size(); ++c) {
      std::pair key{charts[c].r.title, charts[c].r.description};
      if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
      seen.push_back(key);
      table.chart_of_column.push_back(c);
    }
    if (table.chart_of_column.size() != columns) {
      ctx.warn(line.offset, message_code::html_summary_unusable,
               "the summary table has " + std::to_string(columns) + " columns for " +
                   std::to_string(table.chart_of_column.size()) +
                   " distinct charts; it is not used to check the values");
      return std::nullopt;
    }
    return table;
  }
  return std::nullopt;
}

// Does the table read as the charts' values (with the splits chosen), row by row?
bool table_agrees(const summary_table& table, const std::vector<page_chart>& charts,
                  const std::vector<system>& systems) {
  std::vector<char> reach(table.digits.size() + 1, 0);
  reach[0] = 1;
  for (const auto& s : systems) {
    for (auto c : table.chart_of_column) {
      const auto& chart = charts[c];
      const auto& split = chart.splits[chart.choice];
      std::vector<std::string> forms{""};
      for (std::size_t i = 0; i < chart.r.entries.size(); ++i) {
        if (chart.r.entries[i].label == s.label) forms = stored_forms(split.values[i]);
      }
      std::vector<char> next(reach.size(), 0);
      for (std::size_t p = 0; p < reach.size(); ++p) {
        if (!reach[p]) continue;
        for (const auto& f : forms) {
          if (table.digits.substr(p).starts_with(f)) next[p + f.size()] = 1;
        }
      }
      reach = std::move(next);
    }
  }
  return reach.back() != 0;
}

// Lets the table decide between splits that fit a chart about equally well.
void check_with_summary(const reader_context& ctx, const summary_table& table,
                        std::vector<page_chart>& charts) {
  for (int pass = 0; pass < 2; ++pass) {
    for (auto c : table.chart_of_column) {
      auto& chart = charts[c];
      if (chart.plausible.size() < 2) continue;
      std::vector<std::size_t> agreeing;
      for (auto k : chart.plausible) {
        chart.choice = k;
        if (table_agrees(table, charts, ctx.out.systems)) agreeing.push_back(k);
      }
      if (!agreeing.empty()) chart.plausible = agreeing;
      chart.choice = chart.plausible.front();
    }
  }
  if (!table_agrees(table, charts, ctx.out.systems)) {
    ctx.warn(table.offset, message_code::html_summary_disagrees,
             "the summary table does not read as the charts' values; the "
             "charts' values are kept");
  }
}

std::string list_values(const value_split& split) {
  std::string out;
  for (const auto& v : split.values) out += (out.empty() ? "" : " ") + v;
  if (!split.last_count.empty()) out += " (last N = " + split.last_count + ")";
  return out;
}

// Fills the entries from the chosen split, with SE and N when every bar has its SE string.
void fill_entries(const reader_context& ctx, page_chart& chart) {
  auto& r = chart.r;
  const auto& split = chart.splits[chart.choice];
  if (chart.plausible.size() > 1) {
    std::string others;
    for (auto k : chart.plausible) {
      if (k != chart.choice) others += (others.empty() ? "" : "; ") + list_values(chart.splits[k]);
    }
    ctx.warn(chart.digits_offset, message_code::html_digits_ambiguous,
             describe(r) + ": '" + chart.digits + "' splits more than one way; read as " +
                 list_values(split) + "; also fits: " + others);
  }
  auto offset = chart.digits_offset + split.last_count.size();
  bool with_errors = chart.errors.size() == r.entries.size();
  if (!chart.errors.empty() && !with_errors) {
    ctx.warn(chart.digits_offset, message_code::html_errors_unmatched,
             describe(r) + ": " + std::to_string(chart.errors.size()) + " SE strings for " +
                 std::to_string(r.entries.size()) +
                 " bars; the page shows SE only where it is above zero, "
                 "so they cannot be matched to bars and are not kept");
  }
  for (std::size_t i = 0; i < r.entries.size(); ++i) {
    auto& e = r.entries[i];
    e.value_text = split.values[i];
    e.value = parse_number(e.value_text);
    e.where = ctx.lines.position(offset);
    offset += e.value_text.size();
    if (with_errors) {
      const auto& se = chart.errors[i];
      auto count = i + 1 == r.entries.size() ? split.last_count : se.count;
      e.standard_error = parse_number(se.error);
      if (auto n = parse_number(count)) e.sample_count = static_cast<std::size_t>(*n);
    }
  }
}

}  // namespace

bool sniff_html_view(std::string_view text) {
  // Page text never begins as XML or JSON does; a composite.xml or JSON that quotes a page
  // (iosr's own output of one, for instance) belongs to its reader.
  auto start = text.find_first_not_of(" \t\r\n");
  if (start != std::string_view::npos && (text[start] == '<' || text[start] == '{')) return false;
  // The export line names the page even when the page is cut before its first chart.
  return text.find(watermark) != std::string_view::npos &&
         (text.find(", More Is Better") != std::string_view::npos ||
          text.find(", Fewer Is Better") != std::string_view::npos ||
          text.find("HTML result view exported from: ") != std::string_view::npos);
}

void read_html_view(reader_context& ctx, const read_options&) {
  auto text = ctx.text;
  auto& file = ctx.out;
  auto lines = split_lines(text);
  std::vector<const page_line*> filled;
  for (const auto& l : lines) {
    if (!l.text.empty()) filled.push_back(&l);
  }
  if (!filled.empty()) file.title = std::string(filled[0]->text);
  if (filled.size() > 1) file.description = std::string(filled[1]->text);
  constexpr std::string_view exported = "HTML result view exported from: ";
  for (const auto* l : filled) {
    if (!l->text.starts_with(exported)) continue;
    auto url = l->text.substr(exported.size());
    if (url.ends_with('.')) url.remove_suffix(1);
    file.reference_id = std::string(url.substr(url.rfind('/') + 1));
  }
  read_disk_details(ctx);

  std::vector<page_chart> charts;
  std::size_t first_chart = lines.size();
  for (std::size_t f = 0; f < filled.size(); ++f) {
    const auto& line = *filled[f];
    if (!line.text.starts_with(watermark) || line.text.size() == watermark.size()) continue;
    if (line.text.find(", More Is Better") == std::string_view::npos &&
        line.text.find(", Fewer Is Better") == std::string_view::npos) {
      ctx.warn(line.offset, message_code::chart_without_direction,
               "a chart without 'More Is Better' or 'Fewer Is Better'; not read");
      continue;
    }
    if (f < 2) ctx.fail(line.offset, "a chart without its title and description lines");
    first_chart = std::min(first_chart, static_cast<std::size_t>(&line - lines.data()));
    charts.push_back(read_chart(ctx, line, filled[f - 2]->text, filled[f - 1]->text));
  }
  if (charts.empty()) {
    ctx.fail(text.size(), "no chart line ('OpenBenchmarking.orgUNIT, More Is Better...'); is "
                          "the page cut short?");
  }
  if (auto table = find_summary(ctx, lines, first_chart, charts)) {
    check_with_summary(ctx, *table, charts);
  } else {
    ctx.warn(0, message_code::html_summary_missing,
             "no summary table to check the charts' values against");
  }
  for (auto& chart : charts) {
    fill_entries(ctx, chart);
    file.results.push_back(std::move(chart.r));
  }
  ctx.warn(0, message_code::html_system_table_unreadable,
           "the system table runs hardware and software together; they are not read");
}

}  // namespace iosr::detail
