// SPDX-License-Identifier: MIT
// The multi-line text export, as `phoronix-test-suite result-file-to-text` prints it, also when
// indented or embedded in other text (Markdown code fences, e-mail, README files):
//
//   TITLE                                  the export's title and description, then two
//   DESCRIPTION                            empty lines
//
//   LABEL:                                 per system: the label, then tab-indented
//   \tProcessor: ..., Motherboard: ...     hardware and software lines
//   \tOS: ..., Kernel: ...
//
//   TITLE VERSION                          per chart: title line, description line (may be
//   DESCRIPTION                            empty), unit line with the direction mark, entries
//   UNIT > Higher Is Better
//   LABEL ..... VALUE |=========
//
// Charts are found from their entry lines; the header is read backwards from the first entry,
// which also covers the older layouts (indented charts, no empty description line).
#include <algorithm>
#include <cstdint>
#include <string>

#include "input/system_fields.hpp"
#include "number.hpp"
#include "input/pts_text/header_split.hpp"
#include "input/pts_text/text_reader.hpp"

namespace iosr::detail {

namespace {

enum class line_kind : std::uint8_t { blank, entry, unit, hardware, software, label, other };

// One line as classify() found it. Every line of the text is held until the charts are read,
// so a line is kept in 24 bytes: its place in the text, and offsets within it in 32 bits (a
// line of 4 GiB or more is refused). What can be found again from the line is not kept: the
// content's end (trimmed again), and an entry line's tail, matched again at its dots when its
// entry is read (tail()). With the tail's offsets and the content's size it was 56 bytes, with
// the tail and the trimmed views held whole 168, more than the line itself.
struct line_info {
  static constexpr std::uint32_t blank_indent = std::uint32_t(-1);
  std::size_t begin = 0;
  std::uint32_t length = 0;  // without the line end
  std::uint32_t indent = 0;  // blanks before the content; blank_indent: a blank line
  std::uint32_t dots = 0;    // an entry line: its dot leader's first `.`
  line_kind kind = line_kind::other;
  tail_kind tail = tail_kind::bar;

  std::size_t end() const { return begin + length; }
};
static_assert(sizeof(line_info) <= 24);

// A line's offsets fit 32 bits: longer lines are refused (only a raised 'input-bytes' limit
// lets one in).
constexpr std::size_t longest_line = std::uint32_t(-1) - 1;

bool is_unit_line(std::string_view content) {
  return content.ends_with("> Higher Is Better") || content.ends_with("< Lower Is Better");
}

// Fills `info` in place for the line [begin, end) of `text`.
void classify(line_info& info, std::string_view text, std::size_t begin, std::size_t end) {
  info.begin = begin;
  info.length = static_cast<std::uint32_t>(end - begin);
  auto raw = text.substr(begin, end - begin);
  auto content = trim(raw);
  // trim() moves the front only past leading blanks: the indent is what it skipped.
  auto leading = static_cast<std::size_t>(content.data() - raw.data());
  info.indent =
      leading == raw.size() ? line_info::blank_indent : static_cast<std::uint32_t>(leading);
  if (content.empty()) {
    info.kind = line_kind::blank;
    return;
  }
  if (auto f = find_entry(raw, 0, true)) {
    auto label = trim(raw.substr(0, f->dots - 1));
    auto after = trim(raw.substr(f->tail.end));
    // A line graph may carry a box plot after its MAX; anything else must end the line.
    if (!label.empty() && (after.empty() || f->tail.kind == tail_kind::series)) {
      info.kind = line_kind::entry;
      info.tail = f->tail.kind;
      info.dots = static_cast<std::uint32_t>(f->dots);
      return;
    }
  }
  if (is_unit_line(content)) {
    info.kind = line_kind::unit;
  } else if (starts_with_hardware_key(content)) {
    info.kind = line_kind::hardware;
  } else if (starts_with_software_key(content)) {
    info.kind = line_kind::software;
  } else if (content.back() == ':') {
    info.kind = line_kind::label;
  }
}

// A line that looks like an entry (`LABEL .... something`) but whose value part is not one.
bool looks_like_entry(std::string_view content) {
  auto dots = content.find(" .");
  return dots != std::string_view::npos && dots > 0 && dots + 2 < content.size() &&
         (content[dots + 2] == '.' || content[dots + 2] == ' ');
}

class multiline_reader {
 public:
  explicit multiline_reader(reader_context& ctx) : ctx_(ctx) {}

