// SPDX-License-Identifier: MIT
// A captured terminal session (`script`, `tee`, a terminal's "save output"), read as the
// terminal showed it: ECMA-48 escape sequences removed, `\r` and backspace overprints resolved.
#include <algorithm>
#include <vector>

#include "input/transport/layers.hpp"
#include "iosr/counted.hpp"
#include "line_index.hpp"

namespace iosr::detail {

namespace {

constexpr char esc = '\x1b';

bool is_control_to_drop(unsigned char c) {
  // BEL, SO and SI: a bell and character-set shifts, which print nothing. Other control bytes
  // (NUL, ...) are no terminal's text and stay, for the binary check to refuse.
  return c == 0x07 || c == 0x0E || c == 0x0F;
}

// What one line looks like once the terminal has drawn it: one cell per byte written, each
// remembering the input byte that was drawn there last.
class line_screen {
 public:
  void write(char c, std::size_t from) {
    if (cursor_ < cells_.size()) {
      cells_[cursor_] = {c, from};
    } else {
      cells_.resize(cursor_, {' ', from});  // a cursor moved right past the end leaves blanks
      cells_.push_back({c, from});
    }
    ++cursor_;
  }
  void carriage_return() { cursor_ = 0; }
  void back(std::size_t n) { cursor_ -= std::min(n, cursor_); }
  void forward(std::size_t n) { cursor_ += n; }
  void column(std::size_t n) { cursor_ = n; }
  // CSI K: 0 erases to the end of the line, 1 to the cursor, 2 the whole line.
  void erase(int mode) {
    if (mode == 0 && cursor_ < cells_.size()) cells_.resize(cursor_);
    if (mode == 1) {
      for (std::size_t i = 0; i <= cursor_ && i < cells_.size(); ++i) cells_[i].c = ' ';
    }
    if (mode == 2) cells_.clear();
  }
  void emit(mapped_text& out) const {
    for (const auto& drawn : cells_) out.copy(std::string_view(&drawn.c, 1), drawn.from);
  }

 private:
  struct cell {
    char c;
    std::size_t from;
  };
  std::vector<cell> cells_;
  std::size_t cursor_ = 0;
};

struct counts {
  std::size_t colour = 0, other = 0, overprinted_lines = 0, controls = 0;
  std::size_t first = std::string_view::npos;  // offset of the first thing undone
  void saw(std::size_t at) { first = std::min(first, at); }
};

// The length of the escape sequence at `at` (text[at] is ESC), counting it.
std::size_t read_escape(std::string_view text, std::size_t at, std::size_t end, line_screen& screen,
                        counts& n) {
  n.saw(at);
  std::size_t i = at + 1;
  if (i >= end) {
    ++n.other;
    return 1;
  }
  char kind = text[i];
  if (kind == '[') {  // CSI: parameters 0x30-0x3F, intermediates 0x20-0x2F, final 0x40-0x7E
    ++i;
    std::size_t params_at = i;
    while (i < end && text[i] >= 0x30 && text[i] <= 0x3F) ++i;
    auto params = text.substr(params_at, i - params_at);
    while (i < end && text[i] >= 0x20 && text[i] <= 0x2F) ++i;
    if (i >= end || text[i] < 0x40 || text[i] > 0x7E) {
      ++n.other;
      return i - at;  // cut off: what there is of it goes
    }
    char final = text[i];
    std::size_t value = 0;
    bool has_value = false;
    for (char c : params) {
      if (c < '0' || c > '9') break;
      value = std::min<std::size_t>(value * 10 + static_cast<std::size_t>(c - '0'), 100000);
      has_value = true;
    }
    std::size_t count = has_value && value > 0 ? value : 1;
    switch (final) {
      case 'm': ++n.colour; break;
      case 'K': screen.erase(static_cast<int>(value)); ++n.other; break;
      case 'C': screen.forward(count); ++n.other; break;
      case 'D': screen.back(count); ++n.other; break;
      case 'G': screen.column(count - 1); ++n.other; break;
      default: ++n.other; break;  // cursor up/down, screen erase, modes: nothing on a line
    }
    return i + 1 - at;
  }
  if (kind == ']' || kind == 'P' || kind == '_' || kind == '^' || kind == 'X') {
    // OSC (window titles, hyperlinks) and the other strings: up to BEL or ESC backslash.
    ++n.other;
    for (; i < end; ++i) {
      if (text[i] == '\a') return i + 1 - at;
      if (text[i] == esc && i + 1 < end && text[i + 1] == '\\') return i + 2 - at;
    }
    return end - at;
  }
  ++n.other;
  // nF sequences (`ESC ( B`: character sets) take intermediates then a final byte; the others
  // (`ESC 7`, `ESC =`, `ESC c`, ...) one byte.
  while (i < end && text[i] >= 0x20 && text[i] <= 0x2F) ++i;
  return std::min(i + 1, end) - at;
}

// A line whose text moves under the cursor: `\r` or backspace overprints, or a CSI that moves
// the cursor on the line or erases it.
bool needs_screen(std::string_view line) {
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '\r' || line[i] == '\b') return true;
    if (line[i] != esc || i + 1 >= line.size() || line[i + 1] != '[') continue;
    auto k = i + 2;
    while (k < line.size() && line[k] >= 0x20 && line[k] <= 0x3F) ++k;
    if (k < line.size() && std::string_view("KCDG").find(line[k]) != std::string_view::npos) {
      return true;
    }
  }
  return false;
}

}  // namespace

