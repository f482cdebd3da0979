// SPDX-License-Identifier: MIT
// Comparing result files: tests aligned across inputs, each configuration against its compare
// group's baseline (deltas, performance ratios, ranks, noise), and a summary per configuration.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "iosr/match.hpp"
#include "iosr/model.hpp"
#include "iosr/names.hpp"
#include "iosr/test_filter.hpp"

namespace iosr {

/// How configurations are put in compare groups, each measured against one baseline
/// (`--group-by`).
enum class group_by {
  input_and_group,  ///< each (input, label group) on its own: the default
  group,            ///< label group across inputs (`Linux 6.1` in a.xml and in b.txt)
  input,            ///< each input on its own
  none,             ///< everything in one compare group
};

template <>
struct enum_names<group_by> {
  static constexpr std::string_view names[] = {"input+group", "group", "input", "none"};
};

/// `input+group`, `group`, `input` or `none`, as `--group-by` takes them.
constexpr std::string_view to_string(group_by g) { return name_of(g); }

/// The order of the tests (`--sort`).
enum class test_order {
  file,   ///< as first seen in the inputs
  delta,  ///< largest |delta| first
  name,   ///< by title, then description
};

template <>
struct enum_names<test_order> {
  static constexpr std::string_view names[] = {"file", "delta", "name"};
};

/// `file`, `delta` or `name`, as `--sort` takes them.
constexpr std::string_view to_string(test_order o) { return name_of(o); }

struct compare_options {
  std::string baseline;  ///< a label, name or scheduler key; empty: `none`, else `noop`
  iosr::group_by group_by = group_by::input_and_group;
  /// Keep these configurations (as --baseline names one: names_configuration()); empty: all.
  std::vector<std::string> only;
  /// Label OLD (as written or as shown) becomes NEW.
  std::vector<std::pair<std::string, std::string>> renames;
  test_filter filter;  ///< keep the tests it matches; empty: all
  test_order sort = test_order::file;
  bool ignore_version = false;  ///< match tests across inputs without their version
  double confidence = 0.95;  ///< level of the geomeans' intervals (`--ci 95`), in (0, 1)
  double alpha = 0.05;  ///< false discovery rate below which a delta is significant (`--alpha`)
  /// The probability at which compared_entry::detectable_pct is the smallest delta detected
  /// (`--power 80`), in (alpha, 1); 0: none is computed.
  double power = 0.8;
};

/// One input file as the comparison names it.
struct compared_input {
  std::string source_name;  ///< the path as given
  std::string short_name;   ///< the file name; prefixes labels when there are several inputs
  std::string title;
};

/// A compare group: configurations measured against one baseline (docs/model.md, "Words").
struct compare_group {
  std::string name;                     ///< `WD5000AZRX`, `a.xml: Linux 6.1`, or `all`
  std::optional<std::size_t> baseline;  ///< index in comparison::configurations
};

/// One configuration (a system of one input), with its summary over all tests.
struct configuration {
  std::string label;         ///< as shown: `a.xml: None` when there are several inputs
  std::string source_label;  ///< as written in the input, after --rename
  std::string system_group;  ///< the label's group (`WD5000AZRX`); may be empty
  std::string name;          ///< the label's name (`Mq-Deadline`)
  std::string scheduler;     ///< scheduler key (`mq-deadline`) or empty
  bool named_baseline = false;  ///< its input names it the baseline (system::baseline)
  std::size_t input = 0;     ///< index in comparison::inputs
  std::size_t compare_group = 0;  ///< index in comparison::compare_groups
  std::vector<field> hardware;
  std::vector<field> software;