  void read() {
    classify_lines();
    read_systems();
    // Usually one chart per unit line: room for them up front saves moving charts as they come.
    ctx_.out.results.reserve(static_cast<std::size_t>(std::count_if(
        lines_.begin(), lines_.end(), [](const line_info& l) { return l.kind == line_kind::unit; })));
    for (std::size_t i = 0; i < lines_.size(); ++i) {
      if (lines_[i].kind == line_kind::entry) {
        i = read_chart(i) - 1;
      } else if (lines_[i].kind == line_kind::unit) {
        i = read_empty_chart(i) - 1;
      }
    }
    warn_if_cut_in_unit_line();
  }

 private:
  // A run of entry lines is one chart, so a run longer than the entries limit is refused as
  // soon as it is seen: the lines past the limit never cost memory (56 bytes each).
  void classify_lines() {
    const auto text = ctx_.text;
    // All the lines' room at once: growing the vector held its old and new copies together.
    // Its pages are touched only as lines are classified, so a run refused early costs little.
    lines_.reserve(static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1);
    std::size_t begin = 0, run = 0;
    while (begin < text.size()) {
      auto nl = text.find('\n', begin);
      auto end = nl == std::string_view::npos ? text.size() : nl;
      auto line_end = end > begin && text[end - 1] == '\r' ? end - 1 : end;
      if (line_end - begin > longest_line) {
        ctx_.fail(begin, "line of " + std::to_string(line_end - begin) +
                             " bytes; expected at most " + std::to_string(longest_line) +
                             " bytes a line in a text export");
      }
      classify(lines_.emplace_back(), text, begin, line_end);
      run = lines_.back().kind == line_kind::entry ? run + 1 : 0;
      if (run > ctx_.max_entries) {
        const auto& l = lines_.back();
        auto chart = make_chart(find_header(lines_.size() - run), lines_.size() - run);
        ctx_.fail(l.begin + l.indent, too_many_entries(chart.title, ctx_.max_entries),
                  error_kind::limit);
      }
      begin = end + 1;
    }
  }

  // A line's trimmed text (empty for a blank line), an entry line's label and its tail.
  std::string_view content(const line_info& l) const {
    if (l.indent == line_info::blank_indent) return {};
    // It starts at the content's first byte: trim() takes off only the blanks at its end.
    return trim(ctx_.text.substr(l.begin + l.indent, l.length - l.indent));
  }
  std::string_view label(const line_info& l) const {
    return trim(ctx_.text.substr(l.begin, l.dots - 1));
  }
  // The match classify() made: the same line from the same dots.
  entry_tail tail(const line_info& l) const {
    return *match_entry_tail(ctx_.text.substr(l.begin, l.length), l.dots, true);
  }

  bool is_blank(std::size_t i) const { return lines_[i].kind == line_kind::blank; }

  // Nothing but blank lines after line `i`: the input ends there.
  bool is_last_text(std::size_t i) const {
    for (auto k = i + 1; k < lines_.size(); ++k) {
      if (!is_blank(k)) return false;
    }
    return true;
  }

  // `TPS > H`: the last line is a unit line cut inside its direction mark, so no chart follows
  // it; said, since nothing else would show that a chart was lost.
  void warn_if_cut_in_unit_line() {
    auto last = lines_.size();
    while (last > 0 && is_blank(last - 1)) --last;
    if (last == 0 || lines_[last - 1].kind != line_kind::other) return;
    const auto& l = lines_[last - 1];
    for (std::string_view mark : {std::string_view("> Higher Is Better"),
                                  std::string_view("< Lower Is Better")}) {
      for (auto n = mark.size() - 1; n >= 1; --n) {
        auto piece = mark.substr(0, n);
        if (!content(l).ends_with(piece) || content(l).size() == n ||
            content(l)[content(l).size() - n - 1] != ' ') {
          continue;
        }
        auto chart = trim(content(l).substr(0, content(l).size() - n));
        ctx_.warn(l.begin + l.indent, message_code::input_cut,
                  "input ends inside the header of a chart ('" + std::string(content(l)) +
                      "' is cut inside '" + std::string(mark) + "'); that chart is not read" +
                      (chart.empty() ? "" : " (unit '" + std::string(chart) + "')"));
        return;
      }
    }
  }

