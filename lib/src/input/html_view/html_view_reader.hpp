// SPDX-License-Identifier: MIT
// The text of an OpenBenchmarking.org result page, saved or copied as text (seed 003): each
// chart's fields run together with no separators (docs/html-view.md).
#pragma once

#include <string>
#include <string_view>

#include "input/reader_context.hpp"
#include "iosr/model.hpp"
#include "iosr/read.hpp"

namespace iosr::detail {

bool sniff_html_view(std::string_view text);
void read_html_view(reader_context& ctx, const read_options& options);

}  // namespace iosr::detail
