// SPDX-License-Identifier: MIT
// The escaping of every output format (see escape.hpp).
#include "render/escape.hpp"

#include <fmt/compile.h>
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstring>
#include <iterator>

#include "byte_lanes.hpp"
#include "utf8.hpp"

namespace iosr::detail {

namespace {

// Whether `c` makes a field need quotes.
constexpr bool is_special(unsigned char c) {
  return c == ',' || c == '"' || c == '\r' || c == '\n';
}

byte_lanes special_lanes(byte_lanes b) {
  return (b == static_cast<unsigned char>(',')) | (b == static_cast<unsigned char>('"')) |
         (b == static_cast<unsigned char>('\r')) | (b == static_cast<unsigned char>('\n'));
}

// Every byte of a batch --combine's output passes here: 16 bytes at a time, the last 16 again
// for the rest (overlapping is harmless for "any"); a field shorter than that, as most are,
// byte by byte with an early exit. A table lookup per byte, which GCC "vectorised" into a
// gather, cost six instructions a byte (docs/performance.md).
bool needs_quotes(std::string_view field) {
  if (field.empty()) return false;
  if (field.front() == ' ' || field.back() == ' ') return true;
  const char* p = field.data();
  const std::size_t n = field.size();
  if (n < 16) {
    for (std::size_t i = 0; i < n; ++i) {
      if (is_special(static_cast<unsigned char>(p[i]))) return true;
    }
    return false;
  }
  byte_lanes any = {};
  std::size_t i = 0;
  for (; n - i >= 16; i += 16) any |= special_lanes(load_lanes(p + i));
  if (i < n) any |= special_lanes(load_lanes(p + n - 16));
  return any_lane(any);
}

// `field` in quotes, its quotes doubled, at `to` (room for 2 * size + 2 bytes); returns the end.
char* write_quoted_csv_field(char* to, std::string_view field) {
  *to++ = '"';
  for (char c : field) {
    if (c == '"') *to++ = '"';
    *to++ = c;
  }
  *to++ = '"';
  return to;
}

}  // namespace

char* write_csv_field(char* to, std::string_view field) {
  if (!needs_quotes(field)) return std::copy(field.begin(), field.end(), to);
  return write_quoted_csv_field(to, field);
}

namespace {

// What a byte becomes in a JSON string of one style: 0 passes, 'u' is written `\u00XX`, '8'
// starts a UTF-8 sequence to check, and any other character C is written `\C`.
using json_table = std::array<char, 256>;

constexpr json_table make_json_table(json_style style) {
  json_table table{};
  for (std::size_t b = 0; b < 0x20; ++b) table[b] = 'u';
  table['"'] = '"';
  table['\\'] = '\\';
  if (style != json_style::pts_entry) {
    table['\n'] = 'n';
    table['\r'] = 'r';
    table['\t'] = 't';
  }
  if (style == json_style::document) {
    table['\b'] = 'b';
    table['\f'] = 'f';
    for (std::size_t b = 0x80; b < 0x100; ++b) table[b] = '8';
  }
  if (style == json_style::pts_entry) table['/'] = '/';
  return table;
}

constexpr json_table json_tables[] = {make_json_table(json_style::document),
                                      make_json_table(json_style::lines),
                                      make_json_table(json_style::pts_entry)};

}  // namespace

void append_csv_field(std::string& out, std::string_view field) {
  if (!needs_quotes(field)) {
    out.append(field);
    return;
  }
  auto at = out.size();
  out.resize(at + 2 * field.size() + 2);
  out.resize(static_cast<std::size_t>(write_quoted_csv_field(out.data() + at, field) - out.data()));
}

void append_csv_record(std::string& out, std::span<const std::string_view> fields) {
  // Room for the worst case first, then plain stores: per-field appends (a capacity check and
  // a call each) were most of the cost of a batch --combine's rows.
  std::size_t most = 1;
  for (auto field : fields) most += 2 * field.size() + 3;
  auto at = out.size();
  out.resize(at + most);
  char* to = out.data() + at;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i != 0) *to++ = ',';
    to = write_csv_field(to, fields[i]);
  }
  *to++ = '\n';
  out.resize(static_cast<std::size_t>(to - out.data()));
}

