// SPDX-License-Identifier: MIT
// Charts assembled from a table's rows (table_charts.hpp).
#include "input/table_charts.hpp"

#include "strings.hpp"

namespace iosr::detail {

result& table_charts::chart(const test_header& test, std::size_t offset) {
  auto key = std::tuple{test.title, test.version, test.description, test.unit, test.direction};
  auto [it, added] = index_.try_emplace(key, ctx_.out.results.size());
  if (added) {
    result r;
    r.title = test.title;
    r.version = test.version;
    r.description = test.description;
    r.unit = test.unit;
    r.direction = test.direction;
    r.display_format = display_format::bar_graph;
    r.where = ctx_.at(offset);
    ctx_.out.results.push_back(std::move(r));
  }
  return ctx_.out.results[it->second];
}

bool direction_named(std::string_view text, direction& out) {
  auto word = ascii_lower(trim(text));
  if (word.empty() || word == "-" || word == "none" || word == "n/a") {
    out = direction::none;
    return true;
  }
  for (std::string_view higher : {"higher", "hib", "more", "higher is better", "more is better",
                                  "\xE2\x86\x91", "\xE2\x86\x91 better", "up", "max"}) {
    if (word == higher) {
      out = direction::higher;
      return true;
    }
  }
  for (std::string_view lower : {"lower", "lib", "less", "fewer", "lower is better",
                                 "less is better", "fewer is better", "\xE2\x86\x93",
                                 "\xE2\x86\x93 better", "down", "min"}) {
    if (word == lower) {
      out = direction::lower;
      return true;
    }
  }
  return false;
}

}  // namespace iosr::detail
