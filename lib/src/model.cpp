// SPDX-License-Identifier: MIT
// Small helpers of the model: label splitting, scheduler keys and display format names.
#include "iosr/model.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <optional>
#include <string_view>
#include <utility>

#include "direction_names.hpp"

namespace iosr {

std::string scheduler_key(std::string_view name) {
  // Case-insensitive, with '-', '_' and blanks alike; runs of them count once.
  std::string folded;
  for (char c : name) {
    if (c == '-' || c == '_' || c == ' ' || c == '\t') {
      if (!folded.empty() && folded.back() != '-') folded += '-';
    } else if (c >= 'A' && c <= 'Z') {
      folded += static_cast<char>(c - 'A' + 'a');
    } else {
      folded += c;
    }
  }
  while (!folded.empty() && folded.back() == '-') folded.pop_back();
  constexpr std::array<std::string_view, 8> keys = {
      "none", "mq-deadline", "kyber", "bfq", "bfq-low-latency", "cfq", "deadline", "noop"};
  for (auto key : keys) {
    if (folded == key) return std::string(key);
  }
  return {};
}

system make_system(std::string label) {
  system s;
  s.label = std::move(label);
  auto split = s.label.rfind(": ");
  if (split == std::string::npos) {
    s.name = s.label;
  } else {
    s.group = s.label.substr(0, split);
    s.name = s.label.substr(split + 2);
  }
  s.scheduler = scheduler_key(s.name);
  return s;
}

namespace {

// PTS's names of the display formats iosr tells apart, by kind (`unset` and `other` have none).
constexpr std::array<std::pair<display_format::kind, std::string_view>, 6> display_names = {{
    {display_format::bar_graph, "BAR_GRAPH"},
    {display_format::line_graph, "LINE_GRAPH"},
    {display_format::filled_line_graph, "FILLED_LINE_GRAPH"},
    {display_format::pass_fail, "PASS_FAIL"},
    {display_format::multi_pass_fail, "MULTI_PASS_FAIL"},
    {display_format::image_comparison, "IMAGE_COMPARISON"},
}};

}  // namespace

display_format display_format::from_name(std::string_view name) {
  if (name.empty()) return {};
  for (auto [known_kind, known] : display_names) {
    if (name == known) return known_kind;
  }
  display_format other_format;
  other_format.kind_ = other;
  other_format.other_ = std::string(name);
  return other_format;
}

std::string_view display_format::name() const {
  if (kind_ == other) return other_;
  for (auto [known_kind, known] : display_names) {
    if (kind_ == known_kind) return known;
  }
  return {};
}

const system* result_file::find_system(std::string_view label) const {
  auto it = std::find_if(systems.begin(), systems.end(),
                         [&](const system& s) { return s.label == label; });
  return it == systems.end() ? nullptr : &*it;
}

std::string result_file::run_date() const {
  std::string date;
  for (const auto& s : systems) {
    if (s.timestamp.empty()) continue;
    auto normal = normalized_timestamp(s.timestamp);
    if (date.empty() || normal < date) date = std::move(normal);
  }
  return date.empty() ? normalized_timestamp(last_modified) : date;
}

namespace {

// `digits` decimal digits at the start of `text`, consumed; nullopt when there are fewer.
std::optional<int> take_number(std::string_view& text, std::size_t most) {
  std::size_t n = 0;
  int value = 0;
  while (n < text.size() && n < most && text[n] >= '0' && text[n] <= '9') {
    value = value * 10 + (text[n] - '0');
    ++n;
  }
  if (n == 0) return std::nullopt;
  text.remove_prefix(n);
  return value;
}

bool take(std::string_view& text, std::string_view what) {
  if (!text.starts_with(what)) return false;
  text.remove_prefix(what.size());
  return true;
}

}  // namespace

std::string normalized_timestamp(std::string_view written) {
  // `Month D, YYYY[ HH:MM[:SS][ AM|PM]]`, as PTS 0.1 wrote its TestDate.
  static constexpr std::string_view months[] = {"January", "February", "March",     "April",
                                                "May",     "June",     "July",      "August",
                                                "September", "October", "November", "December"};
  std::string_view text = written;
  int month = 0;
  for (int m = 0; m < 12; ++m) {
    if (take(text, months[m])) {
      month = m + 1;
      break;
    }
  }
  if (month == 0 || !take(text, " ")) return std::string(written);
  const auto day = take_number(text, 2);
  if (!day || *day < 1 || *day > 31 || !take(text, ", ")) return std::string(written);
  const auto year = take_number(text, 4);
  if (!year || *year < 1000) return std::string(written);
  int hour = 0, minute = 0, second = 0;
  if (take(text, " ")) {
    const auto h = take_number(text, 2);
    if (!h || !take(text, ":")) return std::string(written);
    const auto m = take_number(text, 2);
    if (!m) return std::string(written);
    hour = *h, minute = *m;
    if (take(text, ":")) {
      const auto sec = take_number(text, 2);
      if (!sec) return std::string(written);
      second = *sec;
    }
    if (take(text, " PM")) {
      if (hour < 12) hour += 12;
    } else if (take(text, " AM")) {
      if (hour == 12) hour = 0;
    }
  }
  if (!text.empty() || hour > 23 || minute > 59 || second > 60) return std::string(written);
  char out[32];
  std::snprintf(out, sizeof out, "%04d-%02d-%02d %02d:%02d:%02d", *year, month, *day, hour, minute,
                second);
  return out;
}

}  // namespace iosr
