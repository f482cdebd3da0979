// SPDX-License-Identifier: MIT
// Splitting chart headers of the text export into title, version, description and unit.
#pragma once

#include <string>
#include <string_view>

namespace iosr::detail {

struct header_parts {
  std::string title, version, description, unit;
  /// Empty when the split rests on known facts (a lexicon title or unit); otherwise says what
  /// was guessed, for a warning.
  std::string doubt;
};

/// True for tokens PTS uses as program versions: `3.18`, `8.4.11`, `20170503`, `0.1.0`.
bool is_version_token(std::string_view token);

/// Splits the title line of the multi-line form, `TITLE VERSION`: the version is the last
/// token when it looks like one (`Flexible IO Tester 3.18`), else there is none (`Git`).
header_parts split_title_line(std::string_view line);

/// Splits a collapsed chart header, everything before its `> Higher Is Better` mark, e.g.
/// `Timed GCC Compilation 9.3.0 Time To Compile Seconds` -> `Timed GCC Compilation`, `9.3.0`,
/// `Time To Compile`, `Seconds`. Uses the lexicon of known titles and units.
header_parts split_collapsed_header(std::string_view header);

/// Where a known test title starts at a word boundary within `text`, searching from the
/// left; npos when none. Used to find where a collapsed system block ends.
std::size_t find_known_title(std::string_view text);

}  // namespace iosr::detail
