// SPDX-License-Identifier: MIT
// composite.xml, today's layout: Generated, System..., Result... (docs/composite-xml.md, "The
// format").
#include "input/composite_xml/composite_xml_reader.hpp"

#include <algorithm>
#include <iterator>
#include <pugixml.hpp>

#include "input/stored_result.hpp"
#include "input/system_fields.hpp"
#include "input/composite_xml/xml_support.hpp"
#include "iosr/error.hpp"

namespace iosr::detail {

namespace {

void read_generated(const xml_context& ctx, const pugi::xml_node& generated) {
  auto& out = ctx.out;
  auto [title, last_modified, test_client, description, notes, internal_tags, reference_id,
        preset_environment] =
      child_texts(generated, {"Title", "LastModified", "TestClient", "Description", "Notes",
                              "InternalTags", "ReferenceID", "PreSetEnvironmentVariables"});
  out.title = title;
  out.last_modified = last_modified;
  out.test_client = test_client;
  out.description = description;
  out.notes = notes;
  out.internal_tags = internal_tags;
  out.reference_id = reference_id;
  out.preset_environment = preset_environment;
}

void read_system(const xml_context& ctx, const pugi::xml_node& node) {
  auto [label, hardware, software, user, timestamp, client_version, notes, json, cost] =
      child_texts(node, {"Identifier", "Hardware", "Software", "User", "TimeStamp",
                         "TestClientVersion", "Notes", "JSON", "CostValueForComparison"});
  if (label.empty()) {
    ctx.warn(node, "a System has no Identifier; its entries cannot name it");
  }
  auto s = make_system(std::string(label));
  s.where = ctx.at(node);
  s.hardware = split_fields(hardware);
  s.software = split_fields(software);
  s.user = user;
  s.timestamp = timestamp;
  s.client_version = client_version;
  s.notes = notes;
  s.json = json;
  s.cost = cost;
  fill_scheduler(s);
  ctx.out.systems.push_back(std::move(s));
}

direction read_proportion(const xml_context& ctx, const pugi::xml_node& node,
                          std::string_view proportion) {
  if (proportion == "HIB") return direction::higher;
  if (proportion == "LIB") return direction::lower;
  if (!proportion.empty() && proportion != "ABSTRACT") {
    ctx.warn(node, "Proportion '" + std::string(proportion) +
                       "' is not HIB, LIB or empty; read as no "
                       "direction");
  }
  return direction::none;
}

void read_result(const xml_context& ctx, const pugi::xml_node& node) {
  result r;
  r.where = ctx.at(node);
  auto [test_id, title, version, arguments, description, unit, proportion, display_name, annotation,
        parent] =
      child_texts(node, {"Identifier", "Title", "AppVersion", "Arguments", "Description", "Scale",
                         "Proportion", "DisplayFormat", "Annotation", "Parent"});
  r.test_id = test_id;
  r.title = title;
  r.version = version;
  r.arguments = arguments;
  r.description = description;
  r.unit = unit;
  r.display_format = display_format::from_name(display_name);
  r.annotation = annotation;
  r.parent = parent;
  r.direction = read_proportion(ctx, node, proportion);
  if (r.title.empty()) ctx.warn(node, "a Result has no Title");
  auto entries = node.child("Data").children("Entry");
  auto count = static_cast<std::size_t>(std::distance(entries.begin(), entries.end()));
  r.entries.reserve(std::min(count, ctx.max_entries));
  for (auto e : entries) ctx.add_entry(r, read_xml_entry(ctx, e, r));
  ctx.out.results.push_back(std::move(r));
}

// Finds the first element nested deeper than `limit`. pugixml parses without recursion, so
// depth costs nothing while parsing; the limit keeps deep trees away from the rest of the code.
class depth_check : public pugi::xml_tree_walker {
 public:
  explicit depth_check(std::size_t limit) : limit_(limit) {}
  pugi::xml_node too_deep;

  bool for_each(pugi::xml_node& node) override {
    // depth() is 0 for the root element, so an element is nested depth() + 1 deep.
    if (node.type() != pugi::node_element || static_cast<std::size_t>(depth()) < limit_) {
      return true;
    }
    too_deep = node;
    return false;
  }

 private:
  std::size_t limit_;
};

std::string describe(const pugi::xml_parse_result& parsed) {
  return std::string("malformed XML: ") + parsed.description() +
         "; expected a well-formed PTS composite.xml";
}

}  // namespace

bool sniff_composite_xml(std::string_view text) {
  auto start = text.find_first_not_of(" \t\r\n");
  if (start == std::string_view::npos) return false;
  text.remove_prefix(start);
  return text.starts_with("<?xml") || text.starts_with("<PhoronixTestSuite") ||
         (text.starts_with("<!--") && text.find("<PhoronixTestSuite") != std::string_view::npos);
}

void read_composite_xml(reader_context& base, const read_options& options) {
  xml_context ctx{base};
  auto text = ctx.text;
  const auto& name = ctx.name;
  auto& file = ctx.out;

  pugi::xml_document doc;
  // UTF-8 in, no conversion: node offsets then point into `text`, for positions. pugixml never
  // expands a DOCTYPE's entities nor reads external ones; parse_doctype only keeps the node,
  // so that a DOCTYPE can be reported.
  auto parsed = doc.load_buffer(text.data(), text.size(), pugi::parse_default | pugi::parse_doctype,
                                pugi::encoding_utf8);
  if (!parsed) {
    ctx.fail(static_cast<std::size_t>(parsed.offset), describe(parsed));
  }
  if (depth_check check(options.max_xml_depth); !doc.traverse(check)) {
    throw parse_error(name, ctx.at(check.too_deep),
                      "elements nested more than " + std::to_string(options.max_xml_depth) +
                          " deep; expected a composite.xml (4 levels; raise the 'xml-depth' "
                          "limit)");
  }
  for (auto node : doc.children()) {
    if (node.type() != pugi::node_doctype) continue;
    // pugixml points after `<!DOCTYPE `; users look for the `<`.
    auto offset = text.rfind("<!DOCTYPE", static_cast<std::size_t>(node.offset_debug()));
    ctx.warn(offset == std::string_view::npos ? 0 : offset,
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
      read_generated(ctx, generated);
    } else {
      ctx.warn(root, "no <Generated> element: the file has no title or description");
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
