// SPDX-License-Identifier: MIT
// PTS's CSV export (`phoronix-test-suite result-file-to-csv`): the 5.x layout, the one of PTS 9.4
// to 10.8.4 and the one of PTS 10.8.5 and later (docs/pts-csv.md).
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
