// SPDX-License-Identifier: MIT
// The trend as one JSON document (docs/db.md). Written directly rather than through a DOM: a
// trend over a million runs has close to a million values, and building a tree of them first
// would take longer than computing them.
#include <fmt/format.h>

#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include "render/escape.hpp"
#include "render/trend/trend_formats.hpp"

namespace iosr::detail {

namespace {

void string(std::string& out, std::string_view s) {
  append_json_string(out, s, json_style::document);
}

// The JSON strings `text(item)` of `items`, comma-separated, for an array's brackets.
template <class Items, class Text>
void strings(std::string& out, const Items& items, Text text) {
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i) out += ", ";
    string(out, text(items[i]));
  }
}

// The shortest text that reads back as the same double, as the CSV writes numbers.
void number(std::string& out, double v) { fmt::format_to(std::back_inserter(out), "{}", v); }

// `"key": "text"` members, joined by `, `: the texts of one object, in order.
void text_members(std::string& out,
                  std::initializer_list<std::pair<std::string_view, std::string_view>> members) {
  bool first = true;
  for (const auto& [key, text] : members) {
    if (!first) out += ", ";
    first = false;
    string(out, key);
    out += ": ";
    string(out, text);
  }
}

void series_json(const trend& t, const trend_series& s, bool geomean, std::string& out) {
  out += "{\"configuration\": ";
  string(out, t.configurations[s.configuration].name);
  out += fmt::format(", \"machine\": {}",
                     machine_number(t, t.configurations[s.configuration].machine));
  if (geomean) out += fmt::format(", \"tests\": {}", s.tests);
  out += ",\n        \"values\": [";
  for (std::size_t i = 0; i < s.values.size(); ++i) {
    const auto& v = s.values[i];
    out += i ? ",\n          {\"point\": " : "\n          {\"point\": ";
    string(out, t.points[v.point].name);
    out += ", \"ratio\": ";
    if (v.ratio) {
      number(out, *v.ratio);
    } else {
      out += "null";
    }
    out += fmt::format(", \"runs\": {}, \"baseline\": ", v.runs);
    string(out, baseline_name(t, v));
    out += fmt::format(", \"baseline_runs\": {}, \"change_point\": {}}}", v.baseline_runs,
                       v.change_point ? "true" : "false");
  }
  out += "],\n        \"changes\": [";
  for (std::size_t i = 0; i < s.changes.size(); ++i) {
    const auto& c = s.changes[i];
    out += i ? ", {\"point\": " : "{\"point\": ";
    string(out, t.points[c.point].name);
    out += fmt::format(", \"before\": {}, \"after\": {}, \"p_value\": {}", c.before, c.after,
                       c.p_value);
    // An excursion: where the series is back, and at what; a step has neither.
    if (c.back) {
      out += ", \"back\": ";
      string(out, t.points[*c.back].name);
      out += fmt::format(", \"back_to\": {}", c.back_to);
    }
    out += ", \"text\": ";
    string(out, change_text(t, s, c));
    out += "}";
  }
  out += "]}";
}

}  // namespace

void render_json_trend(const trend& t, const trend_render_options&, trend_output& to) {
  auto& out = to.text;
  out += "{\n  \"by\": ";
  string(out, to_string(t.by));
  out +=
      ",\n  \"method\": {\"name\": \"circular binary segmentation, Student's t on log ratios, "
      "Bonferroni\", \"alpha\": ";
  number(out, t.alpha);
  out += ", \"min_step\": ";
  number(out, t.min_step);
  out += "},\n  \"baseline_point\": ";
  if (t.baseline_point) {
    string(out, t.points[*t.baseline_point].name);
  } else {
    out += "null";
  }
  out += ",\n  \"points\": [";
  strings(out, t.points, [](const trend_point& p) -> std::string_view { return p.name; });
  out += "],\n  \"machines\": [";
  for (std::size_t i = 0; i < t.machines.size(); ++i) {
    out += i ? ",\n    {\"number\": " : "\n    {\"number\": ";
    out += fmt::format("{}, \"name\": ", machine_number(t, i));
    string(out, t.machines[i].name);
    out += ", \"hardware\": {";
    for (std::size_t f = 0; f < t.machines[i].hardware.size(); ++f) {
      if (f) out += ", ";
      string(out, t.machines[i].hardware[f].key);
      out += ": ";
      string(out, t.machines[i].hardware[f].value);
    }
    out += "}}";
  }
  out += "],\n  \"configurations\": [";
  // The configurations of the machines shown (the others' machines are not in `machines`).
  bool first = true;
  for (const auto& c : t.configurations) {
    if (c.machine >= t.machines.size()) continue;
    out += first ? "\n    {" : ",\n    {";
    first = false;
    text_members(out, {{"name", c.name}, {"group", c.group}, {"scheduler", c.scheduler}});
    out += fmt::format(", \"machine\": {}}}", machine_number(t, c.machine));
  }
  out += "],\n  \"geometric_mean\": [";
  for (std::size_t i = 0; i < t.geomean.size(); ++i) {
    out += i ? ",\n      " : "\n      ";
    series_json(t, t.geomean[i], true, out);
    to.pass();
  }
  out += "],\n  \"tests\": [";
  for (std::size_t i = 0; i < t.tests.size(); ++i) {
    const auto& info = t.tests[i].info;
    out += i ? ",\n    {" : "\n    {";
    text_members(out, {{"title", info.title},
                       {"version", info.version},
                       {"description", info.description},
                       {"unit", info.unit},
                       {"direction", to_string(info.direction)}});
    out += ",\n     \"series\": [";
    for (std::size_t k = 0; k < t.tests[i].series.size(); ++k) {
      out += k ? ",\n      " : "\n      ";
      series_json(t, t.tests[i].series[k], false, out);
    }
    out += "]}";
    to.pass();
  }
  out += "],\n  \"notes\": [";
  strings(out, t.notes, [](const note& n) -> std::string_view { return n.text; });
  out += "]\n}\n";
}

}  // namespace iosr::detail
