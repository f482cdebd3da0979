// SPDX-License-Identifier: MIT
// composite.xml as PTS 0.1-2.x wrote it (2008 - Nov 2010; docs/composite-xml.md): Suite, System,
// Benchmark in any order. Today's PTS reads nothing from these files; the mapping to today's
// elements is PTS 3.x's, which read both.
#include "input/composite_xml/xml_support.hpp"
#include "input/stored_result.hpp"
#include "input/system_fields.hpp"
#include "strings.hpp"

namespace iosr::detail {

namespace {

// One System element may stand for several runs merged together: AssociatedIdentifiers is
// then a comma list of their labels, all sharing the one hardware/software description.
void read_legacy_system(const xml_context& ctx, const pugi::xml_node& node) {
  auto labels = child_text(node, "AssociatedIdentifiers");
  if (labels.empty()) {
    ctx.warn(node, message_code::system_without_identifier,
             "a System has no AssociatedIdentifiers; its entries cannot name it");
  }
  for_each_piece(labels, ',', [&](std::string_view label) {
    auto s = make_system(std::string(label));
    s.where = ctx.at(node);
    s.hardware = split_fields(child_text(node, "Hardware"));
    s.software = split_fields(child_text(node, "Software"));
    s.user = child_text(node, "Author");
    s.timestamp = child_text(node, "TestDate");
    s.notes = child_text(node, "TestNotes");
    s.client_version = child_text(node, "Version");
    ctx.out.systems.push_back(std::move(s));
  });
}

void read_benchmark(const xml_context& ctx, const pugi::xml_node& node) {
  result r;
  r.where = ctx.at(node);
  r.test_id = child_text(node, "TestName");
  r.title = child_text(node, "Name");
  r.version = child_text(node, "Version");
  r.arguments = child_text(node, "TestArguments");
  r.description = child_text(node, "Attributes");
  r.unit = child_text(node, "Scale");
  auto proportion = direction_of_proportion(child_text(node, "Proportion"), "Proportion");
  r.direction = proportion.value;
  if (!proportion.unknown.empty()) {
    ctx.warn(node.child("Proportion"), message_code::direction_unknown,
             std::move(proportion.unknown));
  }
  r.display_format = display_format::from_name(child_text(node, "ResultFormat"));
  for (auto group : node.child("Results").children("Group")) {
    for (auto e : group.children("Entry")) ctx.add_entry(r, read_xml_entry(ctx, e, r));
  }
  ctx.out.results.push_back(std::move(r));
}

}  // namespace

void read_legacy_layout(const xml_context& ctx, const pugi::xml_node& root) {
  auto suite = root.child("Suite");
  ctx.out.title = child_text(suite, "Title");
  ctx.out.description = child_text(suite, "Description");
  auto generated = root.child("Generated");
  ctx.out.last_modified = child_text(generated, "TimeStamp");
  ctx.out.test_client = child_text(generated, "TestClientString");
  for (auto s : root.children("System")) read_legacy_system(ctx, s);
  for (auto b : root.children("Benchmark")) read_benchmark(ctx, b);
  ctx.warn(root, message_code::old_layout,
           "PTS 0.1-2.x layout (2008-2010); today's PTS cannot read this file");
}

}  // namespace iosr::detail
