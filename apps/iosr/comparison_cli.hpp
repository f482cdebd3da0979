// SPDX-License-Identifier: MIT
// What `iosr compare` and `iosr table` share: their options, and reading, comparing and
// writing with the terminal's width and colours.
#pragma once

#include <cxxopts.hpp>
#include <string>

namespace iosr::cli {

/// Adds the options both commands take (`--format`, `--baseline`, `--group-by`, ...).
void add_comparison_options(cxxopts::Options& options, const std::string& default_format);

/// Reads the inputs, compares them and writes the result. `gate` enables --fail-if-worse.
/// Returns the exit code.
int run_comparison(const cxxopts::ParseResult& args, const std::string& command, bool table_view,
                   bool gate);

}  // namespace iosr::cli
