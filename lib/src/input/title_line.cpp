// SPDX-License-Identifier: MIT
// A test's title and version split (title_line.hpp).
#include "input/title_line.hpp"

#include "strings.hpp"

namespace iosr::detail {

bool is_version_token(std::string_view token) {
  // digits, then groups of `.digits`; an optional trailing letter run (`1.0.2k`, `2.2-rc1` no).
  if (!token.empty() && (token.front() == 'v' || token.front() == 'V')) token.remove_prefix(1);
  // A date (`2018-02-16`, PyBench's version).
  if (token.size() == 10 && token[4] == '-' && token[7] == '-') {
    for (std::size_t i : {0, 1, 2, 3, 5, 6, 8, 9}) {
      if (!is_digit(token[i])) return false;
    }
    return true;
  }
  if (token.empty() || !is_digit(token.front())) return false;
  bool has_dot = false;
  std::size_t i = 0;
  while (i < token.size()) {
    if (is_digit(token[i])) {
      ++i;
    } else if (token[i] == '.' && i + 1 < token.size() && is_digit(token[i + 1])) {
      has_dot = true;
      ++i;
    } else {
      break;
    }
  }
  auto suffix = token.substr(i);
  if (has_dot && suffix.size() > 1 && suffix.size() <= 12 && suffix.front() == '-') {
    // A pre-release or snapshot tag after a dotted version: `2.1-git`, `1.0-rc2`.
    suffix.remove_prefix(1);
    for (char c : suffix) {
      if (!((c >= 'a' && c <= 'z') || is_digit(c))) return false;
    }
    return true;
  }
  for (char c : suffix) {
    if (!(c >= 'a' && c <= 'z')) return false;
  }
  if (suffix.size() > 2) return false;
  // A bare integer counts only when it is date-like (`20170503`) or a short major version.
  return has_dot || i >= 6 || i <= 2;
}

header_parts split_title_line(std::string_view line) {
  header_parts parts;
  line = trim(line);
  auto space = line.rfind(' ');
  if (space != std::string_view::npos && is_version_token(line.substr(space + 1))) {
    parts.title = std::string(trim(line.substr(0, space)));
    parts.version = std::string(line.substr(space + 1));
  } else {
    parts.title = std::string(line);
  }
  return parts;
}

}  // namespace iosr::detail
