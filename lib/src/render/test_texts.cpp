// SPDX-License-Identifier: MIT
// The texts that name a test and say how to read it (see test_texts.hpp).
#include "render/test_texts.hpp"

#include "direction_names.hpp"

namespace iosr::detail {

std::string heading_text(const std::string& title, const std::string& version,
                         const std::string& description) {
  std::string s = title;
  if (!version.empty()) s += " " + version;
  if (!description.empty()) s += ": " + description;
  return s;
}

std::string_view direction_text(direction d) {
  return by_direction<std::string_view>(d, "higher is better", "lower is better", "");
}

std::string unit_about(const std::string& unit, direction d) {
  const auto way = direction_text(d);
  return unit + (unit.empty() || way.empty() ? "" : ", ") + std::string(way);
}

std::string_view direction_arrow(direction d) {
  return by_direction<std::string_view>(d, "↑", "↓", "");
}

}  // namespace iosr::detail