  // The summary. `tests_compared` of the `tests_total` tests its input has had a ratio.
  /// Geometric mean of the performance ratios; empty when it has none, and when it lost a test
  /// (lost_tests): a mean without that test would flatter it.
  std::optional<double> geomean_ratio;
  std::size_t tests_compared = 0;
  std::size_t tests_total = 0;   ///< the tests of its input (after --filter): what it could have
  std::size_t first_places = 0;  ///< tests where it ranked first in its compare group (ties count)
  std::size_t last_places = 0;   ///< tests where it ranked last in its compare group
  std::optional<double> mean_rank;
  /// The t interval of geomean_ratio (at comparison_statistics::confidence): the variance of
  /// each test's log ratio from the means and standard errors on both sides (the delta method),
  /// with Welch-Satterthwaite degrees of freedom (docs/compare.md, "How sure"). Tests without
  /// them on both sides enter as fixed ratios; empty when no test has them, and for a baseline.
  std::optional<double> geomean_ci_low;
  std::optional<double> geomean_ci_high;
  std::size_t geomean_ci_tests = 0;  ///< of tests_compared, the tests with runs on both sides
  /// The one or two tests that carry most of geomean_ratio (indices in comparison::tests):
  /// their geomean_share adds up to more than half, each at least twice any other test's,
  /// among at least 6 tests compared, for a mean at least 1 % from 1 (docs/compare.md, "What
  /// carries a mean"). Empty when none do.
  std::vector<std::size_t> carried_by;
  std::optional<double> geomean_without;  ///< the geometric mean over the other tests
  /// The tests (indices in comparison::tests) it lost: its run failed, or a higher-is-better
  /// value is 0 or below, where it would have had a ratio (its group's baseline has a value
  /// there; for the baseline, where another configuration of its group has one). Such a test
  /// ranks it last, and it gets no geometric mean: a mean without the test would flatter it
  /// (docs/compare.md, "Failed runs").
  std::vector<std::size_t> lost_tests;
};

/// Whether a delta stands out from the noise of the two measurements.
enum class noise {
  unknown,          ///< `n/a`: mean, standard error or N missing on either side
  not_significant,  ///< `~`: the adjusted p-value (p_adjusted) is at least compare_options::alpha
  significant,      ///< p_adjusted below compare_options::alpha
  few_runs,         ///< `n<3`: a p-value, but fewer than 3 runs on a side; never significant
};

/// Why an entry shows no delta or no ratio, so that its row can say so (docs/compare.md).
enum class missing_figure {
  none,                ///< nothing missing, or nothing to explain (text, pass/fail, no baseline)
  failed,              ///< the run failed: compared_entry::error says why, when the input does
  baseline_absent,     ///< the group has a baseline, but it has no value in this test
  baseline_zero,       ///< the baseline's value is 0: no delta, no ratio
  baseline_negative,   ///< the baseline's value is below 0: no delta, no ratio (signs mislead)
  value_not_positive,  ///< its own value is 0 or below: a delta, but no ratio
  out_of_range,        ///< the delta or ratio is past what a double holds (1e308 against 1e-300)
};

template <>
struct enum_names<missing_figure> {
  static constexpr std::string_view names[] = {"",
                                               "failed",
                                               "baseline-absent",
                                               "baseline-zero",
                                               "baseline-negative",
                                               "value-not-positive",
                                               "out-of-range"};
};

/// ``, `failed`, `baseline-absent`, `baseline-zero`, `baseline-negative`, `value-not-positive`,
/// `out-of-range`.
constexpr std::string_view to_string(missing_figure m) { return name_of(m); }

/// One configuration's value in one test, against its compare group's baseline.
struct compared_entry {
  std::size_t configuration = 0;  ///< index in comparison::configurations
  entry_kind kind = entry_kind::number;
  std::string value_text;  ///< exactly as written in the input
  std::optional<double> value;
  std::optional<double> standard_error;     ///< from the input, when it gives one
  std::optional<std::size_t> sample_count;  ///< N, from the input, when it gives one
  std::string baseline_value_text;          ///< the baseline's value in this test, as written
  std::optional<double> delta_pct;          ///< (value - baseline) / baseline * 100
  std::optional<double> ratio;              ///< performance ratio: > 1 is better than the baseline
  std::size_t rank = 0;                     ///< 1 = best in its compare group; 0 = not ranked
  iosr::noise noise = noise::unknown;
  std::optional<double> p_value;  ///< Welch's t-test, when noise is known
  /// The runs as numbers (composite.xml RawString, PTS JSON), in input order; empty when the
  /// input lists none, as text exports do.
  std::vector<double> runs;
  std::optional<std::size_t> n;           ///< runs behind the statistics: runs, else N as given
  std::optional<std::size_t> baseline_n;  ///< the same for the baseline's entry
  /// p_value adjusted by Benjamini-Hochberg over every p-value of the comparison.
  std::optional<double> p_adjusted;
  /// The delta's confidence interval at comparison_statistics::delta_confidence, in percent like
  /// delta_pct (stats.hpp: delta_interval); it leaves out 0 exactly when p_adjusted < alpha.
  std::optional<double> delta_ci_low;
  std::optional<double> delta_ci_high;
  std::optional<std::size_t> outlier_runs;  ///< runs outside Tukey's fences; empty without runs
  /// Its share of its configuration's geometric mean: log(ratio) over the sum of the logs of
  /// all its ratios (the shares add up to 1; a negative one pulls the other way). Empty
  /// without a ratio, and when that sum is 0 (a baseline's own entries).
  std::optional<double> geomean_share;
  iosr::missing_figure missing = missing_figure::none;  ///< why a delta or ratio is missing
  std::string error;  ///< why a failed run failed, as the input says; may be empty
  /// Its value is not the mean of its runs, beyond the rounding of both as written: the runs
  /// are not the measurements behind the value, so its statistics do not use them (the
  /// comparison's notes say so once).
  bool runs_disagree = false;
  /// The smallest delta, in percent of the baseline, that Welch's test at the delta intervals'
  /// level (1 - comparison_statistics::delta_confidence) calls significant with probability
  /// comparison_statistics::power, given the spread of these runs: what they could tell from
  /// the noise. Empty without a p-value, with fewer than 3 runs a side (never significant), and
  /// when neither side has any spread.
  std::optional<double> detectable_pct;
};

/// One test (title, description, unit, version) as found in one or more inputs. With
/// --ignore-version, its version joins the versions found, ` / ` between them.
struct compared_test : test_header {
  std::vector<std::size_t> inputs;  ///< the inputs that have this test
  /// By compare group, best first within it; entries without a rank follow in input order.
  std::vector<compared_entry> entries;
};

/// How small a delta the runs of the comparison could tell from the noise, over the entries with
/// a detectable_pct (docs/compare.md, "How many runs").
struct detectable_summary {
  std::size_t deltas = 0;       ///< entries with a detectable_pct; 0: the rest is unset
  std::size_t fewest_runs = 0;  ///< the fewest runs on a side of those entries
  std::size_t most_runs = 0;    ///< the most runs on a side
  double median_pct = 0;        ///< the median of their detectable_pct
  double largest_pct = 0;       ///< the largest
  /// What the entries behind median_pct and largest_pct would tell with twice the runs on each
  /// side, of the same spread, at the same level.
  double doubled_median_pct = 0;
  double doubled_largest_pct = 0;
};

/// What the intervals and the noise mark were computed with, for the legends of every format.
struct comparison_statistics {
  double confidence = 0.95;   ///< compare_options::confidence: the geomeans' intervals
  double alpha = 0.05;        ///< compare_options::alpha
  std::size_t p_values = 0;   ///< entries with a p-value: the family the adjustment covers
  std::size_t selected = 0;   ///< of p_values, those whose adjusted p-value is below alpha
  /// The level of every delta interval: 1 - max(selected, 1) * alpha / p_values, false-coverage
  /// adjusted (Benjamini and Yekutieli 2005), so that a delta's interval leaves out 0 exactly
  /// when it is called significant. 0 when there are no p-values.
  double delta_confidence = 0;
  /// compare_options::power: at which compared_entry::detectable_pct is the smallest delta
  /// detected; 0 when none was computed.
  double power = 0.8;
  detectable_summary detectable;
};

/// The whole comparison, computed once and drawn by every renderer.
struct comparison {
  std::vector<compared_input> inputs;
  std::vector<compare_group> compare_groups;
  std::vector<configuration> configurations;  ///< by compare group, the baseline first
  /// The summary's order (indices in configurations): by compare group, and within one best
  /// first by geometric mean ratio (the baseline at its 1), then by mean rank; those without a
  /// ratio last. With test_order::name, by label instead.
  std::vector<std::size_t> summary_order;
  std::vector<compared_test> tests;
  std::vector<std::size_t> unmatched;  ///< tests missing from some input (indices in tests)
  std::vector<note> notes;             ///< which baseline was chosen and why, or why none
  comparison_statistics statistics;
};

/// Compares the given files.
///
///   seed 000, MariaDB 64 clients (higher is better): None 1134, MQ-Deadline 327
///   -> MQ-Deadline: delta -71.2 %, ratio 0.288, rank 5 of 5
///
/// Throws iosr::error (usage) when a name in `only`, `renames` or `baseline` names nothing in
/// the files, or when `filter` keeps none of their tests (name_check, iosr/match.hpp).
comparison compare(std::span<const result_file> files, const compare_options& options = {});

/// A configuration that did worse than its baseline by more than the limit (`--fail-if-worse`).
struct regression {
  std::size_t test = 0;   ///< index in comparison::tests
  std::size_t entry = 0;  ///< index in that test's entries
  /// How much worse, on the performance ratio r: (1 / r - 1) * 100, the share by which the
  /// baseline outperforms it. The same for both directions: a time 2.4 times as long and a
  /// throughput 2.4 times as low are both 140 % worse (docs/compare.md, "The regression gate").
  /// Infinite for a run that failed, or a higher-is-better value of 0 or below, against a
  /// baseline with a value: over every limit, and never excluded as noise.
  double worse_pct = 0;
  /// Over the limit, but within the noise (`~`) or with fewer than 3 runs a side (`n<3`), and
  /// the gate was told to skip those (find_regressions()'s skip_noise): it does not trip.
  bool excluded = false;
};

/// `worse_pct` of a ratio below 1: (1 / ratio - 1) * 100; 0 for a ratio of at least 1.
double worse_pct(double ratio);

/// Every entry worse than its baseline by more than `max_worse_pct` percent (regression::
/// worse_pct), in test and entry order. With `skip_noise`, those marked `~` or `n<3` are
/// returned as excluded, so that a caller can say what it did not count.
std::vector<regression> find_regressions(const comparison& c, double max_worse_pct,
                                         bool skip_noise = false);

/// The line that names a regression for a person, figures as every human format prints them:
/// `SQLite: Threads / Copies: 8: BFQ low-latency is 238.6% worse than None (performance ratio
/// 0.295)`.
std::string regression_text(const comparison& c, const regression& r);

/// A comparison output format (`--format NAME`).
struct comparison_format_info {
  std::string_view name;     ///< `md`
  std::string_view help;     ///< one line for help texts
};

/// Every registered comparison format; the first is the default.
std::vector<comparison_format_info> list_comparison_formats();

struct comparison_render_options {
  bool table_view = false;  ///< `iosr table`: a table per compare group and the summary
  bool color = false;       ///< ascii: ANSI colours (the CLI decides: TTY and no NO_COLOR)
  int width = 80;           ///< ascii: terminal width in columns (at least 40 is laid out)
  /// The configurations the tables show as columns (Markdown, and the table views of ascii
  /// and html), in this order, each named as --only names one (names_configuration()). Empty:
  /// every configuration of the group. The comparison itself, ranks and summary, covers all.
  std::vector<std::string> columns;
  /// Markdown: per test (an index in comparison::tests), the path of an image of it (`iosr
  /// report`'s images/NAME.svg), shown after the first table of its family; empty: no images.
  std::vector<std::string> test_images;
};

/// Appends the comparison in the named format to `out`. Throws iosr::error (error_kind::usage) for
/// an unknown format name.
void render_comparison(const comparison& c, std::string_view format,
                       const comparison_render_options& options, std::string& out);

/// One compare group's part of the executive summary.
struct executive_summary_section {
  std::string compare_group;  ///< the group's name; empty when the comparison has one group
  /// Plain text, one paragraph per string, neither wrapped nor escaped: which configurations
  /// came first and last most often, the geometric means with their intervals, the largest
  /// gains and losses; then one per configuration whose mean one or two tests carry.
  std::vector<std::string> paragraphs;
};

/// The executive summary (`--format executive-summary`), a section per compare group. Every
/// figure in it is printed alike by the tables (docs/compare.md, "The executive summary").
std::vector<executive_summary_section> executive_summary(const comparison& c);

/// The executive summary as Markdown: a `###` heading per named compare group, then its
/// paragraphs, escaped where CommonMark would misread them. The step summary and `iosr report`
/// (its summary.md and index.md) print it.
std::string executive_summary_markdown(const comparison& c);

template <>
struct enum_names<noise> {
  static constexpr std::string_view names[] = {"n/a", "~", "significant", "n<3"};
};

/// `n/a`, `~`, `significant` or `n<3`, as used in the CSV and JSON outputs.
constexpr std::string_view to_string(noise n) { return name_of(n); }

}  // namespace iosr
