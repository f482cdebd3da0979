// SPDX-License-Identifier: MIT
// What the parts of the pts-html reader share: the page's context (positions of pugixml's
// nodes), and the systems table's reading (systems_table.cpp).
#pragma once

#include <pugixml.hpp>
#include <string>
#include <string_view>

#include "input/reader_context.hpp"

namespace iosr::detail {

/// The reader's context with positions taken from pugixml's nodes.
struct html_context {
  reader_context& ctx;
  std::size_t offset(const pugi::xml_node& node) const {
    auto at = node.offset_debug();
    // pugixml points at an element's name; users look for its `<`.
    return at > 0 ? static_cast<std::size_t>(at) - 1 : 0;
  }
  void warn(const pugi::xml_node& node, message_code code, std::string message) const {
    ctx.warn(offset(node), code, std::move(message));
  }
  [[noreturn]] void fail(const pugi::xml_node& node, std::string message) const {
    ctx.fail(offset(node), std::move(message));
  }
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

/// The systems table (the page's first SVG): systems, their hardware and software, their notes
/// and schedulers, into h.ctx.out.systems.
void read_systems_table(const html_context& h, const pugi::xml_node& svg);

}  // namespace iosr::detail