namespace {

// "00", "01", ... "99": two digits a division.
constexpr auto digit_pairs = [] {
  std::array<char, 200> pairs{};
  for (int i = 0; i < 100; ++i) {
    pairs[static_cast<std::size_t>(2 * i)] = static_cast<char>('0' + i / 10);
    pairs[static_cast<std::size_t>(2 * i + 1)] = static_cast<char>('0' + i % 10);
  }
  return pairs;
}();

// The decimal digits of `s` (not 0), the last at `end - 1`, two a step in 32 bits (each of a
// million ratios has 16 or 17 of them).
void write_digits(char* end, std::uint64_t s) {
  auto pairs = [](char* to, std::uint32_t x, int count) {  // `count` pairs, ending at `to`
    for (int i = 0; i < count; ++i, x /= 100) {
      to -= 2;
      std::memcpy(to, &digit_pairs[2 * (x % 100)], 2);
    }
    return to;
  };
  if (s >= 100000000) {
    // Eight digits, zeros too. A shortest significand has at most 17 digits (dragonbox's), so
    // what is left is below 10^9, which 32 bits hold.
    end = pairs(end, static_cast<std::uint32_t>(s % 100000000), 4);
    s /= 100000000;
  }
  auto x = static_cast<std::uint32_t>(s);
  for (; x >= 100; x /= 100) {
    end -= 2;
    std::memcpy(end, &digit_pairs[2 * (x % 100)], 2);
  }
  if (x >= 10) {
    std::memcpy(end - 2, &digit_pairs[2 * x], 2);
  } else {
    end[-1] = static_cast<char>('0' + x);
  }
}

// How many decimal digits `s` (not 0) has: from its bits (log10(2) ~ 1233 / 4096), then one
// comparison.
int digit_count(std::uint64_t s) {
  static constexpr auto powers = [] {
    std::array<std::uint64_t, 20> p{};
    p[0] = 1;
    for (std::size_t i = 1; i < p.size(); ++i) p[i] = p[i - 1] * 10;
    return p;
  }();
  const int t = static_cast<int>(std::bit_width(s)) * 1233 >> 12;
  return t - (s < powers[static_cast<std::size_t>(t)] ? 1 : 0) + 1;
}

}  // namespace

char* write_shortest(char* to, double v) {
  if (!std::isfinite(v) || v == 0) return fmt::format_to(to, FMT_COMPILE("{}"), v);
  if (std::signbit(v)) {
    *to++ = '-';
    v = -v;
  }
  // fmt's own shortest digits and exponent (what its "{}" formats from), written out as its
  // write_float() lays them out for "{}": fixed from 1e-4 up to below 1e16, else d.ddde+XX.
  // Its layout took twice the instructions of the digits themselves, a trend CSV's largest
  // part (docs/performance.md); tidy_csv_writer_test checks the two agree.
  const auto decimal = fmt::detail::dragonbox::to_decimal(v);
  const std::uint64_t significand = decimal.significand;  // not 0: v is not
  const int count = digit_count(significand);
  const int exponent = decimal.exponent;
  const int output_exponent = exponent + count - 1;
  if (output_exponent < -4 || output_exponent >= 16) {
    // d.ddde+XX: the digits one place on, the first moved in front of the point.
    write_digits(to + 1 + count, significand);
    to[0] = to[1];
    if (count > 1) {
      to[1] = '.';
      to += count + 1;
    } else {
      to += 1;
    }
    *to++ = 'e';
    int e = output_exponent;
    *to++ = e < 0 ? '-' : '+';
    if (e < 0) e = -e;
    if (e >= 100) {
      if (e >= 1000) *to++ = static_cast<char>('0' + e / 1000);
      *to++ = static_cast<char>('0' + e / 100 % 10);
      e %= 100;
    }
    *to++ = static_cast<char>('0' + e / 10);
    *to++ = static_cast<char>('0' + e % 10);
    return to;
  }
  if (exponent >= 0) {  // 1234e2: 123400
    write_digits(to + count, significand);
    return std::fill_n(to + count, exponent, '0');
  }
  if (output_exponent >= 0) {  // 1234e-2: 12.34, the integer digits moved in front of the point
    write_digits(to + 1 + count, significand);
    for (int i = 0; i <= output_exponent; ++i) to[i] = to[i + 1];
    to[output_exponent + 1] = '.';
    return to + 1 + count;
  }
  *to++ = '0';  // 1234e-6: 0.001234
  *to++ = '.';
  to = std::fill_n(to, -output_exponent - 1, '0');
  write_digits(to + count, significand);
  return to + count;
}

