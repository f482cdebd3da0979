// SPDX-License-Identifier: MIT
// The normalized result model every reader produces and every renderer draws: the contract.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "iosr/codes.hpp"
#include "iosr/names.hpp"

namespace iosr {

/// A place in an input: 1-based line and byte column; 0 means unknown.
struct source_position {
  std::size_t line = 0;
  std::size_t column = 0;
  bool operator==(const source_position&) const = default;
};

/// Something unusual that was read anyway (a bar that disagrees with its value, a label that
/// names no system, ...). Readers never drop data silently: they keep it and say so here.
struct warning {
  source_position where;
  message_code code = message_code::unspecified;  ///< the situation, for programs
  std::string message;                            ///< the text users read
  bool operator==(const warning&) const = default;
};

/// One `Key: value` pair of a system's hardware or software description, in file order.
struct field {
  std::string key;
  std::string value;
  bool operator==(const field&) const = default;
};

/// Which way a chart's numbers improve.
enum class direction { none, higher, lower };

/// One run / configuration: a bar colour in PTS charts.
struct system {
  std::string label;      ///< as written: `WD5000AZRX: Mq-Deadline`
  std::string group;      ///< before the final `: ` (`WD5000AZRX`); empty when there is none
  std::string name;       ///< after the final `: ` (`Mq-Deadline`), or the whole label
  std::string scheduler;  ///< scheduler key (`mq-deadline`) or empty; see scheduler_key()
  std::vector<field> hardware;  ///< Processor, Motherboard, Chipset, Memory, Disk, ...
  std::vector<field> software;  ///< OS, Kernel, ..., File-System, Screen Resolution, ...
  // composite.xml facts (empty when the source does not give them):
  std::string user;            ///< who ran it
  std::string timestamp;       ///< `YYYY-MM-DD HH:MM:SS`
  std::string client_version;  ///< PTS version that ran it: `10.8.4`
  std::string notes;           ///< free text (`Disk Scheduler: DEADLINE.`)
  std::string json;            ///< System/JSON object as written (`{"disk-scheduler":"NONE"}`)
  std::string cost;            ///< CostValueForComparison as written
  /// The source names this system the one the others are measured against (an LKP report's
  /// first commit, the parent): compare's default baseline of its group (docs/compare.md).
  bool baseline = false;
  source_position where;
  bool operator==(const system&) const = default;
};

/// How an entry's value is to be read.
enum class entry_kind {
  number,     ///< a plain numeric value; `value` holds it
  pass_fail,  ///< `PASS` or `FAIL`; `value` is 1 or 0
  series,     ///< a line graph: min / average / max (`value` = average)
  text,       ///< a value that is not a number (image comparison, ...); no `value`
  failed,     ///< the run failed: no value at all; `error` may say why
};

/// One bar of a chart.
struct entry {
  std::string label;             ///< the system label this entry belongs to, as written
  entry_kind kind = entry_kind::number;
  std::string value_text;        ///< the value exactly as written in the source
  std::optional<double> value;   ///< parsed from value_text; empty when not numeric
  std::optional<double> min;     ///< series: minimum, when the source gives it
  std::optional<double> max;     ///< series: maximum, when the source gives it
  std::vector<std::string> samples;       ///< individual runs as written, when known
  std::optional<double> standard_error;   ///< when the source gives or implies it
  std::optional<std::size_t> sample_count;  ///< N, when known
  /// The runs' standard deviation in percent of their mean, when the source gives that instead
  /// of the runs (an LKP report's `± 7%`: 7); empty otherwise (docs/model.md, "entry").
  std::optional<double> relative_deviation;
  std::string error;             ///< why a failed entry failed, when known
  std::string json;              ///< Entry/JSON object as written (run times, compiler options)
  source_position where;
  bool operator==(const entry&) const = default;
};

/// How PTS draws a chart: its display format (composite.xml `DisplayFormat`), which also says
/// how the chart's values are stored (model.md, "Entry kinds"). The names PTS writes are known
/// by kind; any other name is kept as written, so that every display format is written back
/// byte for byte.
class display_format {
 public:
  enum kind : unsigned char {
    unset,              ///< not given: empty
    bar_graph,          ///< `BAR_GRAPH`
    line_graph,         ///< `LINE_GRAPH`: each value a comma list of points
    filled_line_graph,  ///< `FILLED_LINE_GRAPH`: as a line graph
    pass_fail,          ///< `PASS_FAIL`
    multi_pass_fail,    ///< `MULTI_PASS_FAIL`: several pass/fail results in one text
    image_comparison,   ///< `IMAGE_COMPARISON`: the value names an image
    other,              ///< a name iosr does not know, kept as written (see from_name)
  };

