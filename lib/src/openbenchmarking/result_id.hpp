// SPDX-License-Identifier: MIT
// What an OpenBenchmarking.org result ID looks like, so that an input can name one instead
// of a file (`iosr compare 1902028-PAUL-SINGLEH35 mine.xml`).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace iosr::cli::openbenchmarking {

/// PTS's rule (pts_openbenchmarking::is_string_openbenchmarking_result_id_compliant): 22
/// characters in three parts separated by `-`: 7 digits, 2 to 8 ASCII letters or digits,
/// then at least one more. `1902028-PAUL-SINGLEH35`.
bool is_result_id(std::string_view text);

/// The result ID in `text`: the ID itself, or the address of its page,
/// `https://openbenchmarking.org/result/ID` (also `http://`, `www.`, with a trailing slash, a
/// query string or a fragment, as the site's links have them). Nothing for anything else.
std::optional<std::string> result_id_in(std::string_view text);

/// The result ID an input named on the command line stands for: result_id_in() of it, when no
/// file or directory of that name exists (a path that exists wins).
std::optional<std::string> names_result_id(const std::string& input);

/// Why `input`, a name that is no file, is no result ID either, when it looks like one
/// (`1902028-PAUL-SINGLEH3`: 21 characters), or empty: a hint for "no such file".
std::string result_id_hint(std::string_view input);

}  // namespace iosr::cli::openbenchmarking
