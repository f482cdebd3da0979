// SPDX-License-Identifier: MIT
// Results over time: each configuration's performance ratio against its baseline along a series
// of points (kernel versions, run dates or labels), per test and as a geometric mean, with the
// change points found along each series.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "iosr/match.hpp"
#include "iosr/model.hpp"
#include "iosr/names.hpp"
#include "iosr/test_filter.hpp"

namespace iosr {

/// A Linux kernel version parsed from what `uname -r` or a label says.
struct kernel_version {
  std::string text;      ///< normalized: `5.6-rc7`, `4.15`, `5.4-rc3-80-gafb2442fa429`, `6.2.9`
  std::string sort_key;  ///< compares as the versions do (byte-wise): `5.4-rc7` < `5.4` < `5.4.1`
  bool operator==(const kernel_version&) const = default;
};

/// Parses a kernel as written (`5.6.0-050600rc7-generic (x86_64) 20200322` -> `5.6-rc7`,
/// `4.15.0-20-generic` -> `4.15`, `v5.17` -> `5.17`). Distribution suffixes (`-generic`,
/// `-20`, `-amd64`) are dropped; an Ubuntu mainline build's `-050600rc7` gives its release
/// candidate, and a `git describe` suffix (`-80-gafb2442fa429`) is kept. Empty when `written`
/// does not start with MAJOR.MINOR.
std::optional<kernel_version> parse_kernel_version(std::string_view written);

/// What a series follows (`--by`).
enum class trend_by {
  kernel,  ///< the systems' kernel versions, ordered as versions
  date,    ///< the run dates (the day), in date order
  label,   ///< the system labels (kernel-comparison posts), the baseline a label among them
};

template <>
struct enum_names<trend_by> {
  static constexpr std::string_view names[] = {"kernel", "date", "label"};
};

/// A system of a result file as the trend sees it: who ran (label, group, name, scheduler), on
/// which kernel and hardware, and when.
struct trend_system {
  std::string label, group, name, scheduler;  ///< as in iosr::system
  std::string kernel;                         ///< the Kernel software field as written
  std::vector<field> hardware;                ///< the machine is told from these
  /// When it ran, `YYYY-MM-DD HH:MM:SS` (`--by date` takes the day): its timestamp, else its
  /// file's date; none when neither is known.
  std::optional<std::string> date;
};

/// One test: the chart header fields that identify it across files.
using trend_test_info = test_header;

/// One measured value: an entry of a chart, with a number, and what its own runs say of its
/// noise (PTS runs each test several times: the entry's value is their mean). 32 bytes: a
/// store's trend reads a run per entry, a million of them for a team's history, so the indices
/// and the count are 32-bit (an input of 2^32 systems or tests would need hundreds of gigabytes
/// for their texts alone).
struct trend_run {
  std::uint32_t system = 0;  ///< index in trend_input::systems
  std::uint32_t test = 0;    ///< index in trend_input::tests
  double value = 0;
  /// The standard error of `value`, from its runs (entry::standard_error); 0 when unknown.
  double standard_error = 0;
  /// N, the runs behind `value` (entry::sample_count); 0 when unknown. With at least 2 runs and
  /// a standard error, the trend's steps weigh each point by the noise of its runs.
  std::uint32_t sample_count = 0;

  constexpr trend_run() = default;
  /// Throws std::length_error for an index of 2^32 or more.
  constexpr trend_run(std::size_t system_index, std::size_t test_index, double v,
                      double error = 0, std::size_t samples = 0)
      : system(index32(system_index)),
        test(index32(test_index)),
        value(v),
        standard_error(error),
        sample_count(samples > 0xFFFFFFFFu ? 0xFFFFFFFFu : static_cast<std::uint32_t>(samples)) {}

 private:
  static constexpr std::uint32_t index32(std::size_t i) {
    if (i > 0xFFFFFFFFu) throw std::length_error("trend_run: an index of 2^32 or more");
    return static_cast<std::uint32_t>(i);
  }
};
// Two doubles, three 32-bit numbers and the padding to a double's alignment; a new member here
// costs a million of them in a store's trend (cli.trend_memory).
static_assert(sizeof(trend_run) <= 32);

/// Everything a trend is computed from: what `iosr db` holds, or a set of result files.
/// trend_input_builder makes one; a program may also fill it by hand.
struct trend_input {
  std::vector<trend_system> systems;
  std::vector<trend_test_info> tests;
  std::vector<trend_run> runs;
};

/// Builds a trend_input the one way every source of results does (files in memory,
/// `iosr db`): charts matched into tests as test_match::trend(false) says (iosr/match.hpp), and
/// every system dated by one rule, its timestamp in its file, else that file's date.
class trend_input_builder {
 public:
  trend_input_builder();