  // A line that can belong to a chart header (not an entry, system line or code fence).
  bool is_header_text(std::size_t i) const {
    const auto& l = lines_[i];
    return (l.kind == line_kind::other || l.kind == line_kind::label) &&
           !content(l).starts_with("```");
  }

  // Systems: a label line ending in `:`, then hardware and software lines (blank lines between
  // are allowed; long lines wrapped by a mail client are joined back).
  void read_systems() {
    for (std::size_t i = 0; i < lines_.size(); ++i) {
      if (lines_[i].kind != line_kind::hardware && lines_[i].kind != line_kind::software) continue;
      // Walk back over blank lines to the label.
      std::size_t j = i;
      while (j > 0 && is_blank(j - 1)) --j;
      bool labelled = j > 0 && lines_[j - 1].kind == line_kind::label;
      std::string hardware, software;
      std::size_t k = i;
      bool continuation = false;  // the previous line continued a wrapped one
      for (; k < lines_.size(); ++k) {
        const auto& l = lines_[k];
        if (l.kind == line_kind::hardware) {
          hardware += hardware.empty() ? "" : ", ";
          hardware += content(l);
        } else if (l.kind == line_kind::software) {
          software += software.empty() ? "" : ", ";
          software += content(l);
        } else if (l.kind == line_kind::other && k > i && !is_blank(k - 1) &&
                   (lines_[k - 1].kind == line_kind::hardware ||
                    lines_[k - 1].kind == line_kind::software || continuation)) {
          (software.empty() ? hardware : software) += " ";
          (software.empty() ? hardware : software) += content(l);
          continuation = true;
          continue;
        } else if (!(l.kind == line_kind::blank && k + 1 < lines_.size() &&
                     (lines_[k + 1].kind == line_kind::hardware ||
                      lines_[k + 1].kind == line_kind::software))) {
          break;
        }
        continuation = false;
      }
      if (!labelled) {
        ctx_.warn(lines_[i].begin + lines_[i].indent, message_code::system_details_without_label,
                  "system details without a label line ('NAME:') before them were not "
                  "attributed to any system");
      } else {
        const auto& label_line = lines_[j - 1];
        auto named = content(label_line);
        auto label = named.substr(0, named.size() - 1);
        // A label described twice is reported (and the second description dropped) by the
        // finishing pass.
        auto s = make_system(std::string(trim(label)));
        s.where = ctx_.at(label_line.begin + label_line.indent);
        s.hardware = split_fields(hardware);
        s.software = split_fields(software);
        ctx_.out.systems.push_back(std::move(s));
        if (ctx_.out.systems.size() == 1) read_file_title(j - 1);
      }
      i = k - 1;
    }
  }

  // The export's title and description: the lines before the first system label, after
  // which PTS leaves two empty lines.
  void read_file_title(std::size_t label_line) {
    std::size_t j = label_line;
    std::size_t blanks = 0;
    while (j > 0 && is_blank(j - 1)) --j, ++blanks;
    if (blanks < 2 || j == 0) return;
    std::size_t first = j;
    while (first > 0 && !is_blank(first - 1)) --first;
    for (std::size_t k = first; k < j; ++k) {
      if (!is_header_text(k)) return;
    }
    ctx_.out.title = std::string(content(lines_[first]));
    for (std::size_t k = first + 1; k < j; ++k) {
      if (!ctx_.out.description.empty()) ctx_.out.description += '\n';
      ctx_.out.description += content(lines_[k]);
    }
  }

