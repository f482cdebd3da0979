// SPDX-License-Identifier: MIT
// The trend's tests: the charts kept, matched as test_match::trend says, ordered by title.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "iosr/match.hpp"
#include "trend/trend_steps.hpp"

namespace iosr::detail {

std::vector<std::int64_t> match_tests(const trend_input& in, const trend_options& options,
                                      trend& out) {
  std::vector<std::int64_t> test_of(in.tests.size(), -1);
  test_index index(test_match::trend(options.ignore_version));
  std::vector<std::vector<std::size_t>> members;  // per matched test: its in.tests
  for (std::size_t i = 0; i < in.tests.size(); ++i) {
    const auto& t = in.tests[i];
    if (t.direction == direction::none) continue;
    if (!options.filter.matches(t.title, t.description)) continue;
    const auto [m, added] = index.find_or_add(fields_of(t));
    if (added) members.emplace_back();
    members[m].push_back(i);
  }
  // Title, then description, then the other matched fields: a stable, readable order.
  auto order_key = [&](const trend_test_info& t) {
    return std::make_tuple(std::string_view(t.title), std::string_view(t.description),
                           options.ignore_version ? std::string_view() : t.version,
                           std::string_view(t.unit), to_string(t.direction));
  };
  std::sort(members.begin(), members.end(), [&](const auto& a, const auto& b) {
    return order_key(in.tests[a.front()]) < order_key(in.tests[b.front()]);
  });
  for (const auto& same : members) {
    trend_test t;
    t.info = in.tests[same.front()];
    for (auto m : same) {
      join_version(t.info.version, in.tests[m].version);  // differs only with ignore_version
      test_of[m] = static_cast<std::int64_t>(out.tests.size());
    }
    out.tests.push_back(std::move(t));
  }
  return test_of;
}

}  // namespace iosr::detail
