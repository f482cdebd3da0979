// SPDX-License-Identifier: MIT
// A test's title and version as one line shows them (`Flexible IO Tester 3.18`): PTS's text
// export, iosr's own tables (`### SQLite 3.41.2`). One rule for every reader that splits them.
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

}  // namespace iosr::detail
