// SPDX-License-Identifier: MIT
// PTS's JSON export (`phoronix-test-suite result-file-to-json`, PTS 10.8 and later;
// formats.md §6.3).
#pragma once

#include <string>
#include <string_view>

#include "iosr/model.hpp"
#include "iosr/read.hpp"

namespace iosr::detail {

bool sniff_pts_json(std::string_view text);
result_file read_pts_json(std::string_view text, const std::string& name,
                          const read_options& options = {});

}  // namespace iosr::detail
