// SPDX-License-Identifier: MIT
// Each command's work as one library call: a typed request in, a typed outcome out. The CLI
// parses its arguments into a request and prints the outcome; a server or a lab's own program
// calls the same functions and gets the same answers (docs/model.md, "Operations").
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "iosr/chart.hpp"
#include "iosr/compare.hpp"
#include "iosr/model.hpp"
#include "iosr/trend.hpp"

namespace iosr {

/// `iosr compare` and `iosr table`, after the inputs are read.
struct compare_request {
  compare_options options;
  std::string format = "ascii";  ///< a comparison format (list_comparison_formats())
  /// How to draw it. render.columns must each name a configuration (a label as shown or as
  /// written, or a name): a name that matches none is a usage error, not an empty column.
  comparison_render_options render;
  /// The regression gate (`--fail-if-worse PCT`): entries worse than their baseline by more
  /// than this many percent (regression::worse_pct) are outcome::regressions. Nothing: no gate.
  std::optional<double> fail_if_worse;
  /// `--gate-skip-noise`: entries marked `~` or `n<3` do not trip the gate; they are
  /// outcome::excluded instead, for the caller to name.
  bool gate_skip_noise = false;
  /// `--allow-missing`: what the gate finds missing (gate_missing) does not trip it; it is
  /// still named, as accepted.
  bool allow_missing = false;
};

/// What the gate expected and did not find (docs/compare.md, "The regression gate"): in a test
/// where its compare group's baseline has a value, a configuration of the group without one
/// (its run failed, or it has no entry in the test at all); or, in a group over several
/// inputs, a configuration of the baseline's input that another input of the group lacks.
struct gate_missing {
  std::size_t configuration = 0;  ///< the one without a value; for a whole configuration, the
                                  ///< baseline input's configuration that `input` lacks
  std::optional<std::size_t> test;   ///< index in comparison::tests; none for a configuration
  std::optional<std::size_t> entry;  ///< index in that test's entries: a failed run
  std::optional<std::size_t> input;  ///< a whole configuration: the input without it
};

/// How the gate ended.
enum class gate_verdict {
  passed,           ///< entries were checked, and nothing tripped it
  tripped,          ///< a regression, or something missing that was not allowed
  nothing_checked,  ///< no entry had a baseline to be measured against: no verdict at all
};

/// What the gate looked at, for the line that says what it checked (gate_summary_text()), the
/// step summary and the JUnit report.
struct gate_counts {
  /// Entries measured against their baseline: a performance ratio, or a throughput of 0 or
  /// below where the baseline has a value. outcome::regressions and excluded are among them.
  std::size_t checked = 0;
  /// Entries the gate could not measure: no ratio (the baseline has no value in the test, or one
  /// of 0 or below; a pass/fail or text result; a chart without a direction), or in a compare
  /// group without a baseline (also counted in without_baseline).
  std::size_t not_checked = 0;
  std::size_t without_baseline = 0;  ///< of not_checked, those in groups without a baseline
  std::size_t groups_without_baseline = 0;
  /// The baselines the checked entries were measured against (comparison::configurations).
  std::vector<std::size_t> baselines;
};

struct compare_outcome {
  comparison result;
  std::string text;                     ///< the comparison in request.format
  std::vector<regression> regressions;  ///< the gate's finds, in test and entry order
  /// Over the gate's limit but not counted (request.gate_skip_noise): within the noise or n<3.
  std::vector<regression> excluded;
  /// Missing where the baseline has a value: trips the gate unless request.allow_missing. A
  /// failed run is here, not among the regressions.
  std::vector<gate_missing> missing;
  gate_counts counts;
  gate_verdict verdict = gate_verdict::passed;  ///< with request.fail_if_worse
};

/// Throws iosr::error (usage) for what is wrong with `request` before any input is read: an
/// unknown format, a gate below 0. run_compare() checks it too.
void check_request(const compare_request& request);

/// Compares `files`, draws the comparison and applies the gate. Throws iosr::error (usage) as
/// check_request() does, and for a column that names no configuration. A gate that checked
/// nothing (no group with a baseline, or no entry measured against one) is no pass: its
/// verdict is gate_verdict::nothing_checked, which the CLI reports as an error.
compare_outcome run_compare(std::span<const result_file> files, const compare_request& request);

/// `iosr trend`, after its input is loaded (from the store, or make_trend_input()).
struct trend_request {
  trend_options options;
  /// Whether options.by was asked for. When it was not and no run has a kernel version, the
  /// series follows the run dates instead, and a note says so: files that give no kernel (CSV
  /// exports, some hand-made ones) are still followed over time.
  bool by_chosen = false;
  std::string format = "ascii";  ///< a trend format (list_trend_formats())
  trend_render_options render;
};

struct trend_outcome {
  trend result;
  std::string text;  ///< the trend in request.format
};

/// Computes the trend and draws it. Throws iosr::error (usage) for an unknown format.
trend_outcome run_trend(const trend_input& input, const trend_request& request);
/// The same for an input of a million runs, what `iosr trend` does: the input is run_trend's own
/// (`load` gives it), and its runs are let go as soon as they are placed
/// (compute_trend(trend_input&&)); `load` is called again only when the series follows the run
/// dates after all (trend_request::by_chosen). The text is handed to `write` in pieces as it is
/// drawn (render_trend()), not kept in trend_outcome::text. So neither the runs beside the trend
/// nor the whole text are ever in memory.
trend_outcome run_trend(const std::function<trend_input()>& load, const trend_request& request,
                        const std::function<void(std::string_view)>& write);

/// `iosr chart`, after the inputs are read.
struct chart_request {
  compare_options options;
  chart_options charts;  ///< theme, width, and --columns (which configurations, in which order)
  image_format format = image_format::svg;
  double scale = 1.0;  ///< PNG: device pixels per CSS pixel (render_chart())
  bool summary = true;  ///< draw the summary image (`--summary` alone: only it)
  bool tests = true;    ///< draw an image per test
};

struct chart_outcome {
  comparison result;
  std::vector<chart_image> images;  ///< the summary first, then the tests (draw_charts())
  std::vector<std::string> files;   ///< per image, its bytes in request.format
};

/// Compares `files` and draws every image in the requested format. Throws iosr::error (usage) as
/// compare() and draw_charts() do, (system) when librsvg cannot render an image.
chart_outcome run_chart(std::span<const result_file> files, const chart_request& request);

/// `iosr report`, after the inputs are read: what an article needs, as files of one folder.
struct report_request {
  compare_options options;
  chart_options charts;    ///< the images; its columns are also the tables' columns
  double png_scale = 2.0;  ///< the PNGs at twice the CSS pixels, sharp on high-density screens
};

/// One file of a report, by its path inside the report's folder (`images/summary.svg`).
struct report_file {
  std::string path;
  std::string bytes;
};

struct report_outcome {
  comparison result;
  /// `index.md` (the Markdown summary and tables, each test's image after its family's table),
  /// `index.html` (the self-contained page), `data.csv` (the tidy CSV of the inputs) and
  /// `images/NAME.svg` and `.png` for every chart image (docs/charts.md, "Reports").
  std::vector<report_file> files;
};

/// Compares `files` and makes every file of the report. Throws as run_chart() does.
report_outcome run_report(std::span<const result_file> files, const report_request& request);

}  // namespace iosr
