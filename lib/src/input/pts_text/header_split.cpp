// SPDX-License-Identifier: MIT
#include "input/pts_text/header_split.hpp"

#include <algorithm>

#include "input/pts_text/lexicon.hpp"
#include "strings.hpp"

namespace iosr::detail {

namespace {

// The longest known title that `text` starts with, ending at a word boundary.
std::size_t known_title_prefix(std::string_view text) {
  if (text.empty()) return 0;
  // The table is sorted, so the titles that can start `text` are the run sharing its first byte.
  const auto titles = known_test_titles();
  std::size_t best = 0;
  for (auto it = std::lower_bound(titles.begin(), titles.end(), text.substr(0, 1));
       it != titles.end() && it->front() == text.front(); ++it) {
    auto title = *it;
    if (title.size() > best && text.starts_with(title) &&
        (text.size() == title.size() || text[title.size()] == ' ')) {
      best = title.size();
    }
  }
  return best;
}

// The longest known unit that `text` ends with, starting at a word boundary.
std::size_t known_unit_suffix(std::string_view text) {
  std::size_t best = 0;
  for (auto unit : known_units()) {
    // The last byte first: it rules out most units without a memcmp.
    if (unit.size() > best && text.size() >= unit.size() && text.back() == unit.back() &&
        text.substr(text.size() - unit.size()) == unit &&
        (text.size() == unit.size() || text[text.size() - unit.size() - 1] == ' ')) {
      best = unit.size();
    }
  }
  return best;
}

// Splits `rest` = `[VERSION ]DESCRIPTION` after a title.
void split_version(std::string_view rest, header_parts& parts) {
  rest = trim(rest);
  auto space = rest.find(' ');
  auto first = rest.substr(0, space);
  if (is_version_token(first)) {
    parts.version = std::string(first);
    rest = space == std::string_view::npos ? std::string_view{} : rest.substr(space + 1);
  }
  parts.description = std::string(trim(rest));
}

}  // namespace

header_parts split_collapsed_header(std::string_view header) {
  header_parts parts;
  header = trim(header);
  // The unit is the end of the header.
  std::string_view rest = header;
  if (auto unit = known_unit_suffix(header); unit > 0) {
    parts.unit = std::string(header.substr(header.size() - unit));
    rest = trim(header.substr(0, header.size() - unit));
  } else if (auto space = header.rfind(' '); space != std::string_view::npos) {
    parts.unit = std::string(header.substr(space + 1));
    rest = trim(header.substr(0, space));
    parts.doubt = "unit '" + parts.unit + "' is not a known unit; took the last word";
  }
  // The title is the start, then an optional version, then the description.
  if (auto title = known_title_prefix(rest); title > 0) {
    parts.title = std::string(rest.substr(0, title));
    split_version(rest.substr(title), parts);
    return parts;
  }
  // Unknown title: it ends before the first version-like word.
  std::size_t pos = rest.find(' ');
  while (pos != std::string_view::npos) {
    auto next = rest.find(' ', pos + 1);
    auto token = rest.substr(pos + 1, next == std::string_view::npos ? next : next - pos - 1);
    if (is_version_token(token)) {
      parts.title = std::string(rest.substr(0, pos));
      split_version(rest.substr(pos + 1), parts);
      if (parts.doubt.empty()) {
        parts.doubt = "title '" + parts.title + "' is not a known test; split at its version";
      }
      return parts;
    }
    pos = next;
  }
  parts.title = std::string(rest);
  if (parts.doubt.empty()) {
    parts.doubt = "title is not a known test and has no version; kept the header whole";
  }
  return parts;
}

std::size_t find_known_title(std::string_view text) {
  for (std::size_t at = 0; at < text.size(); ++at) {
    if (at > 0 && text[at - 1] != ' ') continue;
    if (known_title_prefix(text.substr(at)) > 0) return at;
  }
  return std::string_view::npos;
}

}  // namespace iosr::detail
