// SPDX-License-Identifier: MIT
// `iosr convert` over many inputs: read in order, converted in parallel, written in order.
#pragma once

#include <string>
#include <vector>

#include "cli_support.hpp"
#include "iosr/read.hpp"
#include "iosr/render.hpp"
#include "openbenchmarking/clone.hpp"

namespace iosr::cli::batch {

/// What to convert and where to, as decided from the command line.
struct batch_plan {
  std::vector<std::string> inputs;  ///< files, directories, archives, `-`
  unsigned jobs = 1;
  read_options read_with;  ///< the limits one input may reach (`--limit`)
  archive_limits archive_with;  ///< what one archive may expand to (`--limit`)
  openbenchmarking::id_options ids;  ///< how OpenBenchmarking.org result IDs are had

  /// One output per result file under `out_dir` (empty: none), in format `to`.
  std::string out_dir;
  output_format_info to;
  render_options render_with;
  /// Replace outputs that exist (`--force`); without it they are refused (refuse_existing()),
  /// and under `out_dir` counted as existing.
  bool force = false;
  /// Flush every output to the disk before it takes its name (`--sync`): whole after a power
  /// cut too, not only after a killed process.
  bool sync = false;
  /// Leave an input whose output under `out_dir` exists unconverted: it is whole, since
  /// outputs appear only by rename (`--skip-existing`, to resume a stopped batch).
  bool skip_existing = false;

  /// One output over every result file (empty: none; `-`: standard output).
  std::string combined;
  output_format_info combined_format;

  std::string report;     ///< the JSON report's path, or empty
  bool totals_line = false;  ///< print `converted N files (M entries); K failed, S skipped`
  bool progress = false;  ///< draw the progress bar (standard error is a terminal)
};

/// Runs the batch; returns the process exit code (0, 1 when an input failed, 128 + signal
/// when SIGINT or SIGTERM stopped it).
int run_batch(const batch_plan& plan);

}  // namespace iosr::cli::batch
