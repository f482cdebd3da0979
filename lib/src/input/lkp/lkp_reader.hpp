// SPDX-License-Identifier: MIT
// The kernel test robot's (LKP's) PTS results: its comparison reports (`lkp compare`, the
// robot's mails and the replies that quote them) and its result files (stats.json,
// matrix.json, KEY: VALUE lines), their phoronix-test-suite metrics read as PTS results
// (docs/lkp.md).
#pragma once

#include <string_view>

#include "input/reader_context.hpp"
#include "iosr/read.hpp"

namespace iosr::detail {

bool sniff_lkp(std::string_view text);
void read_lkp(reader_context& ctx, const read_options& options);

/// LKP's result files: a JSON object of metrics (stats.json: a number each; matrix.json: an
/// array of each run's), or `METRIC: VALUE` lines. Whether `text` is one with a metric of the
/// PTS testcase, and its reading (result_files.cpp).
bool is_lkp_result_file(std::string_view text);
/// `KEY: VALUE` lines without a testcase's name, one of them a PTS test's (`fio.…`): what
/// LKP's PTS parser (programs/pts/parse) prints, before dump-stat names the testcase.
bool is_lkp_parser_output(std::string_view text);
/// An LKP job file of the PTS testcase (job.yaml: `testcase: phoronix-test-suite`): what to
/// run, not a result.
bool is_lkp_job_file(std::string_view text);
void read_lkp_result_file(reader_context& ctx, const read_options& options);

}  // namespace iosr::detail
