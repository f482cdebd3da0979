// SPDX-License-Identifier: MIT
// The charts of an LKP input, one per PTS metric, made as its rows or members are read, and
// what was not read of the PTS testcase's metrics, said once per kind at the end.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "input/lkp/metric.hpp"
#include "input/reader_context.hpp"

namespace iosr::detail {

class lkp_charts {
 public:
  explicit lkp_charts(reader_context& ctx) : ctx_(ctx) {}

  /// The chart of metric `name` (made the first time; `test_id` is the profile the input names
  /// for its test, when it does), or nullptr when `name` is no PTS result: then it is counted,
  /// by kind, for finish(). `offset` places what is said of it.
  result* chart_for(std::string_view name, std::size_t offset, std::string_view test_id = {});

  /// How many charts were made.
  std::size_t size() const { return charts_.size(); }
  /// How many metrics of the PTS testcase were not read, and of other testcases.
  std::size_t not_read() const;
  std::size_t others() const { return others_; }

  /// Says once per kind what was not read, which units stay as LKP writes them and which charts
  /// have no direction.
  void finish();

 private:
  struct unread {
    std::size_t count = 0;
    std::size_t first_offset = 0;
    std::string first;
  };
  void count(std::map<metric_family, unread>& into, metric_family f, std::string_view name,
             std::size_t offset);

  reader_context& ctx_;
  std::map<std::string, std::size_t, std::less<>> charts_;  // metric -> index in results
  std::map<metric_family, unread> unread_;
  std::size_t others_ = 0;
  std::string first_other_;
  std::size_t first_other_offset_ = 0;
  std::vector<std::size_t> as_written_;      // charts whose unit is LKP's key
  std::vector<std::size_t> no_direction_;    // charts without a direction
  std::vector<std::size_t> offsets_;         // of each chart's first metric
};

}  // namespace iosr::detail
