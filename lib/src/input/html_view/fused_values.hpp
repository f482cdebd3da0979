// SPDX-License-Identifier: MIT
// The numbers of an OpenBenchmarking.org chart as its page text gives them, run together: the
// axis ticks, the `SE +/- x, N = y` strings and the values, the last N touching the first value
// (docs/html-view.md, "Values"). Finds every way to split them and scores how plausible each is.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace iosr::detail {

/// The five axis ticks `90180270360450`: step, step * 2, ... step * 5, trailing zeros trimmed
/// (`0.71551.4312.1465...`), with an optional K or M suffix (`12K24K...60K`).
struct axis_ticks {
  std::size_t length = 0;  ///< bytes the ticks take
  double top = 0;          ///< the fifth tick, suffix applied
};
/// Every reading of `text`'s start as five ticks, shortest step first.
std::vector<axis_ticks> read_ticks(std::string_view text);

/// One `SE +/- x, N = y` string.
struct standard_error_text {
  std::string error;  ///< `5.03`
  std::string count;  ///< `9`
};

/// One way to split the digits after the last `N = ` into that N and the chart's values.
struct value_split {
  std::string last_count;           ///< the last SE string's N; empty without SE strings
  std::vector<std::string> values;  ///< one per identifier, as written
  double score = 0;                 ///< lower is more plausible
};

/// What a chart offers to split its fused values.
struct split_clues {
  std::size_t identifiers = 0;
  double top_tick = 0;
  std::vector<std::string> other_counts;  ///< the N of every SE string but the last
  bool has_errors = false;                ///< SE strings precede the values
};

/// Every split of `digits` that fits the clues (one precision for all values, no leading
/// zeros, no value far over the top tick), most plausible first; at most `limit` of them.
std::vector<value_split> split_values(std::string_view digits, const split_clues& clues,
                                      std::size_t limit = 64);

/// The ways a summary table may print a chart's value: as shown (`24.00`) or as stored, with
/// trailing decimal zeros dropped (`24`).
std::vector<std::string> stored_forms(const std::string& shown);

}  // namespace iosr::detail
