// SPDX-License-Identifier: MIT
#include "input/system_fields.hpp"

#include <array>
#include <string>

#include "strings.hpp"

namespace iosr::detail {

namespace {

// Facts from PTS (docs/formats §4.1): the keys it writes, in its order.
constexpr std::array<std::string_view, 10> hardware = {
    "Processor", "Motherboard", "Chipset", "Memory",  "Disk",
    "Graphics",  "Audio",       "Monitor", "Network", "npu"};
constexpr std::array<std::string_view, 12> software = {
    "OS",      "Kernel",   "Desktop",     "Display Server",    "Display Driver", "OpenGL",
    "OpenCL",  "Vulkan",   "Compiler",    "File-System",       "Screen Resolution",
    "System Layer"};

bool starts_with_key(std::string_view line, std::span<const std::string_view> keys) {
  for (auto key : keys) {
    // PTS writes `Key: value` with one blank; `Key:      value` is system-info output.
    if (line.size() > key.size() + 2 && line.substr(0, key.size()) == key &&
        line.substr(key.size(), 2) == ": " && line[key.size() + 2] != ' ') {
      return true;
    }
  }
  return false;
}

// A plausible key: a short run of words without punctuation that PTS never uses in keys.
bool plausible_key(std::string_view key) {
  if (key.empty() || key.size() > 40) return false;
  for (char c : key) {
    if (c == ',' || c == ':' || c == '(' || c == ')' || c == '@' || c == '+') return false;
  }
  return true;
}

}  // namespace

std::span<const std::string_view> hardware_keys() { return hardware; }
std::span<const std::string_view> software_keys() { return software; }

bool starts_with_hardware_key(std::string_view line) { return starts_with_key(line, hardware); }
bool starts_with_software_key(std::string_view line) { return starts_with_key(line, software); }

std::vector<field> split_fields(std::string_view text) {
  std::vector<field> fields;
  text = trim(text);
  while (!text.empty()) {
    auto comma = text.find(", ");
    std::string_view piece = trim(text.substr(0, comma));
    text = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 2);
    auto colon = piece.find(": ");
    if (colon != std::string_view::npos && plausible_key(piece.substr(0, colon))) {
      fields.push_back({std::string(piece.substr(0, colon)), std::string(piece.substr(colon + 2))});
    } else if (!fields.empty()) {
      fields.back().value += ", ";
      fields.back().value += piece;
    } else if (!piece.empty()) {
      fields.push_back({"", std::string(piece)});
    }
  }
  return fields;
}

std::pair<std::string_view, std::string_view> split_hardware_software(std::string_view text) {
  // The earliest software key that starts the text or follows a blank without a comma.
  std::size_t split = std::string_view::npos;
  for (auto key : software) {
    std::string needle = " " + std::string(key) + ": ";
    if (text.substr(0, needle.size() - 1) == needle.substr(1)) return {{}, trim(text)};
    for (auto at = text.find(needle); at != std::string_view::npos;
         at = text.find(needle, at + 1)) {
      if (at > 0 && text[at - 1] == ',') continue;
      if (at < split) split = at;
      break;
    }
  }
  if (split == std::string_view::npos) return {trim(text), {}};
  return {trim(text.substr(0, split)), trim(text.substr(split + 1))};
}

}  // namespace iosr::detail
