// SPDX-License-Identifier: MIT
// THE drawing of a comparison's charts, for the HTML page (charts inline, coloured by the page's
// style sheet) and for the chart images (chart_images.cpp: standalone SVG documents): the bars
// of a test with their standard-error whiskers and runs, the geometric mean ratios on a
// logarithmic axis with their intervals, and the texts beside them.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "iosr/compare.hpp"

namespace iosr::detail {

/// A test's bars: where they start, how long the largest is, and the value it stands for.
struct bar_scale {
  int left = 0;        ///< x of every bar's start (the value 0)
  double length = 0;   ///< pixels for `largest`
  double largest = 0;  ///< the largest value, standard error or run drawn; 0: nothing drawn
  double x(double v) const;
};

/// The largest value, value plus standard error, or run of the test's entries that are drawn
/// (numbers; pass/fail has no bar).
double largest_drawn(const compared_test& test);

/// Draws an entry's bar (class `bar`, plus `baseline` for a baseline) in the row from `y` to `y +
/// row_height`, its standard error as a whisker and its runs as dots, and returns the x where
/// its value's text may start: the right end of whatever it drew (the bar, the whisker or the
/// last run's dot), `scale.left` when nothing is drawn.
double draw_bar(const compared_entry& e, bool baseline, const bar_scale& scale, int y,
                int row_height, std::string& out);

/// The value as written, with its outlying runs and why a figure is missing:
/// `1134 · 2 outlying runs`, `failed: timed out`.
std::string value_label(const compared_entry& e);

/// The delta with its interval and noise mark: `-71.2% [-75.0%, -67.1%] ~`.
std::string delta_label(const compared_entry& e);

/// `better`, `worse` or `same`, the class of a verdict (comparison_cells.hpp: verdict()).
std::string_view verdict_class(int v);

/// The summary's order within one compare group: best geometric mean ratio first, those
/// without one last in their order.
std::vector<std::size_t> ranked_by_geomean(const comparison& c,
                                           const std::vector<std::size_t>& members);

/// A logarithmic ratio axis centred on 1 (the baseline) at `centre`, `half` pixels each side
/// for the largest |log ratio| of the configurations' means and intervals (at least 5 %).
struct ratio_scale {
  double centre = 0;
  double half = 0;
  double span = 0;  ///< the |log ratio| at `half` pixels from the centre
  double x(double ratio) const;
};
ratio_scale ratio_scale_for(const comparison& c, const std::vector<std::size_t>& shown,
                            double centre, double half);

/// Draws a configuration's geometric mean ratio as a bar from the centre (class `bar` and
/// `baseline`, `better` or `worse`) with its interval as a whisker, when it has a ratio.
void draw_ratio_bar(const comparison& c, std::size_t configuration, const ratio_scale& scale, int y,
                    int row_height, std::string& out);

/// What the summary says beside a ratio: `baseline` or `0.912 [0.871, 0.950]`, then
/// ` · 3 first, 1 last`; `no ratio` when there is none.
std::string geomean_label(const comparison& c, std::size_t configuration);

/// The HTML page's chart of one test (inside a <figure> with its caption).
void html_test_chart(const comparison& c, const compared_test& test, std::size_t index,
                     const std::string& caption, const std::string& about, std::string& out);

/// The HTML page's chart of one compare group's geometric mean ratios.
void html_summary_chart(const comparison& c, std::size_t group,
                        const std::vector<std::size_t>& members, std::string& out);

}  // namespace iosr::detail
