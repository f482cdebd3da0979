// SPDX-License-Identifier: MIT
// Small helpers of the model: label splitting, scheduler keys and display format names.
#include "iosr/model.hpp"

#include <algorithm>
#include <array>
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
    if (!s.timestamp.empty() && (date.empty() || s.timestamp < date)) date = s.timestamp;
  }
  return date.empty() ? last_modified : date;
}

}  // namespace iosr
