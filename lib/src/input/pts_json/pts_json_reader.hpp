// SPDX-License-Identifier: MIT
// PTS's JSON export (`phoronix-test-suite result-file-to-json`, PTS 10.8 and later;
// docs/pts-json.md).
#pragma once

#include <string>
#include <string_view>

#include "input/reader_context.hpp"
#include "iosr/model.hpp"
#include "iosr/read.hpp"

namespace iosr::detail {

bool sniff_pts_json(std::string_view text);
void read_pts_json(reader_context& ctx, const read_options& options);

}  // namespace iosr::detail
