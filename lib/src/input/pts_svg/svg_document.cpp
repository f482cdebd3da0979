// SPDX-License-Identifier: MIT
// Parsing a document of PTS's graphs with pugixml (svg_context.hpp): the parser's position and
// reason for what does not parse, and the `xml-depth` limit.
#include <algorithm>
#include <string>

#include "input/pts_svg/svg_context.hpp"

namespace iosr::detail {

void parse_svg_document(const svg_context& h, std::string_view text, pugi::xml_document& doc,
                        std::size_t max_depth, const document_words& words) {
  // Node offsets then point into `text`, for positions.
  auto parsed = doc.load_buffer(text.data(), text.size(), pugi::parse_default, pugi::encoding_utf8);
  if (!parsed) {
    auto at = static_cast<std::size_t>(std::max<std::ptrdiff_t>(parsed.offset, 0));
    if (at + 1 >= text.size()) {
      h.fail_at(at, "the " + std::string(words.document) + " ends inside its markup (" +
                        std::string(parsed.description()) + "); expected " +
                        std::string(words.whole) + " (is it cut short?)");
    }
    h.fail_at(at, std::string(parsed.description()) + "; expected " + std::string(words.malformed));
  }
  struct depth_walker : pugi::xml_tree_walker {
    std::size_t limit = 0;
    pugi::xml_node too_deep;
    bool for_each(pugi::xml_node& node) override {
      if (node.type() != pugi::node_element || static_cast<std::size_t>(depth()) < limit) {
        return true;
      }
      too_deep = node;
      return false;
    }
  } walker;
  walker.limit = max_depth;
  if (!doc.traverse(walker)) {
    h.fail_at(h.offset(walker.too_deep),
              "elements nested more than " + std::to_string(max_depth) + " deep; expected " +
                  std::string(words.nesting) + "; raise the 'xml-depth' limit)",
              error_kind::limit);
  }
}

}  // namespace iosr::detail
