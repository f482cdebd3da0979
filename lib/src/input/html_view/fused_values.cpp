// SPDX-License-Identifier: MIT
#include "input/html_view/fused_values.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "strings.hpp"

namespace iosr::detail {

namespace {

// `value` / 10^decimals with trailing decimal zeros trimmed, as the axis prints it.
std::string tick_text(std::uint64_t value, int decimals) {
  auto digits = std::to_string(value);
  if (decimals == 0) return digits;
  auto d = static_cast<std::size_t>(decimals);
  if (digits.size() <= d) digits.insert(0, d + 1 - digits.size(), '0');
  auto whole = digits.substr(0, digits.size() - d);
  auto fraction = digits.substr(digits.size() - d);
  while (!fraction.empty() && fraction.back() == '0') fraction.pop_back();
  return fraction.empty() ? whole : whole + '.' + fraction;
}

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), is_digit);
}

// A value as the page prints it: digits without a leading zero (unless alone), optionally a
// point and exactly `decimals` digits.
bool plain_number(std::string_view s, std::size_t decimals) {
  auto dot = s.find('.');
  auto whole = s.substr(0, dot);
  if (!all_digits(whole) || (whole.size() > 1 && whole[0] == '0')) return false;
  if (decimals == 0) return dot == std::string_view::npos;
  return dot != std::string_view::npos && s.size() - dot - 1 == decimals &&
         all_digits(s.substr(dot + 1));
}

double score(const value_split& split, const split_clues& clues) {
  std::vector<double> logs;
  double highest = 0;
  for (const auto& v : split.values) {
    double x = std::stod(v);
    highest = std::max(highest, x);
    logs.push_back(std::log(std::max(x, clues.top_tick / 1000)));
  }
  // Bars of one chart are of similar size: distance from the median, in orders of e.
  auto sorted = logs;
  std::sort(sorted.begin(), sorted.end());
  double median = sorted[sorted.size() / 2];
  double s = 0;
  for (double l : logs) s += std::abs(l - median);
  // PTS puts the top tick near the highest value (0.64 to 1.05 of it in the seeds).
  double ratio = clues.top_tick > 0 ? highest / clues.top_tick : 1;
  if (ratio < 0.5) s += 3 * std::log(0.5 / ratio);
  if (ratio > 1.1) s += 3 * std::log(ratio / 1.1);
  // The last N is usually one of the chart's other Ns.
  if (!split.last_count.empty()) {
    bool seen = std::find(clues.other_counts.begin(), clues.other_counts.end(),
                          split.last_count) != clues.other_counts.end();
    if (!seen) s += clues.other_counts.empty() ? 0.5 : 1.5;
    if (split.last_count.size() > 2) s += 1;
  }
  return s;
}

// Splits `digits` (no point) into `count` integers no larger than `cap`, all ways.
void split_integers(std::string_view digits, std::size_t count, double cap,
                    std::vector<std::string>& current, std::vector<std::vector<std::string>>& out,
                    std::size_t& budget) {
  if (budget == 0) return;
  --budget;
  if (current.size() == count) {
    if (digits.empty()) out.push_back(current);
    return;
  }
  auto left = count - current.size();
  auto longest = std::to_string(static_cast<std::uint64_t>(cap)).size();
  if (digits.size() < left || digits.size() > left * longest) return;
  for (std::size_t len = 1; len <= longest && len <= digits.size(); ++len) {
    auto piece = digits.substr(0, len);
    if (!plain_number(piece, 0) || std::stod(std::string(piece)) > cap) continue;
    current.emplace_back(piece);
    split_integers(digits.substr(len), count, cap, current, out, budget);
    current.pop_back();
  }
}

// The one split of values that carry a point: each ends `decimals` digits after its point.
std::optional<std::vector<std::string>> split_decimals(std::string_view digits,
                                                       std::size_t count) {
  auto last_dot = digits.rfind('.');
  if (std::count(digits.begin(), digits.end(), '.') != static_cast<std::ptrdiff_t>(count)) {
    return std::nullopt;
  }
  auto decimals = digits.size() - last_dot - 1;
  if (decimals == 0) return std::nullopt;
  std::vector<std::string> values;
  std::size_t at = 0;
  while (at < digits.size()) {
    auto dot = digits.find('.', at);
    auto end = dot + 1 + decimals;
    if (dot == std::string_view::npos || end > digits.size()) return std::nullopt;
    auto piece = digits.substr(at, end - at);
    if (!plain_number(piece, decimals)) return std::nullopt;
    values.emplace_back(piece);
    at = end;
  }
  return values;
}

}  // namespace

std::vector<axis_ticks> read_ticks(std::string_view text) {
  std::vector<axis_ticks> found;
  for (std::size_t len = 1; len <= 16 && len <= text.size(); ++len) {
    auto step = text.substr(0, len);
    std::string suffix;
    if (step.back() == 'K' || step.back() == 'M') {
      suffix = step.back();
      step.remove_suffix(1);
    }
    auto dot = step.find('.');
    auto whole = step.substr(0, dot);
    auto fraction = dot == std::string_view::npos ? std::string_view() : step.substr(dot + 1);
    if (!all_digits(whole) || (dot != std::string_view::npos && !all_digits(fraction))) continue;
    auto scaled = std::stoull(std::string(whole) + std::string(fraction));
    if (scaled == 0) continue;
    auto decimals = static_cast<int>(fraction.size());
    std::string expected;
    for (std::uint64_t k = 1; k <= 5; ++k) expected += tick_text(k * scaled, decimals) + suffix;
    if (!text.starts_with(expected)) continue;
    double top = 5 * double(scaled) / std::pow(10.0, decimals);
    if (suffix == "K") top *= 1e3;
    if (suffix == "M") top *= 1e6;
    found.push_back({expected.size(), top});
  }
  return found;
}

std::vector<value_split> split_values(std::string_view digits, const split_clues& clues,
                                      std::size_t limit) {
  std::vector<value_split> splits;
  if (clues.identifiers == 0) return splits;
  double cap = clues.top_tick > 0 ? clues.top_tick * 1.5 : 1e18;
  std::size_t max_count_digits = clues.has_errors ? 3 : 0;
  for (std::size_t n = clues.has_errors ? 1 : 0; n <= max_count_digits; ++n) {
    if (n > digits.size()) break;
    auto count = digits.substr(0, n);
    if (n > 0 && !plain_number(count, 0)) continue;
    auto rest = digits.substr(n);
    std::vector<std::vector<std::string>> ways;
    if (rest.find('.') != std::string_view::npos) {
      if (auto values = split_decimals(rest, clues.identifiers)) ways.push_back(*values);
    } else {
      std::vector<std::string> current;
      std::size_t budget = 50000;  // bounds the work on hostile input
      split_integers(rest, clues.identifiers, cap, current, ways, budget);
    }
    for (auto& values : ways) {
      value_split split{std::string(count), std::move(values), 0};
      split.score = score(split, clues);
      splits.push_back(std::move(split));
    }
  }
  std::stable_sort(splits.begin(), splits.end(),
                   [](const value_split& a, const value_split& b) { return a.score < b.score; });
  if (splits.size() > limit) splits.resize(limit);
  return splits;
}

std::vector<std::string> stored_forms(const std::string& shown) {
  std::vector<std::string> forms{shown};
  if (shown.find('.') == std::string::npos) return forms;
  auto s = shown;
  while (s.back() == '0') {
    s.pop_back();
    forms.push_back(s.back() == '.' ? s.substr(0, s.size() - 1) : s);
  }
  return forms;
}

}  // namespace iosr::detail
