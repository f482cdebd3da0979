// SPDX-License-Identifier: MIT
// The proof of the geometric means' intervals (docs/compare.md, "How sure"): result files with a
// known truth (simulation/known_truth.hpp), fixed seeds, and the share of the intervals that hold
// the true geometric mean ratio, per setting of runs, tests and noise. This is the short version
// for every build; bench/coverage_bench.cpp runs the full grid, 2,000 intervals per setting.
#include <cstddef>
#include <cstdint>

#include "catch.hpp"
#include "simulation/known_truth.hpp"

namespace {

// 120 files of 2 configurations: 240 intervals per setting, whose share covered has a standard
// error of 1.4 points at 95 %; a method that holds its level stays within 90-99.5 % in each
// setting, and within 94-97 % over all of them.
constexpr std::size_t files_per_setting = 120;

}  // namespace

TEST_CASE("The geometric means' 95 % intervals hold the true ratio 95 % of the time",
          "[simulation][geomean]") {
  std::size_t intervals = 0;
  std::size_t covered = 0;
  iosr::compare_options options;
  options.power = 0;  // the detectable deltas take no part in the intervals, and cost most
  struct noise {
    double low, high;
  };
  for (const auto n : {noise{0.03, 0.03}, noise{0.01, 0.10}}) {
    for (const std::size_t runs : {3, 5, 10}) {
      for (const std::size_t tests : {1, 3, 12}) {
        iosr_simulation::setting s;
        s.runs = runs;
        s.tests = tests;
        s.noise_low = n.low;
        s.noise_high = n.high;
        const std::uint64_t seed =
            7'000'000ull * runs + 100'000ull * tests + static_cast<std::uint64_t>(n.low * 1000);
        const auto c = iosr_simulation::measure_coverage(s, files_per_setting, seed, options);
        INFO("runs " << runs << ", tests " << tests << ", noise " << n.low << "-" << n.high
                     << ": " << c.covered << " of " << c.intervals << " covered");
        CHECK(c.without == 0);
        CHECK(c.intervals == 2 * files_per_setting);
        CHECK(c.share() >= 0.90);
        CHECK(c.share() <= 0.995);
        intervals += c.intervals;
        covered += c.covered;
      }
    }
  }
  const double share = static_cast<double>(covered) / static_cast<double>(intervals);
  INFO(covered << " of " << intervals << " intervals covered");
  CHECK(share >= 0.94);
  CHECK(share <= 0.97);
}
