// SPDX-License-Identifier: MIT
// The trend format registry (`iosr trend --format`), the renderers it names, and the texts
// they all show the same way.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "iosr/trend.hpp"
#include "render/comparison/comparison_cells.hpp"
#include "render/format_registry.hpp"
#include "render/test_texts.hpp"

namespace iosr::detail {

/// Where a trend renderer writes: it appends to `text`, and calls pass() between tests. Drawn
/// for a writer (render_trend() with `write`), pass() hands the text on once it holds a piece's
/// worth, so that a trend of a million entries (a CSV of 144 MB) is never whole in memory;
/// drawn into a string, pass() does nothing.
class trend_output {
 public:
  explicit trend_output(std::string& into,
                        const std::function<void(std::string_view)>* write = nullptr)
      : text(into), write_(write) {}
  std::string& text;
  void pass() {
    if (write_ && text.size() >= piece) {
      (*write_)(text);
      text.clear();
    }
  }

 private:
  static constexpr std::size_t piece = std::size_t{1} << 20;
  const std::function<void(std::string_view)>* write_;
};

/// A trend format: its name, its help line, its renderer.
struct trend_format {
  std::string_view name;
  std::string_view help;
  void (*render)(const trend& t, const trend_render_options& options, trend_output& out);
};

std::span<const trend_format> trend_formats();

// The renderers, one file each (NAME_trend.cpp).
void render_ascii_trend(const trend& t, const trend_render_options& options, trend_output& out);
void render_markdown_trend(const trend& t, const trend_render_options& options, trend_output& out);
void render_html_trend(const trend& t, const trend_render_options& options, trend_output& out);
void render_csv_trend(const trend& t, const trend_render_options& options, trend_output& out);
void render_json_trend(const trend& t, const trend_render_options& options, trend_output& out);

// What every trend renderer shows the same way (trend_formats.cpp). A ratio's text is
// ratio_text() and a test's heading and unit heading_text() and unit_about(), as in a comparison.

/// ` (52 tests)`, ` (1 test)`: after a geometric mean's configuration.
std::string tests_text(std::size_t tests);

/// `p = 0.004`, or `p < 0.001`.
std::string p_value_text(double p);

/// The baseline a value is measured against: a configuration's name, or the baseline point.
std::string baseline_name(const trend& t, const trend_value& v);

/// The heading of the tables' first column: `configuration`, or with --by label (a row per
/// machine and label group, `all labels` when the labels have none) `label group`.
inline std::string_view row_heading(const trend& t) {
  return t.by == trend_by::label ? "label group" : "configuration";
}

/// A configuration's name within its label group: `bfq` for `WD5000AZRX: bfq` (the whole name
/// when it has no group).
std::string_view name_in_group(const trend_configuration& c);

/// The series' baselines in point order, each named once (`none`, or `noop / none` when the
/// baseline changed along the series). `in_group`: by their names within the series' group,
/// which is theirs too (a baseline is chosen within a machine and group): for narrow columns.
std::string baselines_of(const trend& t, const trend_series& s, bool in_group = false);

/// `bfq vs none: 0.93 → 0.78 from 5.6 (p = 0.001)`; an excursion `bfq vs none: 0.93 → 0.78
/// at 6.5 only, back to 0.93 from 6.6 (p < 0.001)`.
std::string change_text(const trend& t, const trend_series& s, const trend_change& c);

/// `step`, or `excursion` for a change at one point alone: the word before change_text().
std::string_view change_word(const trend_change& c);

/// What a ratio is measured against, to start a sentence: `each configuration's performance
/// ratio against its baseline at the same point (> 1 = better)`; with --by label, against the
/// baseline label, within a machine and label group.
std::string ratio_meaning(const trend& t);

/// What a change point is, the method and its settings: `change points: circular ...`, to
/// follow a colon or start a line.
std::string method_text(const trend& t);

/// The geometric-mean series' heading, in every format, short enough for 60 columns; what it is
/// made of (trend_series::tests) is in docs/db.md and the guide.
inline constexpr std::string_view geomean_title = "Geometric mean, chained from point to point";

/// The marks a trend's tables show, so that each format explains those and only those.
struct trend_marks {
  bool steps = false;  ///< some value is the first point after a step (`*`, bold, ringed)
  bool runs = false;   ///< some test's value combines several runs (`(N)`)
};
trend_marks marks_shown(const trend& t);

/// The number machine `m` is shown with: trend_machine::number (kept when --machine leaves it
/// alone), else its place (a trend made by hand).
inline std::size_t machine_number(const trend& t, std::size_t m) {
  return t.machines[m].number ? t.machines[m].number : m + 1;
}

/// `text` with its first letter in upper case, to start a sentence.
std::string sentence(std::string text);

/// The series of `machine` among `series` (a test's or the geometric means).
std::vector<const trend_series*> series_on(const trend& t, const std::vector<trend_series>& series,
                                           std::size_t machine);

/// The points (by index, in order) at which `machine` has a value in any series: a machine's
/// columns.
std::vector<std::size_t> points_of(const trend& t, std::size_t machine);

/// Each point's value in `s`, by point index (nullptr where it has none).
std::vector<const trend_value*> values_by_point(const trend& t, const trend_series& s);

}  // namespace iosr::detail
