// SPDX-License-Identifier: MIT
// run_trend (iosr/operations.hpp): what `iosr trend` does with its input.
#include <utility>

#include "iosr/operations.hpp"

namespace iosr {

namespace {

// Whether any test has a series: a trend by kernel over runs without kernels has none.
bool followed(const trend& t) {
  for (const auto& test : t.tests) {
    if (!test.series.empty()) return true;
  }
  return false;
}

}  // namespace

trend_outcome run_trend(const trend_input& input, const trend_request& request) {
  trend_outcome out;
  out.result = compute_trend(input, request.options);
  if (!request.by_chosen && request.options.by == trend_by::kernel && !followed(out.result)) {
    auto by_date = request.options;
    by_date.by = trend_by::date;
    auto dated = compute_trend(input, by_date);
    if (followed(dated)) {
      out.result = std::move(dated);
      out.result.notes.insert(
          out.result.notes.begin(),
          note{message_code::no_kernel_version,
               "no run has a kernel version: the series follows the run dates"});
    }
  }
  render_trend(out.result, request.format, request.render, out.text);
  return out;
}

}  // namespace iosr