void csv_row_writer::field(std::string_view text) {
  if (!first_) out_.push_back(',');
  first_ = false;
  append_csv_field(out_, text);
}

// Numbers are written in place: digits, '.', 'e', '-', "inf" or "nan" never need quotes.
// Into a buffer on the stack with the format compiled, then appended once: fmt's runtime
// "{}" parsed its format and grew the string a byte at a time through a back_inserter, a
// tenth of a million-row trend CSV's instructions (docs/performance.md). The same text.
void csv_row_writer::number(const std::optional<double>& v) {
  if (!first_) out_.push_back(',');
  first_ = false;
  if (!v) return;
  char text[32];  // the longest shortest double, `-2.2250738585072014e-308`, is 24
  out_.append(text, write_shortest(text, *v));
}

void csv_row_writer::integer(std::uint64_t v) {
  if (!first_) out_.push_back(',');
  first_ = false;
  const fmt::format_int text(v);
  out_.append(text.data(), text.size());
}

void csv_row_writer::end() {
  out_.push_back('\n');
  first_ = true;
}

char* write_json_string(char* to, std::string_view text, json_style style) {
  const json_table& table = json_tables[static_cast<std::size_t>(style)];
  *to++ = '"';
  std::size_t plain = 0;  // start of the run of bytes that need no escape, copied at once
  std::size_t i = 0;
  auto copy_plain = [&] {
    std::memcpy(to, text.data() + plain, i - plain);
    to += i - plain;
  };
  while (i < text.size()) {
    const char action = table[static_cast<unsigned char>(text[i])];
    if (action == 0) {
      ++i;
      continue;
    }
    if (action == '8') {
      const auto sequence = scan_utf8(text, i);
      if (sequence.valid) {
        i += sequence.length;
        continue;
      }
      copy_plain();
      std::memcpy(to, "\xEF\xBF\xBD", 3);
      to += 3;
      i += sequence.length;
      plain = i;
      continue;
    }
    copy_plain();
    *to++ = '\\';
    if (action == 'u') {
      constexpr char hex[] = "0123456789abcdef";
      const auto byte = static_cast<unsigned char>(text[i]);
      *to++ = 'u';
      *to++ = '0';
      *to++ = '0';
      *to++ = hex[byte >> 4];
      *to++ = hex[byte & 0xF];
    } else {
      *to++ = action;
    }
    plain = ++i;
  }
  copy_plain();
  *to++ = '"';
  return to;
}

void append_json_string(std::string& out, std::string_view text, json_style style) {
  auto at = out.size();
  out.resize(at + json_string_bound(text.size()));
  out.resize(
      static_cast<std::size_t>(write_json_string(out.data() + at, text, style) - out.data()));
}

std::string xml_text(std::string_view text) {
  std::string safe;
  safe.reserve(text.size());
  for (std::size_t at = 0; at < text.size();) {
    const auto seq = scan_utf8(text, at);
    const auto byte = static_cast<unsigned char>(text[at]);
    if (!seq.valid || (byte < 0x20 && byte != '\t' && byte != '\n' && byte != '\r')) {
      safe += "\xEF\xBF\xBD";
    } else {
      safe.append(text, at, seq.length);
    }
    at += seq.length;
  }
  return safe;
}

std::string html_escaped(std::string_view text) {
  std::string out;
  for (char ch : text) {
    switch (ch) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out.push_back(ch);
    }
  }
  return out;
}

std::string xml_escaped(std::string_view text) { return html_escaped(xml_text(text)); }

