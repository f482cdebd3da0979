// SPDX-License-Identifier: MIT
// The layout of the JSON documents iosr writes (see json_document.hpp).
#include "render/json_document.hpp"

#include "render/escape.hpp"

namespace iosr::detail {

namespace {

using json = nlohmann::ordered_json;

constexpr std::size_t indent_step = 2;

void append_value(std::string& out, const json& value, std::size_t indent);

// `{` or `[`, one member per line one step further in, then the closing bracket at `indent`;
// an empty one stays `{}` or `[]`.
template <class Each>
void append_members(std::string& out, const json& value, std::size_t indent, char open, char close,
                    Each each) {
  out.push_back(open);
  if (value.empty()) {
    out.push_back(close);
    return;
  }
  out.push_back('\n');
  bool first = true;
  for (auto it = value.begin(); it != value.end(); ++it) {
    if (!first) out += ",\n";
    first = false;
    out.append(indent + indent_step, ' ');
    each(it);
  }
  out.push_back('\n');
  out.append(indent, ' ');
  out.push_back(close);
}

void append_value(std::string& out, const json& value, std::size_t indent) {
  const std::size_t inner = indent + indent_step;
  switch (value.type()) {
    case json::value_t::object:
      append_members(out, value, indent, '{', '}', [&](json::const_iterator it) {
        append_json_string(out, it.key(), json_style::document);
        out += ": ";
        append_value(out, it.value(), inner);
      });
      break;
    case json::value_t::array:
      append_members(out, value, indent, '[', ']',
                     [&](json::const_iterator it) { append_value(out, *it, inner); });
      break;
    case json::value_t::string:
      append_json_string(out, value.get_ref<const std::string&>(), json_style::document);
      break;
    default:
      // Numbers, booleans and null, written as nlohmann writes them (shortest round-trip
      // doubles, `1e-07`): the documents' numbers stay as they always were.
      out += value.dump();
  }
}

}  // namespace

void append_json_document(std::string& out, const nlohmann::ordered_json& doc) {
  append_value(out, doc, 0);
}

}  // namespace iosr::detail
