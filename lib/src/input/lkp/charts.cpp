// SPDX-License-Identifier: MIT
// A chart per PTS metric of an LKP input, and the summary of what was left out.
#include "input/lkp/charts.hpp"

#include <algorithm>

#include "iosr/counted.hpp"

namespace iosr::detail {

namespace {

// What each kind of the PTS testcase's metrics is, for the one warning that says it is not read:
// "N metrics of WHAT ('FIRST', ...) are no PTS results[ WHY]; not read".
std::string why_not_read(metric_family f, std::size_t n, const std::string& first) {
  std::string_view what, why;
  switch (f) {
    case metric_family::job_time:
      what = "LKP's own measurement of the whole PTS job (/usr/bin/time: ";
      break;
    case metric_family::test_time:
      what = "how long LKP's run of a test took (";
      break;
    case metric_family::flag:
      what = "LKP's marks of a failed run (";
      break;
    case metric_family::pass_share:
      what = "the share of runs a pass/fail test passed (";
      why = " (PTS keeps each run's PASS or FAIL)";
      break;
    case metric_family::malformed:
      return counted(n, "metric") +
             " of the PTS testcase not named TEST.OPTIONS.UNIT as LKP names PTS results ('" + first +
             "', ...); not read";
    default:
      return {};
  }
  return counted(n, "metric") + " of " + std::string(what) + "'" + first + "', ...)" +
         (n == 1 ? " is no PTS result" : " are no PTS results") + std::string(why) + "; not read";
}

}  // namespace

void lkp_charts::count(std::map<metric_family, unread>& into, metric_family f,
                       std::string_view name, std::size_t offset) {
  auto& u = into[f];
  if (u.count++ == 0) {
    u.first = std::string(name);
    u.first_offset = offset;
  }
}

std::size_t lkp_charts::not_read() const {
  std::size_t n = 0;
  for (const auto& [f, u] : unread_) n += u.count;
  return n;
}

result* lkp_charts::chart_for(std::string_view name, std::size_t offset,
                              std::string_view test_id) {
  if (auto it = charts_.find(name); it != charts_.end()) return &ctx_.out.results[it->second];
  pts_metric parts;
  const auto family = classify_metric(name, parts);
  if (family == metric_family::other) {
    if (others_++ == 0) {
      first_other_ = std::string(name);
      first_other_offset_ = offset;
    }
    return nullptr;
  }
  if (family != metric_family::pts_result) {
    count(unread_, family, name, offset);
    return nullptr;
  }
  result chart;
  chart.title = std::string(parts.test);
  chart.description = std::string(parts.options);
  chart.display_format = display_format::bar_graph;
  chart.where = ctx_.at(offset);
  if (!test_id.empty()) chart.test_id = std::string(test_id);
  const auto index = ctx_.out.results.size();
  if (!parts.unit_key.empty()) {
    auto reading = unit_of(parts.test, parts.unit_key);
    chart.unit = std::move(reading.unit);
    chart.direction = reading.dir;
    if (reading.source == unit_source::as_written) as_written_.push_back(index);
  }
  if (chart.direction == direction::none) no_direction_.push_back(index);
  offsets_.push_back(offset);
  ctx_.out.results.push_back(std::move(chart));
  charts_.emplace(std::string(name), index);
  return &ctx_.out.results.back();
}

void lkp_charts::finish() {
  // What was not read, in the order of its first metric in the input.
  std::vector<std::pair<std::size_t, std::string>> said_unread;
  if (others_ > 0) {
    said_unread.emplace_back(first_other_offset_,
                        counted(others_, "metric") + " of other tests and of LKP's monitors ('" +
                            first_other_ + "', ...)" +
                            (others_ == 1 ? " is no PTS result" : " are no PTS results") +
                            "; not read");
  }
  for (const auto& [family, u] : unread_) {
    said_unread.emplace_back(u.first_offset, why_not_read(family, u.count, u.first));
  }
  std::stable_sort(said_unread.begin(), said_unread.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (auto& [offset, message] : said_unread) {
    ctx_.warn(offset, message_code::lkp_metric_not_read, std::move(message));
  }
  std::vector<std::string> said;
  for (auto i : as_written_) {
    const auto& chart = ctx_.out.results[i];
    if (std::find(said.begin(), said.end(), chart.unit) != said.end()) continue;
    said.push_back(chart.unit);
    ctx_.warn(offsets_[i], message_code::lkp_unit_as_written,
              "unit '" + chart.unit + "' of chart '" + chart.title +
                  "' is kept as LKP writes it (lower case, '_' for blanks and '/'): no PTS test "
                  "profile writes one unit so");
  }
  if (!no_direction_.empty()) {
    const auto& first = ctx_.out.results[no_direction_.front()];
    std::string units;
    std::vector<std::string> listed;
    for (auto i : no_direction_) {
      const auto& u = ctx_.out.results[i].unit;
      if (std::find(listed.begin(), listed.end(), u) != listed.end() || listed.size() == 5) continue;
      listed.push_back(u);
      units += (units.empty() ? "'" : ", '") + u + "'";
    }
    ctx_.warn(offsets_[no_direction_.front()], message_code::chart_without_direction,
              counted(no_direction_.size(), "chart") + " ('" + first.title + "', ...) " +
                  (no_direction_.size() == 1 ? "has" : "have") +
                  " no direction: LKP's names do not say it, and no PTS test profile gives one "
                  "for the unit (" + units + ")");
  }
}

}  // namespace iosr::detail