  /// The test of a chart with these header fields: the charts of one test get one index.
  std::size_t add_test(const test_fields& chart);
  /// A system, not dated yet: its label, group, name, scheduler, hardware and Kernel
  /// software field. finish() keeps systems in the order added.
  std::size_t add_system(const system& s);
  /// The system `system` (from add_system) as it ran in one file: dated by its `timestamp`
  /// there, else by `file_date`, the file's date. Runs name what this returns.
  std::size_t date_system(std::size_t system, std::string_view timestamp,
                          std::string_view file_date);
  /// A value of `test` measured on `dated_system` (from date_system), with the standard error
  /// and the number of the runs it is the mean of, when known (trend_run).
  void add_run(std::size_t dated_system, std::size_t test, double value, double standard_error = 0,
               std::size_t sample_count = 0) {
    input_.runs.emplace_back(dated_system, test, value, standard_error, sample_count);
  }
  /// Room for `runs` runs in all, when their number (or a bound on it) is known before they are
  /// added: the runs of a million entries are then never copied to a larger vector.
  void reserve_runs(std::size_t runs) { input_.runs.reserve(runs); }

  /// The input: each system once per time it was dated, next to each other in the order the
  /// systems were added (a system never dated: once, without a date); runs in the order added.
  trend_input finish() &&;

