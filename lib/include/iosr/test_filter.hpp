// SPDX-License-Identifier: MIT
// Which tests a command keeps (`--filter`, `--exclude`, the server's Tests field): a regular
// expression compiled once, by RE2, which matches in time linear in the text.
#pragma once

#include <memory>
#include <string>
#include <string_view>

namespace iosr {

namespace detail {
struct compiled_filter;
}

/// Which tests to keep (docs/compare.md, "Filters"): a regular expression in RE2's syntax
/// (Perl's, without backreferences and lookaround), case-sensitive unless it says `(?i)`. It is
/// searched in a test's title and, apart, in its description, each whole: `^MariaDB$` keeps the
/// test titled exactly `MariaDB`, `Random Read` a test with that in its title or its description.
/// RE2 matches in time linear in the text, whatever the pattern (no backtracking), and the
/// compiled program is bounded, so no pattern can hold a command or the server. An empty pattern
/// keeps every test. Every command and the server compile their patterns here, and only here.
class test_filter {
 public:
  test_filter() = default;
  /// Compiles `pattern`. Throws iosr::error (usage) saying why when it is not one RE2 takes:
  /// `'(a)\1' is not a regular expression iosr takes: backreferences (\1) are not supported …`.
  /// Implicit, so that `options.filter = "^SQLite$"` reads as the string it is.
  test_filter(std::string pattern);  // NOLINT(google-explicit-constructor)
  test_filter(const char* pattern) : test_filter(std::string(pattern)) {}  // NOLINT

  const std::string& pattern() const { return pattern_; }
  bool empty() const { return pattern_.empty(); }
  /// True when the pattern is empty, or found in the title or in the description.
  bool matches(std::string_view title, std::string_view description) const;
  /// True when the pattern is empty or found in `text`.
  bool found_in(std::string_view text) const;

  /// A pattern that matches `text` literally, its operators escaped and nothing else, so that
  /// it reads as the text does (`FS-Mark`, `Type: Random Read`, `Size: 4\.0 \(MB\)`): `^` +
  /// quoted(title) + `$` keeps the tests of that title.
  static std::string quoted(std::string_view text);

  /// The most instructions a pattern may compile to (RE2's program size): a real filter of a
  /// few words takes tens; matching costs at most this much per byte of text.
  static constexpr int max_program_size = 2000;

 private:
  std::string pattern_;
  std::shared_ptr<const detail::compiled_filter> compiled_;  // shared by copies of the options
};

}  // namespace iosr
