// SPDX-License-Identifier: MIT
// `iosr db import`: inputs walked and read as batch conversion reads them, hashed and parsed
// in parallel, and added to the database in input order, one transaction per file.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "iosr/read.hpp"
#include "openbenchmarking/clone.hpp"

namespace iosr::cli::db {

struct import_plan {
  std::vector<std::string> inputs;  ///< files, directories, archives, `-`, result IDs
  std::string database;
  unsigned jobs = 1;
  read_options read_with;
  archive_limits archive_with;
  openbenchmarking::id_options ids;  ///< how OpenBenchmarking.org result IDs are had
};

/// Runs the import; returns the exit code (0, 1 when an input failed, 128 + signal when
/// SIGINT or SIGTERM stopped it between two files).
int run_import(const import_plan& plan);

}  // namespace iosr::cli::db
