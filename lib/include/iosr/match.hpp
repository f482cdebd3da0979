// SPDX-License-Identifier: MIT
// When two charts are the same test, how versions matched across are shown, and which
// configuration is a group's default baseline: the one definition that compare, trend, the
// store and the readers share (docs/model.md, "Matching").
#pragma once

#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "iosr/model.hpp"

namespace iosr {

/// Which fields make two charts the same test. Every use is one of the named matches below;
/// where two uses differ, they differ in these fields and nowhere else.
///
/// | match       | title, description, unit | version | direction | definition | occurrence |
/// |-------------|--------------------------|---------|-----------|------------|------------|
/// | compare     | yes                      | unless --ignore-version | no | no | yes     |
/// | trend       | yes                      | unless --ignore-version | yes | no | no      |
/// | store       | yes                      | yes     | yes       | yes        | no         |
struct test_match {
  /// The benchmark's version. Without it (`--ignore-version`) one test may hold several
  /// versions, shown joined by join_version().
  bool version = true;
  /// Higher or lower is better: a trend measures ratios, which mean nothing across the two.
  bool direction = false;
  /// The test profile (`pts/fio-2.1.0`), its arguments and the display format: what the store
  /// keeps apart so that it can give back each chart as it was read.
  bool definition = false;
  /// A chart whose key repeats within one file (the same test run twice) is matched by its
  /// occurrence, the second with the second, instead of joining the first.
  bool occurrence = false;

  /// `iosr compare` and `iosr table`.
  static constexpr test_match compare(bool ignore_version) {
    return {.version = !ignore_version, .occurrence = true};
  }
  /// `iosr trend`, and a trend made from files in memory.
  static constexpr test_match trend(bool ignore_version) {
    return {.version = !ignore_version, .direction = true};
  }
  /// The results store: one row per test it can give back as read.
  static constexpr test_match store() {
    return {.version = true, .direction = true, .definition = true};
  }
};

/// A test as it is shown: the header fields of its charts, without their entries. Compare's
/// compared_test and trend's trend_test_info are this header and what each adds to it.
struct test_header {
  std::string title, version, description, unit;
  iosr::direction direction = direction::none;
  bool operator==(const test_header&) const = default;
};

/// The header of a chart.
test_header header_of(const result& chart);

/// The fields a test_match reads, as views of a result or of any other record of a test.
struct test_fields {
  std::string_view title, version, description, unit;
  iosr::direction direction = direction::none;
  std::string_view arguments, test_id, display_format;  ///< read with test_match::definition
};

/// The test_fields of a chart.
test_fields fields_of(const result& chart);
/// The test_fields of a header: the definition fields (test_match::definition) are empty.
test_fields fields_of(const test_header& header);

/// Bytes that are equal exactly when two charts are the same test under `match`, occurrence
/// aside (test_index counts it). Each field is length-prefixed, so no two different field
/// lists give the same bytes. The store keeps the SHA-256 of test_key(…, store()) in its
/// database: this layout must not change.
std::string test_key(const test_fields& t, const test_match& match);

/// Numbers the tests of one or more files in the order first seen, under one test_match.
class test_index {
 public:
  explicit test_index(test_match match) : match_(match) {}

  /// Starts the next file: occurrences are counted within a file.
  void next_file() { occurrences_.clear(); }

  struct found {
    std::size_t index = 0;  ///< the test's number, from 0 in first-seen order
    bool added = false;     ///< this chart is the first of its test
  };
  /// The test a chart of the current file belongs to.
  found find_or_add(const test_fields& t);

  std::size_t size() const { return tests_.size(); }

 private:
  test_match match_;
  std::unordered_map<std::string, std::size_t> tests_;
  std::unordered_map<std::string, int> occurrences_;
};

/// Adds `version` to `joined` (`3.30 / 3.41`) unless it is one of its parts already: how a test
/// matched across versions shows them, in the order first seen. An empty version (a file that
/// does not say) adds nothing: `1.7` and no version show as `1.7`.
void join_version(std::string& joined, std::string_view version);

/// PTS's identity of a chart, the fields it compares when it reads, merges or compares result
/// files: `TEST,ARGUMENTS,DESCRIPTION,VERSION,UNIT`, the test profile without its last version
/// component (`pts/fio-2.1.0` -> `pts/fio-2.1`), or the title when there is no profile, then
/// the other fields with PHP's trim(). Charts with equal keys are one chart to PTS
/// (docs/composite-xml.md, "The format").
std::string pts_test_key(const result& chart);

/// The default baseline of a group: a configuration with the `none` scheduler (rank 0), else
/// one with `noop` (rank 1), the legacy single-queue kernels' none. Empty for any other.
std::optional<int> default_baseline_rank(std::string_view scheduler);

/// Whether `wanted` names a configuration: one of its labels or names (as shown or as
/// written), or its scheduler key in any spelling (`MQ-Deadline`, `mq-deadline`). The one rule
/// for what `--baseline`, `--only`, `--columns` and trend's `--machine` name; `--rename OLD`
/// gives labels only (no scheduler), since NEW replaces the whole label.
bool names_configuration(std::string_view wanted, std::initializer_list<std::string_view> names,
                         std::string_view scheduler);

/// Whether `wanted` (`iosr trend --machine`, the site's `/trend?machine=`) names machine number
/// `number` of `count`, whose name (and, for the store's choice, hardware fields) is `text`: a
/// number from 1 to `count` is a machine's number as shown; another number is one in `text` as
/// a number of its own, never digits inside another number (`980` in `SSD 980 PRO`, `5950` in
/// `5950X`; `8` not in `980`, `2` and `30` not in `2.30GHz`); anything else a part of `text` in
/// any case (`wd5000`, `ryzen 9`). The one rule, for the CLI, the web and the store (docs/db.md,
/// "Machine numbers").
bool names_machine(std::string_view wanted, std::size_t number, std::size_t count,
                   std::string_view text);

/// The names an option gives (`--only None,BFQ,Kyber`) checked against every configuration
/// there is: a name that names none is a usage error, since it would silently leave a chart
/// empty or a configuration out. Each configuration is shown to look(), then check() throws.
class name_check {
 public:
  /// `option` as the user typed it (`--only`), `wanted` its names; `what` what they name
  /// (`configuration`, `label`).
  name_check(std::string option, std::vector<std::string> wanted,
             std::string what = "configuration");

  /// Marks the wanted names that name this configuration (names_configuration()); `shown` is
  /// how the error lists it. Returns whether one did.
  bool look(std::initializer_list<std::string_view> names, std::string_view scheduler,
            std::string_view shown);

  /// Throws iosr::error (usage) naming every wanted name that named nothing, and what there
  /// is to name: `--only: no configuration is named 'Kyber'; expected one of: None, BFQ`.
  void check() const;

 private:
  std::string option_;
  std::vector<std::string> wanted_;
  std::string what_;
  std::vector<bool> found_;
  std::vector<std::string> shown_;
};

}  // namespace iosr
