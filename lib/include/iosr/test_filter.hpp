// SPDX-License-Identifier: MIT
// Which tests a comparison or a trend keeps (`--filter`): a regular expression compiled once.
#pragma once

#include <memory>
#include <string>

namespace iosr {

namespace detail {
struct compiled_filter;
}

/// Which tests to keep (`--filter`): an ECMAScript regular expression, compiled once when it is
/// set, searched in each test's title and description (their first 1024 bytes, which keeps
/// std::regex's recursion bounded). An empty pattern keeps every test.
class test_filter {
 public:
  test_filter() = default;
  /// Throws iosr::error (usage), `'PATTERN' is not a regular expression: …`, when `pattern` is
  /// not one, or is longer than 1024 bytes (std::regex compiles it recursively). Implicit, so that
  /// `options.filter = "^SQLite$"` reads as the string it is.
  test_filter(std::string pattern);  // NOLINT(google-explicit-constructor)
  test_filter(const char* pattern) : test_filter(std::string(pattern)) {}  // NOLINT

  const std::string& pattern() const { return pattern_; }
  bool empty() const { return pattern_.empty(); }
  /// True when the pattern is empty or found in the title or the description.
  bool matches(const std::string& title, const std::string& description) const;

 private:
  std::string pattern_;
  std::shared_ptr<const detail::compiled_filter> compiled_;  // shared by copies of the options
};

}  // namespace iosr
