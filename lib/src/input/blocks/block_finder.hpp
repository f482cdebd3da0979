// SPDX-License-Identifier: MIT
// Finds the blocks of the formats whose readers need a whole text (PTS's CSV and JSON exports,
// composite.xml, iosr-json) inside any other text: a Markdown note, a mail, an issue, a
// docstring (docs/blocks.md). Runs on the text the transport layers left.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "input/transport/mapped_text.hpp"

namespace iosr::detail {

/// One block found: its text as its reader reads it, the way back to the text it was found in,
/// and what was undone to make it.
struct found_block {
  std::string_view shape;  ///< `CSV`, `JSON`, `XML`: what its lines looked like
  std::size_t begin = 0;   ///< offset of its first line in the text it was found in
  std::size_t end = 0;     ///< offset just past its last line
  std::string text;
  offset_map map;                ///< text's offsets -> the offsets of the text it was found in
  std::string prefix;            ///< what every line started with and was removed (`    `, `> `)
  std::size_t placeholders = 0;  ///< `<empty line>` lines read as empty lines
  std::size_t annotations = 0;   ///< `<< ...` lines left out
  /// Cut off: where it stops in the text it was found in (npos: whole), and where its last
  /// whole part ends (JSON: a value; XML: a </Result>), after which `text` was closed.
  std::size_t cut = std::string::npos;
  std::size_t last_whole = std::string::npos;
  /// Cut off with nothing whole before the cut: `text` is what there was, for a reader to
  /// refuse.
  bool nothing_whole = false;

  /// Whether it is `text` itself: no prefix, placeholder or annotation, not cut.
  bool is_plain() const {
    return prefix.empty() && placeholders == 0 && annotations == 0 && cut == std::string::npos;
  }
};

/// Whether `text` has a line that shows it was pasted around an export: a shell prompt and its
/// command (`user@host:~$ cat r.csv`), a Markdown fence, a docstring's quotes.
bool has_paste_marks(std::string_view text);

/// Every block in `text`, in order, none overlapping another. Linear in the text's length: each
/// line is looked at by one block's scan at most, and a text with no line that could start a
/// block (most texts) costs one pass over its line starts.
std::vector<found_block> find_blocks(std::string_view text);

}  // namespace iosr::detail