  display_format() = default;
  /// One of the known kinds (`other` reads as `unset`: its name comes from from_name()).
  display_format(kind k) : kind_(k == other ? unset : k) {}  // NOLINT(google-explicit-constructor)
  /// The display format named `name` as PTS writes it (`BAR_GRAPH`); an empty name is `unset`,
  /// and a name that is not one of PTS's, exactly, is `other` and keeps `name`.
  static display_format from_name(std::string_view name);

  kind type() const { return kind_; }
  bool empty() const { return kind_ == unset; }
  /// As written: PTS's name of a known kind, the name of an `other`, empty when unset.
  std::string_view name() const;

  bool operator==(const display_format&) const = default;
  bool operator==(kind k) const { return kind_ == k; }

 private:
  kind kind_ = unset;
  std::string other_;  ///< the name of an `other`
};

/// One chart: a test with one configuration of options, in one unit.
struct result {
  std::string title;        ///< `Flexible IO Tester`
  std::string version;      ///< version of the benchmarked program: `3.18`; may be empty
  std::string description;  ///< options: `Type: Random Read - Engine: IO_uring - ...`
  std::string unit;         ///< `MB/s`; may be empty
  iosr::direction direction = direction::none;
  iosr::display_format display_format;  ///< `BAR_GRAPH`, `PASS_FAIL`, `LINE_GRAPH`, ...
  std::string test_id;         ///< test profile (`pts/fio-1.13.2`) when known
  std::string arguments;       ///< raw arguments PTS passed to the test (composite.xml)
  std::string annotation;      ///< free-text note on the chart (composite.xml)
  std::string parent;          ///< identity hash of the result this one belongs to (monitors)
  std::vector<entry> entries;  ///< in source order (not system order)
  source_position where;
  bool operator==(const result&) const = default;
};

/// Everything read from one input.
struct result_file {
  std::string title;
  std::string description;
  std::string source_name;  ///< the path or name the input was given as
  std::string format;       ///< the input format that read it, e.g. `pts-text`
  // composite.xml `Generated` facts (empty when the source does not give them):
  std::string last_modified;   ///< `YYYY-MM-DD HH:MM:SS`
  std::string test_client;     ///< `Phoronix Test Suite v10.8.4`
  std::string notes;
  std::string internal_tags;
  std::string reference_id;
  std::string preset_environment;  ///< PreSetEnvironmentVariables
  std::vector<system> systems;
  std::vector<result> results;
  std::vector<warning> warnings;

  /// The system with this label, or nullptr when the entry names a system absent from the file.
  const system* find_system(std::string_view label) const;
  /// When the file's runs were made: the earliest system timestamp, else last_modified (empty
  /// when neither is given), as normalized_timestamp() writes it. The store's `run_date`, and
  /// the date of a run whose system has no timestamp of its own.
  std::string run_date() const;
  bool operator==(const result_file&) const = default;
};

/// A timestamp as `YYYY-MM-DD HH:MM:SS`, which sorts, and cuts to a day, as dates do: PTS
/// 0.1's `April 4, 2008 02:51 PM` is `2008-04-04 14:51:00`. One already in that form, and one
/// in no form known, is returned as written. The model keeps timestamps as written; what
/// compares or shows dates (run_date(), a trend's dates, `iosr db list`) goes through this.
std::string normalized_timestamp(std::string_view written);

/// Normalizes an I/O scheduler name to its key: `none`, `mq-deadline`, `kyber`, `bfq`,
/// `bfq-low-latency`, `cfq`, `deadline` or `noop`; case, `-`, `_` and spaces do not matter
/// (`MQ-Deadline` -> `mq-deadline`, `BFQ low_latency` -> `bfq-low-latency`). Empty when
/// `name` is not a scheduler.
std::string scheduler_key(std::string_view name);

/// Builds a system from its label: splits `group: name` on the final `: ` and fills the
/// scheduler key from the name.
system make_system(std::string label);

template <>
struct enum_names<direction> {
  static constexpr std::string_view names[] = {"", "higher", "lower"};
};

template <>
struct enum_names<entry_kind> {
  static constexpr std::string_view names[] = {"number", "pass_fail", "series", "text", "failed"};
};

/// `higher`, `lower` or empty, as used in the CSV and JSON outputs.
constexpr std::string_view to_string(direction d) { return name_of(d); }
/// `number`, `pass_fail`, `series`, `text` or `failed`.
constexpr std::string_view to_string(entry_kind k) { return name_of(k); }

}  // namespace iosr
