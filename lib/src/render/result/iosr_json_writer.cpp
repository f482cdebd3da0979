// SPDX-License-Identifier: MIT
// iosr's own JSON format: every field of the model, so that reading it back gives the same
// result_file (schema: docs/json.md; reader: lib/src/input/iosr_json/iosr_json_reader.cpp).
#include <cmath>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "iosr/model.hpp"
#include "iosr/render.hpp"
#include "render/json_document.hpp"
#include "render/result/result_formats.hpp"

namespace iosr::detail {

namespace {

// Keeps members in the order written here; the schema puts "format" and "version" first.
using json = nlohmann::ordered_json;

json position(const source_position& where) {
  json out;
  out["line"] = where.line;
  out["column"] = where.column;
  return out;
}

// JSON has no NaN or infinity: those are written as strings the reader knows (docs/json.md).
json number(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  return value;
}

// Optional numbers are left out when empty, never written as null.
void put_optional(json& object, const char* key, const std::optional<double>& value) {
  if (value) object[key] = number(*value);
}

json fields(const std::vector<field>& list) {
  json out = json::array();
  for (const auto& f : list) {
    json& item = out.emplace_back();
    item["key"] = f.key;
    item["value"] = f.value;
  }
  return out;
}

// Members are set one by one, in schema order: nlohmann copies every value of a braced list.

json system_json(const system& s) {
  json out;
  out["label"] = s.label;
  out["group"] = s.group;
  out["name"] = s.name;
  out["scheduler"] = s.scheduler;
  out["hardware"] = fields(s.hardware);
  out["software"] = fields(s.software);
  out["user"] = s.user;
  out["timestamp"] = s.timestamp;
  out["client_version"] = s.client_version;
  out["notes"] = s.notes;
  out["json"] = s.json;
  out["cost"] = s.cost;
  out["where"] = position(s.where);
  return out;
}

json entry_json(const entry& e) {
  json out;
  out["label"] = e.label;
  out["kind"] = to_string(e.kind);
  out["value_text"] = e.value_text;
  put_optional(out, "value", e.value);
  put_optional(out, "min", e.min);
  put_optional(out, "max", e.max);
  out["samples"] = e.samples;
  put_optional(out, "standard_error", e.standard_error);
  if (e.sample_count) out["sample_count"] = *e.sample_count;
  out["error"] = e.error;
  out["json"] = e.json;
  out["where"] = position(e.where);
  return out;
}

json result_json(const result& r) {
  json out;
  out["title"] = r.title;
  out["version"] = r.version;
  out["description"] = r.description;
  out["unit"] = r.unit;
  out["direction"] = to_string(r.direction);
  out["display_format"] = r.display_format.name();
  out["test_id"] = r.test_id;
  out["arguments"] = r.arguments;
  out["annotation"] = r.annotation;
  out["parent"] = r.parent;
  json entries = json::array();
  for (const auto& e : r.entries) entries.push_back(entry_json(e));
  out["entries"] = std::move(entries);
  out["where"] = position(r.where);
  return out;
}

json file_json(const result_file& f) {
  json source;
  source["name"] = f.source_name;
  source["format"] = f.format;
  json systems = json::array();
  for (const auto& s : f.systems) systems.push_back(system_json(s));
  json results = json::array();
  for (const auto& r : f.results) results.push_back(result_json(r));
  json warnings = json::array();
  for (const auto& w : f.warnings) {
    json& item = warnings.emplace_back();
    item["where"] = position(w.where);
    item["message"] = w.message;
  }

  json out;
  out["format"] = "iosr-result";
  out["version"] = 1;
  out["source"] = std::move(source);
  out["title"] = f.title;
  out["description"] = f.description;
  out["last_modified"] = f.last_modified;
  out["test_client"] = f.test_client;
  out["notes"] = f.notes;
  out["internal_tags"] = f.internal_tags;
  out["reference_id"] = f.reference_id;
  out["preset_environment"] = f.preset_environment;
  out["systems"] = std::move(systems);
  out["results"] = std::move(results);
  out["warnings"] = std::move(warnings);
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
