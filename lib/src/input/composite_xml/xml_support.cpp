// SPDX-License-Identifier: MIT
// What the two composite.xml layouts share: positions from pugixml's nodes, child texts read
// in one walk, and entries from Entry elements (see xml_support.hpp).
#include "input/composite_xml/xml_support.hpp"

#include <algorithm>
#include <cstring>
#include <optional>
#include <span>

#include "input/stored_result.hpp"
#include "iosr_members.hpp"
#include "number.hpp"
#include "strings.hpp"

namespace iosr::detail {

source_position xml_context::at(const pugi::xml_node& node) const {
  auto offset = node.offset_debug();
  if (offset < 0) return {};
  // pugixml points at an element's name; users look for its `<`.
  if (node.type() == pugi::node_element && offset > 0) --offset;
  return at(static_cast<std::size_t>(offset));
}

void xml_context::warn(const pugi::xml_node& node, message_code code, std::string message) const {
  out.warnings.push_back({at(node), code, std::move(message)});
}

namespace {

bool is_xml_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

std::string_view trimmed_text(const pugi::xml_node& element) {
  std::string_view text = element.child_value();
  while (!text.empty() && is_xml_blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_xml_blank(text.back())) text.remove_suffix(1);
  return text;
}

}  // namespace

std::string child_text(const pugi::xml_node& node, const char* name) {
  return std::string(trimmed_text(node.child(name)));
}

void read_child_texts(const pugi::xml_node& node, std::span<const char* const> names,
                      std::span<std::string_view> texts) {
  constexpr std::size_t most = 32;
  std::size_t count = std::min({names.size(), texts.size(), most});
  bool found[most] = {};
  std::size_t next = 0;  // where the search starts: the name after the last one found
  // Only elements have names here: text and CDATA have none, and comments, processing
  // instructions and declarations are not kept (the readers' parse flags). Asking each child's
  // type as well was a call into pugixml per child.
  for (auto child = node.first_child(); child; child = child.next_sibling()) {
    const char* name = child.name();
    for (std::size_t tried = 0; tried < count; ++tried) {
      std::size_t i = next + tried;  // below 2 * count: wrapped without a division
      if (i >= count) i -= count;
      if (found[i] || std::strcmp(names[i], name) != 0) continue;
      found[i] = true;
      texts[i] = trimmed_text(child);
      next = i + 1;
      break;
    }
  }
  for (std::size_t i = 0; i < count; ++i) {
    if (!found[i]) texts[i] = {};
  }
}

entry read_xml_entry(const xml_context& ctx, const pugi::xml_node& node, const result& chart) {
  auto [label, value, raw_string, entry_json] =
      child_texts(node, {"Identifier", "Value", "RawString", "JSON"});
  // The strings are made, then moved in: assigning views went through std::string's general
  // replace, a tenth of reading an entry.
  entry e;
  e.label = std::string(label);
  e.value_text = std::string(value);
  e.json = std::string(entry_json);
  e.where = ctx.at(node);
  // iosr's own member, last in the object as iosr writes it (iosr_members.hpp).
  if (auto deviation = take_member(e.json, relative_deviation_member)) {
    e.relative_deviation = parse_number(*deviation);
  }
  auto about = [&] { return "'" + e.label + "' in '" + chart.title + "': "; };
  auto report_bad_json = [&] {
    ctx.warn(node, message_code::entry_json_not_an_object,
             about() + "Entry JSON is not a JSON object; kept as written");
  };
  // Entry JSON is parsed only where the model takes something from it (a failed run's error,
  // the range of a line graph written from a text export): parsing every entry's run times
  // was a third of a batch conversion's work. Elsewhere only its shape is checked.
  auto details = [&](std::span<const char* const> keys, std::span<std::string> found) {
    bool is_object = json_string_members(e.json, keys, found);
    if (!e.json.empty() && !is_object) report_bad_json();
  };
  if (e.value_text.empty()) {
    e.kind = entry_kind::failed;
    static constexpr const char* error_key[] = {"error"};
    details(error_key, {&e.error, 1});
    return e;
  }
  if (auto odd = read_stored_value(e, chart.display_format); !odd.empty()) {
    ctx.warn(node, odd.code, about() + odd.text);
  }
  if (e.kind == entry_kind::series && e.value_text.find(',') == std::string::npos) {
    static constexpr const char* range_keys[] = {"min-result", "max-result"};
    std::string range[2];
    details(range_keys, range);
    if (auto low = parse_number(range[0])) e.min = low;
    if (auto high = parse_number(range[1])) e.max = high;
  } else if (!e.json.empty() && (e.json.front() != '{' || e.json.back() != '}')) {
    report_bad_json();
  }
  // Samples and standard error from RawString; one equal to the value lists no runs.
  if (e.kind == entry_kind::number && !raw_string.empty() && raw_string != e.value_text) {
    e.samples.reserve(count_pieces(raw_string, ':'));
    for_each_piece(raw_string, ':', [&](std::string_view run) { e.samples.emplace_back(run); });
    if (!fill_standard_error(e)) {
      ctx.warn(node, message_code::runs_not_numbers,
               about() + "RawString '" + std::string(raw_string) +
                   "' holds runs that are not numbers; the standard error uses the "
                   "numeric ones");
    }
  }
  return e;
}

}  // namespace iosr::detail
