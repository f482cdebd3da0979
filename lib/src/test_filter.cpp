// SPDX-License-Identifier: MIT
// test_filter (iosr/test_filter.hpp): `--filter` compiled once, searched in a bounded window.
#include "iosr/test_filter.hpp"

#include <algorithm>
#include <cstddef>
#include <regex>
#include <string>

#include "iosr/error.hpp"

namespace iosr::detail {

namespace {

// std::regex recurses about once per character it matches, so `.*` over a title of a few ten
// thousand bytes from a hostile file overflowed the stack. Only this many leading bytes are
// searched; no real title or description comes near it.
constexpr std::size_t filter_window = 1024;

// std::regex compiles recursively too, about once per character of the pattern: a pattern of
// 36,000 bytes overflowed the stack under AddressSanitizer (fuzz_serve, `/results?filter=aaa…`).
// Longer patterns are refused; a real one is a few words.
constexpr std::size_t max_pattern = 1024;

bool filter_matches(const std::string& text, const std::regex& filter) {
  auto end = text.begin() + static_cast<std::ptrdiff_t>(std::min(text.size(), filter_window));
  return std::regex_search(text.begin(), end, filter);
}

}  // namespace

struct compiled_filter {
  std::regex regex;
};

}  // namespace iosr::detail

namespace iosr {

test_filter::test_filter(std::string pattern) : pattern_(std::move(pattern)) {
  if (pattern_.empty()) return;
  if (pattern_.size() > detail::max_pattern) {
    throw error(error_kind::usage, "'" + pattern_.substr(0, 40) +
                                       "...' is not a regular expression: it is " +
                                       std::to_string(pattern_.size()) + " bytes long; expected " +
                                       "at most " + std::to_string(detail::max_pattern));
  }
  try {
    compiled_ = std::make_shared<const detail::compiled_filter>(
        detail::compiled_filter{std::regex(pattern_, std::regex::ECMAScript)});
  } catch (const std::regex_error& e) {
    throw error(error_kind::usage, "'" + pattern_ + "' is not a regular expression: " + e.what());
  }
}

bool test_filter::matches(const std::string& title, const std::string& description) const {
  return !compiled_ || detail::filter_matches(title, compiled_->regex) ||
         detail::filter_matches(description, compiled_->regex);
}

}  // namespace iosr
