// SPDX-License-Identifier: MIT
// Helpers shared by the comparison tests: the bundled seeds, small hand-made files, lookups.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "iosr/compare.hpp"
#include "iosr/model.hpp"
#include "reader_support.hpp"

namespace test_support {

inline std::string seed_path(const std::string& name) {
  return std::string(IOSR_DATA_DIR) + "/text/" + name;
}

inline const iosr::result_file& seed(const std::string& name) {
  return read_cached(seed_path(name));
}

inline const std::vector<std::string> seed_names = {
    "000_1809f3a92cbbf2f4.txt", "001_d98c4465b017a3b0.txt", "002_236e153a66cd3c9d.txt",
    "004_38fbc586aba1b507.txt"};

/// A value as a reader gives it: the text and its number.
struct value {
  std::string label;
  std::string text;
  double se = -1;  ///< standard error; < 0 = unknown
  std::size_t n = 0;
};

/// A chart of hand-made entries.
inline iosr::result chart(std::string title, std::string description, std::string unit,
                          iosr::direction dir, const std::vector<value>& values,
                          std::string version = "1.0") {
  auto r = make_chart(std::move(title), std::move(version), std::move(description), std::move(unit),
                      dir);
  for (const auto& v : values) {
    iosr::entry e;
    e.label = v.label;
    e.value_text = v.text;
    if (v.text == "PASS" || v.text == "FAIL") {
      e.kind = iosr::entry_kind::pass_fail;
      e.value = v.text == "PASS" ? 1.0 : 0.0;
    } else if (!v.text.empty()) {
      e.value = std::stod(v.text);
    } else {
      e.kind = iosr::entry_kind::failed;
    }
    if (v.se >= 0) e.standard_error = v.se;
    if (v.n > 0) e.sample_count = v.n;
    r.entries.push_back(e);
  }
  return r;
}

/// A file with systems for every label its charts use, in first-seen order.
inline iosr::result_file file(std::string name, std::vector<iosr::result> results) {
  iosr::result_file f;
  f.source_name = std::move(name);
  f.title = "Scheduler test";
  f.format = "pts-text";
  for (const auto& r : results) {
    for (const auto& e : r.entries) {
      if (!f.find_system(e.label)) f.systems.push_back(iosr::make_system(e.label));
    }
  }
  f.results = std::move(results);
  return f;
}

inline const iosr::compared_test* find_test(const iosr::comparison& c, std::string_view title,
                                            std::string_view description) {
  for (const auto& t : c.tests) {
    if (t.title == title && t.description == description) return &t;
  }
  return nullptr;
}

/// The entry of the configuration shown as `label`, or nullptr.
inline const iosr::compared_entry* find_entry(const iosr::comparison& c,
                                              const iosr::compared_test& t,
                                              std::string_view label) {
  for (const auto& e : t.entries) {
    if (c.configurations[e.configuration].label == label) return &e;
  }
  return nullptr;
}

inline const iosr::configuration* find_configuration(const iosr::comparison& c,
                                                     std::string_view label) {
  for (const auto& conf : c.configurations) {
    if (conf.label == label) return &conf;
  }
  return nullptr;
}

/// The shown labels of a test's entries, in their order.
inline std::vector<std::string> entry_order(const iosr::comparison& c,
                                            const iosr::compared_test& t) {
  std::vector<std::string> labels;
  for (const auto& e : t.entries) labels.push_back(c.configurations[e.configuration].label);
  return labels;
}

}  // namespace test_support
