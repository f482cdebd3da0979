// SPDX-License-Identifier: MIT
// The escaping of every output format (see escape.hpp).
#include "render/escape.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdio>

namespace iosr::detail {

namespace {

// The bytes that make a field need quotes, as a table: most fields are a few bytes long, too
// short for vector code, and a branching loop over every byte of a batch --combine's output
// (find_first_of before it: memchr once per byte) was its hottest spot (docs/performance.md).
constexpr auto special_bytes = [] {
  std::array<unsigned char, 256> table{};
  for (unsigned char c : {',', '"', '\r', '\n'}) table[c] = 1;
  return table;
}();

bool needs_quotes(std::string_view field) {
  if (field.empty()) return false;
  if (field.front() == ' ' || field.back() == ' ') return true;
  unsigned char special = 0;
  for (char c : field) special |= special_bytes[static_cast<unsigned char>(c)];
  return special != 0;
}

// Writes `field` at `to` (room for 2 * size + 2 bytes); returns the end.
char* write_csv_field(char* to, std::string_view field) {
  if (!needs_quotes(field)) return std::copy(field.begin(), field.end(), to);
  *to++ = '"';
  for (char c : field) {
    if (c == '"') *to++ = '"';
    *to++ = c;
  }
  *to++ = '"';
  return to;
}

}  // namespace

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

// The UTF-8 sequence starting at text[at] (a byte from 0x80): its length when it is well-formed
// (Unicode table 3-7: no overlong forms, surrogates or code points past U+10FFFF), else the
// length of its maximal invalid part, which one U+FFFD replaces (at least 1).
struct utf8_sequence {
  std::size_t length = 1;
  bool valid = false;
};

utf8_sequence scan_utf8(std::string_view text, std::size_t at) {
  const auto lead = static_cast<unsigned char>(text[at]);
  std::size_t need = 0;
  unsigned char low = 0x80, high = 0xBF;  // what the next byte may be
  if (lead >= 0xC2 && lead <= 0xDF) {
    need = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    need = 3;
    if (lead == 0xE0) low = 0xA0;   // overlong below
    if (lead == 0xED) high = 0x9F;  // surrogates above
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    need = 4;
    if (lead == 0xF0) low = 0x90;   // overlong below
    if (lead == 0xF4) high = 0x8F;  // past U+10FFFF above
  } else {
    return {};  // a continuation byte, or a lead byte UTF-8 never uses
  }
  std::size_t length = 1;
  for (; length < need && at + length < text.size(); ++length) {
    const auto next = static_cast<unsigned char>(text[at + length]);
    if (next < low || next > high) break;
    low = 0x80;
    high = 0xBF;
  }
  return {length, length == need};
}

void append_csv_field(std::string& out, std::string_view field) {
  auto at = out.size();
  out.resize(at + 2 * field.size() + 2);
  out.resize(static_cast<std::size_t>(write_csv_field(out.data() + at, field) - out.data()));
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

void append_json_string(std::string& out, std::string_view text, json_style style) {
  const json_table& table = json_tables[static_cast<std::size_t>(style)];
  out.push_back('"');
  std::size_t plain = 0;  // start of the run of bytes that need no escape, copied at once
  std::size_t i = 0;
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
      out.append(text.substr(plain, i - plain));
      out += "\xEF\xBF\xBD";
      i += sequence.length;
      plain = i;
      continue;
    }
    out.append(text.substr(plain, i - plain));
    if (action == 'u') {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned char>(text[i]));
      out += escaped;
    } else {
      out.push_back('\\');
      out.push_back(action);
    }
    plain = ++i;
  }
  out.append(text.substr(plain));
  out.push_back('"');
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
