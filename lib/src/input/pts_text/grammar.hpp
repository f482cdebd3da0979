// SPDX-License-Identifier: MIT
// The entry-line grammar of the PTS text export, compiled in grammar.cpp (the only TU that
// includes Boost.Spirit X3). Callers see plain structs with offsets, no X3 types.
//
// An entry line is `LABEL .... TAIL` where the dot leader is ` ` + one or more `.` + ` `,
// and TAIL is one of
//   VALUE |====      a bar chart entry; spaces before `|` optional (`244195|===`)
//   PASS / FAIL      a pass/fail entry
//   MIN: a  AVG: b  MAX: c     a line graph (PTS 9+), or `MIN: a / AVG: b / MAX: c` (6.x-7.x)
//   (nothing)        an image comparison or other value that is not shown
//   VALUE            a number with no bar after it, as PTS shows a result while a test runs
//                    (one line only)
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace iosr::detail {

enum class tail_kind : unsigned char { bar, pass_fail, series, empty, bare };

struct entry_tail {
  tail_kind kind = tail_kind::bar;
  std::size_t end = 0;         ///< offset just past the tail (bar's last `=`, value, ...)
  std::size_t value_begin = 0;  ///< bar / pass_fail: the value token
  std::size_t value_end = 0;
  std::size_t bar_length = 0;   ///< bar: number of `=`
  std::size_t bar_column = 0;   ///< bar: offset of the `|`
  std::string_view min, avg, max;  ///< series
};

/// Matches the dot leader and tail at `text[dots]` (which must be a `.` preceded by a space).
/// The tail must end at the end of `text` or before a space. `allow_empty` accepts a leader
/// with nothing after it, and a number with nothing after it (only meaningful when `text` is
/// one line).
std::optional<entry_tail> match_entry_tail(std::string_view text, std::size_t dots,
                                           bool allow_empty);

}  // namespace iosr::detail
