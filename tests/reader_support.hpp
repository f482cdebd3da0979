// SPDX-License-Identifier: MIT
// Helpers shared by the tests that read inputs: fixtures read whole (missing ones fail the test),
// cached reads, refusals checked at their position, and chart/entry lookups.
#pragma once

#include <cstddef>
#include <fstream>
#include <iterator>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "catch.hpp"
#include "iosr/error.hpp"
#include "iosr/model.hpp"
#include "iosr/read.hpp"

namespace test_support {

/// The bytes of the file at `path`. A file that cannot be opened or read fails the test: a
/// fixture gone missing must not turn into an empty input that a test then passes on.
inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) FAIL("cannot open the test's input " << path);
  std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (in.bad()) FAIL("cannot read the test's input " << path);
  return text;
}

/// The error reading `text` as `name` gives. Reading it without an error fails the test.
inline iosr::parse_error refusal_of(std::string_view text, std::string name = "input.txt",
                                    const iosr::read_options& options = {}) {
  INFO("input: " << std::string(text.substr(0, 2000)));
  try {
    auto file = iosr::read_results(text, std::move(name), options);
    FAIL("read without an error: " << file.results.size() << " charts, " << file.warnings.size()
                                   << " warnings");
  } catch (const iosr::parse_error& e) {
    return e;
  }
  throw std::logic_error("unreachable: FAIL throws");
}

/// Reads `text` as "input.txt" and checks that it is refused at `line`:`column` (1-based; 0 for
/// the whole input) with a message holding `substring`. Reading it without an error fails.
inline void parse_should_fail(std::string_view text, std::size_t line, std::size_t column,
                              std::string_view substring, const iosr::read_options& options = {}) {
  const auto e = refusal_of(text, "input.txt", options);
  INFO("error: " << e.what());
  CHECK(e.file() == "input.txt");
  CHECK(e.where().line == line);
  CHECK(e.where().column == column);
  CHECK(e.message().find(substring) != std::string::npos);
}

/// The corpus composite.xml files that today's PTS reads (`corpus/xml/NAME.xml`), by name: PTS
/// 10.8.6 printed each as `corpus/pts-text/NAME.txt` and PTS 10.8.4 exported each as
/// `corpus/csv-pts10.8.4/NAME.csv`; the 2008 files are not among them.
inline constexpr const char* pts_readable_corpus[] = {
    "pts-10.8.4_compress-zstd_20-systems_14-results",
    "pts-10.8.4_newgvn_126-results_empty-values-and-errors",
    "pts-10.8.4_osbench_base-vs-fwrapv",
    "pts-10.8.4_sqlite_20-systems",
    "pts-10.8.5_vmware_memory_system-without-entries",
    "pts-10.8.6_arm64-neoverse-n1_ci-capture",
    "pts-5.2.1_active-xml_zero-results",
    "pts-5.2.1_rpi4_disk-suite_sqlite-fsmark-dbench-compilebench-postmark",
    "pts-5.2.1_rpi4_pgbench-postmark-mixed-units",
    "pts-5.2.1_rpi4_tiobench-dbench-postmark-mixed",
    "pts-5.6.0_ec2-large_7zip_10-systems",
    "pts-5.6.0_ec2-large_tiobench_64-results",
    "pts-5.6.0_ec2-micro_stream_10-systems",
    "pts-8.0.1_clearlinux_osbench_date-identifier_mixed-units",
    "pts-8.0.1_docker_schbench_42-results",
    "pts-8.0.1_gce_blogbench_persistentdisk",
    "pts-8.2.0_gce_pjdfstest_pass-fail",
    "pts-8.2.0_two-systems_sparse-entries",
};

/// A model without where it came from: its name and format, its positions and the reader's
/// warnings about the original, which differ between two readings of the same data (through
/// another transport, or back from what a writer wrote).
inline iosr::result_file without_provenance(iosr::result_file f) {
  f.source_name.clear();
  f.format.clear();
  f.warnings.clear();
  for (auto& s : f.systems) s.where = {};
  for (auto& r : f.results) {
    r.where = {};
    for (auto& e : r.entries) e.where = {};
  }
  return f;
}

