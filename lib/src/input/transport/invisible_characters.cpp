// SPDX-License-Identifier: MIT
// Characters a web page or editor slips into copied text that show as nothing or as a blank:
// zero-width spaces and joiners are removed, no-break spaces become blanks, so that labels,
// leaders and system keys read as PTS wrote them.
#include <algorithm>
#include <array>

#include "input/transport/layers.hpp"

namespace iosr::detail {

namespace {

struct invisible {
  std::string_view utf8;
  std::string_view becomes;
};

constexpr std::array<invisible, 6> invisibles = {{
    {"\xE2\x80\x8B", ""},   // U+200B ZERO WIDTH SPACE
    {"\xE2\x80\x8C", ""},   // U+200C ZERO WIDTH NON-JOINER
    {"\xE2\x80\x8D", ""},   // U+200D ZERO WIDTH JOINER
    {"\xE2\x81\xA0", ""},   // U+2060 WORD JOINER
    {"\xEF\xBB\xBF", ""},   // U+FEFF inside the text (a byte-order mark pasted in)
    {"\xC2\xA0", " "},      // U+00A0 NO-BREAK SPACE
}};

// Where the first invisible character is, or npos.
std::size_t first_invisible(std::string_view text) {
  std::size_t first = std::string_view::npos;
  for (const auto& c : invisibles) first = std::min(first, text.find(c.utf8));
  return first;
}

}  // namespace

bool has_invisible_characters(std::string_view text) {
  return first_invisible(text) != std::string_view::npos;
}

std::optional<undone_layer> undo_invisible_characters(std::string_view text) {
  auto first = first_invisible(text);
  if (first == std::string_view::npos) return std::nullopt;
  undone_layer layer;
  std::size_t removed = 0, blanks = 0;
  std::size_t at = 0;
  for (std::size_t i = first; i < text.size();) {
    // Every invisible character starts with 0xC2, 0xE2 or 0xEF: other bytes go by fast.
    auto c = static_cast<unsigned char>(text[i]);
    if (c != 0xC2 && c != 0xE2 && c != 0xEF) {
      ++i;
      continue;
    }
    const invisible* hit = nullptr;
    for (const auto& inv : invisibles) {
      if (text.substr(i, inv.utf8.size()) == inv.utf8) hit = &inv;
    }
    if (!hit) {
      ++i;
      continue;
    }
    layer.out.copy(text.substr(at, i - at), at);
    layer.out.put(hit->becomes, i, hit->utf8.size());
    (hit->becomes.empty() ? removed : blanks) += 1;
    i += hit->utf8.size();
    at = i;
  }
  layer.out.copy(text.substr(at), at);
  std::string message;
  if (removed > 0) {
    message = std::to_string(removed) + " invisible characters (zero-width spaces, joiners) removed";
  }
  if (blanks > 0) {
    message += (message.empty() ? "" : "; ") + std::to_string(blanks) +
               " no-break spaces read as blanks";
  }
  layer.notes.push_back({first, message_code::invisible_characters, std::move(message)});
  return layer;
}

}  // namespace iosr::detail
