// SPDX-License-Identifier: MIT
// The layout of LKP's comparison (`lkp compare`, the kernel test robot's mails): each table's
// parameters, commits, column names, runs and rows, as views of the text, nothing judged yet
// (docs/lkp.md, "The report").
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace iosr::detail {

/// One commit's cell of a row: `4585 ± 2%` in the first column, `-45.0%  2522` in the others.
struct lkp_cell {
  std::string_view value;  ///< as written: `4585`, `98.32`, `1.648e+08`
  std::size_t value_offset = 0;
  std::string_view change;  ///< against the first column: `-45.0%`, or `+0.1` (absolute); empty
                            ///< in the first column
  std::size_t change_offset = 0;
  std::string_view deviation;  ///< `2` of `± 2%`; empty when LKP printed none
  std::size_t deviation_offset = 0;
  std::string_view plus_minus;  ///< the `±` as the text has it (`±`, or `ą` of a mis-decoded one)
};

struct lkp_row {
  std::string_view metric;  ///< `phoronix-test-suite.npb.FT.A.total_mop_s`
  std::size_t metric_offset = 0;
  std::size_t offset = 0;  ///< of its first line
  std::vector<lkp_cell> cells;
  std::size_t lines = 1;  ///< more when a mail client wrapped it
};

/// One table: the parameters and commits above its rule, its rows below.
struct lkp_section {
  std::size_t offset = 0;  ///< of the rule `---------------- ---------------------------`
  std::size_t columns = 0;
  /// `compiler/cpufreq_governor/...:` and the values under it, paired; empty when absent.
  std::vector<std::pair<std::string_view, std::string_view>> parameters;
  std::size_t parameters_offset = 0;
  bool parameters_unpaired = false;  ///< keys and values given, but not as many of each
  std::string_view machine;          ///< `lkp-cfl-d2: 12 threads ...` above the table, or empty
  /// A name per column: the commit list's ids (`c439d5e8a0`) when it names every column, else
  /// the column header's words (`PLACE_DEADLINE_I`), else empty.
  std::vector<std::string_view> labels;
  std::vector<std::size_t> label_offsets;
  std::vector<std::string_view> commits;  ///< the commit list's lines (`c439d5e8a0 ("...")`)
  /// Runs of each column, from its `fail:runs` rows (`1:4` is 1 failed of 4); empty when the
  /// table has none or they disagree.
  std::vector<std::size_t> runs;
  bool runs_disagree = false;
  std::vector<lkp_row> rows;
  /// Lines inside the table that are no row: (offset, text).
  std::vector<std::pair<std::size_t, std::string_view>> unread;
};

struct lkp_report {
  std::vector<lkp_section> sections;
  std::string_view title;  ///< `kernel test robot noticed a -8.2% improvement of ...`
  std::size_t title_offset = 0;
  std::string_view machine;  ///< the report's `test machine: ...`
  std::size_t machine_offset = 0;
};

/// Whether `text` holds an LKP comparison table: a line of `%stddev` and `%change`, or the rule
/// of dashes under its column names with a row below it. Cheap; never throws.
bool has_comparison_table(std::string_view text);

/// Every table of `text`, in order.
lkp_report parse_report(std::string_view text);

/// The `±` forms a report's text may hold: UTF-8 `±`, and what a mis-decoded ISO-8859-1 `±`
/// became (`ą` read as ISO-8859-2, `Â±` encoded twice, the lone byte 0xB1). The length of the
/// form `token` starts with, or 0.
std::size_t plus_minus_length(std::string_view token);

}  // namespace iosr::detail
