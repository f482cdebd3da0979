// SPDX-License-Identifier: MIT
// The trend as CSV: one row per (test, configuration, point), the geometric means first with
// `geometric mean` as their test; the columns are documented in docs/db.md.
#include <fmt/compile.h>
#include <fmt/format.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "iosr/counted.hpp"
#include "render/escape.hpp"
#include "render/trend/trend_formats.hpp"

namespace iosr::detail {

namespace {

// A number's shortest round-trip text at `to` (csv_row_writer::number's); none: nothing.
char* write_number(char* to, const std::optional<double>& v) {
  return v ? write_shortest(to, *v) : to;
}

char* write_integer(char* to, std::uint64_t v) {
  // The runs at a point, most often a digit or two: written without fmt's buffer and copy.
  if (v < 10) {
    *to = static_cast<char>('0' + v);
    return to + 1;
  }
  if (v < 100) {
    to[0] = static_cast<char>('0' + v / 10);
    to[1] = static_cast<char>('0' + v % 10);
    return to + 2;
  }
  const fmt::format_int text(v);
  return std::copy(text.data(), text.data() + text.size(), to);
}

// The most bytes write_number() and write_integer() take (`-2.2250738585072014e-308`: 24).
constexpr std::size_t number_room = 32;

// `text` at `to`; returns the end. An empty view may have no data at all (a row without an
// excursion's `back`), which memcpy must not be given, even for no bytes.
char* write_text(char* to, std::string_view text) {
  if (text.empty()) return to;
  std::memcpy(to, text.data(), text.size());
  return to + text.size();
}

void rows(const trend& t, const trend_test_info& info, const trend_series& s,
          const std::vector<std::string>& points, std::string& out, std::string& room) {
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
    const trend_change* change = nullptr;
    for (const auto& c : s.changes) {
      if (c.point == v.point) change = &c;
    }
    // An excursion's change point: where the series is back, and at what.
    const bool excursion = change && change->back;
    const std::string_view point = points[v.point];
    const std::string_view back = excursion ? points[*change->back] : std::string_view();
    // The rest of the row as csv_row_writer writes it, with plain stores into room for its
    // longest (the points escaped already, numbers number_room): a call and a capacity check per
    // byte and comma were a tenth of a million-row CSV's instructions.
    const std::size_t most =
        shared.size() + baseline.size() + point.size() + back.size() + 7 * number_room + 32;
    if (room.size() < most) room.resize(most);
    char* const start = room.data();
    char* to = write_text(start, shared);  // the whole row written here, then appended once
    to = write_text(to, baseline);
    *to++ = ',';
    to = write_text(to, point);
    *to++ = ',';
    to = write_number(to, v.ratio);
    *to++ = ',';
    to = write_integer(to, v.runs);
    *to++ = ',';
    to = write_integer(to, v.baseline_runs);
    *to++ = ',';
    to = write_text(to, v.change_point ? "true" : "false");  // no quotes needed
    *to++ = ',';
    to = write_number(to, change ? std::optional<double>(change->before) : std::nullopt);
    *to++ = ',';
    to = write_number(to, change ? std::optional<double>(change->after) : std::nullopt);
    *to++ = ',';
    to = write_number(to, change ? std::optional<double>(change->p_value) : std::nullopt);
    *to++ = ',';
    to = write_text(to, back);
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
  // Each point's name escaped once: each of a million rows names one.
  std::vector<std::string> points;
  points.reserve(t.points.size());
  for (const auto& p : t.points) {
    points.emplace_back();
    append_csv_field(points.back(), p.name);
  }
  for (const auto& s : t.geomean) {
    const trend_test_info info{
        "geometric mean", "",
        fmt::format("chained over {}, each point against the one before", counted(s.tests, "test")),
        "", direction::higher};
    rows(t, info, s, points, out, room);
    to.pass();
  }
  for (const auto& test : t.tests) {
    for (const auto& s : test.series) rows(t, test.info, s, points, out, room);
    to.pass();
  }
}

}  // namespace iosr::detail
