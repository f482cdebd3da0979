// SPDX-License-Identifier: MIT
// The closing blocks of every comparison format, computed once as data: the summary (a row per
// configuration), the tests that are not in every input, and the notes. Each format only lays
// them out.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "iosr/compare.hpp"

namespace iosr::detail {

/// The summary's columns, as the tables of the Markdown and HTML formats head them.
inline constexpr std::array<std::string_view, 6> summary_columns = {
    "Configuration", "Geomean ratio", "Tests", "Wins", "Last places", "Mean rank"};

/// The summary's cells, in the order of summary_columns.
enum summary_cell : std::size_t {
  label_cell,
  ratio_cell,
  tests_cell,
  first_cell,
  last_cell,
  rank_cell
};

/// One configuration's line of the summary, as texts every format shows alike.
struct summary_row {
  std::size_t configuration = 0;  ///< index in comparison::configurations
  bool starts_compare_group = false;  ///< the first configuration of its group (a group heading)
  bool is_baseline = false;       ///< its group's baseline
  /// Plain text, not yet escaped: the label as shown with several inputs (`a.xml: None`), the
  /// geometric mean ratio (`0.288`, baseline_word, or `failed in 2` for a configuration that
  /// lost tests: configuration::lost_tests), the tests with a ratio of the tests its input has
  /// (`5 of 7`), first places, last places, and the mean rank (`1.5`). An unknown ratio or mean
  /// rank is empty; each format shows that its own way.
  std::array<std::string, summary_columns.size()> cells;
};

/// The summary, in comparison::summary_order: by group, best first.
std::vector<summary_row> summary_rows(const comparison& c);

/// A test that some input lacks.
struct unmatched_row {
  std::size_t test = 0;  ///< index in comparison::tests
  std::string heading;   ///< test_heading(): title, version and description
  std::string only_in;   ///< the short names of the inputs that have it, `a.xml, b.txt`
};

/// The tests missing from some input, in the order of comparison::unmatched.
std::vector<unmatched_row> unmatched_rows(const comparison& c);

/// A sentence per configuration whose geometric mean one or two tests carry
/// (configuration::carried_by), with their share and the mean without them. Plain text.
std::vector<std::string> carried_lines(const comparison& c);

/// A sentence per configuration that lost tests (configuration::lost_tests), naming them (up to
/// three, then how many more), and why it has no geometric mean. Plain text.
std::vector<std::string> lost_lines(const comparison& c);

/// The one sentence on entries whose value is not the mean of their runs
/// (compared_entry::runs_disagree): how many, the first, and that their runs take no part in
/// the statistics; empty when there are none. Plain text.
std::string runs_disagree_line(const comparison& c);

/// The comparison's notes, then lost_lines(), runs_disagree_line() and carried_lines(): what
/// every format says in its notes block, in this order. Plain text, not yet escaped.
std::vector<std::string> comparison_notes(const comparison& c);

/// The notes block of the formats that show one list: comparison_notes(), then a line per
/// unmatched row, `not in every input: TEST (only in a.xml)`. Plain text, not yet escaped.
std::vector<std::string> note_lines(const comparison& c);

/// The summary's line on how small a delta the runs could tell from the noise
/// (comparison_statistics::detectable): `With 3 runs a side, a change under 2.1% cannot be
/// told from the noise in half of the 52 deltas with runs, nor under 6.3% in the least certain
/// one (80% power at the 99.76% level); twice the runs would bring these to 1.4% and 4.0%.`
/// Empty when no delta has one. Plain text.
std::string detectable_line(const comparison& c);

}  // namespace iosr::detail
