// SPDX-License-Identifier: MIT
// Text with a blank line after every line (Markdown needs one for a line break, and some
// copies from web pages have them): a chart whose title, description, unit and entry lines are
// each followed by a blank line is read with those blank lines removed.
#include <algorithm>
#include <optional>
#include <vector>

#include "input/transport/layers.hpp"

namespace iosr::detail {

namespace {

struct line_span {
  std::size_t begin = 0, end = 0, next = 0;
  bool blank = true;
};

// The line from `begin` to `end` (its line end, or the text's end).
line_span line_between(std::string_view text, std::size_t begin, std::size_t end) {
  line_span l{begin, end, end == text.size() ? end : end + 1, true};
  for (auto i = l.begin; i < l.end && l.blank; ++i) {
    l.blank = text[i] == ' ' || text[i] == '\t' || text[i] == '\r';
  }
  return l;
}

std::size_t line_end(std::string_view text, std::size_t from) {
  return std::min(text.find('\n', from), text.size());
}

line_span line_at(std::string_view text, std::size_t begin) {
  return line_between(text, begin, line_end(text, begin));
}

// The lines holding offsets that never decrease, found by scanning forward once: the marks
// come in order, and a whitespace-collapsed export is one long line, where searching from each
// mark back to its line's start and on to its end was quadratic.
class line_cursor {
 public:
  explicit line_cursor(std::string_view text) : text_(text), end_(line_end(text, 0)) {}
  line_span line_holding(std::size_t offset) {
    while (offset > end_) {
      begin_ = end_ + 1;
      end_ = line_end(text_, begin_);
    }
    return line_between(text_, begin_, end_);
  }

 private:
  std::string_view text_;
  std::size_t begin_ = 0, end_;
};

std::optional<line_span> after(std::string_view text, const line_span& l) {
  if (l.next >= text.size()) return std::nullopt;
  return line_at(text, l.next);
}

std::optional<line_span> before(std::string_view text, const line_span& l) {
  if (l.begin == 0) return std::nullopt;
  auto nl = l.begin >= 2 ? text.rfind('\n', l.begin - 2) : std::string_view::npos;
  return line_at(text, nl == std::string_view::npos ? 0 : nl + 1);
}

// In double-spaced text every line with text has blank lines on both sides.
bool spaced(std::string_view text, const line_span& l, bool upwards) {
  if (l.blank) return true;
  auto beyond = upwards ? before(text, l) : after(text, l);
  return !beyond || beyond->blank;
}

struct run {
  std::size_t begin, end;  // the first line's start, the last line's end (after its line end)
};

// The double-spaced run around the unit line `unit`, if its chart is double-spaced: a blank
// line after the unit line, then an entry (in an export as PTS writes it, entries follow the
// unit line directly).
std::optional<run> spaced_run(std::string_view text, const line_span& unit) {
  auto gap = after(text, unit);
  if (!gap || !gap->blank) return std::nullopt;
  auto entry = after(text, *gap);
  if (!entry || entry->blank ||
      text.substr(entry->begin, entry->end - entry->begin).find(" .") == std::string_view::npos) {
    return std::nullopt;
  }
  // The run takes in every spaced line one blank line away, upwards and then downwards.
  auto extend = [&](line_span from, auto next, bool upwards) {
    while (true) {
      auto separator = next(text, from);
      if (!separator || !separator->blank) return from;
      auto line = next(text, *separator);
      if (!line || !spaced(text, *line, upwards)) return from;
      from = *line;
    }
  };
  return run{extend(unit, before, true).begin, extend(*entry, after, false).next};
}

}  // namespace

bool has_line_end(std::string_view text) { return text.find('\n') != std::string_view::npos; }

std::optional<undone_layer> undo_double_spacing(std::string_view text) {
  std::vector<run> runs;
  for (std::string_view mark :
       {std::string_view("> Higher Is Better"), std::string_view("< Lower Is Better")}) {
    line_cursor lines(text);
    for (auto at = text.find(mark); at != std::string_view::npos; at = text.find(mark, at + 1)) {
      const auto unit = lines.line_holding(at);
      bool inside = std::any_of(runs.begin(), runs.end(), [&](const run& r) {
        return unit.begin >= r.begin && unit.begin < r.end;
      });
      if (inside) continue;
      if (auto r = spaced_run(text, unit)) runs.push_back(*r);
    }
  }
  if (runs.empty()) return std::nullopt;
  std::sort(runs.begin(), runs.end(), [](const run& a, const run& b) { return a.begin < b.begin; });
  undone_layer layer;
  std::size_t at = 0, dropped = 0;
  for (const auto& r : runs) {
    if (r.begin < at) continue;  // overlaps one already done
    layer.out.copy(text.substr(at, r.begin - at), at);
    // Within the run the lines alternate: keep one, drop the separator after it.
    bool keep = true;
    for (auto l = r.begin; l < r.end;) {
      auto line = line_at(text, l);
      if (keep) layer.out.copy(text.substr(line.begin, line.next - line.begin), line.begin);
      dropped += !keep;
      keep = !keep;
      l = line.next;
    }
    at = r.end;
  }
  layer.out.copy(text.substr(at), at);
  layer.notes.push_back({runs.front().begin, message_code::double_spacing_removed,
                         std::to_string(dropped) +
                             " blank lines between the lines of charts removed (the text had a "
                             "blank line after every line, as Markdown needs for line breaks)"});
  return layer;
}

}  // namespace iosr::detail
