// SPDX-License-Identifier: MIT
// What the two composite.xml layouts (today's and 2008's) share: positions, entry values and
// schedulers.
#pragma once

#include <array>
#include <pugixml.hpp>
#include <span>
#include <string>
#include <string_view>

#include "input/reader_context.hpp"
#include "iosr/model.hpp"

namespace iosr::detail {

/// The document being read (reader_context) with positions taken from pugixml's nodes.
struct xml_context : reader_context {
  using reader_context::at;
  using reader_context::warn;
  source_position at(const pugi::xml_node& node) const;
  void warn(const pugi::xml_node& node, message_code code, std::string message) const;
};

/// Text of the named child element, trimmed of surrounding blanks; empty when absent.
std::string child_text(const pugi::xml_node& node, const char* name);

/// What child_texts() does, for any number of names.
void read_child_texts(const pugi::xml_node& node, std::span<const char* const> names,
                      std::span<std::string_view> texts);

/// child_text() for several names, as views into the document, walking the children once
/// (asking for each name walks them once per name, which showed in batch profiles). Each name
/// gets the first child of that name, or an empty view; names are best listed in the order PTS
/// writes them.
///
///   auto [label, value] = child_texts(entry, {"Identifier", "Value"});
template <std::size_t N>
std::array<std::string_view, N> child_texts(const pugi::xml_node& node,
                                            const char* const (&names)[N]) {
  std::array<std::string_view, N> texts;
  read_child_texts(node, names, texts);
  return texts;
}

/// Builds an entry from an `Entry` element (Identifier, Value, RawString, JSON): the kind from
/// the display format and the value, samples and standard error from RawString
/// (docs/composite-xml.md, "Reading"), the error of a failed run from its JSON. Anything unusual
/// becomes a warning.
entry read_xml_entry(const xml_context& ctx, const pugi::xml_node& node, const result& chart);

/// Reads the PTS 0.1-2.x layout (`Suite`, `Benchmark`, `Results/Group/Entry`;
/// docs/composite-xml.md, "The 2008 layout") under `root` into ctx.out; legacy_xml_reader.cpp.
void read_legacy_layout(const xml_context& ctx, const pugi::xml_node& root);

}  // namespace iosr::detail
