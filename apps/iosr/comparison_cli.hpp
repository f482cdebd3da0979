// SPDX-License-Identifier: MIT
// What `iosr compare` and `iosr table` share: their options, and reading, comparing and
// writing with the terminal's width and colours.
#pragma once

#include <cxxopts.hpp>
#include <string>
#include <vector>

#include "iosr/compare.hpp"
#include "iosr/model.hpp"

namespace iosr::cli {

/// Adds the options both commands take (`--format`, `--baseline`, `--group-by`, ...).
void add_comparison_options(cxxopts::Options& options, const std::string& default_format);

/// Adds the options that say what is compared and shown (`--baseline`, `--group-by`, `--only`,
/// `--rename`, `--filter`, `--sort`, `--ignore-version`, `--ci`, `--alpha`, `--power`,
/// `--columns`): add_comparison_options() adds them for compare and table, and `iosr chart`
/// and `iosr report` take them too.
void add_selection_options(cxxopts::Options& options);

/// The compare_options those options give. Throws bad_value() for a value out of range.
compare_options compare_options_from(const cxxopts::ParseResult& args);

/// Reads the inputs (add_input_options()' arguments and limits), printing each file's
/// warnings; `failed` is set when one could not be read. Empty when none could (then said on
/// standard error as `iosr COMMAND: no result file among the inputs` unless an input failed).
std::vector<result_file> read_compared_inputs(const cxxopts::ParseResult& args,
                                              const std::string& command, bool& failed);

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
