// SPDX-License-Identifier: MIT
// iosr's own JSON format: every field of the model, so that reading it back gives the same
// result_file. The members are those of the schema table (iosr_json_schema.hpp, which the
// reader walks too; docs/json.md).
#include <cmath>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "iosr/model.hpp"
#include "iosr/render.hpp"
#include "iosr_json_schema.hpp"
#include "render/json_document.hpp"
#include "render/result/result_formats.hpp"

namespace iosr::detail {

namespace {

// Keeps members in the order written; the schema puts "format" and "version" first.
using json = nlohmann::ordered_json;

template <iosr_json::object_type T>
json object_json(const T& value);

// JSON has no NaN or infinity: those are written as strings the reader knows (docs/json.md).
json number(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  return value;
}

// One member's value, by the type of the field it holds. Optional numbers are left out when
// empty, never written as null. Members are set one by one: nlohmann copies every value of a
// braced list.
void put(json& out, std::string_view key, const std::string& value) {
  out[std::string(key)] = value;
}
void put(json& out, std::string_view key, std::size_t value) { out[std::string(key)] = value; }
// A flag is written when it is set: its absence reads as false.
void put(json& out, std::string_view key, bool value) {
  if (value) out[std::string(key)] = true;
}
void put(json& out, std::string_view key, const std::optional<double>& value) {
  if (value) out[std::string(key)] = number(*value);
}
void put(json& out, std::string_view key, const std::optional<std::size_t>& value) {
  if (value) out[std::string(key)] = *value;
}
void put(json& out, std::string_view key, entry_kind value) {
  out[std::string(key)] = to_string(value);
}
void put(json& out, std::string_view key, direction value) {
  out[std::string(key)] = to_string(value);
}
void put(json& out, std::string_view key, message_code value) {
  out[std::string(key)] = to_string(value);
}
void put(json& out, std::string_view key, const display_format& value) {
  out[std::string(key)] = value.name();
}
void put(json& out, std::string_view key, const std::vector<std::string>& values) {
  out[std::string(key)] = values;
}
template <iosr_json::object_type T>
void put(json& out, std::string_view key, const T& value) {
  out[std::string(key)] = object_json(value);
}
template <iosr_json::object_type T>
void put(json& out, std::string_view key, const std::vector<T>& values) {
  json items = json::array();
  for (const auto& v : values) items.push_back(object_json(v));
  out[std::string(key)] = std::move(items);
}

template <iosr_json::object_type T>
json object_json(const T& value) {
  json out;
  iosr_json::for_each_member<T>([&](const auto& m) { put(out, m.key, value.*m.field); });
  return out;
}

json file_json(const result_file& f) {
  json source;
  source["name"] = f.source_name;
  source["format"] = f.format;
  json out;
  out["format"] = "iosr-result";
  out["version"] = 1;
  out["source"] = std::move(source);
  iosr_json::for_each_member<result_file>([&](const auto& m) { put(out, m.key, f.*m.field); });
  return out;
}

}  // namespace

void write_iosr_json(std::span<const result_file> files, const render_options&, std::string& out) {
  for (const auto& f : files) {
    // UTF-8 is written as is; a byte sequence that is not UTF-8 cannot be JSON text and becomes
    // U+FFFD (the one loss, documented in docs/json.md).
    append_json_document(out, file_json(f));
    out += '\n';
  }
}

}  // namespace iosr::detail
