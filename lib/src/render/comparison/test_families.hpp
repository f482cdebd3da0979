// SPDX-License-Identifier: MIT
// Tests grouped by test profile for the article layouts (Markdown, HTML): what a family's tests
// share goes into its heading once, and each test keeps only what varies.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "iosr/compare.hpp"

namespace iosr::detail {

/// The tests of one test profile: one title and version (test_id is not known for text
/// exports, so the title and version stand for it).
struct test_family {
  std::string heading;  ///< `Flexible IO Tester 3.18`: title and version
  /// The options every test of the family has, joined by ` - ` in the order of the first test:
  /// `Engine: IO_uring - Buffered: Yes - Direct: No - Disk Target: Default Test Directory`.
  /// Empty for a family of one test, whose description stays with the test.
  std::string shared;
  /// The unit and direction when every test has the same ones; then the rows leave them out.
  bool one_unit = false;
  std::string unit;
  iosr::direction direction = direction::none;
  std::vector<std::size_t> tests;  ///< indices in comparison::tests, in comparison order
  /// Per test, what is left of its description without the shared options
  /// (`Type: Random Read - Block Size: 4KB`); may be empty.
  std::vector<std::string> rest;
};

/// The families in the order their first test comes in comparison::tests; a family's tests
/// keep that order too. Descriptions are split into options at ` - `; an option is shared when
/// every test of the family has it, written the same.
std::vector<test_family> test_families(const comparison& c);

}  // namespace iosr::detail