 private:
  test_index tests_;
  trend_input input_;  // its systems not dated yet, its runs naming dated_ below
  struct dated {
    std::size_t system;
    std::optional<std::string> date;
  };
  std::vector<dated> dated_;
};

/// The trend input of result files read in memory (no database): systems, tests and the
/// number and series entries. A system's date is its timestamp, else its file's run_date(), as
/// the store dates it.
trend_input make_trend_input(std::span<const result_file> files);

struct trend_options {
  trend_by by = trend_by::kernel;
  /// A scheduler key, name or label; empty: `none`, else `noop` (as compare). With
  /// trend_by::label, the label of the point every other point is measured against (empty:
  /// the first point).
  std::string baseline;
  /// Configurations share a baseline within their label group (false: across groups, so a
  /// configuration is its scheduler alone; `--group-by none`).
  bool by_group = true;
  bool across_machines = false;  ///< one series over every machine (`--across-machines`)
  bool ignore_version = false;   ///< tests match across versions of the benchmark
  test_filter filter;            ///< keep the tests it matches
  /// Keep the series of these configurations only (`--only`): each a scheduler key in any
  /// spelling, a name or a label, as names_configuration() matches them; empty: all. A name
  /// that names no configuration makes compute_trend() throw a usage error.
  std::vector<std::string> only;
  /// Keep these machines only (`--machine`): a machine's number (trend_machine::number: its
  /// place among every machine of the input, whatever else is chosen), when it is a number from
  /// 1 to the number of machines; another number one in its name (`980`, not the `8` of 980); else a part of its
  /// name in any case (`ryzen 9`, `64GB`); empty: all. One that names none, or is empty: a
  /// usage error.
  std::vector<std::string> machines;
  double alpha = 0.01;           ///< change points: the largest Bonferroni-corrected p-value
  double min_step = 0.05;        ///< change points: the smallest step, |after / before - 1|
  /// The geometric means alone: each test's series is still measured (the means are made of
  /// them) but neither searched for steps nor kept, so trend::tests have no series. A page of
  /// each machine's mean only (iosr serve's trend overview) costs a fraction of the whole.
  bool geomeans_only = false;
  /// Asked between the steps and between the tests of each step: once a stop is requested,
  /// compute_trend() throws iosr::error (limit) and computes nothing more, so that a caller
  /// with a time limit (iosr serve) gets its thread back within a test's work.
  std::stop_token stop;
};

/// A point of the series: a kernel, a day or a label.
struct trend_point {
  std::string name;      ///< `5.6-rc7`, `2020-03-22`, `v5.17`
  std::string sort_key;  ///< what orders the points
};

/// A machine: the hardware fields that say which computer and disk ran it.
struct trend_machine {
  /// Shown: the processor and the disk, or `unknown hardware`; when other machines have the
  /// same, the fields that tell them apart follow in brackets (`(Memory: 64GB)`), so that no
  /// two machines read the same.
  std::string name;
  std::vector<field> hardware;  ///< Processor, Motherboard, Chipset, Memory, Disk as written
  /// Its number (`Machine 3`), 1 for the first: its place among every machine of the input,
  /// kept whatever --only, --filter and --machine leave shown, so that a number read from one
  /// output names that machine in any other (and a store can choose a machine by its number
  /// from its systems alone, without reading entries). 0 until compute_trend() numbers it;
  /// machine_of() leaves it 0.
  std::size_t number = 0;
};

/// The machine a system with these hardware fields ran on, as the trend tells machines apart
/// (what a store uses to choose a trend's machines in its query: store::load_trend_input).
trend_machine machine_of(const std::vector<field>& hardware);

/// A configuration followed along the series.
struct trend_configuration {
  std::string name;         ///< shown: `WD5000AZRX: bfq`, `bfq`, or the label
  std::string group;        ///< the label group (empty with --group-by none)
  std::string scheduler;    ///< the scheduler key, or empty when the label names none
  std::size_t machine = 0;  ///< index in trend::machines
};

/// One configuration at one point.
/// 40 bytes: a trend over a million entries has close to a million of them, so counts and
/// indices are 32-bit (a trend follows at most 2^20 points and configurations).
struct trend_value {
  std::uint32_t point = 0;      ///< index in trend::points
  std::optional<double> ratio;  ///< geometric mean of its runs over the baseline's (> 1 better)
  std::uint32_t runs = 0;       ///< its runs combined here
  /// The baseline at this point: an index in trend::configurations (with trend_by::label, the
  /// configuration itself, measured against trend::baseline_point).
  std::uint32_t baseline = 0;
  std::uint32_t baseline_runs = 0;  ///< the baseline's runs combined here
  bool change_point = false;        ///< the first point after a change
};

/// A step along a series: from `before` (the segment's geometric mean ratio) to `after`; or an
/// excursion: at `point` alone the ratio went from `before` to `after`, and from `back` on it is
/// at `back_to` again (a kernel that regressed and the next that undid it: one change, not two
/// steps).
struct trend_change {
  std::size_t point = 0;  ///< index in trend::points: the first point after the step
  double before = 1, after = 1;
  double p_value = 1;  ///< Bonferroni-corrected, over the candidates of the segment it split
  std::optional<std::size_t> back;  ///< an excursion: the point where the series is back
  double back_to = 1;               ///< an excursion: the ratio of the segment from `back` on
};

/// A configuration's ratios along the series, in point order.
struct trend_series {
  std::size_t configuration = 0;  ///< index in trend::configurations
  std::vector<trend_value> values;
  std::vector<trend_change> changes;
  /// Geometric-mean series: the tests it is made of. It is chained: the first point's value is
  /// the geometric mean over its tests, and each later point's is the one before times the
  /// geometric mean of the changes of the tests present at both (trend_value::runs: how many);
  /// with the same tests everywhere, the plain geometric mean at each point.
  std::size_t tests = 0;
};

/// One test with its series (baselines have none: they are 1 by definition).
struct trend_test {
  trend_test_info info;
  std::vector<trend_series> series;
};

/// The whole trend, computed once and drawn by every renderer.
struct trend {
  trend_by by = trend_by::kernel;
  double alpha = 0.01, min_step = 0.05;
  std::vector<trend_point> points;  ///< in series order
  std::vector<trend_machine> machines;
  std::vector<trend_configuration> configurations;  ///< by machine, then first seen
  std::vector<trend_test> tests;                    ///< by title, then description
  std::vector<trend_series> geomean;          ///< per configuration, chained (trend_series::tests)
  std::vector<note> notes;                    ///< what was left out and why
  std::optional<std::size_t> baseline_point;  ///< trend_by::label: the point all are against
};

/// Computes the trend.
trend compute_trend(const trend_input& input, const trend_options& options = {});
/// The same, the input's runs let go as soon as they are placed (sorted in the trend's own
/// form): a store's million runs are then not in memory beside the trend being measured.
trend compute_trend(trend_input&& input, const trend_options& options = {});

/// A trend output format (`iosr trend --format NAME`).
struct trend_format_info {
  std::string_view name;  ///< `md`
  std::string_view help;  ///< one line for help texts
};

/// Every registered trend format; the first is the default.
std::vector<trend_format_info> list_trend_formats();

struct trend_render_options {
  bool color = false;  ///< ascii: ANSI colours (the CLI decides: TTY and no NO_COLOR)
  int width = 80;      ///< ascii: terminal width in columns (at least 40 is laid out)
};

/// Appends the trend in the named format to `out`. Throws iosr::error (error_kind::usage) for an
/// unknown format name.
void render_trend(const trend& t, std::string_view format, const trend_render_options& options,
                  std::string& out);
/// The same text, handed to `write` in pieces (about a mebibyte each, in order) as it is
/// drawn rather than in one string: a trend of a million entries (a CSV of 144 MB) is then
/// never whole in memory. Throws as the other does, before anything is written.
void render_trend(const trend& t, std::string_view format, const trend_render_options& options,
                  const std::function<void(std::string_view)>& write);

/// `kernel`, `date` or `label`.
constexpr std::string_view to_string(trend_by by) { return name_of(by); }

}  // namespace iosr
