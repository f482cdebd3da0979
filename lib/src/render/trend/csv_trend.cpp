// SPDX-License-Identifier: MIT
// The trend as CSV: one row per (test, configuration, point), the geometric means first with
// `geometric mean` as their test; the columns are documented in docs/db.md.
#include <fmt/compile.h>
#include <fmt/format.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "iosr/counted.hpp"
#include "render/escape.hpp"
#include "render/trend/trend_formats.hpp"

namespace iosr::detail {

namespace {

// A number's shortest round-trip text at `to` (csv_row_writer::number's); none: nothing.
char* write_number(char* to, const std::optional<double>& v) {
  return v ? fmt::format_to(to, FMT_COMPILE("{}"), *v) : to;
}

char* write_integer(char* to, std::uint64_t v) {
  const fmt::format_int text(v);
  return std::copy(text.data(), text.data() + text.size(), to);
}

// The most bytes write_number() and write_integer() take (`-2.2250738585072014e-308`: 24).
constexpr std::size_t number_room = 32;

void rows(const trend& t, const trend_test_info& info, const trend_series& s, std::string& out,
          std::string& room) {
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
    const trend_change* change = nullptr;
    for (const auto& c : s.changes) {
      if (c.point == v.point) change = &c;
    }
    // An excursion's change point: where the series is back, and at what.
    const bool excursion = change && change->back;
    const std::string_view point = t.points[v.point].name;
    const std::string_view back = excursion ? t.points[*change->back].name : std::string_view();
    // The rest of the row as csv_row_writer writes it, with plain stores into room for its
    // longest (quoted texts double, numbers number_room): a call and a capacity check per
    // byte and comma were a tenth of a million-row CSV's instructions.
    const std::size_t most = 2 * (point.size() + back.size()) + 4 + 7 * number_room + 32;
    if (room.size() < most) room.resize(most);
    char* const start = room.data();
    char* to = start;
    *to++ = ',';
    to = write_csv_field(to, point);
    *to++ = ',';
    to = write_number(to, v.ratio);
    *to++ = ',';
    to = write_integer(to, v.runs);
    *to++ = ',';
    to = write_integer(to, v.baseline_runs);
    *to++ = ',';
    to = write_csv_field(to, v.change_point ? "true" : "false");
    *to++ = ',';
    to = write_number(to, change ? std::optional<double>(change->before) : std::nullopt);
    *to++ = ',';
    to = write_number(to, change ? std::optional<double>(change->after) : std::nullopt);
    *to++ = ',';
    to = write_number(to, change ? std::optional<double>(change->p_value) : std::nullopt);
    *to++ = ',';
    to = write_csv_field(to, back);
    *to++ = ',';
    to = write_number(to, excursion ? std::optional<double>(change->back_to) : std::nullopt);
    *to++ = '\n';
    out.append(start, static_cast<std::size_t>(to - start));
  }
}

}  // namespace

void render_csv_trend(const trend& t, const trend_render_options&, trend_output& to) {
  auto& out = to.text;
  out +=
      "test,version,description,unit,direction,machine,configuration,baseline,point,ratio,"
      "runs,baseline_runs,change_point,step_before,step_after,p_value,back_at,back_to\n";
  std::string room;  // each row's numbers and points, written before they are appended
  for (const auto& s : t.geomean) {
    const trend_test_info info{
        "geometric mean", "",
        fmt::format("chained over {}, each point against the one before", counted(s.tests, "test")),
        "", direction::higher};
    rows(t, info, s, out, room);
    to.pass();
  }
  for (const auto& test : t.tests) {
    for (const auto& s : test.series) rows(t, test.info, s, out, room);
    to.pass();
  }
}

}  // namespace iosr::detail
