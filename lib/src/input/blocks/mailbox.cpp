// SPDX-License-Identifier: MIT
#include "input/blocks/mailbox.hpp"

#include <algorithm>

namespace iosr::detail {

std::vector<std::size_t> mailbox_messages(std::string_view text) {
  if (!text.starts_with("From ")) return {};
  std::vector<std::size_t> starts{0};
  for (auto at = text.find("\n\nFrom "); at != std::string_view::npos;
       at = text.find("\n\nFrom ", at + 1)) {
    starts.push_back(at + 2);
  }
  // The same with CRLF line ends.
  for (auto at = text.find("\r\n\r\nFrom "); at != std::string_view::npos;
       at = text.find("\r\n\r\nFrom ", at + 1)) {
    starts.push_back(at + 4);
  }
  if (starts.size() < 2) return {};
  std::sort(starts.begin(), starts.end());
  return starts;
}

void shift_lines(result_file& file, std::size_t lines) {
  auto shift = [lines](source_position& p) {
    if (p.line != 0) p.line += lines;
  };
  for (auto& w : file.warnings) shift(w.where);
  for (auto& s : file.systems) shift(s.where);
  for (auto& r : file.results) {
    shift(r.where);
    for (auto& e : r.entries) shift(e.where);
  }
}

}  // namespace iosr::detail
