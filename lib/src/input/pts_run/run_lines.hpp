// SPDX-License-Identifier: MIT
// The lines of PTS's run output, one kind each: the System Information block, a test's profile
// line, `Average: VALUE UNIT`, an inline chart's unit line and entries (docs/pts-run-output.md).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "iosr/model.hpp"

namespace iosr::detail::run_log {

/// One line without its indentation, trailing blanks and line end; `begin` is the offset of its
/// first byte other than a blank in the reader's text.
struct log_line {
  std::size_t begin = 0;
  std::string_view text;
};
std::vector<log_line> split_log_lines(std::string_view text);

/// What a System Information block says, until a configuration is named.
struct pending_system {
  std::vector<field> hardware, software;
  std::string client_version;  ///< `Phoronix Test Suite v10.8.6`: 10.8.6
  std::string scheduler;       ///< `Disk Scheduler:` as written
  std::size_t where = 0;
};
/// Reads the `HEADING: value` / `Key: value` / `+ more` lines from `first`; returns the index
/// of the first line after the block. `out` is replaced.
std::size_t parse_system_block(const std::vector<log_line>& lines, std::size_t first,
                               pending_system& out);

/// `pts/fio-1.15.0 [Type: Random Read - Block Size: 4KB]`: the test profile and its options.
struct profile_line {
  std::string_view test_id, options;
};
std::optional<profile_line> parse_profile_line(std::string_view text);

/// `Test 2 of 14`.
bool is_test_position(std::string_view text);

/// `Himeno Benchmark 3.0` -> `Himeno Benchmark`, `3.0`: PTS prints the title and the program's
/// version with one blank between; a last word that starts with a digit is the version.
void split_title_version(std::string_view header, std::string& title, std::string& version);

/// `Average: 1234.5 MB/s` (or `Maximum:`, `Minimum:`, as the profile's result quantifier says).
struct quantifier_line {
  std::string_view word, value, unit;
};
std::optional<quantifier_line> quantifier_of(std::string_view text);

/// `MB/s > Higher Is Better`: the unit and direction of an inline chart.
struct unit_mark {
  std::string_view unit;
  direction value = direction::none;
};
std::optional<unit_mark> direction_mark_of(std::string_view text);

/// `LABEL .... VALUE` with or without a bar (`|====`).
struct chart_line {
  std::string_view label, value;
};
std::optional<chart_line> parse_chart_line(std::string_view text);

/// The text up to the first blank.
std::string_view first_word(std::string_view text);

}  // namespace iosr::detail::run_log