  struct header_lines {
    std::size_t title = npos, description = npos, unit = npos;
  };
  static constexpr std::size_t npos = std::size_t(-1);

  // Reads the header of the chart whose first entry (or, for an empty chart, whose position
  // after the unit line) is line `first`.
  header_lines find_header(std::size_t first) const {
    header_lines h;
    auto text_at = [&](std::size_t i) { return i < lines_.size() && is_header_text(i); };
    if (first > 0 && lines_[first - 1].kind == line_kind::unit) {
      h.unit = first - 1;
      std::size_t d = h.unit - 1, t = h.unit - 2;
      if (h.unit >= 2 && is_blank(d) && text_at(t)) {
        h.title = t;  // PTS 10: empty description line
      } else if (h.unit >= 1 && text_at(d) && (h.unit < 2 || !text_at(t))) {
        h.title = d;  // PTS 8.0-8.4: title and empty description trimmed together
      } else if (h.unit >= 2 && text_at(t)) {
        h.title = t;
        h.description = d;
      }
      return h;
    }
    // No direction mark: up to three header lines, the middle one possibly empty.
    std::vector<std::size_t> block;
    std::size_t i = first;
    while (i > 0 && block.size() < 3) {
      --i;
      if (text_at(i)) {
        block.insert(block.begin(), i);
      } else if (is_blank(i) && block.size() <= 1 && i > 0 && text_at(i - 1) &&
                 (block.empty() || i + 1 == block.front())) {
        // an empty description between title and unit (or before the entries)
        block.insert(block.begin(), npos);
      } else {
        break;
      }
    }
    while (!block.empty() && block.front() == npos) block.erase(block.begin());
    if (block.empty()) return h;
    h.title = block[0];
    if (block.size() == 3) {
      h.description = block[1];
      h.unit = block[2];
    } else if (block.size() == 2) {
      // PTS 6.x/7.x put the unit two spaces in, the entries four.
      if (block[1] != npos && lines_[block[1]].indent + 2 <= lines_[first].indent &&
          lines_[block[1]].indent == 2) {
        h.unit = block[1];
      } else {
        h.description = block[1];
      }
    }
    return h;
  }

  result make_chart(const header_lines& h, std::size_t fallback_line) {
    result r;
    r.display_format = display_format::bar_graph;
    auto where = h.title != npos ? h.title : fallback_line;
    r.where = ctx_.at(lines_[where].begin + lines_[where].indent);
    if (h.title != npos) {
      auto parts = split_title_line(content(lines_[h.title]));
      r.title = std::move(parts.title);
      r.version = std::move(parts.version);
    } else {
      ctx_.warn(lines_[fallback_line].begin, message_code::chart_without_title,
                "chart without a title line");
    }
    if (h.description != npos) r.description = std::string(content(lines_[h.description]));
    if (h.unit != npos) {
      auto unit = content(lines_[h.unit]);
      if (auto mark = find_direction_mark(unit, 0)) {
        r.direction = mark->dir;
        unit = trim(unit.substr(0, mark->begin));
      }
      r.unit = std::string(unit);
    }
    return r;
  }

  // Reads the chart whose entries start at line `first`; returns the line after them.
  // Entries with nothing after their dots are what PTS prints for an image comparison: `label
  // . ` with the labels padded to one width. Prose ends lines with `...` too (`.. run test ..`,
  // `>>> ...`), so a run of such lines is a chart only when it has PTS's shape: two or more
  // whose leaders end in one column, or one that ends in the blank PTS writes after the dots.
  bool is_image_comparison_run(std::size_t first, std::size_t end) const {
    auto leader_end = [&](std::size_t i) { return tail(lines_[i]).end; };
    if (end - first == 1) {
      const auto& l = lines_[first];
      auto raw = ctx_.text.substr(l.begin, l.end() - l.begin);
      return raw.ends_with(". ") && !raw.ends_with(". . ");
    }
    for (auto i = first + 1; i < end; ++i) {
      if (leader_end(i) != leader_end(first)) return false;
    }
    return true;
  }

