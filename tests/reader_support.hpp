// SPDX-License-Identifier: MIT
// Helpers shared by the tests that read whole files: cached reads and chart/entry lookups.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "catch.hpp"
#include "iosr/model.hpp"
#include "iosr/read.hpp"

namespace test_support {

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
                         std::string_view description, std::string_view unit,
                         iosr::direction dir) {
  CHECK(r.title == title);
  CHECK(r.version == version);
  CHECK(r.description == description);
  CHECK(r.unit == unit);
  CHECK(r.direction == dir);
}

}  // namespace test_support
