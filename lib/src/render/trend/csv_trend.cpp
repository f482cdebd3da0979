// SPDX-License-Identifier: MIT
// The trend as CSV: one row per (test, configuration, point), the geometric means first with
// `geometric mean` as their test; the columns are documented in docs/db.md.
#include <fmt/format.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "iosr/counted.hpp"
#include "render/escape.hpp"
#include "render/trend/trend_formats.hpp"

namespace iosr::detail {

namespace {

void rows(const trend& t, const trend_test_info& info, const trend_series& s, std::string& out) {
  const auto& conf = t.configurations[s.configuration];
  const auto& machine = t.machines[conf.machine].name;
  // The columns every value of the series shares, escaped once (a million rows repeated them).
  std::string shared;
  {
    csv_row_writer row(shared);
    row.field(info.title);
    row.field(info.version);
    row.field(info.description);
    row.field(info.unit);
    row.field(to_string(info.direction));
    row.field(machine);
    row.field(conf.name);
    row.field({});  // the baseline, which each value names
  }
  std::optional<std::uint32_t> baseline_of;  // whose name `baseline` holds
  std::string baseline;
  for (const auto& v : s.values) {
    if (baseline_of != v.baseline) {
      baseline_of = v.baseline;
      baseline.clear();
      append_csv_field(baseline, baseline_name(t, v));
    }
    out += shared;
    out += baseline;
    out += ',';
    csv_row_writer row(out);
    row.field(t.points[v.point].name);
    row.number(v.ratio);
    row.integer(v.runs);
    row.integer(v.baseline_runs);
    row.field(v.change_point ? "true" : "false");
    const trend_change* change = nullptr;
    for (const auto& c : s.changes) {
      if (c.point == v.point) change = &c;
    }
    row.number(change ? std::optional<double>(change->before) : std::nullopt);
    row.number(change ? std::optional<double>(change->after) : std::nullopt);
    row.number(change ? std::optional<double>(change->p_value) : std::nullopt);
    // An excursion's change point: where the series is back, and at what.
    const bool excursion = change && change->back;
    row.field(excursion ? t.points[*change->back].name : std::string());
    row.number(excursion ? std::optional<double>(change->back_to) : std::nullopt);
    row.end();
  }
}

}  // namespace

void render_csv_trend(const trend& t, const trend_render_options&, trend_output& to) {
  auto& out = to.text;
  out +=
      "test,version,description,unit,direction,machine,configuration,baseline,point,ratio,"
      "runs,baseline_runs,change_point,step_before,step_after,p_value,back_at,back_to\n";
  for (const auto& s : t.geomean) {
    const trend_test_info info{
        "geometric mean", "",
        fmt::format("chained over {}, each point against the one before", counted(s.tests, "test")),
        "", direction::higher};
    rows(t, info, s, out);
    to.pass();
  }
  for (const auto& test : t.tests) {
    for (const auto& s : test.series) rows(t, test.info, s, out);
    to.pass();
  }
}

}  // namespace iosr::detail
