// SPDX-License-Identifier: MIT
// Tables people make (docs/tables.md): Markdown pipe tables, CSV (a spreadsheet's, pandas'),
// and text aligned in columns (a cover letter's), read only when the user says what they are:
// `--from table` and `--table KEY=COLUMN` (read_options::table). Nothing is guessed from prose.
#pragma once

#include <string_view>

#include "input/reader_context.hpp"
#include "iosr/read.hpp"

namespace iosr::detail {

/// Never claims a text: a table is read only when asked (`--from table`).
bool sniff_table(std::string_view text);
void read_table(reader_context& ctx, const read_options& options);

}  // namespace iosr::detail
