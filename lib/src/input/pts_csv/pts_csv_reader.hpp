// SPDX-License-Identifier: MIT
// PTS's CSV export (`phoronix-test-suite result-file-to-csv`), the 5.x and the 10.x layout
// (formats.md §6.1).
#pragma once

#include <string>
#include <string_view>

#include "iosr/model.hpp"
#include "iosr/read.hpp"

namespace iosr::detail {

bool sniff_pts_csv(std::string_view text);
result_file read_pts_csv(std::string_view text, const std::string& name,
                         const read_options& options = {});

}  // namespace iosr::detail
