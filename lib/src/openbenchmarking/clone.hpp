// SPDX-License-Identifier: MIT
// An OpenBenchmarking.org result by its ID, as PTS's `clone-result` gets it: from the cache,
// else with the request PTS 10.8.6 makes, through iosr-http; checked, then cached.
#pragma once

#include <string>

#include "iosr/model.hpp"
#include "iosr/read.hpp"

namespace iosr::cli::openbenchmarking {

/// How result IDs may be had: `--offline` and `--refresh` (cli_support.hpp adds and reads
/// them, where the other shared options are: this file stays free of cxxopts, whose header
/// builds six std::regex objects at start-up in every file that includes it).
struct id_options {
  bool offline = false;  ///< never fetch: an ID not cached is an error
  bool refresh = false;  ///< fetch again, even when cached
};

/// The composite.xml of result `id`, byte for byte as OpenBenchmarking.org sent it: the cached
/// copy, else fetched, checked to be a result file within `limits`, and cached. Throws
/// parse_error named by the ID (`1902028-PAUL-SINGLEH35: ...`) when it cannot be had; every
/// message says what went wrong and what to do (docs/openbenchmarking.md). `cached_copy` gets
/// the cached file's path when the bytes are that file's, unchecked (empty when fetched now):
/// errors found in them later name it.
std::string result_xml(const std::string& id, const id_options& ids, const read_options& limits,
                       std::string& cached_copy);

}  // namespace iosr::cli::openbenchmarking
