// SPDX-License-Identifier: MIT
// iosr's own tables read back (iosr_table_reader.hpp): the CSV or the Markdown, by how it starts.
#include "input/iosr_table/iosr_table_reader.hpp"

#include "input/iosr_table/iosr_table_parts.hpp"
#include "strings.hpp"

namespace iosr::detail {

namespace {

constexpr std::string_view summary_start =
    "## Summary\n\n| Configuration | Geomean ratio |";

std::string_view from_start(std::string_view text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  return text;
}

}  // namespace

bool sniff_iosr_table(std::string_view text) {
  text = from_start(text);
  if (text.starts_with(iosr_csv_header)) return true;
  // Markdown, with CRLF line ends when a mail or an editor changed them.
  auto head = text.substr(0, summary_start.size() + 2);
  std::string unix;
  for (char c : head) {
    if (c != '\r') unix += c;
  }
  return unix.starts_with(summary_start);
}

void read_iosr_table(reader_context& ctx, const read_options&) {
  if (from_start(ctx.text).starts_with(iosr_csv_header)) {
    read_iosr_csv(ctx);
  } else {
    read_iosr_markdown(ctx);
  }
}

}  // namespace iosr::detail
