// SPDX-License-Identifier: MIT
// Splitting chart headers of the text export into title, version, description and unit.
#pragma once

#include <string>
#include <string_view>

#include "input/title_line.hpp"

namespace iosr::detail {

/// Splits a collapsed chart header, everything before its `> Higher Is Better` mark, e.g.
/// `Timed GCC Compilation 9.3.0 Time To Compile Seconds` -> `Timed GCC Compilation`, `9.3.0`,
/// `Time To Compile`, `Seconds`. Uses the lexicon of known titles and units.
header_parts split_collapsed_header(std::string_view header);

/// Where a known test title starts at a word boundary within `text`, searching from the
/// left; npos when none. Used to find where a collapsed system block ends.
std::size_t find_known_title(std::string_view text);

}  // namespace iosr::detail
