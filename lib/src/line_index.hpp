// SPDX-License-Identifier: MIT
// Maps byte offsets of an input to 1-based line and column; shared by the readers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "iosr/model.hpp"

namespace iosr::detail {

/// True for a text with no `\n` at all and at least two `\r`: the line ends of classic Mac OS
/// (Excel for Mac still writes them). One `\r` alone is a terminal's overprint, not a line end.
/// The line index counts lines and the transport layer splits them by this one rule, so that
/// positions match the text read.
bool has_classic_mac_line_ends(std::string_view text);

/// Line and column of offsets in one text, worked out when first asked: most texts are only
/// sniffed or read without a question, and readers ask in increasing order, so a cursor counts
/// the line ends from one question to the next. A question behind the cursor builds the index
/// of every line start once. Not for use by several threads at once.
class line_index {
 public:
  /// `text` must outlive the index, which views it.
  explicit line_index(std::string_view text) : text_(text) {}

  /// Line and byte column (both 1-based) of the byte at `offset`. `\r\n` counts as one line end;
  /// a text with no `\n` at all has its lines end in `\r`.
  source_position position(std::size_t offset) const;

  /// Notes where every line ends now, one bit a byte, for a text about to be overwritten (a
  /// composite.xml parsed in place): positions are then worked out from the notes, never from
  /// the text again. Costs about what the cursor's own counting would.
  void note_line_ends();

 private:
  char line_end() const;
  void index_line_starts() const;
  // The noted line ends in [from, to) (to > from): how many, and where the last one is.
  std::size_t noted_ends(std::size_t from, std::size_t to, std::size_t& last) const;

  std::string_view text_;
  mutable char end_ = 0;  // the line end byte, once known
  // The cursor: line_ is the line holding offset cursor_, which starts at line_start_.
  mutable std::size_t cursor_ = 0, line_ = 1, line_start_ = 0;
  mutable std::vector<std::size_t> line_starts_;  // every line's start, once asked behind
  // Bit i of word w: byte 64 w + i ends a line. Once noted, text_ is not read again (an empty
  // text has no words, and no bytes to read either).
  std::vector<std::uint64_t> ends_;
  bool noted() const { return !ends_.empty(); }
};

}  // namespace iosr::detail
