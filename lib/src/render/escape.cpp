// SPDX-License-Identifier: MIT
// The escaping of every output format (see escape.hpp).
#include "render/escape.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstring>

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

void csv_row_writer::field(std::string_view text) {
  if (!first_) out_.push_back(',');
  first_ = false;
  append_csv_field(out_, text);
}

void csv_row_writer::number(const std::optional<double>& v) {
  field(v ? fmt::format("{}", *v) : std::string());
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

std::string markdown_escaped(std::string_view text) {
  std::string out;
  for (char ch : text) {
    if (ch == '\n' || ch == '\r' || ch == '\t') {
      out.push_back(' ');
      continue;
    }
    if (std::string_view("\\`*_[]<>|#~!&").find(ch) != std::string_view::npos) out.push_back('\\');
    out.push_back(ch);
  }
  return out;
}

}  // namespace iosr::detail
