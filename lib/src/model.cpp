// SPDX-License-Identifier: MIT
// Small helpers of the model: label splitting and scheduler keys.
#include <algorithm>
#include <array>

#include "iosr/model.hpp"

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

std::string_view to_string(direction d) {
  switch (d) {
    case direction::higher: return "higher";
    case direction::lower: return "lower";
    case direction::none: break;
  }
  return "";
}

std::string_view to_string(entry_kind k) {
  switch (k) {
    case entry_kind::number: return "number";
    case entry_kind::pass_fail: return "pass_fail";
    case entry_kind::series: return "series";
    case entry_kind::text: return "text";
    case entry_kind::failed: return "failed";
  }
  return "";
}

const system* result_file::find_system(std::string_view label) const {
  auto it = std::find_if(systems.begin(), systems.end(),
                         [&](const system& s) { return s.label == label; });
  return it == systems.end() ? nullptr : &*it;
}

}  // namespace iosr
