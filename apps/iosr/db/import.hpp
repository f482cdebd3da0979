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

struct import_plan {
  std::vector<std::string> inputs;  ///< files, directories, archives, `-`, result IDs
  std::string database;
  unsigned jobs = 1;
  read_options read_with;
  archive_limits archive_with;
  /// The composite.xml of an OpenBenchmarking.org result ID (cached or fetched; the CLI gives
  /// it, so that this library needs no HTTP); throws parse_error. May be empty: no IDs.
  std::function<std::string(const std::string& id)> read_result_id;
};

/// Runs the import; returns the exit code (0, 1 when an input failed, 128 + signal when
/// SIGINT or SIGTERM stopped it between two files).
int run_import(const import_plan& plan);

}  // namespace iosr::cli::db