namespace {

bool is_ascii_punctuation(char c) {
  return (c >= '!' && c <= '/') || (c >= ':' && c <= '@') || (c >= '[' && c <= '`') ||
         (c >= '{' && c <= '~');
}

bool is_ascii_alnum(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// What stands beside a delimiter run, for CommonMark's flanking rules.
enum class side { blank, punctuation, other };

// The sides a neighbour may be: an ASCII byte is one; a byte of a UTF-8 character may be Unicode
// whitespace, punctuation or neither, so it is each (escaping more, never less); beyond the
// text, `beyond`.
struct sides {
  bool blank = false, punctuation = false, other = false;
  bool may_be(side s) const {
    return s == side::blank ? blank : s == side::punctuation ? punctuation : other;
  }
};

sides sides_of(std::string_view text, std::size_t at, sides beyond) {
  if (at >= text.size()) return beyond;
  const char c = text[at];
  if (static_cast<unsigned char>(c) >= 0x80) return {true, true, true};
  if (c == ' ') return {true, false, false};  // tabs and line breaks are spaces by now
  if (is_ascii_punctuation(c)) return {false, true, false};
  return {false, false, true};
}

// Whether a run of `c` (`*`, `_` or `~`) between `before` and `after` can open or close
// emphasis or strikethrough (CommonMark 0.30, 6.2: left- and right-flanking delimiter runs).
bool can_delimit(char c, side before, side after) {
  const bool left = after != side::blank && (after != side::punctuation || before != side::other);
  const bool right = before != side::blank && (before != side::punctuation || after != side::other);
  if (c != '_') return left || right;
  return (left && (!right || before == side::punctuation)) ||
         (right && (!left || after == side::punctuation));
}

// `&` followed by what makes a character reference: `#` and 1-7 digits, `#x` and 1-6 hex
// digits, or a name of letters and digits (any name: the entity list may grow), then `;`.
bool starts_reference(std::string_view text, std::size_t amp) {
  std::size_t i = amp + 1, digits = 0;
  auto is_hex = [](char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  };
  if (i < text.size() && text[i] == '#') {
    ++i;
    const bool hex = i < text.size() && (text[i] == 'x' || text[i] == 'X');
    if (hex) ++i;
    for (; i < text.size() && (hex ? is_hex(text[i]) : text[i] >= '0' && text[i] <= '9'); ++i) {
      ++digits;
    }
    return digits >= 1 && digits <= (hex ? 6u : 7u) && i < text.size() && text[i] == ';';
  }
  for (; i < text.size() && is_ascii_alnum(text[i]); ++i) ++digits;
  return digits >= 1 && i < text.size() && text[i] == ';';
}

// `<` that could start raw HTML (a tag, a closing tag, a comment, a declaration, a processing
// instruction) or an autolink: one followed by a letter, `/`, `!` or `?`.
bool starts_tag(std::string_view text, std::size_t lt) {
  if (lt + 1 >= text.size()) return false;
  const char c = text[lt + 1];
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '/' || c == '!' || c == '?';
}

// Where the character to escape is when `text` at the start of a line would start a block, or
// npos: a list item (`-`, `+` or `*` before a blank or the end; `1.` or `1)`, up to 9 digits);
// a thematic break (three or more of one of `-`, `*`, `_`, blanks between); an ATX heading (1
// to 6 `#` before a blank or the end); a block quote (`>`); a code fence (``` is always
// escaped; `~~~`); a task list item's box (`[ ]`, `[x]`, after `- `). A setext underline
// (`===`) needs a paragraph line just above, which iosr never writes.
std::size_t block_start_at(std::string_view text) {
  if (text.empty()) return std::string_view::npos;
  const auto blank_or_end = [&text](std::size_t i) { return i >= text.size() || text[i] == ' '; };
  const char c = text[0];
  if (c == '>' || text.starts_with("~~~")) return 0;
  if ((c == '-' || c == '+' || c == '*') && blank_or_end(1)) return 0;
  if (c == '-' || c == '*' || c == '_') {
    std::size_t marks = 0;
    for (char x : text) {
      if (x == c) {
        ++marks;
      } else if (x != ' ') {
        marks = 0;
        break;
      }
    }
    if (marks >= 3) return 0;
  }
  if (c == '#') {
    std::size_t run = 0;
    while (run < text.size() && text[run] == '#') ++run;
    if (run <= 6 && blank_or_end(run)) return 0;
  }
  if ((text.starts_with("[ ]") || text.starts_with("[x]") || text.starts_with("[X]")) &&
      blank_or_end(3)) {
    return 0;
  }
  std::size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
  if (digits >= 1 && digits <= 9 && digits < text.size() &&
      (text[digits] == '.' || text[digits] == ')') && blank_or_end(digits + 1)) {
    return digits;  // the `.` or `)`: `1\.` reads as text
  }
  return std::string_view::npos;
}

}  // namespace

std::string markdown_escaped(std::string_view original, markdown_place place) {
  // Line breaks and tabs as spaces; bytes that are not UTF-8 as U+FFFD, one per maximal invalid
  // part (utf8.hpp): cmark-gfm shows them so, but ends a table at a row that holds one.
  std::string text;
  text.reserve(original.size());
  for (std::size_t k = 0; k < original.size();) {
    const char ch = original[k];
    if (static_cast<unsigned char>(ch) >= 0x80) {
      const auto sequence = scan_utf8(original, k);
      if (sequence.valid) {
        text.append(original.substr(k, sequence.length));
      } else {
        text += "\xEF\xBF\xBD";
      }
      k += sequence.length;
      continue;
    }
    text.push_back(ch == '\n' || ch == '\r' || ch == '\t' ? ' ' : ch);
    ++k;
  }
  std::string out;
  out.reserve(text.size() + 8);
  std::size_t i = 0;
  if (place == markdown_place::line_start) {
    // A leading blank would be dropped, and four would start a code block: the first is written
    // as a reference, which no rule strips.
    if (!text.empty() && text[0] == ' ') {
      out += "&#32;";
      i = 1;
    }
  }
  // Beyond the text: a line's start or end (a blank, for CommonMark) where the text starts a
  // line or ends a heading; in a line, whatever the caller writes there (` `, `(`, `|`, `**`).
  const auto edge =
      place == markdown_place::inline_text ? sides{true, true, false} : sides{true, false, false};
  const auto block_char =
      place == markdown_place::line_start ? block_start_at(text) : std::string_view::npos;
  // A closing sequence of a heading: `#`s at the end, after a blank or alone.
  std::size_t closing_hash = std::string_view::npos;
  if (place == markdown_place::heading && !text.empty() && text.back() == '#') {
    const auto run = text.find_last_not_of('#');
    if (run == std::string_view::npos || text[run] == ' ') {
      closing_hash = run == std::string_view::npos ? 0 : run + 1;
    }
  }
  // The last `]` that could end a link's text: one followed by `(`, `[` or `:` (callers never
  // write one of those right after the text). A `[` before it is escaped.
  std::size_t last_link_end = std::string_view::npos;
  for (std::size_t k = text.size(); k-- > 0;) {
    if (text[k] == ']' && k + 1 < text.size() &&
        (text[k + 1] == '(' || text[k + 1] == '[' || text[k + 1] == ':')) {
      last_link_end = k;
      break;
    }
  }
  for (; i < text.size(); ++i) {
    const char c = text[i];
    bool escape = i == block_char || i == closing_hash;
    switch (c) {
      case '|':
      case '`':
        escape = true;
        break;
      case '\\':
        escape = i + 1 == text.size() || is_ascii_punctuation(text[i + 1]);
        break;
      case '[':
        escape = escape || (last_link_end != std::string_view::npos && last_link_end > i);
        break;
      case '<':
        escape = escape || starts_tag(text, i);
        break;
      case '&':
        escape = escape || starts_reference(text, i);
        break;
      case '*':
      case '_':
      case '~': {
        auto end = text.find_first_not_of(c, i);
        if (end == std::string_view::npos) end = text.size();
        // Escaped when the run delimits for any side its neighbours may be.
        const auto before = i == 0 ? edge : sides_of(text, i - 1, edge);
        const auto after = sides_of(text, end, edge);
        bool delimits = false;
        for (auto b : {side::blank, side::punctuation, side::other}) {
          for (auto a : {side::blank, side::punctuation, side::other}) {
            delimits = delimits || (before.may_be(b) && after.may_be(a) && can_delimit(c, b, a));
          }
        }
        for (; i < end; ++i) {
          if (delimits || i == block_char || i == closing_hash) out.push_back('\\');
          out.push_back(c);
        }
        --i;
        continue;
      }
      default:
        break;
    }
    if (escape) out.push_back('\\');
    out.push_back(c);
  }
  return out;
}

}  // namespace iosr::detail