/// `fields` on one line, each `key: value`, joined by ` | ` (not `, `, so that a value holding
/// `, ` still shows where the fields were split): a system's fields checked in one CHECK.
inline std::string fields_text(const std::vector<iosr::field>& fields) {
  std::string out;
  for (const auto& f : fields) {
    if (!out.empty()) out += " | ";
    out += f.key + ": " + f.value;
  }
  return out;
}

/// A chart's entries on one line, each `label: value as written`, joined by ` | `.
inline std::string entries_text(const iosr::result& r) {
  std::string out;
  for (const auto& e : r.entries) {
    if (!out.empty()) out += " | ";
    out += e.label + ": " + e.value_text;
  }
  return out;
}

/// A bar chart with this header and no entries yet.
inline iosr::result make_chart(std::string title, std::string version, std::string description,
                               std::string unit, iosr::direction dir) {
  iosr::result r;
  r.title = std::move(title);
  r.version = std::move(version);
  r.description = std::move(description);
  r.unit = std::move(unit);
  r.direction = dir;
  r.display_format = iosr::display_format::bar_graph;
  return r;
}

/// Reads `path` once per test run (the suite also runs under AddressSanitizer).
inline const iosr::result_file& read_cached(const std::string& path) {
  static std::map<std::string, iosr::result_file> cache;
  auto it = cache.find(path);
  if (it == cache.end()) it = cache.emplace(path, iosr::read_results_file(path)).first;
  return it->second;
}

inline std::size_t entry_count(const iosr::result_file& f) {
  std::size_t n = 0;
  for (const auto& r : f.results) n += r.entries.size();
  return n;
}

/// Entries of the file whose run failed (kind failed).
inline std::size_t failed_entry_count(const iosr::result_file& f) {
  std::size_t n = 0;
  for (const auto& r : f.results) {
    for (const auto& e : r.entries) n += e.kind == iosr::entry_kind::failed;
  }
  return n;
}

/// The first warning whose message contains `text`, or nullptr.
inline const iosr::warning* find_warning(const iosr::result_file& f, std::string_view text) {
  for (const auto& w : f.warnings) {
    if (w.message.find(text) != std::string::npos) return &w;
  }
  return nullptr;
}

inline bool has_warning(const iosr::result_file& f, std::string_view text) {
  return find_warning(f, text) != nullptr;
}

/// How many warnings contain `text`.
inline std::size_t warnings_with(const iosr::result_file& f, std::string_view text) {
  std::size_t n = 0;
  for (const auto& w : f.warnings) n += w.message.find(text) != std::string::npos;
  return n;
}

inline const iosr::entry* find_entry(const iosr::result& r, std::string_view label) {
  for (const auto& e : r.entries) {
    if (e.label == label) return &e;
  }
  return nullptr;
}

/// The value text of `label` in the chart, or `<missing>`.
inline std::string value_of(const iosr::result& r, std::string_view label) {
  const auto* e = find_entry(r, label);
  return e ? e->value_text : std::string("<missing>");
}

inline std::vector<std::string> entry_labels(const iosr::result& r) {
  std::vector<std::string> out;
  for (const auto& e : r.entries) out.push_back(e.label);
  return out;
}

inline std::vector<std::string> system_labels(const iosr::result_file& f) {
  std::vector<std::string> out;
  for (const auto& s : f.systems) out.push_back(s.label);
  return out;
}

/// Checks a chart's header split, one CHECK per part so a failure names the part.
inline void check_header(const iosr::result& r, std::string_view title, std::string_view version,
                         std::string_view description, std::string_view unit, iosr::direction dir) {
  CHECK(r.title == title);
  CHECK(r.version == version);
  CHECK(r.description == description);
  CHECK(r.unit == unit);
  CHECK(r.direction == dir);
}

}  // namespace test_support
