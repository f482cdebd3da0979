// SPDX-License-Identifier: MIT
// The comparison as CSV: one row per entry per test (schema: docs/compare.md). The first
// columns are the tidy CSV's (docs/csv.md), so the two join on file, test and label.
#include <fmt/format.h>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "render/comparison/comparison_cells.hpp"
#include "render/comparison/comparison_formats.hpp"
#include "render/escape.hpp"

namespace iosr::detail {

namespace {

// The column order is part of the stable schema: only ever append new columns at the end.
// Schema version 2 added the seven after `noise`, version 3 the two after, version 4 the last
// two, on lines of their own.
// clang-format off
constexpr std::string_view columns[] = {
    "file",           "result_title", "version", "description", "unit",  "direction",
    "label",          "group",        "name",    "scheduler",   "value", "baseline_label",
    "baseline_value", "delta_pct",    "ratio",   "rank",        "noise",
    "p_value",        "p_adjusted",   "delta_ci_low", "delta_ci_high",
    "n",              "baseline_n",   "outlier_runs",
    "geomean_share",  "missing",
    "detectable_pct", "runs_disagree",
};
// clang-format on

std::string count_text(const std::optional<std::size_t>& n) {
  return n ? std::to_string(*n) : std::string();
}

}  // namespace

void render_csv_comparison(const comparison& c, const comparison_render_options&,
                           std::string& out) {
  csv_row_writer row(out);
  for (auto name : columns) row.field(name);
  row.end();
  for (const auto& test : c.tests) {
    for (const auto& e : test.entries) {
      const auto& conf = c.configurations[e.configuration];
      const auto& baseline = c.compare_groups[conf.compare_group].baseline;
      row.field(c.inputs[conf.input].source_name);
      row.field(test.title);
      row.field(test.version);
      row.field(test.description);
      row.field(test.unit);
      row.field(to_string(test.direction));
      row.field(conf.source_label);
      row.field(conf.system_group);
      row.field(conf.name);
      row.field(conf.scheduler);
      row.field(e.value_text);
      row.field(baseline ? c.configurations[*baseline].label : std::string());
      row.field(e.baseline_value_text);
      row.number(e.delta_pct);
      row.number(e.ratio);
      row.field(e.rank > 0 ? std::to_string(e.rank) : std::string());
      row.field(to_string(e.noise));
      row.number(e.p_value);
      row.number(e.p_adjusted);
      row.number(e.delta_ci_low);
      row.number(e.delta_ci_high);
      row.field(count_text(e.n));
      row.field(count_text(e.baseline_n));
      row.field(count_text(e.outlier_runs));
      row.number(e.geomean_share);
      row.field(missing_text(e));
      row.number(e.detectable_pct);
      row.field(e.runs_disagree ? "true" : "false");
      row.end();
    }
  }
}

}  // namespace iosr::detail
