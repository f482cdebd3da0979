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

/// Claims any XML, so that a named file that is not a composite.xml is told why (its root).
bool sniff_composite_xml(std::string_view text);
/// Whether an XML text's root element is <PhoronixTestSuite>, as in every PTS layout: SVG, XSL,
/// Maven poms and the like are not result files, and a directory walk skips them.
bool is_composite_xml(std::string_view text);
void read_composite_xml(reader_context& ctx, const read_options& options);

}  // namespace iosr::detail
