// SPDX-License-Identifier: MIT
// composite.xml output: today's PTS layout (docs/composite-xml.md), elements in PTS's order
// (composite_xml_schema.hpp), two-space indentation, empty elements written open-close as PTS
// does. Optional elements (Notes of the file, Annotation, Parent, JSON, ...) are written only
// when the model has them.
#include <fmt/format.h>

#include <pugixml.hpp>
#include <sstream>
#include <stdexcept>

#include "composite_xml_schema.hpp"
#include "direction_names.hpp"
#include "iosr/error.hpp"
#include "iosr/version.hpp"
#include "iosr_members.hpp"
#include "render/escape.hpp"
#include "render/result/result_formats.hpp"

namespace iosr::detail {

namespace {

void add_text(pugi::xml_node parent, const char* name, const std::string& text) {
  parent.append_child(name).text().set(xml_text(text).c_str());
}

void add_optional(pugi::xml_node parent, const char* name, const std::string& text) {
  if (!text.empty()) add_text(parent, name, text);
}

std::string join_fields(const std::vector<field>& fields) {
  std::string joined;
  for (const auto& f : fields) {
    if (!joined.empty()) joined += ", ";
    joined += f.key + ": " + f.value;
  }
  return joined;
}

std::string join_samples(const std::vector<std::string>& samples) {
  std::string joined;
  for (const auto& s : samples) {
    if (!joined.empty()) joined += ':';
    joined += s;
  }
  return joined;
}

std::string proportion(direction d) { return by_direction<std::string>(d, "HIB", "LIB", ""); }

// A model made without a display format (by a program of its own) still says how the chart is
// drawn: the kinds of its entries do.
std::string_view display_format_of(const result& r) {
  if (!r.display_format.empty()) return r.display_format.name();
  for (const auto& e : r.entries) {
    if (e.kind == entry_kind::pass_fail) return "PASS_FAIL";
    if (e.kind == entry_kind::series) return "LINE_GRAPH";
  }
  return "BAR_GRAPH";
}

// Entry JSON as read; otherwise what another format knew that PTS keeps there: the error of a
// failed run, and the minimum and maximum of a line graph read from a text export.
std::string pts_entry_json(const entry& e) {
  if (!e.json.empty()) return e.json;
  if (e.kind == entry_kind::failed && !e.error.empty()) {
    std::string json = "{\"error\":";
    append_json_string(json, e.error, json_style::pts_entry);
    return json + "}";
  }
  if (e.kind == entry_kind::series && e.min && e.max &&
      e.value_text.find(',') == std::string::npos) {
    return fmt::format("{{\"min-result\":\"{}\",\"max-result\":\"{}\"}}", *e.min, *e.max);
  }
  return "";
}

// PTS's members, then iosr's relative deviation (iosr_members.hpp), which PTS has no element
// for. An Entry JSON read as written from a file where it was no object takes no member: the
// deviation is then not written (docs/composite-xml.md says so).
std::string entry_json(const entry& e) {
  auto json = pts_entry_json(e);
  if (!e.relative_deviation) return json;
  auto with =
      with_member(json, relative_deviation_member, fmt::format("{}", *e.relative_deviation));
  return with ? *with : json;
}

// One element of a table (composite_xml_schema.hpp) from the model field it holds, by the
// field's type; one that is not `required` only when it is set.
template <class Owner>
void add_element(pugi::xml_node node, const table_member<Owner, std::string>& m,
                 const Owner& owner) {
  if (m.required || !(owner.*m.field).empty()) add_text(node, m.key.data(), owner.*m.field);
}
template <class Owner>
void add_element(pugi::xml_node node, const table_member<Owner, std::vector<field>>& m,
                 const Owner& owner) {
  add_text(node, m.key.data(), join_fields(owner.*m.field));
}
void add_element(pugi::xml_node node, const table_member<result, direction>& m, const result& r) {
  add_text(node, m.key.data(), proportion(r.*m.field));
}
void add_element(pugi::xml_node node, const table_member<result, display_format>& m,
                 const result& r) {
  add_text(node, m.key.data(), std::string(display_format_of(r)));
}

template <class Table, class Owner>
void add_elements(pugi::xml_node node, const Table& table, const Owner& owner) {
  for_each_member(table, [&](const auto& m) { add_element(node, m, owner); });
}

void add_result(pugi::xml_node root, const result& r) {
  auto node = root.append_child("Result");
  add_elements(node, composite_xml::result_elements, r);
  auto data = node.append_child("Data");
  for (const auto& e : r.entries) {
    auto entry_node = data.append_child("Entry");
    add_text(entry_node, "Identifier", e.label);
    add_text(entry_node, "Value", e.kind == entry_kind::failed ? std::string() : e.value_text);
    add_text(entry_node, "RawString", join_samples(e.samples));
    add_optional(entry_node, "JSON", entry_json(e));
  }
}

void render_one(const result_file& file, std::string& out) {
  pugi::xml_document doc;
  doc.append_child(pugi::node_declaration).append_attribute("version").set_value("1.0");
  auto comment = "written by iosr " + std::string(version());
  doc.append_child(pugi::node_comment).set_value(comment.c_str());
  auto root = doc.append_child("PhoronixTestSuite");
  add_elements(root.append_child("Generated"), composite_xml::generated_elements, file);
  for (const auto& s : file.systems) {
    if (!s.baseline) {
      add_elements(root.append_child("System"), composite_xml::system_elements, s);
      continue;
    }
    // The baseline mark in System JSON (iosr_members.hpp); not to a JSON that is no object.
    system marked = s;
    if (auto json = with_member(s.json, baseline_member, "true")) marked.json = std::move(*json);
    add_elements(root.append_child("System"), composite_xml::system_elements, marked);
  }
  for (const auto& r : file.results) add_result(root, r);
  std::ostringstream stream;
  doc.save(stream, "  ", pugi::format_indent | pugi::format_no_empty_element_tags,
           pugi::encoding_utf8);
  out += std::move(stream).str();
}

}  // namespace

void write_composite_xml(std::span<const result_file> files, const render_options&,
                         std::string& out) {
  if (files.size() > 1) {
    throw error(error_kind::usage,
                "composite.xml holds one result file; write each input to its "
                "own file");
  }
  for (const auto& file : files) render_one(file, out);
}

}  // namespace iosr::detail
