// SPDX-License-Identifier: MIT
// PTS's hardware and software keys, and `Key: value, Key: value` text split into fields (see
// system_fields.hpp).
#include "input/system_fields.hpp"

#include <algorithm>
#include <array>
#include <string>

#include "strings.hpp"

namespace iosr::detail {

namespace {

// Facts from PTS (docs/composite-xml.md, "The format"): the keys it writes, in its order.
constexpr std::array<std::string_view, 10> hardware = {
    "Processor", "Motherboard", "Chipset", "Memory",  "Disk",
    "Graphics",  "Audio",       "Monitor", "Network", "npu"};
constexpr std::array<std::string_view, 12> software = {
    "OS",      "Kernel",   "Desktop",     "Display Server",    "Display Driver", "OpenGL",
    "OpenCL",  "Vulkan",   "Compiler",    "File-System",       "Screen Resolution",
    "System Layer"};

constexpr std::size_t longest(std::span<const std::string_view> keys) {
  std::size_t n = 0;
  for (auto key : keys) n = std::max(n, key.size());
  return n;
}
constexpr std::size_t longest_key = std::max(longest(hardware), longest(software));

// The length of the key of `keys` that `text` starts with, followed by `: `; 0 when none.
// No key holds a `:`, so only the text before the first `:` can be one; comparing that whole
// skips every key of another length without a memcmp.
std::size_t key_before_colon(std::string_view text, std::span<const std::string_view> keys) {
  auto colon = text.substr(0, longest_key + 1).find(':');
  if (colon == std::string_view::npos || colon + 1 == text.size() || text[colon + 1] != ' ') {
    return 0;
  }
  auto key = text.substr(0, colon);
  return std::find(keys.begin(), keys.end(), key) != keys.end() ? colon : 0;
}

bool starts_with_key(std::string_view line, std::span<const std::string_view> keys) {
  // PTS writes `Key: value` with one blank; `Key:      value` is system-info output.
  auto key = key_before_colon(line, keys);
  return key > 0 && line.size() > key + 2 && line[key + 2] != ' ';
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
  // At most one field per piece between `, `: one allocation instead of one per doubling.
  std::size_t pieces = text.empty() ? 0 : 1;
  for (auto comma = text.find(", "); comma != std::string_view::npos;
       comma = text.find(", ", comma + 2)) {
    ++pieces;
  }
  fields.reserve(pieces);
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
  if (key_before_colon(text, software) > 0) return {{}, trim(text)};
  for (auto blank = text.find(' '); blank != std::string_view::npos;
       blank = text.find(' ', blank + 1)) {
    if (blank > 0 && text[blank - 1] == ',') continue;
    if (key_before_colon(text.substr(blank + 1), software) > 0) {
      return {trim(text.substr(0, blank)), trim(text.substr(blank + 1))};
    }
  }
  return {trim(text), {}};
}

}  // namespace iosr::detail
