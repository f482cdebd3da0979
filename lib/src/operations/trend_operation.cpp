// SPDX-License-Identifier: MIT
// run_trend (iosr/operations.hpp): what `iosr trend` does with its input.
#include <functional>
#include <string_view>
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

// The trend of the input `load` gives (const: kept; else let go once placed), and by the run
// dates when no run has a kernel version and the series was not chosen.
template <class Load>
trend_outcome compute(const Load& load, const trend_request& request) {
  trend_outcome out;
  out.result = compute_trend(load(), request.options);
  if (!request.by_chosen && request.options.by == trend_by::kernel && !followed(out.result)) {
    auto by_date = request.options;
    by_date.by = trend_by::date;
    auto dated = compute_trend(load(), by_date);
    if (followed(dated)) {
      out.result = std::move(dated);
      out.result.notes.insert(
          out.result.notes.begin(),
          note{message_code::no_kernel_version,
               "no run has a kernel version: the series follows the run dates"});
    }
  }
  return out;
}

}  // namespace

trend_outcome run_trend(const trend_input& input, const trend_request& request) {
  auto out = compute([&]() -> const trend_input& { return input; }, request);
  render_trend(out.result, request.format, request.render, out.text);
  return out;
}

trend_outcome run_trend(const std::function<trend_input()>& load, const trend_request& request,
                        const std::function<void(std::string_view)>& write) {
  auto out = compute(load, request);
  render_trend(out.result, request.format, request.render, write);
  return out;
}

}  // namespace iosr