bool has_terminal_bytes(std::string_view text) {
  return text.find(esc) != std::string_view::npos || text.find('\b') != std::string_view::npos ||
         text.find('\r') != std::string_view::npos;
}

std::optional<undone_layer> undo_terminal(std::string_view text) {
  // The line ends of classic Mac OS, which Excel for Mac still writes in its CSV files; not a
  // terminal's overprints (a text with escape sequences is a terminal's).
  if (text.find(esc) == std::string_view::npos && has_classic_mac_line_ends(text)) {
    undone_layer layer;
    for (std::size_t at = 0; at < text.size();) {
      auto cr = std::min(text.find('\r', at), text.size());
      layer.out.copy(text.substr(at, cr - at), at);
      if (cr < text.size()) layer.out.put('\n', cr, 1);
      at = cr + 1;
    }
    layer.notes.push_back({0, message_code::carriage_return_line_ends,
                           "carriage returns read as line ends (the text has no line feed, as "
                           "classic Mac OS and Excel for Mac write it)"});
    return layer;
  }
  // Only a text with an escape, a lone carriage return or a backspace was a terminal's.
  bool found = text.find(esc) != std::string_view::npos ||
               text.find('\b') != std::string_view::npos;
  for (auto cr = text.find('\r'); !found && cr != std::string_view::npos;
       cr = text.find('\r', cr + 1)) {
    found = cr + 1 < text.size() && text[cr + 1] != '\n';
  }
  if (!found) return std::nullopt;

  undone_layer layer;
  auto& out = layer.out;
  counts n;
  std::size_t begin = 0;
  while (begin < text.size()) {
    auto nl = text.find('\n', begin);
    auto next = nl == std::string_view::npos ? text.size() : nl + 1;
    auto end = nl == std::string_view::npos ? text.size() : nl;
    // `\r\n` (and `\r\r\n`, as some captures have) is a line end, not an overprint.
    auto line_end = end;
    while (line_end > begin && text[line_end - 1] == '\r') --line_end;
    auto line = text.substr(begin, line_end - begin);
    bool plain = std::none_of(line.begin(), line.end(), [](char c) {
      auto u = static_cast<unsigned char>(c);
      return u == esc || u == '\r' || u == '\b' || is_control_to_drop(u);
    });
    if (plain) {
      out.copy(text.substr(begin, next - begin), begin);
      begin = next;
      continue;
    }
    // Colour codes alone (the usual capture) move no column: the text between them is copied
    // as it is, without drawing the line on a screen (a screen costs a cell per byte).
    if (!needs_screen(line)) {
      line_screen unused;
      std::size_t i = begin;
      while (i < line_end) {
        auto c = static_cast<unsigned char>(text[i]);
        if (c == esc) {
          i += read_escape(text, i, line_end, unused, n);
          continue;
        }
        if (is_control_to_drop(c)) {
          n.saw(i);
          ++n.controls;
          ++i;
          continue;
        }
        auto stop = i;
        while (stop < line_end && text[stop] != esc &&
               !is_control_to_drop(static_cast<unsigned char>(text[stop]))) {
          ++stop;
        }
        out.copy(text.substr(i, stop - i), i);
        i = stop;
      }
      out.copy(text.substr(line_end, next - line_end), line_end);
      begin = next;
      continue;
    }
    line_screen screen;
    bool overprinted = false;
    for (std::size_t i = begin; i < line_end;) {
      auto c = static_cast<unsigned char>(text[i]);
      if (c == esc) {
        i += read_escape(text, i, line_end, screen, n);
      } else if (c == '\r') {
        n.saw(i);
        // A `\r` followed only by more escapes or nothing overprints nothing.
        screen.carriage_return();
        overprinted = true;
        ++i;
      } else if (c == '\b') {
        n.saw(i);
        screen.back(1);
        overprinted = true;
        ++i;
      } else if (is_control_to_drop(c)) {
        n.saw(i);
        ++n.controls;
        ++i;
      } else {
        screen.write(text[i], i);
        ++i;
      }
    }
    n.overprinted_lines += overprinted;
    screen.emit(out);
    out.copy(text.substr(line_end, next - line_end), line_end);
    begin = next;
  }
  std::string message;
  auto add = [&](const std::string& part) { message += (message.empty() ? "" : "; ") + part; };
  if (n.colour > 0 && n.other == 0) {
    add("terminal colour codes removed (" + counted(n.colour, "escape sequence") + ")");
  } else if (n.colour + n.other > 0) {
    add("terminal escape sequences removed (" + counted(n.colour, "colour code") + ", " +
        counted(n.other, "other") + ")");
  }
  if (n.overprinted_lines > 0) {
    add("carriage-return or backspace overprints resolved on " +
        std::to_string(n.overprinted_lines) +
        (n.overprinted_lines == 1 ? " line" : " lines") + " (the text that stayed visible is read)");
  }
  if (n.controls > 0) add(std::to_string(n.controls) + " terminal control bytes removed");
  layer.notes.push_back({n.first == std::string_view::npos ? 0 : n.first,
                         message_code::terminal_controls, std::move(message)});
  return layer;
}

}  // namespace iosr::detail
