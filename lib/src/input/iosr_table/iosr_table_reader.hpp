// SPDX-License-Identifier: MIT
// iosr's own tables read back (docs/tables.md): the CSV of `iosr compare --format csv` and of
// `iosr convert --to csv` (their first eleven columns are one header), and the Markdown of
// `iosr table` and `iosr compare --format md`.
#pragma once

#include <string_view>

#include "input/reader_context.hpp"
#include "iosr/read.hpp"

namespace iosr::detail {

/// The CSV header iosr writes, or the Markdown's `## Summary` table iosr writes, at the start.
bool sniff_iosr_table(std::string_view text);
void read_iosr_table(reader_context& ctx, const read_options& options);

}  // namespace iosr::detail
