// SPDX-License-Identifier: MIT
// Reading result files: the format is detected from the content, never from the file name.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "iosr/model.hpp"

namespace iosr {

/// An input format iosr knows, as listed by `iosr --help` and docs/.
struct input_format_info {
  std::string_view name;     ///< `pts-text`
  std::string_view summary;  ///< one line for help texts
};

/// Every registered input format, in detection order.
std::vector<input_format_info> list_input_formats();

/// The name of the input format that claims `text` (`composite-xml`), or an empty view when
/// none does: the text is not a result file (also for empty or binary input). Never throws.
/// Batch conversion uses it to skip the other files it finds in directories and archives.
std::string_view detect_input_format(std::string_view text);

/// Reads one result file from its bytes. `name` is used in errors and as source_name.
/// Throws parse_error (`name:line:column: message`) when the input cannot be read.
///
///   read_results("FS-Mark 3.3\nTest: 1000 Files\nFiles/s > Higher Is Better\n"
///                "a . 20.13 |===\n", "x.txt")
///   -> one result "FS-Mark" 3.3, unit Files/s, higher is better, entry a = "20.13"
result_file read_results(std::string_view text, std::string name);

/// Reads the named file (`-` reads standard input). Throws parse_error, also for a file that
/// cannot be opened.
result_file read_results_file(const std::string& path);

}  // namespace iosr
