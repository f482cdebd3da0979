// SPDX-License-Identifier: MIT
// The text-export reader: detection, where the export starts in a PTS session, the choice
// between the two forms, and what both share (entries from matched tails, the bar check).
#include "input/pts_text/text_reader.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include <fmt/compile.h>
#include <fmt/format.h>

#include "iosr/error.hpp"
#include "number.hpp"

namespace iosr::detail {

namespace {

constexpr std::string_view higher_mark = "> Higher Is Better";
constexpr std::string_view lower_mark = "< Lower Is Better";

}  // namespace

std::optional<direction_mark> find_direction_mark(std::string_view text, std::size_t from) {
  auto h = text.find(higher_mark, from);
  auto l = text.find(lower_mark, from);
  if (h == std::string_view::npos && l == std::string_view::npos) return std::nullopt;
  if (h < l) return direction_mark{h, h + higher_mark.size(), direction::higher};
  return direction_mark{l, l + lower_mark.size(), direction::lower};
}

std::vector<direction_mark> find_direction_marks(std::string_view text) {
  // Each kind is searched for once: find_direction_mark from mark to mark would rescan to the
  // end for a kind the text lacks. The two marks cannot overlap, so sorting merges them.
  std::vector<direction_mark> marks;
  auto add_all = [&](std::string_view mark, direction dir) {
    for (auto at = text.find(mark); at != std::string_view::npos;
         at = text.find(mark, at + mark.size())) {
      marks.push_back({at, at + mark.size(), dir});
    }
  };
  add_all(higher_mark, direction::higher);
  add_all(lower_mark, direction::lower);
  std::sort(marks.begin(), marks.end(), [](auto a, auto b) { return a.begin < b.begin; });
  return marks;
}

std::optional<found_entry> find_entry(std::string_view text, std::size_t from, bool one_line) {
  // A leader is ` .`; dots are rarer than blanks, so look for the dot and check the blank.
  for (auto dot = text.find('.', from + 1); dot != std::string_view::npos;
       dot = text.find('.', dot + 1)) {
    if (text[dot - 1] != ' ') continue;
    if (auto tail = match_entry_tail(text, dot, one_line)) return found_entry{dot, *tail};
  }
  return std::nullopt;
}

void add_text_entry(result& chart, const reader_context& ctx, std::string_view label,
                    std::size_t label_offset, const entry_tail& tail, std::size_t base) {
  ctx.check_room(chart, ctx.at(label_offset));
  auto& e = chart.entries.emplace_back();  // filled in place: an entry is large to move
  e.label = label;
  e.where = ctx.at(label_offset);
  auto value_offset = base + tail.value_begin;
  e.value_text = ctx.text.substr(value_offset, tail.value_end - tail.value_begin);
  switch (tail.kind) {
    case tail_kind::bar:
    case tail_kind::bare:
      e.kind = entry_kind::number;
      e.value = parse_number(e.value_text);
      if (!e.value && out_of_range(e.value_text)) {
        ctx.fail(value_offset, "value '" + quoted_value(e.value_text) + "' of '" + e.label +
                                   "' is out of range; expected a number a double holds (up to "
                                   "about 1.8e308 in size, and 0 or at least about 2.2e-308)");
      }
      if (!e.value) {
        ctx.fail(value_offset, "value '" + quoted_value(e.value_text) + "' of '" + e.label +
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
      e.value_text = tail.avg;  // the average stands for the series, as in PTS's CSV
      if (!e.min || !e.value || !e.max) {
        ctx.fail(value_offset, "line graph values of '" + e.label +
                                   "' are not numbers; expected MIN: a AVG: b MAX: c");
      }
      break;
    case tail_kind::empty:
      e.kind = entry_kind::text;
      break;
  }
}

void check_bars(const reader_context& ctx, const result& chart,
                const std::vector<drawn_bar>& bars) {
  // PTS draws round(V / M * (W - C)) `=` for value V, the chart's largest value M, width W and
  // the line's bar column C, so the largest value's bar is W - C. C is the same for every line
  // of a chart in today's PTS; PTS 8.8 padded the values to a width that could be too small, so
  // a shorter value moved its bar left and made it longer ("98766|" beside "152340|"). A bar
  // fits when it fits either: one C for the chart, or, with the columns known, its line's own
  // C. (Columns alone do not do: a line a mail client re-wrapped and the quoting layer joined
  // back may have moved.)
  double largest = 0;
  drawn_bar largest_bar;
  for (std::size_t i = 0; i < chart.entries.size(); ++i) {
    const auto& e = chart.entries[i];
    if (bars[i].length == no_bar) continue;
    if (e.kind == entry_kind::number && e.value && *e.value > largest) {
      largest = *e.value;
      largest_bar = bars[i];
    }
  }
  for (std::size_t i = 0; i < chart.entries.size(); ++i) {
    const auto& e = chart.entries[i];
    if (e.kind != entry_kind::number || !e.value || bars[i].length == no_bar) continue;
    auto expected_in = [&](double room) {
      return largest > 0 ? std::max(0.0, *e.value / largest * room) : 0;
    };
    double expected = expected_in(double(largest_bar.length));
    // Either neighbouring integer is rounding; anything further means a mis-read value.
    bool fits = std::abs(double(bars[i].length) - expected) < 1.0;
    if (!fits && largest_bar.column != unknown_column && bars[i].column != unknown_column) {
      double own = expected_in(double(largest_bar.length) + double(largest_bar.column) -
                               double(bars[i].column));
      fits = std::abs(double(bars[i].length) - own) < 1.0;
    }
    if (!fits) {
      // Formatted on the stack, then copied out in one allocation (a chain of `+` or
      // formatting straight into a string reallocates as the message grows).
      fmt::memory_buffer message;
      fmt::format_to(std::back_inserter(message),
                     FMT_COMPILE("bar of '{}' in '{}' has {} '=' but its value {} implies about "
                                 "{}; the value or the bar may be mis-read"),
                     e.label, chart.title, bars[i].length, e.value_text, std::lround(expected));
      ctx.out.warnings.push_back({e.where, message_code::bar_disagrees, fmt::to_string(message)});
    }
  }
}

void report_cut_chart(const reader_context& ctx, std::size_t offset, const std::string& message) {
  if (ctx.out.results.empty()) ctx.fail(offset, message);
  ctx.warn(offset, message_code::input_cut, message + "; that chart is not read");
}

namespace {

// ---- an interactive PTS session in front of the export ---------------------------------------
// A terminal capture or a pasted transcript holds what PTS printed while it ran, then the yes/no
// prompt that asked for the export (pts_user_io::prompt_bool_input prints `QUESTION (Y/n): `),
// then the export. What comes before the prompt is PTS's session, not the export.

constexpr std::array<std::string_view, 3> prompt_ends = {"(Y/n): ", "(y/N): ", "(y/n): "};

// Where the prompt ends on the line [begin, end), or npos.
std::size_t prompt_end(std::string_view text, std::size_t begin, std::size_t end) {
  auto line = text.substr(begin, end - begin);
  for (auto p : prompt_ends) {
    if (auto at = line.rfind(p); at != std::string_view::npos) return begin + at + p.size();
  }
  // The prompt with its blank removed by a trailing-blank trim.
  for (auto p : prompt_ends) {
    auto bare = p.substr(0, p.size() - 1);
    if (line.ends_with(bare)) return end;
  }
  return std::string_view::npos;
}

bool is_answer(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\r')) s.remove_suffix(1);
  return s == "y" || s == "Y" || s == "n" || s == "N" || s == "yes" || s == "no" || s == "Yes" ||
         s == "No";
}

struct session_prompt {
  std::size_t export_begin = 0;  // after the prompt, and after the answer when it was echoed
  std::size_t prompt_begin = 0;  // the prompt's first byte other than a blank
  std::string prompt;            // as PTS printed it, without the blanks around it
};

// The prompt that asked for the export: the last one before the first chart (its direction
// mark, or its first bar for PTS 7's charts without a mark), since later ones belong to later
// sessions in the same capture.
std::optional<session_prompt> find_session_prompt(std::string_view text) {
  if (std::none_of(prompt_ends.begin(), prompt_ends.end(), [&](std::string_view p) {
        return text.find(p.substr(0, p.size() - 1)) != std::string_view::npos;
      })) {
    return std::nullopt;
  }
  auto first_mark = std::min({text.find(higher_mark), text.find(lower_mark), text.find(" |=")});
  std::size_t prompt_line = std::string_view::npos, after = 0, line_next = 0;
  for (std::size_t begin = 0; begin < text.size() && begin < first_mark;) {
    auto nl = text.find('\n', begin);
    auto next = nl == std::string_view::npos ? text.size() : nl + 1;
    auto end = nl == std::string_view::npos ? text.size() : nl;
    if (auto at = prompt_end(text, begin, end); at != std::string_view::npos) {
      prompt_line = begin;
      after = at;
      line_next = next;
    }
    begin = next;
  }
  if (prompt_line == std::string_view::npos) return std::nullopt;
  session_prompt found;
  found.prompt = std::string(text.substr(prompt_line, after - prompt_line));
  auto& prompt = found.prompt;
  while (!prompt.empty() && (prompt.back() == ' ' || prompt.back() == '\r')) prompt.pop_back();
  auto first = prompt.find_first_not_of(" \t");
  if (first != std::string::npos) prompt.erase(0, first);
  found.prompt_begin = prompt_line + (first == std::string::npos ? 0 : first);
  auto rest = text.substr(after, line_next - after);
  // The answer, when the terminal echoed it, is not the export's title.
  found.export_begin = is_answer(rest.substr(0, rest.find('\n'))) ? line_next : after;
  return found;
}

// The part of `text` that is the export: all of it, or what follows a session's prompt.
std::string_view own_text(std::string_view text) {
  auto session = find_session_prompt(text);
  return session ? text.substr(session->export_begin) : text;
}

}  // namespace

bool sniff_pts_text(std::string_view text) {
  text = own_text(text);
  if (find_direction_mark(text, 0)) return true;
  // An export without charts still has its system block: `LABEL: ` then `\tProcessor: ...`.
  if (text.find(": \n\n\tProcessor: ") != std::string_view::npos) return true;
  return find_entry(text, 0, false).has_value();
}

bool is_pts_text_result(std::string_view text) {
  // A direction mark alone is prose about results (a README quoting `TPS > Higher Is
  // Better`): an export has an entry line or its system block too.
  text = own_text(text);
  if (text.find(": \n\n\tProcessor: ") != std::string_view::npos) return true;
  return find_entry(text, 0, false).has_value();
}

namespace {

// The collapsed form: some direction mark is followed on its own line by more text.
bool is_collapsed(std::string_view text, const std::vector<direction_mark>& marks) {
  for (const auto& mark : marks) {
    auto line_end = text.find('\n', mark.end);
    auto rest = text.substr(mark.end, line_end == std::string_view::npos ? line_end
                                                                        : line_end - mark.end);
    // A mark with an entry or the next chart's title after it on its line: the line breaks
    // are gone. (`(Seconds < Lower Is Better)` in prose has only punctuation after it.)
    auto after = trim(rest);
    if (find_entry(rest, 0, false)) return true;
    if (!after.empty() && (is_digit(after.front()) || is_ascii_letter(after.front()))) return true;
  }
  return false;
}

// A heading of the hand-made layout that copies PTS's on one line, `TITLE (UNIT < Lower Is
// Better)`, with labels and bare values nested below it by indentation: the line of the first
// mark so enclosed, or empty. Real copies (a kernel patch's cover letter) do not keep their
// indentation consistent, so nesting by it would pair values with the wrong labels: refused.
std::string_view one_line_heading(std::string_view text, const std::vector<direction_mark>& marks) {
  for (const auto& mark : marks) {
    auto begin = text.rfind('\n', mark.begin);
    begin = begin == std::string_view::npos ? 0 : begin + 1;
    auto end = std::min(text.find('\n', mark.end), text.size());
    auto before = text.substr(begin, mark.begin - begin);
    auto after = trim(text.substr(mark.end, end - mark.end));
    auto open = before.rfind('(');
    if (open != std::string_view::npos && open > 0 && !trim(before.substr(0, open)).empty() &&
        after == ")") {
      return trim(text.substr(begin, end - begin));
    }
  }
  return {};
}

// Reads the export that is all of ctx.text.
void read_export(reader_context& ctx) {
  auto text = ctx.text;
  auto& file = ctx.out;
  auto marks = find_direction_marks(text);
  if (is_collapsed(text, marks)) {
    read_collapsed(ctx, marks);
  } else {
    read_multiline(ctx);
  }
  if (file.results.empty() && file.systems.empty()) {
    // A direction mark without a chart around it: a table of the author's own making.
    if (auto heading = one_line_heading(text, marks); !heading.empty()) {
      ctx.fail(static_cast<std::size_t>(heading.data() - text.data()),
               "'" + std::string(heading) +
                   "' copies PTS's chart heading onto one line, a hand-made layout that is not "
                   "PTS's: its values, nested by indentation, are not read, since such copies "
                   "do not keep their indentation consistent (docs/pts-text-input.md); expected "
                   "PTS's text export, with the unit and 'Is Better' on a line of their own and "
                   "'LABEL .... VALUE |===' lines");
    }
    if (!marks.empty()) {
      ctx.fail(marks.front().begin,
               "a direction mark, but no chart in a form iosr reads around it; expected a unit "
               "line ending in it, followed by 'LABEL .... VALUE |===' lines");
    }
    ctx.fail(0, "no benchmark chart found; expected a PTS text export with charts such as "
                "'UNIT > Higher Is Better' followed by 'LABEL .... VALUE |===' lines");
  }
}

}  // namespace

void read_pts_text(reader_context& ctx, const read_options&) {
  auto session = find_session_prompt(ctx.text);
  if (!session) return read_export(ctx);
  // The reader's first warning: it concerns all of the text before the export.
  ctx.warn(session->prompt_begin, message_code::session_prompt,
           "an interactive PTS session: what it printed up to its prompt '" + session->prompt +
               "' is not part of the text export and is not read");
  auto part = ctx.part_from(session->export_begin);
  read_export(part);
}

}  // namespace iosr::detail
