// SPDX-License-Identifier: MIT
// LKP's names of PTS results taken apart, and their units and directions looked up in the
// facts of PTS's test profiles (profile_units.hpp).
#include "input/lkp/metric.hpp"

#include <algorithm>
#include <tuple>
#include <vector>

#include "input/lkp/profile_units.hpp"
#include "strings.hpp"

namespace iosr::detail {

namespace {

bool is_digit_or_dot(char c) { return (c >= '0' && c <= '9') || c == '.'; }

// `idle-1.1.0`: a test profile with its version, as LKP names the run time of one.
bool is_profile_with_version(std::string_view s) {
  auto dash = s.rfind('-');
  if (dash == std::string_view::npos || dash == 0 || dash + 1 == s.size()) return false;
  auto version = s.substr(dash + 1);
  return version.front() != '.' && version.back() != '.' &&
         std::all_of(version.begin(), version.end(), is_digit_or_dot);
}

// The unit keys of the profiles that hold a `.` (`usec,_99.9th_latency_percentile`): a metric
// ending in one has its unit there, not after its last `.`.
std::string_view dotted_unit_suffix(std::string_view rest) {
  std::string_view longest;
  for (const auto& u : units_of_any_test()) {
    if (u.key.find('.') == std::string_view::npos || u.key.size() <= longest.size()) continue;
    if (rest.size() > u.key.size() && rest.ends_with(u.key) &&
        rest[rest.size() - u.key.size() - 1] == '.') {
      longest = u.key;
    }
  }
  return longest;
}

// The generated rows as the string_views the look-ups search: built once, on first use, so
// that a start without LKP input pays nothing for them.
std::vector<profile_unit> unpack(std::string_view texts, std::span<const packed_unit> rows) {
  std::vector<profile_unit> units;
  units.reserve(rows.size());
  for (const auto& r : rows) {
    units.push_back({texts.substr(r.test, r.test_size), texts.substr(r.key, r.key_size),
                     texts.substr(r.unit, r.unit_size), r.dir});
  }
  return units;
}

}  // namespace

std::span<const profile_unit> units_by_test() {
  static const auto units = unpack(packed_profile_units().texts, packed_profile_units().by_test);
  return units;
}

std::span<const profile_unit> units_of_any_test() {
  static const auto units =
      unpack(packed_profile_units().texts, packed_profile_units().of_any_test);
  return units;
}

std::string_view pts_prefix(std::string_view name) {
  for (std::string_view prefix : {std::string_view("phoronix-test-suite."), std::string_view("pts.")}) {
    if (name.starts_with(prefix)) return prefix;
  }
  return {};
}

metric_family classify_metric(std::string_view name, pts_metric& parts) {
  const auto prefix = pts_prefix(name);
  if (prefix.empty()) return metric_family::other;
  auto rest = name.substr(prefix.size());
  if (rest.starts_with("time.")) return metric_family::job_time;
  if (rest == "has_failure" || rest.ends_with(".fail") || rest.ends_with(".not_installed")) {
    return metric_family::flag;
  }
  if (rest.ends_with(".Final.pass") || rest.ends_with(".Final.fail")) {
    return metric_family::pass_share;
  }
  if (rest.ends_with(".seconds") && is_profile_with_version(rest.substr(0, rest.size() - 8))) {
    return metric_family::test_time;
  }
  const auto first = rest.find('.');
  if (first == std::string_view::npos || first == 0) return metric_family::malformed;
  parts.test = rest.substr(0, first);
  auto after = rest.substr(first + 1);
  if (after.ends_with("Final") && (after.size() == 5 || after[after.size() - 6] == '.')) {
    parts.unit_key = {};
    parts.options = after.size() == 5 ? std::string_view() : after.substr(0, after.size() - 6);
    return metric_family::pts_result;
  }
  auto unit = dotted_unit_suffix(after);
  if (unit.empty()) {
    const auto last = after.rfind('.');
    // `TEST.UNIT`: LKP's parsers always write an option or an index between.
    if (last == std::string_view::npos) return metric_family::malformed;
    unit = after.substr(last + 1);
  }
  if (unit.empty()) return metric_family::malformed;
  parts.unit_key = unit;
  parts.options = after.substr(0, after.size() - unit.size() - 1);
  if (parts.options.empty()) return metric_family::malformed;
  return metric_family::pts_result;
}

unit_reading unit_of(std::string_view test, std::string_view key) {
  const auto by_test = units_by_test();
  auto it = std::lower_bound(by_test.begin(), by_test.end(), std::tuple(test, key),
                             [](const profile_unit& u, const auto& wanted) {
                               return std::tie(u.test, u.key) < wanted;
                             });
  if (it != by_test.end() && it->test == test && it->key == key) {
    return {std::string(it->unit), it->dir, unit_source::test};
  }
  // LKP's parsers of a few tests keep the unit as PTS printed it (`MB/s`): a key that is not
  // in lower case or holds a blank or `/` is such a unit.
  if (key.find_first_of(" /ABCDEFGHIJKLMNOPQRSTUVWXYZ") != std::string_view::npos) {
    for (auto row = by_test.begin(); row != by_test.end(); ++row) {
      if (row->unit == key && row->test == test) return {std::string(key), row->dir, unit_source::test};
    }
    for (const auto& u : units_of_any_test()) {
      if (u.unit == key) return {std::string(key), u.dir, unit_source::any_test};
    }
    for (const auto& u : by_test) {
      if (u.unit == key) return {std::string(key), direction::none, unit_source::any_test};
    }
    return {std::string(key), direction::none, unit_source::as_written};
  }
  const auto any = units_of_any_test();
  auto found = std::lower_bound(any.begin(), any.end(), key,
                                [](const profile_unit& u, std::string_view k) { return u.key < k; });
  if (found != any.end() && found->key == key) {
    return {std::string(found->unit), found->dir, unit_source::any_test};
  }
  return {std::string(key), direction::none, unit_source::as_written};
}

}  // namespace iosr::detail