  std::size_t read_chart(std::size_t first) {
    std::size_t end = first;
    while (end < lines_.size() && lines_[end].kind == line_kind::entry) ++end;
    bool all_empty = true, with_bar = false;
    for (auto i = first; i < end; ++i) {
      all_empty = all_empty && lines_[i].tail == tail_kind::empty;
      with_bar = with_bar || lines_[i].tail == tail_kind::bar;
    }
    // A number with no bar is a cut, not PTS's run-time form, beside entries with bars or as
    // the input's last bytes (no line end after it): `none . 20` may have been `20.13 |===`.
    for (auto i = first; i < end; ++i) {
      if (lines_[i].tail != tail_kind::bare) continue;
      if (with_bar || lines_[i].end() == ctx_.text.size()) {
        end = i;
        break;
      }
    }
    std::size_t without_bar = 0;
    for (auto i = first; i < end; ++i) without_bar += lines_[i].tail == tail_kind::bare;
    if (end == first) {  // the first entry is already a cut one
      fail_if_broken_entry(first, false);
      return first + 1;
    }
    auto header = find_header(first);
    // Under a direction mark, entries hold numbers: empty ones there are a cut, said below.
    bool marked = header.unit != npos && find_direction_mark(content(lines_[header.unit]), 0);
    if (all_empty && !marked && !is_image_comparison_run(first, end)) return end;  // prose
    // `LABEL . 349.54` with no bar is what PTS shows while a test runs; outside a chart with a
    // direction mark it is prose (`wait ... 5`).
    if (without_bar > 0 && !marked) return end;
    auto r = make_chart(header, first);
    r.entries.reserve(end - first);
    bars_.clear();
    std::size_t i = first;
    for (; i < end; ++i) {
      const auto& l = lines_[i];
      const auto t = tail(l);
      auto label_offset = l.begin + l.indent;
      // Only charts without a direction (image comparisons) show entries with no value.
      if (l.tail == tail_kind::empty && r.direction != direction::none) {
        std::string message = "entry '" + std::string(label(l)) +
                              "' has no value after the dots (input cut off?); expected "
                              "'VALUE |==='";
        bool nothing_read = r.entries.empty() && ctx_.out.results.empty();
        if (!is_last_text(i) || nothing_read) ctx_.fail(l.begin + t.end, message);
        ctx_.warn(l.begin + t.end, message_code::input_cut,
                  "input ends inside an entry of chart '" + r.title + "': " + message +
                      (r.entries.empty() ? "; that chart is not read"
                                         : "; the entries before it are read"));
        if (r.entries.empty()) return end;
        break;
      }
      add_text_entry(r, ctx_, label(l), label_offset, t, l.begin);
      if (l.tail == tail_kind::bare) {
        bars_.push_back({});
      } else {
        bars_.push_back({t.bar_length, t.bar_column});
      }
      if (l.tail == tail_kind::pass_fail) r.display_format = display_format::pass_fail;
      if (l.tail == tail_kind::series) r.display_format = display_format::line_graph;
      if (l.tail == tail_kind::empty) {
        r.display_format = display_format::image_comparison;
      }
    }
    if (i == end) fail_if_broken_entry(i, !r.entries.empty());
    if (without_bar > 0) {
      ctx_.warn(lines_[first].begin + lines_[first].indent, message_code::entries_without_bars,
                "chart '" + r.title + "': " + std::to_string(without_bar) +
                    (without_bar == 1 ? " entry has" : " entries have") +
                    " no bar ('LABEL . VALUE', as PTS shows a result while a test runs); read "
                    "with no bar to check the value against");
    }
    check_bars(ctx_, r, bars_);
    ctx_.out.results.push_back(std::move(r));
    return i < end ? end : i;
  }

