// SPDX-License-Identifier: MIT
// What the two composite.xml layouts (today's and 2008's) share: positions, entry values,
// schedulers and the checks made once a file is read.
#pragma once

#include <pugixml.hpp>
#include <string>
#include <string_view>

#include "iosr/model.hpp"
#include "line_index.hpp"

namespace iosr::detail {

/// The document being read: its text (for positions), name and the model being filled.
struct xml_context {
  std::string_view text;
  const std::string& name;
  line_index lines;
  result_file& out;

  source_position at(const pugi::xml_node& node) const;
  void warn(const pugi::xml_node& node, std::string message) const;
};

/// Text of the named child element, trimmed of surrounding blanks; empty when absent.
std::string child_text(const pugi::xml_node& node, const char* name);

/// The raw facts of one `Entry`, as written.
struct xml_entry_source {
  pugi::xml_node node;
  std::string label;
  std::string value;
  std::string raw_string;
  std::string json;
};

/// Builds an entry from an `Entry` element: the kind from the display format and the value,
/// samples and standard error from RawString (formats.md §3, §8.1), the error of a failed run
/// from its JSON. Anything unusual becomes a warning.
entry make_xml_entry(const xml_context& ctx, const xml_entry_source& source, const result& chart);

/// The checks of finish_stored_file (stored_result.hpp) on the file being read.
void finish_xml_file(const xml_context& ctx);

/// Reads the PTS 0.1-2.x layout (`Suite`, `Benchmark`, `Results/Group/Entry`; formats.md
/// §2.3) under `root` into ctx.out; legacy_xml_reader.cpp.
void read_legacy_layout(const xml_context& ctx, const pugi::xml_node& root);

}  // namespace iosr::detail
