// SPDX-License-Identifier: MIT
// `iosr db list` as an operation: what a store holds, as data, and the text the CLI prints.
#pragma once

#include <string>
#include <vector>

#include "db/store.hpp"

namespace iosr::cli::db {

/// What a store holds: the database, its schema version, the counts and every imported file.
struct store_listing {
  std::string path;
  int version = 0;
  database_summary summary;
  std::vector<source_row> sources;  ///< in import order
};

/// Reads the listing of `db`.
store_listing list_store(store& db);

/// The listing as `iosr db list` prints it: the counts, the kernels and run dates, then one line
/// per file (the first 12 digits of its SHA-256, entries, format, path or ID).
std::string listing_text(const store_listing& listing);

}  // namespace iosr::cli::db