  // Line `i`, right after a chart's header or entries, looks like an entry but is not one
  // (cut off, or a value part that is neither a bar, PASS/FAIL nor MIN/AVG/MAX): an error.
  void fail_if_broken_entry(std::size_t i, bool entries_before) const {
    if (i >= lines_.size() || lines_[i].kind == line_kind::blank ||
        !looks_like_entry(content(lines_[i]))) {
      return;
    }
    const auto& l = lines_[i];
    auto dots = content(l).find(" .");
    auto value_at = content(l).find_first_not_of('.', dots + 1);
    if (value_at != std::string_view::npos) value_at = content(l).find_first_not_of(' ', value_at);
    auto offset =
        l.begin + l.indent + (value_at == std::string_view::npos ? content(l).size() : value_at);
    std::string message = "entry line not understood; expected 'VALUE |===', PASS/FAIL or "
                          "'MIN: a AVG: b MAX: c' after the dots";
    // The last line of a cut input: the entries before it stand.
    if (is_last_text(i) && (entries_before || !ctx_.out.results.empty())) {
      ctx_.warn(offset, message_code::input_cut,
                "input ends inside an entry: " + message + "; not read");
      return;
    }
    ctx_.fail(offset, message);
  }

  // A unit line not followed by entries: a chart whose runs all failed, a chart retyped by
  // hand as `LABEL: VALUE` lines, or a truncated input. Returns the line after the chart.
  std::size_t read_empty_chart(std::size_t unit) {
    if (unit + 1 < lines_.size() && lines_[unit + 1].kind == line_kind::entry) return unit + 1;
    fail_if_broken_entry(unit + 1, false);
    auto r = make_chart(find_header(unit + 1), unit);
    if (auto end = read_typed_entries(unit + 1, r); end > unit + 1) {
      ctx_.out.results.push_back(std::move(r));
      return end;
    }
    if (is_last_text(unit)) {
      auto chart = r.title.empty() ? std::string(trim(content(lines_[unit]).substr(
                                         0, find_direction_mark(content(lines_[unit]), 0)->begin)))
                                   : r.title;
      report_cut_chart(ctx_, lines_[unit].end(),
                       "input ends after the header of chart '" + chart +
                           "'; expected its entries ('LABEL .... VALUE |===')");
      return unit + 1;
    }
    ctx_.out.results.push_back(std::move(r));
    return unit + 1;
  }

  // `LABEL: NUMBER` lines right after a unit line, up to a blank line: a chart retyped by hand
  // (into a mail, a forum post), without dots or bars. The label is what comes before the last
  // `: `, so `20220528 Git + sched-rcu-exped patch: 468.81` keeps its whole label. Every line up
  // to the blank one must be such an entry; returns the line after the last one read (`first`
  // when there are none).
  std::size_t read_typed_entries(std::size_t first, result& r) {
    std::size_t end = first;
    while (end < lines_.size() && !is_blank(end)) {
      auto line = content(lines_[end]);
      auto colon = line.rfind(": ");
      if (colon == std::string_view::npos || colon == 0) return first;
      if (!parse_number(trim(line.substr(colon + 2)))) return first;
      ++end;
    }
    if (end == first) return first;
    for (auto i = first; i < end; ++i) {
      const auto& l = lines_[i];
      auto line = content(l);
      auto colon = line.rfind(": ");
      auto label = trim(line.substr(0, colon));
      auto value = trim(line.substr(colon + 2));
      ctx_.check_room(r, ctx_.at(l.begin + l.indent));
      auto& e = r.entries.emplace_back();
      e.label = label;
      e.where = ctx_.at(l.begin + l.indent);
      e.value_text = value;
      e.value = parse_number(value);
    }
    ctx_.warn(lines_[first].begin + lines_[first].indent, message_code::entries_without_dots,
              "chart '" + r.title + "': " + std::to_string(end - first) +
                  (end - first == 1 ? " entry is" : " entries are") +
                  " written as 'LABEL: VALUE' without dots or bars (retyped by hand?); read "
                  "with no bar to check the values against");
    return end;
  }

  reader_context& ctx_;
  std::vector<line_info> lines_;
  std::vector<drawn_bar> bars_;  // bars of the chart being read; reused across charts
};

}  // namespace

void read_multiline(reader_context& ctx) { multiline_reader(ctx).read(); }

}  // namespace iosr::detail
