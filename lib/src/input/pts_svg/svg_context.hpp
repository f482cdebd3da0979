// SPDX-License-Identifier: MIT
// What the readers of PTS's SVG graphs share (the HTML export's inline graphs, the standalone
// graphs of a result-graphs folder): positions of pugixml's nodes, warnings and errors placed
// by them, and the systems table's reading (systems_table.cpp).
#pragma once

#include <pugixml.hpp>
#include <string>
#include <string_view>

#include "input/reader_context.hpp"
#include "line_index.hpp"

namespace iosr::detail {

/// The reader's context with positions taken from pugixml's nodes. A document parsed from a
/// part of the reader's text (one file of a folder read as one input) is placed in that file:
/// `part` names it, and messages say `3.svg:LINE:COLUMN:` for the file the user has.
struct svg_context {
  explicit svg_context(reader_context& c) : ctx(c) {}
  /// A document of `c`'s text from `from` on that is the folder's file `file`.
  svg_context(reader_context& c, std::size_t from, std::string_view file, const line_index& lines)
      : ctx(c), base(from), part(file), part_lines(&lines) {}

  reader_context& ctx;
  std::size_t base = 0;           ///< where the parsed document starts in ctx.text
  std::string_view part;          ///< the file the document is, in a folder; empty: the input
  const line_index* part_lines = nullptr;  ///< that file's own positions

  /// Offset of `node` in the parsed document (pugixml points at an element's name; users look
  /// for its `<`).
  std::size_t offset(const pugi::xml_node& node) const {
    auto at = node.offset_debug();
    return at > 0 ? static_cast<std::size_t>(at) - 1 : 0;
  }
  /// Where `node` is, for the model: none for a part (its place is in the messages).
  source_position where(const pugi::xml_node& node) const {
    return part.empty() ? ctx.at(base + offset(node)) : source_position{};
  }
  /// `3.svg:1:840: ` for a node of a part, else empty.
  std::string place(std::size_t offset_in_document) const {
    if (part.empty() || part_lines == nullptr) return {};
    auto p = part_lines->position(offset_in_document);
    return std::string(part) + ":" + std::to_string(p.line) + ":" + std::to_string(p.column) +
           ": ";
  }
  void warn_at(std::size_t offset_in_document, message_code code, std::string message) const {
    if (part.empty()) {
      ctx.warn(base + offset_in_document, code, std::move(message));
    } else {
      ctx.out.warnings.push_back({{}, code, place(offset_in_document) + message});
    }
  }
  void warn(const pugi::xml_node& node, message_code code, std::string message) const {
    warn_at(offset(node), code, std::move(message));
  }
  [[noreturn]] void fail_at(std::size_t offset_in_document, std::string message,
                            error_kind kind = error_kind::input) const {
    if (part.empty()) ctx.fail(base + offset_in_document, std::move(message), kind);
    throw parse_error(ctx.name, {}, place(offset_in_document) + message, kind);
  }
  [[noreturn]] void fail(const pugi::xml_node& node, std::string message) const {
    fail_at(offset(node), std::move(message));
  }
  /// Appends `e` to `chart` within the entries limit.
  void add_entry(result& chart, entry e) const { ctx.add_entry(chart, std::move(e)); }
};

inline bool is(const pugi::xml_node& node, const char* name) {
  return node.type() == pugi::node_element && std::string_view(node.name()) == name;
}

inline std::string quoted(std::string_view text) {
  // Appended, not "'" + text: GCC 12's -Wrestrict misreads that once inlined (PR 105329).
  std::string out;
  out.reserve(text.size() + 2);
  out += '\'';
  out += text;
  out += '\'';
  return out;
}

/// How a reader names what it parses, in its errors.
struct document_words {
  std::string_view document;   ///< `page`: "the page ends inside its markup (...)"
  std::string_view whole;      ///< `PTS's HTML export whole, up to </html>`
  std::string_view malformed;  ///< what was expected of markup that does not parse
  std::string_view nesting;    ///< `PTS's HTML export (8 levels`: before "; raise the ..."
};

/// Parses `text` (a part of h.ctx.text from h.base on) into `doc` with pugixml, honouring the
/// `xml-depth` limit; refuses what does not parse with the parser's position and reason.
void parse_svg_document(const svg_context& h, std::string_view text, pugi::xml_document& doc,
                        std::size_t max_depth, const document_words& words);

/// The systems table (PTS's pts_ResultFileSystemsTable, the HTML export's first SVG and a
/// result-graphs folder's systems.svg): systems, their hardware and software, their notes and
/// schedulers, into h.ctx.out.systems.
void read_systems_table(const svg_context& h, const pugi::xml_node& svg);

}  // namespace iosr::detail
