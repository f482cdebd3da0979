// SPDX-License-Identifier: MIT
// composite.xml, today's layout: Generated, System..., Result... (docs/composite-xml.md, "The
// format").
#include "input/composite_xml/composite_xml_reader.hpp"

#include <algorithm>
#include <array>
#include <iterator>
#include <pugixml.hpp>
#include <span>
#include <string>
#include <tuple>
#include <vector>

#include "composite_xml_schema.hpp"
#include "input/composite_xml/xml_support.hpp"
#include "input/stored_result.hpp"
#include "input/system_fields.hpp"
#include "iosr/error.hpp"
#include "iosr_members.hpp"

namespace iosr::detail {

namespace {

direction read_proportion(const xml_context& ctx, const pugi::xml_node& node,
                          std::string_view proportion) {
  auto read = direction_of_proportion(proportion, "Proportion");
  if (!read.unknown.empty())
    ctx.warn(node, message_code::direction_unknown, std::move(read.unknown));
  return read.value;
}

// One element's text into the model field it holds, by the field's type.
void assign(const xml_context&, const pugi::xml_node&, std::string_view text, std::string& out) {
  out = text;
}
void assign(const xml_context&, const pugi::xml_node&, std::string_view text,
            std::vector<field>& out) {
  out = split_fields(text);
}
void assign(const xml_context& ctx, const pugi::xml_node& node, std::string_view text,
            direction& out) {
  out = read_proportion(ctx, node, text);
}
void assign(const xml_context&, const pugi::xml_node&, std::string_view text, display_format& out) {
  out = display_format::from_name(text);
}

// The children of `node` that `table` lists into `out`, walking them once.
template <class Table, class Owner>
void read_elements(const xml_context& ctx, const pugi::xml_node& node, const Table& table,
                   Owner& out) {
  const auto names = composite_xml::names_of(table);
  std::array<std::string_view, std::tuple_size_v<Table>> texts;
  read_child_texts(node, names, texts);
  std::size_t i = 0;
  for_each_member(table, [&](const auto& m) { assign(ctx, node, texts[i++], out.*m.field); });
}

void read_system(const xml_context& ctx, const pugi::xml_node& node) {
  system s;
  read_elements(ctx, node, composite_xml::system_elements, s);
  if (s.label.empty()) {
    ctx.warn(node, message_code::system_without_identifier,
             "a System has no Identifier; its entries cannot name it");
  }
  auto named = make_system(s.label);
  s.group = std::move(named.group);
  s.name = std::move(named.name);
  s.scheduler = std::move(named.scheduler);
  s.where = ctx.at(node);
  // iosr's baseline mark, last in System JSON as iosr writes it (iosr_members.hpp).
  if (auto mark = take_member(s.json, baseline_member)) s.baseline = *mark == "true";
  fill_scheduler(s);
  ctx.out.systems.push_back(std::move(s));
}

void read_result(const xml_context& ctx, const pugi::xml_node& node) {
  result r;
  r.where = ctx.at(node);
  read_elements(ctx, node, composite_xml::result_elements, r);
  if (r.title.empty()) ctx.warn(node, message_code::chart_without_title, "a Result has no Title");
  auto data = node.child("Data");
  // Room for every child, which are all entries in what PTS writes: counting the Entry elements
  // by name compared every name once more.
  std::size_t children = 0;
  for (auto child = data.first_child(); child; child = child.next_sibling()) ++children;
  r.entries.reserve(std::min(children, ctx.max_entries));
  for (auto e : data.children("Entry")) ctx.add_entry(r, read_xml_entry(ctx, e, r));
  ctx.out.results.push_back(std::move(r));
}

// Finds the first element nested deeper than `limit`. pugixml parses without recursion, so
// depth costs nothing while parsing; the limit keeps deep trees away from the rest of the code.
class depth_check : public pugi::xml_tree_walker {
 public:
  explicit depth_check(std::size_t limit) : limit_(limit) {}
  pugi::xml_node too_deep;

  bool for_each(pugi::xml_node& node) override {
    // depth() is 0 for the root element, so an element is nested depth() + 1 deep. Depth is
    // asked first: it settles nearly every node with one call into pugixml instead of two.
    if (static_cast<std::size_t>(depth()) < limit_ || node.type() != pugi::node_element) {
      return true;
    }
    too_deep = node;
    return false;
  }

