// SPDX-License-Identifier: MIT
// PTS's CSV export (`phoronix-test-suite result-file-to-csv`), the 5.x and the 10.x layout
// (formats.md §6.1).
#pragma once

#include <string>
#include <string_view>

#include "input/reader_context.hpp"
#include "iosr/model.hpp"
#include "iosr/read.hpp"

namespace iosr::detail {

bool sniff_pts_csv(std::string_view text);
void read_pts_csv(reader_context& ctx, const read_options& options);

}  // namespace iosr::detail
