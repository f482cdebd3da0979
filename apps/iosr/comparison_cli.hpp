// SPDX-License-Identifier: MIT
// What `iosr compare` and `iosr table` share: their options, and reading, comparing and
// writing with the terminal's width and colours.
#pragma once

#include <cxxopts.hpp>
#include <string>

namespace iosr::cli {

/// Adds the options both commands take (`--format`, `--baseline`, `--group-by`, ...).
void add_comparison_options(cxxopts::Options& options, const std::string& default_format);

/// What sets `iosr compare` and `iosr table` apart.
struct comparison_command {
  std::string name;         ///< `compare`: in messages and the `try 'iosr NAME --help'` hint
  std::string exit_status;  ///< the closing line of `--help`
  bool table_view = false;  ///< render the formats' table view (one table per compare group)
  bool gate = false;        ///< the command takes --fail-if-worse
};

/// Parses the command line against `options` (add_comparison_options() done, and
/// --fail-if-worse added here for a gate), prints `--help`, or reads the inputs, compares them
/// and writes the result. Returns the exit code.
int run_comparison(cxxopts::Options& options, int argc, char** argv,
                   const comparison_command& command);

}  // namespace iosr::cli
