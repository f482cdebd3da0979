// SPDX-License-Identifier: MIT
// What an OpenBenchmarking.org result ID looks like, so that an input can name one instead
// of a file (`iosr compare 1902028-PAUL-SINGLEH35 mine.xml`).
#pragma once

#include <string>
#include <string_view>

namespace iosr::cli::openbenchmarking {

/// PTS's rule (pts_openbenchmarking::is_string_openbenchmarking_result_id_compliant): 22
/// characters in three parts separated by `-`: 7 digits, 2 to 8 ASCII letters or digits,
/// then at least one more. `1902028-PAUL-SINGLEH35`.
bool is_result_id(std::string_view text);

/// Whether an input named on the command line stands for a result ID: it follows the rule and
/// no file or directory of that name exists (a path that exists wins).
bool names_result_id(const std::string& input);

}  // namespace iosr::cli::openbenchmarking
