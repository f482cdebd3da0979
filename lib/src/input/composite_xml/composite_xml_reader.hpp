// SPDX-License-Identifier: MIT
// Reader of PTS composite.xml files: today's layout (PTS 3.0, 2010, to now) and, through
// legacy_xml_reader.cpp, the 2008 one (docs/composite-xml.md).
#pragma once

#include <string>
#include <string_view>

#include "input/reader_context.hpp"
#include "iosr/model.hpp"
#include "iosr/read.hpp"

namespace iosr::detail {

bool sniff_composite_xml(std::string_view text);
void read_composite_xml(reader_context& ctx, const read_options& options);

}  // namespace iosr::detail
