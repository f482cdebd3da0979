// SPDX-License-Identifier: MIT
// Reading result files: the format is detected from the content, never from the file name.
// A batch's faster ways to read, in place and prepared ahead, are in iosr/read_in_place.hpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "iosr/model.hpp"

namespace iosr {

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

/// How much of an input's start is read before its binary bytes are looked at: a large or
/// endless input (`/dev/zero`, a disk image) is refused after this block, not read whole.
inline constexpr std::size_t first_block_bytes = std::size_t{1} << 16;

/// Whether `head`, the first bytes of an input, shows binary data near its start (an image, a
/// program, a disk image, `/dev/zero`), where no reader would take it: then the message that
/// reading the whole input fails with (`binary data (byte 0); expected a text or XML result
/// export`) and its place, else an empty message. Never throws.
std::pair<std::string, source_position> binary_head_error(std::string_view head);

/// How a table people made is read: which of its columns says what (`--from table` with
/// `--table KEY=COLUMN`; docs/tables.md). A column is named by its heading as the table writes it
/// (case and surrounding blanks aside), or by its place, `#3`. A long table has a row per entry
/// (`label` and `value`); a wide one a row per test and a column per configuration (`columns`).
struct table_layout {
  /// The columns whose texts name the test, joined with ` - ` in this order; none: the first
  /// column (a wide table's row names, a pandas index).
  std::vector<std::string> test;
  std::string label;  ///< long tables: the column naming each row's configuration
  std::string value;  ///< long tables: the column of values
  /// The unit's column, or `=UNIT` for every row; a column that also names the test gives the
  /// unit in parentheses at the end of its text (`Add Integer (MB/s)`).
  std::string unit;
  std::string direction;  ///< the direction's column, or `=higher` / `=lower` for every row
  std::string error;      ///< the column of standard errors
  std::string runs;       ///< the column of runs (N)
  /// Wide tables: the configurations' columns, each heading a configuration's label and each
  /// cell its value; `*` for every column that no other key names.
  std::vector<std::string> columns;
  /// Long tables without a configuration column: the configuration of every row.
  std::string configuration;
};

/// Limits that bound what one input may cost, whoever wrote it. An input beyond a limit is
/// refused with a parse_error naming the limit (`iosr --limit NAME=N` raises them; see
/// docs/reliability.md).
struct read_options {
  std::uint64_t max_input_bytes = std::uint64_t{1} << 30;  ///< `input-bytes`: 1 GiB
  std::size_t max_entries_per_chart = 100'000;             ///< `entries`
  std::size_t max_xml_depth = 256;  ///< `xml-depth`: nested elements (composite.xml has 4)
  /// `json-depth`: nested objects and arrays (iosr-json has 6 levels, PTS's JSON export 7)
  std::size_t max_json_depth = 256;
  /// Read every input as this input format (`--from`: a name list_input_formats() gives),
  /// whatever it looks like; empty: each by its content. The transport layers are undone first.
  std::string from;
  /// How `table` (`--from table`) reads a table.
  table_layout table;
};

/// Reads one result file from its bytes. `name` is used in errors and as source_name.
/// Throws parse_error (`name:line:column: message`) when the input cannot be read.
///
///   read_results("FS-Mark 3.3\nTest: 1000 Files\nFiles/s > Higher Is Better\n"
///                "a . 20.13 |===\n", "x.txt")
///   -> one result "FS-Mark" 3.3, unit Files/s, higher is better, entry a = "20.13"
result_file read_results(std::string_view text, std::string name, const read_options& options = {});

/// Every result file that `text` holds: one for a result export, and one for each result block
/// when the text holds exports of PTS's CSV or JSON, composite.xml or iosr-json inside other
/// text (a note, a mail, an issue, a docstring; docs/blocks.md), in the order they stand, the
/// charts of a text export around them first. Each names `name` and has its place and what was
/// undone as its first warnings. read_results() of such a text gives its one result, and throws
/// parse_error for several. Throws parse_error as read_results() does.
std::vector<result_file> read_all_results(std::string_view text, std::string name,
                                          const read_options& options = {});

/// Reads the named file (`-` reads standard input), or a PTS result-graphs folder (below).
/// Throws parse_error, also for a file that cannot be opened or read and one larger than
/// options.max_input_bytes (refused before it is read into memory).
result_file read_results_file(const std::string& path, const read_options& options = {});

/// Whether a directory is one input rather than a tree to walk: PTS's `result-graphs` folder,
/// the graphs it drew of one saved result (docs/pts-graphs.md). `path` may be a whole path.
bool is_graphs_folder_name(std::string_view path);

/// One file of a folder that is read as one input.
struct folder_file {
  std::string name;  ///< its name in the folder: `3.svg`
  std::string bytes;
};

/// The text that read_results() reads as the one result file of a result-graphs folder: the
/// files that are PTS's graphs of results (N.svg, N_table.svg, overview.svg, systems.svg) in
/// PTS's numbering, each after a line `<!-- iosr result-graphs: NAME -->`; the others (PNG
/// copies, visualize.svg, radar.svg) are left out.
std::string join_graphs_folder(std::vector<folder_file> files);

/// join_graphs_folder() of the folder at `path`. Throws parse_error when it cannot be listed
/// or read, holds no graph, or its graphs pass options.max_input_bytes together.
std::string read_graphs_folder(const std::string& path, const read_options& options = {});

}  // namespace iosr
