// SPDX-License-Identifier: MIT
// The test families of the article layouts (see test_families.hpp).
#include "render/comparison/test_families.hpp"

#include <algorithm>
#include <map>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace iosr::detail {

namespace {

std::vector<std::string> options_of(std::string_view description) {
  std::vector<std::string> parts;
  constexpr std::string_view separator = " - ";
  for (;;) {
    const auto cut = description.find(separator);
    parts.emplace_back(description.substr(0, cut));
    if (cut == std::string_view::npos) break;
    description.remove_prefix(cut + separator.size());
  }
  return parts;
}

std::string joined(const std::vector<std::string>& parts) {
  std::string s;
  for (const auto& p : parts) s += (s.empty() ? "" : " - ") + p;
  return s;
}

void factor(const comparison& c, test_family& family) {
  const auto& first = c.tests[family.tests.front()];
  family.one_unit = std::all_of(family.tests.begin(), family.tests.end(), [&](std::size_t t) {
    return c.tests[t].unit == first.unit && c.tests[t].direction == first.direction;
  });
  if (family.one_unit) {
    family.unit = first.unit;
    family.direction = first.direction;
  }
  if (family.tests.size() == 1) {
    family.rest.push_back(first.description);
    return;
  }
  std::vector<std::vector<std::string>> options;
  // In how many tests each option is: linear in the options, however many tests a family has.
  std::unordered_map<std::string, std::size_t> tests_with;
  for (auto t : family.tests) {
    auto& o = options.emplace_back(options_of(c.tests[t].description));
    const std::unordered_set<std::string> distinct(o.begin(), o.end());
    for (const auto& option : distinct) ++tests_with[option];
  }
  // An option is shared when it is in every test; the first test gives their order.
  std::vector<std::string> shared;
  std::unordered_set<std::string> is_shared;
  for (const auto& option : options.front()) {
    if (tests_with[option] == family.tests.size() && is_shared.insert(option).second) {
      shared.push_back(option);
    }
  }
  family.shared = joined(shared);
  for (const auto& o : options) {
    std::vector<std::string> rest;
    for (const auto& option : o) {
      if (!is_shared.count(option)) rest.push_back(option);
    }
    family.rest.push_back(joined(rest));
  }
}

}  // namespace

std::vector<test_family> test_families(const comparison& c) {
  std::vector<test_family> families;
  std::map<std::pair<std::string, std::string>, std::size_t> index;
  for (std::size_t t = 0; t < c.tests.size(); ++t) {
    const auto& test = c.tests[t];
    auto [it, added] = index.try_emplace({test.title, test.version}, families.size());
    if (added) {
      auto& f = families.emplace_back();
      f.heading = test.title + (test.version.empty() ? "" : " " + test.version);
    }
    families[it->second].tests.push_back(t);
  }
  for (auto& f : families) factor(c, f);
  return families;
}

}  // namespace iosr::detail
