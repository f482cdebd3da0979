// SPDX-License-Identifier: MIT
// What iosr's model holds and PTS's composite.xml has no element for, kept as members of PTS's
// own JSON objects (docs/composite-xml.md, "What iosr adds"): an entry's relative deviation in
// its Entry JSON (`"iosr-relative-deviation":"7"`), a system being the baseline in its System
// JSON (`"iosr-baseline":"true"`). PTS keeps members it does not know when it reads and saves
// a file; iosr writes each as the object's last member, and reading takes it out again, so that
// a model written and read back is the same model.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace iosr::detail {

inline constexpr std::string_view relative_deviation_member = "iosr-relative-deviation";
inline constexpr std::string_view baseline_member = "iosr-baseline";

/// `json` (a JSON object's text, or empty for none) with the string member `key`: `value` added
/// as its last member. Nullopt when `json` is not an object's text (written as read from a
/// file where it was no object): a member cannot be added to it.
inline std::optional<std::string> with_member(std::string_view json, std::string_view key,
                                              std::string_view value) {
  // Appended piece by piece: `"\"" + std::string(key) + ...` inlined at -O2 makes GCC 12 warn
  // (-Wrestrict, a false positive) in the README's first command.
  if (!json.empty() && (json.size() < 2 || json.front() != '{' || json.back() != '}')) {
    return std::nullopt;
  }
  std::string out = json.empty() ? std::string("{") : std::string(json.substr(0, json.size() - 1));
  const bool empty = json.empty() || json.substr(1, json.size() - 2).find_first_not_of(
                                         " \t\r\n") == std::string_view::npos;
  if (!empty) out += ',';
  out += '"';
  out.append(key);
  out.append("\":\"");
  out.append(value);
  out.append("\"}");
  return out;
}

/// The value of the member `key` when `json` ends with it as with_member() writes it, which is
/// then taken out of `json` (an object left with no member becomes empty, as before it was
/// added). Nullopt, `json` unchanged, otherwise.
inline std::optional<std::string> take_member(std::string& json, std::string_view key) {
  if (json.size() < key.size() + 7 || json.back() != '}') return std::nullopt;
  // The value: the text between the last two quotes before the closing brace.
  auto close = json.size() - 2;
  if (json[close] != '"') return std::nullopt;
  auto open = json.rfind('"', close - 1);
  if (open == std::string::npos) return std::nullopt;
  std::string head(1, '"');
  head.append(key);
  head.append("\":");
  if (open < head.size() || json.compare(open - head.size(), head.size(), head) != 0) {
    return std::nullopt;
  }
  std::string value = json.substr(open + 1, close - open - 1);
  if (value.find_first_of("\"\\") != std::string::npos) return std::nullopt;
  auto start = open - head.size();
  if (start == 1 && json[0] == '{') {
    json.clear();
  } else if (start >= 2 && json[start - 1] == ',') {
    json.erase(start - 1, json.size() - 1 - (start - 1));
  } else {
    return std::nullopt;
  }
  return value;
}

}  // namespace iosr::detail
