// SPDX-License-Identifier: MIT
// The escaping of every output format (see escape.hpp).
#include "render/escape.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

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
