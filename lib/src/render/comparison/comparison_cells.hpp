// SPDX-License-Identifier: MIT
// The texts every comparison renderer shows the same way: deltas, ratios, headings, verdicts.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "iosr/compare.hpp"
#include "render/test_texts.hpp"

namespace iosr::detail {

/// What every format calls a group's baseline where a delta or ratio would stand, and after its
/// label in table headings: one word, as in `--baseline`, the docs and the CSV columns.
inline constexpr std::string_view baseline_word = "baseline";

/// ` (baseline)`, after the baseline's label in a table heading.
inline const std::string baseline_suffix = " (" + std::string(baseline_word) + ")";

/// `+45.6%`, `-71.2%`; empty when there is no delta.
std::string delta_text(std::optional<double> delta_pct);

/// `0.288`; empty when there is no ratio.
std::string ratio_text(std::optional<double> ratio);

/// Why the entry has no delta or no ratio, as its row says it: `failed: timed out`, `no delta:
/// the baseline is 0`, `no ratio: the value is not above 0`; empty when nothing is missing.
std::string missing_text(const compared_entry& e);

/// `1.5`, the mean rank with one decimal; empty when unknown.
std::string mean_rank_text(std::optional<double> mean_rank);

/// `SQLite 3.30.1: Threads / Copies: 8`: heading_text() of the test.
std::string test_heading(const compared_test& t);

/// THE rule of colour (docs/compare.md, "Colours and emphasis"), which every renderer that
/// draws better and worse follows (the terminal, the HTML page, the chart images, the report):
/// +1 better than the baseline, -1 worse, 0 neutral. Always from the ratio, never from the sign
/// of the delta; neutral when there is no ratio, when the delta prints as 0.0%, and when its
/// mark says it cannot be told from the noise (`~`) or rests on fewer than 3 runs a side
/// (`n<3`): a colour is a verdict, and those are none.
int verdict(const compared_entry& e);

/// The same rule for a configuration's geometric mean ratio in a summary: neutral for the
/// baseline, when the ratio prints as 1.000, and when its interval holds 1.
int verdict(const comparison& c, std::size_t configuration);

/// THE rule of emphasis (bold, `*`): the entry ranked first in its compare group in this test,
/// where another entry of the group was ranked too. A best needs something it beat: the one
/// value of a test (the baseline's, where the others failed) is no best. Ties share it.
bool shown_best(const comparison& c, const compared_test& test, const compared_entry& e);

/// The label without its group's name in front (`None` in group `WD5000AZRX`), for places
/// where the group is already named.
std::string_view label_in_compare_group(const comparison& c, std::size_t configuration);

/// The label a row shows: label_in_compare_group() when there are several groups (their
/// headings name them), else the whole label.
std::string_view shown_label(const comparison& c, std::size_t configuration);

/// What the table views look up: the configurations of each group, and each test's entry per
/// configuration. Built once, so that big comparisons stay linear.
class table_index {
 public:
  explicit table_index(const comparison& c);
  const std::vector<std::size_t>& members(std::size_t group) const { return members_[group]; }
  /// The first entry of the configuration in the test, or nullptr.
  const compared_entry* entry(std::size_t test, std::size_t configuration) const;

 private:
  std::vector<std::vector<std::size_t>> members_;
  std::vector<std::unordered_map<std::size_t, const compared_entry*>> entries_;
};

/// Whether the configuration is its group's baseline.
bool is_baseline(const comparison& c, std::size_t configuration);

/// The configurations of the group that a table shows as columns: all of them in their order,
/// or those `columns` names (comparison_render_options::columns), in the order named.
std::vector<std::size_t> shown_columns(const comparison& c, const table_index& index,
                                       std::size_t group, const std::vector<std::string>& columns);

}  // namespace iosr::detail
