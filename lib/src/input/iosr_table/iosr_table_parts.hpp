// SPDX-License-Identifier: MIT
// The two forms of iosr's own tables, each read in a file of its own (iosr_table_reader.hpp).
#pragma once

#include "input/reader_context.hpp"

namespace iosr::detail {

/// The header iosr's CSV starts with: the comparison's and the tidy dataset's first columns.
inline constexpr std::string_view iosr_csv_header =
    "file,result_title,version,description,unit,direction,label,group,name,scheduler,value,";

void read_iosr_csv(reader_context& ctx);
void read_iosr_markdown(reader_context& ctx);

}  // namespace iosr::detail
