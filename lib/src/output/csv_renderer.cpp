// SPDX-License-Identifier: MIT
// The tidy CSV output: one row per entry over all files (schema: docs/csv.md).
// Fields are quoted per RFC 4180 (see csv_escape.hpp); lines end with a bare `\n`, which
// Python's csv module, pandas, DuckDB and spreadsheets all read as a record end.
#include <fmt/format.h>

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "iosr/model.hpp"
#include "iosr/render.hpp"
#include "output/csv_escape.hpp"
#include "output/output_formats.hpp"

namespace iosr::detail {

namespace {

// The column order is part of the stable schema: only ever append new columns at the end.
constexpr std::string_view columns[] = {
    "file",      "result_title",   "version",      "description", "unit",           "direction",
    "label",     "group",          "name",         "scheduler",   "value",          "kind",
    "samples",   "standard_error", "sample_count", "test_id",     "display_format", "error",
    "arguments", "numeric_value",  "min",          "max",
};

std::string join_samples(const std::vector<std::string>& samples) {
  std::string joined;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    if (i != 0) joined.push_back(':');
    joined += samples[i];
  }
  return joined;
}

using system_index = std::unordered_map<std::string_view, const system*>;

void write_entry(csv_row_writer& row, const result_file& file, const system_index& systems,
                 const result& res, const entry& e) {
  // A label absent from the file's systems still gets group / name / scheduler from its text.
  auto found = systems.find(e.label);
  const system* sys = found == systems.end() ? nullptr : found->second;
  system absent;
  if (sys == nullptr) {
    absent = make_system(e.label);
    sys = &absent;
  }

  row.field(file.source_name);
  row.field(res.title);
  row.field(res.version);
  row.field(res.description);
  row.field(res.unit);
  row.field(to_string(res.direction));
  row.field(e.label);
  row.field(sys->group);
  row.field(sys->name);
  row.field(sys->scheduler);
  row.field(e.value_text);  // exactly as written: `24.00` stays `24.00`
  row.field(to_string(e.kind));
  row.field(join_samples(e.samples));
  row.number(e.standard_error);
  row.field(e.sample_count ? fmt::format("{}", *e.sample_count) : std::string());
  row.field(res.test_id);
  row.field(res.display_format);
  row.field(e.error);
  row.field(res.arguments);
  row.number(e.value);
  row.number(e.min);
  row.number(e.max);
  row.end();
}

}  // namespace

void render_csv(std::span<const result_file> files, const render_options& options,
                std::string& out) {
  csv_row_writer row(out);
  if (options.header) {
    for (auto name : columns) row.field(name);
    row.end();
  }
  for (const auto& file : files) {
    // Looked up once per entry: a linear search is quadratic on charts with many systems.
    system_index systems;
    for (const auto& s : file.systems) systems.emplace(s.label, &s);  // first one wins
    for (const auto& res : file.results) {
      for (const auto& e : res.entries) write_entry(row, file, systems, res, e);
    }
  }
}

}  // namespace iosr::detail
