// SPDX-License-Identifier: MIT
// Reading result files: the format is detected from the content, never from the file name.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "iosr/model.hpp"

namespace iosr {

namespace detail {
struct prepared_state;
}

/// An input format iosr knows, as listed by `iosr --help` and docs/.
struct input_format_info {
  std::string_view name;     ///< `pts-text`
  std::string_view help;     ///< one line for help texts
};

/// Every registered input format, in detection order.
std::vector<input_format_info> list_input_formats();

/// The name of the input format that claims `text` (`composite-xml`), or an empty view when
/// none does: the text is not a result file (also for empty or binary input). Never throws.
/// Batch conversion uses it to skip the other files it finds in directories and archives.
std::string_view detect_input_format(std::string_view text);

/// Limits that bound what one input may cost, whoever wrote it. An input beyond a limit is
/// refused with a parse_error naming the limit (`iosr --limit NAME=N` raises them; see
/// docs/reliability.md).
struct read_options {
  std::uint64_t max_input_bytes = std::uint64_t{1} << 30;  ///< `input-bytes`: 1 GiB
  std::size_t max_entries_per_chart = 100'000;             ///< `entries`
  std::size_t max_xml_depth = 256;  ///< `xml-depth`: nested elements (composite.xml has 4)
  /// `json-depth`: nested objects and arrays (iosr-json has 6 levels, PTS's JSON export 7)
  std::size_t max_json_depth = 256;
};

/// Reads one result file from its bytes. `name` is used in errors and as source_name.
/// Throws parse_error (`name:line:column: message`) when the input cannot be read.
///
///   read_results("FS-Mark 3.3\nTest: 1000 Files\nFiles/s > Higher Is Better\n"
///                "a . 20.13 |===\n", "x.txt")
///   -> one result "FS-Mark" 3.3, unit Files/s, higher is better, entry a = "20.13"
result_file read_results(std::string_view text, std::string name, const read_options& options = {});

/// read_results() on a text the caller has no more use for: the reader may overwrite it as it
/// reads, and `text` holds unspecified bytes afterwards. A composite.xml is then parsed where it
/// is instead of being copied first (6 % of a batch conversion's time).
result_file read_results_in_place(std::string& text, std::string name,
                                  const read_options& options = {});

/// A file's bytes made ready to read: what every input needs before its reader runs (the size
/// limit, a byte-order mark, the transport layers undone, the binary-byte scan, the format
/// sniffed, where the lines end) done ahead. A batch prepares each file on the thread that
/// read it, while its bytes are still in that core's cache, and reads it on a worker.
class prepared_input {
 public:
  prepared_input(prepared_input&&) noexcept;
  prepared_input& operator=(prepared_input&&) noexcept;
  ~prepared_input();

  /// What detect_input_format() says of the bytes: the claiming format's name, or empty when
  /// they are not a result file. Empty also for bytes over the input limit, which are not
  /// looked at.
  std::string_view detected_format() const;

  /// The bytes given to prepare_input(), as given, until they are read: a batch hashes them on
  /// the worker that reads them (`iosr db import`). Empty once read.
  std::string_view bytes() const;

 private:
  explicit prepared_input(std::unique_ptr<detail::prepared_state> state);
  friend prepared_input prepare_input(std::string, std::string, const read_options&);
  friend result_file read_results(prepared_input);
  std::unique_ptr<detail::prepared_state> state_;
};

/// Prepares `bytes` for read_results(prepared_input). Throws no parse_error: what is wrong
/// with the bytes is thrown when they are read.
prepared_input prepare_input(std::string bytes, std::string name,
                             const read_options& options = {});

/// read_results_in_place() of prepared bytes, with the name and options given to
/// prepare_input(): the same model, warnings and errors.
result_file read_results(prepared_input input);

/// Reads the named file (`-` reads standard input). Throws parse_error, also for a file that
/// cannot be opened or read and one larger than options.max_input_bytes (refused before it is
/// read into memory).
result_file read_results_file(const std::string& path, const read_options& options = {});

}  // namespace iosr
