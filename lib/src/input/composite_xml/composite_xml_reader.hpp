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
/// Whether an XML text is a PTS result: its root element is <PhoronixTestSuite>, as in every
/// layout, and its first child, when it has one, one a result starts with (<Generated>,
/// <System>, <Result>; 2008: <Suite>, <Benchmark>). SVG, XSL, Maven poms, Oracle SOA composite.xml files and PTS's own
/// test, suite and download definitions are not result files, and a directory walk skips them.
bool is_composite_xml(std::string_view text);
void read_composite_xml(reader_context& ctx, const read_options& options);

}  // namespace iosr::detail
