// SPDX-License-Identifier: MIT
// PTS's own run output (`phoronix-test-suite run|benchmark|batch-run` as a terminal or a CI job
// keeps it): the system information, each test's trial values and average (docs/pts-run-output.md).
#pragma once

#include <string_view>

#include "input/reader_context.hpp"
#include "iosr/model.hpp"
#include "iosr/read.hpp"

namespace iosr::detail {

bool sniff_pts_run(std::string_view text);
void read_pts_run(reader_context& ctx, const read_options& options);

}  // namespace iosr::detail
