// SPDX-License-Identifier: MIT
// RFC 4180 field quoting.
#include "output/csv_escape.hpp"

#include <fmt/format.h>

namespace iosr::detail {

namespace {
bool needs_quotes(std::string_view field) {
  if (field.empty()) return false;
  if (field.front() == ' ' || field.back() == ' ') return true;
  // A plain loop: find_first_of calls memchr on the set once per character, which was the
  // hottest spot of a batch --combine (docs/performance.md).
  for (char c : field) {
    if (c == ',' || c == '"' || c == '\r' || c == '\n') return true;
  }
  return false;
}
}  // namespace

void append_csv_field(std::string& out, std::string_view field) {
  if (!needs_quotes(field)) {
    out.append(field);
    return;
  }
  out.push_back('"');
  for (char c : field) {
    if (c == '"') out.push_back('"');
    out.push_back(c);
  }
  out.push_back('"');
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

}  // namespace iosr::detail
