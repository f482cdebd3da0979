// SPDX-License-Identifier: MIT
// The trend's steps against a known truth on the full grid (docs/db.md, "Change points"): per
// setting, the share of series where a real step is found where it is and nowhere else, where a
// flat series shows a step, and where a one-kernel excursion is reported as one, with the
// generator the suite's simulation test uses (tests/simulation/trend_truth.*).
//
//   trend_steps_bench [TRENDS] [issue]   (default 2000 trends per setting; `issue`: only issue
//                                         39's settings, 3 runs, for a quick before and after)
#include <fmt/format.h>

#include <cstdlib>
#include <initializer_list>
#include <string>
#include <vector>

#include "trend_truth.hpp"

int main(int argc, char** argv) {
  using namespace iosr_simulation;
  const std::size_t trends = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 2000;
  const bool issue = argc > 2 && std::string(argv[2]) == "issue";
  const std::vector<std::size_t> all_runs =
      issue ? std::vector<std::size_t>{3} : std::vector<std::size_t>{3, 5, 10};
  const std::vector<double> all_between =
      issue ? std::vector<double>{0.0, 0.02} : std::vector<double>{0.0, 0.02, 0.05};
  fmt::print(
      "{} trends per setting: 10 kernels, 3 tests, bfq against None; per-test series "
      "(3 per trend) and the geometric mean's (1 per trend)\n\n",
      trends);
  fmt::print(
      "| shape | runs | run noise | between kernels | right (tests) | right (geomean) | "
      "any change (tests) | any change (geomean) | as two steps (tests / geomean) |\n");
  fmt::print("|---|---|---|---|---|---|---|---|---|\n");
  std::uint64_t seed = 1;
  for (const auto shape : {trend_shape::step, trend_shape::flat, trend_shape::excursion}) {
    for (const std::size_t runs : all_runs) {
      for (const double between : all_between) {
        for (const double noise : {0.01, 0.03, 0.05, 0.10}) {
          trend_setting s;
          s.shape = shape;
          s.runs = runs;
          s.noise = noise;
          s.between = between;
          const auto r = measure_steps(s, trends, seed);
          seed += trends;
          const char* name = shape == trend_shape::step   ? "step"
                             : shape == trend_shape::flat ? "flat"
                                                          : "excursion";
          fmt::print(
              "| {} | {} | {:g} % | {:g} % | {:.1f} % | {:.1f} % | {:.1f} % | {:.1f} % | "
              "{:.1f} % / {:.1f} % |\n",
              name, runs, noise * 100, between * 100, 100 * r.tests.share_right(),
              100 * r.geomean.share_right(), 100 * r.tests.share_any(), 100 * r.geomean.share_any(),
              100.0 * double(r.tests.two_steps) / double(r.tests.series),
              100.0 * double(r.geomean.two_steps) / double(r.geomean.series));
          std::fflush(stdout);
        }
      }
    }
  }
  return 0;
}
