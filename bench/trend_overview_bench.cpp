// SPDX-License-Identifier: MIT
// The trend overview of iosr serve (lib/src/serve/trend_page.cpp) step by step, on a store:
// reading the trend's input, the whole trend (what the overview computed before: every test's
// series searched for steps, then dropped), the geometric means alone (what it computes now),
// and drawing them. Each the median of REPEATS, in the same run, so that the ratio holds on a
// loaded machine (docs/serve.md, "Performance").
// Usage: trend_overview_bench STORE [REPEATS=3]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "iosr/store.hpp"
#include "iosr/trend.hpp"

namespace {

template <class F>
double median_seconds(int repeats, F&& f) {
  std::vector<double> times;
  for (int i = 0; i < repeats; ++i) {
    const auto start = std::chrono::steady_clock::now();
    f();
    times.push_back(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: trend_overview_bench STORE [REPEATS=3]\n");
    return 2;
  }
  const int repeats = argc > 2 ? std::max(1, std::atoi(argv[2])) : 3;
  auto db = iosr::store::open(argv[1], iosr::store_access::read_only);
  iosr::trend_input input;
  const double read = median_seconds(repeats, [&] { input = db->load_trend_input({}); });
  std::size_t whole_series = 0;
  const double whole = median_seconds(repeats, [&] {
    const auto t = iosr::compute_trend(input);
    whole_series = t.geomean.size();
  });
  iosr::trend_options light;
  light.geomeans_only = true;
  iosr::trend t;
  const double means = median_seconds(repeats, [&] { t = iosr::compute_trend(input, light); });
  std::string page;
  const double draw = median_seconds(repeats, [&] {
    page.clear();
    iosr::render_trend(t, "html", {}, page);
  });
  std::printf("%zu entries, %zu tests, %zu systems\n", input.runs.size(), input.tests.size(),
              input.systems.size());
  std::printf("read the trend's input          %8.3f s\n", read);
  std::printf("whole trend (before)            %8.3f s  (%zu means)\n", whole, whole_series);
  std::printf("geometric means alone (now)     %8.3f s  (%zu means)  %.1fx faster\n", means,
              t.geomean.size(), whole / means);
  std::printf("draw the means (HTML, %zu KB)   %8.3f s\n", page.size() / 1024, draw);
  return 0;
}
