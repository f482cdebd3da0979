// SPDX-License-Identifier: MIT
// PTS's HTML export (phoronix-test-suite result-file-to-html): one page whose values exist only
// in inline SVG graphs, read from their <text> elements (docs/pts-html.md).
#pragma once

#include <string_view>

#include "input/reader_context.hpp"
#include "iosr/read.hpp"

namespace iosr::detail {

/// The page starts as PTS writes it: `<html><head><title>TITLE - Phoronix Test Suite</title>`.
bool sniff_pts_html(std::string_view text);
void read_pts_html(reader_context& ctx, const read_options& options);

}  // namespace iosr::detail