 private:
  std::size_t limit_;
};

// `line L, column C` of an element's `<`.
std::string opened_at(const xml_context& ctx, const pugi::xml_node& element) {
  const auto p = ctx.at(element);
  return "line " + std::to_string(p.line) + ", column " + std::to_string(p.column);
}

// Where the closing tag `</name>` (or `</name` and a blank) that starts at or after `from` and
// ends before `upto` starts; npos when there is none. A text parsed in place may hold a '\0'
// for the `<` (pugixml ends the text before a tag there), but never changes the rest of a
// closing tag.
std::size_t find_closing(std::string_view text, std::string_view name, std::size_t from,
                         std::size_t upto) {
  for (auto at = text.find(name, from); at != std::string_view::npos && at + name.size() < upto;
       at = text.find(name, at + 1)) {
    if (at < from + 2 || text[at - 1] != '/' || (text[at - 2] != '<' && text[at - 2] != '\0')) {
      continue;
    }
    if (std::string_view(" \t\r\n>").find(text[at + name.size()]) != std::string_view::npos) {
      return at - 2;
    }
  }
  return std::string_view::npos;
}

// The elements still open where pugixml stopped, outermost first. pugixml keeps the tree it
// built up to its error, so they are among the chain of last children; from the innermost
// outwards, each is closed when its closing tag follows before `upto`.
std::vector<pugi::xml_node> open_elements(const pugi::xml_document& doc, std::string_view text,
                                          std::size_t upto) {
  std::vector<pugi::xml_node> chain;
  for (auto n = doc.last_child(); n && n.type() == pugi::node_element; n = n.last_child()) {
    chain.push_back(n);
  }
  auto from =
      chain.empty()
          ? 0
          : static_cast<std::size_t>(std::max<std::ptrdiff_t>(chain.back().offset_debug(), 0));
  while (!chain.empty()) {
    const std::string_view name = chain.back().name();
    const auto at = find_closing(text, name, from, upto);
    if (at == std::string_view::npos) break;
    from = at + 2 + name.size();
    chain.pop_back();
  }
  return chain;
}

// What encloses the element a message names, innermost first: ` (within <Data> from line 418,
// <Result> from line 412, ...)`; the three nearest, so that a deep hostile text says little.
std::string within(const xml_context& ctx, std::span<const pugi::xml_node> enclosing) {
  if (enclosing.empty()) return {};
  std::string out = " (within ";
  std::size_t said = 0;
  for (auto e = enclosing.rbegin(); e != enclosing.rend(); ++e) {
    if (said == 3) {
      out += ", ...";
      break;
    }
    if (said++ > 0) out += ", ";
    out += "<" + std::string(e->name()) + "> from line " + std::to_string(ctx.at(*e).line);
  }
  return out + ")";
}

// Why pugixml refused the text. Markup left open is said by what is open and where it was
// opened (docs/composite-xml.md, "Errors"): a text that ends inside an element or a tag (a file
// cut short, where pugixml says "Start-end tags mismatch" or "Error parsing element
// attribute"), and a closing tag that closes another element than the one open. Anything else
// in pugixml's words.
[[noreturn]] void refuse(const xml_context& ctx, const pugi::xml_document& doc,
                         const pugi::xml_parse_result& parsed) {
  const auto text = ctx.text;
  const auto at =
      std::min(static_cast<std::size_t>(std::max<std::ptrdiff_t>(parsed.offset, 0)), text.size());
  // Cut: pugixml stopped at the last mark, or inside markup that no `>` after it ends.
  const auto last_mark = text.find_last_not_of(" \t\r\n");
  const bool cut = last_mark == std::string_view::npos || at >= last_mark ||
                   text.find('>', at) == std::string_view::npos;
  const auto open = open_elements(doc, text, text.size());
  // Where the input ends, as an editor shows it: after its last character, or at the end of its
  // last line when a line break ends it.
  auto ends = text.size();
  if (text.ends_with('\n')) ends -= text.ends_with("\r\n") ? 2 : 1;
  const auto all_but_last = [](const std::vector<pugi::xml_node>& v) {
    return std::span(v).first(v.empty() ? 0 : v.size() - 1);
  };
  const char* markup = nullptr;
  switch (parsed.status) {
    case pugi::status_end_element_mismatch:
      if (cut && !open.empty()) {
        const std::string name = open.back().name();
        ctx.fail(ends, "input ends inside <" + name + "> opened at " + opened_at(ctx, open.back()) +
                           within(ctx, all_but_last(open)) + "; expected </" + name +
                           ">: is the file cut short?");
      }
      if (!cut) {
        // pugixml points into the closing tag's name; its `<` may be a '\0' (above).
        const auto slash = text.rfind('/', at);
        const auto tag = slash == std::string_view::npos || slash == 0 ? slash : slash - 1;
        const auto before = open_elements(doc, text, tag);
        if (tag != std::string_view::npos && !before.empty()) {
          const auto name_end = text.find_first_of(" \t\r\n>", tag);
          const std::string name = before.back().name();
          ctx.fail(tag, "<" + std::string(text.substr(slash, name_end - slash)) +
                            "> does not close <" + name + ">, opened at " +
                            opened_at(ctx, before.back()) + within(ctx, all_but_last(before)) +
                            "; expected </" + name + ">");
        }
      }
      break;
    case pugi::status_bad_start_element:
    case pugi::status_bad_attribute:
      // pugixml made the element before it read the tag's end: the innermost open one.
      if (cut && !open.empty()) {
        ctx.fail(ends, "input ends inside the tag <" + std::string(open.back().name()) +
                           " opened at " + opened_at(ctx, open.back()) +
                           within(ctx, all_but_last(open)) + "; is the file cut short?");
      }
      break;
    case pugi::status_unrecognized_tag:
      markup = "a tag";
      break;
    case pugi::status_bad_end_element:
      markup = "a closing tag";
      break;
    case pugi::status_bad_comment:
      markup = "a comment";
      break;
    case pugi::status_bad_cdata:
      markup = "a CDATA section";
      break;
    case pugi::status_bad_pi:
      markup = "a processing instruction";
      break;
    case pugi::status_bad_doctype:
      markup = "a DOCTYPE";
      break;
    default:
      break;
  }
  if (markup && cut) {
    ctx.fail(ends, "input ends inside " + std::string(markup) + within(ctx, open) +
                       "; is the file cut short?");
  }
  ctx.fail(at, std::string("malformed XML: ") + parsed.description() +
                   "; expected a well-formed PTS composite.xml");
}

// `text` from its first element on: blanks, comments, processing instructions (the XML
// declaration among them) and a DOCTYPE skipped; empty when no element follows.
std::string_view from_first_element(std::string_view text) {
  auto skip_past = [&text](std::string_view end) {
    auto at = text.find(end);
    text.remove_prefix(at == std::string_view::npos ? text.size() : at + end.size());
  };
  for (;;) {
    auto start = text.find_first_not_of(" \t\r\n");
    if (start == std::string_view::npos) return {};
    text.remove_prefix(start);
    if (text.starts_with("<?")) {
      skip_past("?>");
    } else if (text.starts_with("<!--")) {
      skip_past("-->");
    } else if (text.starts_with("<!DOCTYPE")) {
      // An internal subset, in brackets, may hold `>`.
      auto open = text.find_first_of("[>");
      if (open != std::string_view::npos && text[open] == '[') skip_past("]");
      skip_past(">");
    } else {
      return text.starts_with('<') ? text : std::string_view{};
    }
  }
}

// The name of the element whose start tag begins `text`.
std::string_view element_name(std::string_view text) {
  text.remove_prefix(1);
  return text.substr(0, text.find_first_of(" \t\r\n/>"));
}

}  // namespace

bool sniff_composite_xml(std::string_view text) {
  auto start = text.find_first_not_of(" \t\r\n");
  if (start == std::string_view::npos) return false;
  text.remove_prefix(start);
  return text.starts_with("<?xml") || text.starts_with("<PhoronixTestSuite") ||
         (text.starts_with("<!--") && text.find("<PhoronixTestSuite") != std::string_view::npos);
}

bool is_composite_xml(std::string_view text) {
  text = from_first_element(text);
  if (text.empty() || element_name(text) != "PhoronixTestSuite") return false;
  // PTS's own definitions share the root (test-definition.xml, results-definition.xml,
  // downloads.xml, suite-definition.xml, user-config.xml): a result starts with what a result
  // file holds, in today's layout or in 2008's. One with no element yet (empty, or cut short)
  // is a result file to report, not one to skip.
  auto tag_end = text.find('>');
  if (tag_end == std::string_view::npos) return true;
  auto first = from_first_element(text.substr(tag_end + 1));
  if (first.empty() || first.starts_with("</")) return true;
  auto name = element_name(first);
  return name == "Generated" || name == "System" || name == "Result" || name == "Suite" ||
         name == "Benchmark";
}

void read_composite_xml(reader_context& base, const read_options& options) {
  xml_context ctx{base};
  auto text = ctx.text;
  const auto& name = ctx.name;
  auto& file = ctx.out;

  pugi::xml_document doc;
  // UTF-8 in, no conversion: node offsets then point into `text`, for positions. pugixml never
  // expands a DOCTYPE's entities nor reads external ones; parse_doctype only keeps the node,
  // so that a DOCTYPE can be reported. parse_embed_pcdata keeps an element's text in the
  // element rather than in a node of its own: half the nodes to make and to walk (5 % of a
  // batch conversion), and child_value() gives the same first text either way.
  constexpr unsigned flags = pugi::parse_default | pugi::parse_doctype | pugi::parse_embed_pcdata;
  // Parsed in place when the caller gave the text up (a batch's files): pugixml's copy of it was
  // 3 % of a conversion's instructions and 6 % of its time. pugixml then writes into the text
  // (terminators, decoded references); the positions come from the line ends noted before.
  // The '\0' after the text is parsed with it: pugixml stops at its buffer's last byte, which
  // in its own copy is the '\0' it adds, so a cut file fails at the same place either way.
  auto parsed = ctx.overwritable != nullptr
                    ? doc.load_buffer_inplace(ctx.overwritable, text.size() + 1, flags,
                                              pugi::encoding_utf8)
                    : doc.load_buffer(text.data(), text.size(), flags, pugi::encoding_utf8);
  if (!parsed) refuse(ctx, doc, parsed);
  if (depth_check check(options.max_xml_depth); !doc.traverse(check)) {
    throw parse_error(name, ctx.at(check.too_deep),
                      "elements nested more than " + std::to_string(options.max_xml_depth) +
                          " deep; expected a composite.xml (4 levels; raise the 'xml-depth' "
                          "limit)",
                      error_kind::limit);
  }
  for (auto node : doc.children()) {
    if (node.type() != pugi::node_doctype) continue;
    // pugixml points after `<!DOCTYPE `; users look for the `<`. A text parsed in place still
    // holds `<!DOCTYPE` there: pugixml writes only over the `>` that ends it.
    auto offset = text.rfind("<!DOCTYPE", static_cast<std::size_t>(node.offset_debug()));
    ctx.warn(offset == std::string_view::npos ? 0 : offset, message_code::doctype_ignored,
             "a DOCTYPE, which PTS never writes, is ignored: the entities it declares are "
             "neither expanded nor read, and '&name;' references stay as written");
  }
  auto root = doc.child("PhoronixTestSuite");
  if (!root) {
    auto first = doc.document_element();
    throw parse_error(name, ctx.at(first),
                      "root element is <" + std::string(first.name()) +
                          ">; expected <PhoronixTestSuite> (a PTS composite.xml)");
  }
  if (root.child("Suite") || root.child("Benchmark")) {
    read_legacy_layout(ctx, root);
  } else {
    if (auto generated = root.child("Generated")) {
      read_elements(ctx, generated, composite_xml::generated_elements, file);
    } else {
      ctx.warn(root, message_code::no_generated,
               "no <Generated> element: the file has no title or description");
    }
    auto systems = root.children("System");
    auto results = root.children("Result");
    file.systems.reserve(static_cast<std::size_t>(std::distance(systems.begin(), systems.end())));
    file.results.reserve(static_cast<std::size_t>(std::distance(results.begin(), results.end())));
    for (auto s : systems) read_system(ctx, s);
    for (auto r : results) read_result(ctx, r);
  }
}

}  // namespace iosr::detail
