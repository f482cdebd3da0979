// SPDX-License-Identifier: MIT
// RFC 3676 format=flowed, undone: the lines a sender's mail client wrapped are joined back.
#include "input/transport/layers.hpp"
#include "strings.hpp"

namespace iosr::detail {

std::optional<undone_layer> undo_flowed(std::string_view text, bool delete_space,
                                        std::size_t note_offset) {
  undone_layer layer;
  auto& out = layer.out;
  std::size_t joined = 0;
  bool open = false;  // the previous line was flowed: this one continues it
  std::size_t open_depth = 0;
  std::size_t begin = 0;
  while (begin < text.size()) {
    const auto bounds = line_starting_at(text, begin);
    const auto end = bounds.end, next = bounds.next;
    auto line = text.substr(begin, end - begin);
    std::size_t depth = 0;
    while (depth < line.size() && line[depth] == '>') ++depth;
    auto content_at = depth;
    if (content_at < line.size() && line[content_at] == ' ') ++content_at;  // space-stuffing
    auto content = line.substr(content_at);
    bool flowed = content.ends_with(' ') && content != "-- ";  // the signature line is fixed
    if (open && depth == open_depth) {
      ++joined;
    } else {
      if (open) out.copy("\n", begin - 1);  // a depth change ends a paragraph (RFC 3676 §4.5)
      // The quote marks, and one blank after them, stay for the quote layer to read.
      out.copy(line.substr(0, depth), begin);
      if (depth > 0) out.put(' ', begin + depth, 0);
    }
    auto kept = content;
    if (flowed && delete_space) kept.remove_suffix(1);
    out.copy(kept, begin + content_at);
    open = flowed;
    open_depth = depth;
    if (!flowed) out.copy(text.substr(end, next - end), end);
    begin = next;
  }
  if (joined == 0) {
    // Nothing was wrapped; the text may still have space-stuffed lines, which only a flowed
    // reading removes, so the layer is kept when it changed anything.
    if (out.text() == text) return std::nullopt;
  }
  layer.notes.push_back({note_offset, message_code::flowed_joined,
                         "format=flowed: " + std::to_string(joined) +
                             (joined == 1 ? " wrapped line" : " wrapped lines") +
                             " joined back (RFC 3676)"});
  return layer;
}

}  // namespace iosr::detail
