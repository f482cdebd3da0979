// SPDX-License-Identifier: MIT
// What an LKP metric name says: whether it is a PTS result (`phoronix-test-suite.fio.
// SequentialWrite.IO_uring.Yes.No.4KB.DefaultTestDirectory.mb_s`), and its test, options and
// unit as PTS writes it (docs/lkp.md, "Which rows are PTS results").
#pragma once

#include <string>
#include <string_view>

#include "iosr/model.hpp"

namespace iosr::detail {

/// What a metric of LKP's is to iosr.
enum class metric_family {
  other,        ///< not of the PTS testcase (vmstat, perf-stat, meminfo, will-it-scale, ...)
  pts_result,   ///< a PTS result: test, options, unit
  job_time,     ///< `phoronix-test-suite.time.*`: LKP's /usr/bin/time of the whole PTS job
  test_time,    ///< `phoronix-test-suite.idle-1.1.0.seconds`: how long LKP's run of the test took
  flag,         ///< `has_failure`, `TEST.fail`, `TEST.not_installed`: LKP's marks of a failed run
  pass_share,   ///< `TEST.OPTIONS.Final.pass` (`.fail`): the share of runs a pass/fail test passed
  malformed,    ///< the PTS testcase's prefix, but not TEST.OPTIONS.UNIT
};

/// A metric split as LKP's parser of PTS's output joined it: `TEST.OPTIONS.UNIT`, where OPTIONS
/// is each option's value without blanks (or the result's index, `0`) joined with `.`, and UNIT
/// the unit PTS printed in lower case with `_` for blanks and `/`; or `TEST.OPTIONS.Final`, a
/// value PTS printed as `Final: 1 (NOTE)`, with no unit.
struct pts_metric {
  std::string_view test;      ///< `fio`
  std::string_view options;   ///< `SequentialWrite.IO_uring.Yes.No.4KB.DefaultTestDirectory`
  std::string_view unit_key;  ///< `mb_s`; empty for a `Final` value
};

/// The family of `name`, and for a PTS result its parts (views of `name`).
metric_family classify_metric(std::string_view name, pts_metric& parts);

/// The PTS testcase's prefixes of LKP's names: `phoronix-test-suite.` (the testcase's name
/// until October 2025) and `pts.` (since). Empty when `name` has neither.
std::string_view pts_prefix(std::string_view name);

/// How a unit was found.
enum class unit_source {
  test,        ///< the test's own profiles give it
  any_test,    ///< no profile of this test, but every profile that writes the key so agrees
  as_written,  ///< no profile writes it so (or several spell it apart): LKP's key is kept
};

struct unit_reading {
  std::string unit;             ///< as PTS writes it (`MB/s`), or LKP's key
  direction dir = direction::none;
  unit_source source = unit_source::as_written;
};

/// The unit and direction of `test`'s results written `key` by LKP. A key LKP kept as PTS
/// printed it (its parsers of `mnn`, `compress-lz4` and `intel-mlc` do: `MB/s`) reads as that
/// unit.
unit_reading unit_of(std::string_view test, std::string_view key);

}  // namespace iosr::detail
