// SPDX-License-Identifier: MIT
// Charts assembled row by row from a table (iosr's own tables, the tables people make): one
// chart per test, in the order the tests are first met, its entries in row order, and the
// systems the entries name (docs/tables.md).
#pragma once

#include <map>
#include <string>
#include <tuple>

#include "input/reader_context.hpp"
#include "iosr/match.hpp"

namespace iosr::detail {

class table_charts {
 public:
  explicit table_charts(reader_context& ctx) : ctx_(ctx) {}
  /// The chart of `test`, made (at `offset`) the first time it is met.
  result& chart(const test_header& test, std::size_t offset);
  /// Adds `e` to `chart`, within the entries limit.
  void add(result& chart, entry e) { ctx_.add_entry(chart, std::move(e)); }

 private:
  reader_context& ctx_;
  std::map<std::tuple<std::string, std::string, std::string, std::string, direction>, std::size_t>
      index_;
};

/// `higher`/`lower` (iosr's own words), and the words people write for a direction: `HIB`,
/// `LIB` (PTS), `more`, `less`, `fewer`, `↑`, `↓`, `higher is better`, ... (case ignored); empty
/// for none; false when `text` is none of them.
bool direction_named(std::string_view text, direction& out);

}  // namespace iosr::detail
