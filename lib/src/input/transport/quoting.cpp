// SPDX-License-Identifier: MIT
// A reply that quotes a chart: the quote prefixes (`> `, `> > `, `>>`) removed, and the lines
// that a mail client re-wrapped, and so lost their prefix, joined back to the quoted line.
#include <algorithm>
#include <vector>

#include "input/transport/layers.hpp"
#include "strings.hpp"

namespace iosr::detail {

namespace {

struct quoted_line {
  std::size_t begin, content, end, next;  // end: before the line end
  std::size_t depth;
};

quoted_line parse_line(std::string_view text, std::size_t begin) {
  const auto line = line_starting_at(text, begin);
  quoted_line l{begin, begin, line.end, line.next, 0};
  // Blanks may come before the first `>` (a Markdown quote inside a list item). A unit line
  // whose unit is empty (`    > Higher Is Better`) is no quote.
  auto i = begin;
  while (i < l.end && (text[i] == ' ' || text[i] == '\t')) ++i;
  if (i == l.end || text[i] != '>' ||
      text.substr(i, l.end - i).starts_with("> Higher Is Better")) {
    return l;
  }
  while (i < l.end && text[i] == '>') {
    ++l.depth;
    ++i;
    if (i < l.end && text[i] == ' ') ++i;
  }
  l.content = i;
  return l;
}

// A chart: its direction mark or a bar; or a kernel test robot's (LKP's) table: its
// `%stddev  %change` line or the rule under its commits.
bool holds_chart(std::string_view content) {
  return content.find("> Higher Is Better") != std::string_view::npos ||
         content.find("< Lower Is Better") != std::string_view::npos ||
         content.find(" |==") != std::string_view::npos ||
         (content.find("%stddev") != std::string_view::npos &&
          content.find("%change") != std::string_view::npos) ||
         content.starts_with("---------------- ---------------------------");
}

std::size_t first_word_length(std::string_view s) {
  auto start = s.find_first_not_of(" \t");
  if (start == std::string_view::npos) return 0;
  auto end = s.find_first_of(" \t", start);
  return (end == std::string_view::npos ? s.size() : end) - start;
}

// Mail clients wrap at 72 to 80 columns. A line of 60 or more after which the next line's first
// word would have passed 72 columns was cut there.
bool was_wrapped(std::size_t line_length, std::string_view next_line) {
  return line_length >= 60 && line_length + 1 + first_word_length(next_line) > 72;
}

}  // namespace

bool has_quote_mark(std::string_view text) { return text.find('>') != std::string_view::npos; }

std::optional<undone_layer> undo_quoting(std::string_view text) {
  if (!has_quote_mark(text)) return std::nullopt;
  // Lines are parsed as they come, twice, rather than kept: an input may have millions.
  std::size_t first_quoted = std::string_view::npos;
  bool chart_quoted = false;
  for (std::size_t at = 0; at < text.size() && !chart_quoted;) {
    auto l = parse_line(text, at);
    if (l.depth > 0) {
      first_quoted = std::min(first_quoted, l.begin);
      chart_quoted = holds_chart(text.substr(l.content, l.end - l.content));
    }
    at = l.next;
  }
  if (!chart_quoted) return std::nullopt;

  undone_layer layer;
  auto& out = layer.out;
  std::size_t deepest = 0, rejoined = 0;
  auto blank = [&](const quoted_line& l) {
    return text.substr(l.content, l.end - l.content).find_first_not_of(" \t") ==
           std::string_view::npos;
  };
  std::size_t previous_depth = 0;
  bool previous_blank = true;
  for (std::size_t at = 0; at < text.size();) {
    auto l = parse_line(text, at);
    at = l.next;
    deepest = std::max(deepest, l.depth);
    // Where the quote depth changes, a new paragraph starts (`On ... wrote:` above a quoted
    // export): it stays apart from the quoted text once the prefixes are gone.
    if (l.depth != previous_depth && !blank(l) && !previous_blank) out.put('\n', l.begin, 0);
    previous_depth = l.depth;
    previous_blank = blank(l);
    out.copy(text.substr(l.content, l.end - l.content), l.content);
    auto last = l;
    // Unquoted lines right after a quoted one that was cut at the wrap width continue it.
    while (l.depth > 0 && at < text.size()) {
      auto n = parse_line(text, at);
      auto next_text = text.substr(n.begin, n.end - n.begin);
      if (n.depth != 0 || next_text.find_first_not_of(" \t") == std::string_view::npos ||
          !was_wrapped(last.end - last.begin, next_text)) {
        break;
      }
      if (out.size() > 0 && out.back() != ' ') out.put(' ', n.begin, 0);
      auto start = n.begin + next_text.find_first_not_of(" \t");
      out.copy(text.substr(start, n.end - start), start);
      ++rejoined;
      last = n;
      at = n.next;
    }
    out.copy(text.substr(last.end, last.next - last.end), last.end);
  }
  std::string message = deepest == 1 ? "1 level of '> ' quoting removed"
                                     : std::to_string(deepest) + " levels of '> ' quoting removed";
  if (rejoined > 0) {
    message += "; " + std::to_string(rejoined) +
               (rejoined == 1 ? " line that the mail client re-wrapped without its '> ' was"
                              : " lines that the mail client re-wrapped without their '> ' were") +
               " joined back to the quoted line before";
  }
  layer.notes.push_back({first_quoted, message_code::quoting_removed, std::move(message)});
  return layer;
}

}  // namespace iosr::detail
