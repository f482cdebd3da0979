// SPDX-License-Identifier: MIT
// `iosr db import`: inputs walked and read as batch conversion reads them, hashed and parsed
// in parallel, and added to the database in input order, one transaction per file.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "iosr/read.hpp"

namespace iosr::cli::db {

/// An input that is not a file: its name (as it is stored and listed) and its bytes.
struct resolved_input {
  std::string name;
  std::string bytes;
};

/// The seam for inputs that name something to fetch (an OpenBenchmarking ID, once that reader
/// lands): given a command-line argument, its bytes when this resolver knows the argument,
/// else nothing, and the argument is read as a file, directory or archive. Throws
/// parse_error when it knows the argument but cannot fetch it.
using input_resolver = std::function<std::optional<resolved_input>(const std::string& argument)>;

struct import_plan {
  std::vector<std::string> inputs;  ///< files, directories, archives, `-`, or what resolve knows
  std::string database;
  unsigned jobs = 1;
  read_options read_with;
  archive_limits archive_with;
  input_resolver resolve;  ///< may be empty: every input is a file
};

/// Runs the import; returns the exit code (0, 1 when an input failed, 128 + signal when
/// SIGINT or SIGTERM stopped it between two files).
int run_import(const import_plan& plan);

}  // namespace iosr::cli::db
