// SPDX-License-Identifier: MIT
// The full grid of the geometric-mean interval's coverage (docs/compare.md, "How sure"): for
// N runs, K tests and each noise, FILES generated result files with a known truth
// (tests/simulation/known_truth.hpp) compared, and the share of the configurations' intervals
// that hold their true geometric mean ratio printed as Markdown tables, one per noise. The
// suite's simulation test runs a short version of the same.
// With a setting after FILES, that setting alone, from SEED on, to look closer at one cell.
// Usage: coverage_bench [FILES=2500 [RUNS TESTS NOISE_LOW NOISE_HIGH [SEED=1]]]
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "known_truth.hpp"

int main(int argc, char** argv) {
  const std::size_t files = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 2500;
  iosr::compare_options options;
  options.power = 0;  // no detectable deltas: not what is measured here, and the costly part
  if (argc >= 6) {
    iosr_simulation::setting s;
    s.runs = std::strtoul(argv[2], nullptr, 10);
    s.tests = std::strtoul(argv[3], nullptr, 10);
    s.noise_low = std::strtod(argv[4], nullptr);
    s.noise_high = std::strtod(argv[5], nullptr);
    const std::uint64_t seed = argc > 6 ? std::strtoull(argv[6], nullptr, 10) : 1;
    const auto c = iosr_simulation::measure_coverage(s, files, seed, options);
    const double p = c.share();
    const double se = std::sqrt(p * (1 - p) / static_cast<double>(c.intervals));
    std::printf("%zu runs, %zu tests, noise %g-%g: %zu of %zu covered, %.2f %% (+- %.2f at 95 %%); "
                "mean width %.4f in log ratio\n",
                s.runs, s.tests, s.noise_low, s.noise_high, c.covered, c.intervals, 100 * p,
                196 * se, c.mean_log_width());
    return 0;
  }
  struct noise {
    const char* name;
    double low, high;
  };
  const noise noises[] = {{"1 %", 0.01, 0.01},
                          {"3 %", 0.03, 0.03},
                          {"10 %", 0.10, 0.10},
                          {"each entry's drawn from 1-10 %", 0.01, 0.10}};
  const std::size_t runs[] = {3, 5, 10};
  const std::size_t tests[] = {1, 3, 12};
  std::size_t all = 0, all_covered = 0;
  double lowest = 1, highest = 0;
  for (const auto& n : noises) {
    std::printf("\nrun noise %s, %zu files per setting (2 intervals each)\n\n", n.name, files);
    std::printf("| runs \\ tests | 1 | 3 | 12 |\n| --- | --- | --- | --- |\n");
    for (const auto r : runs) {
      std::printf("| %zu |", r);
      for (const auto k : tests) {
        iosr_simulation::setting s;
        s.runs = r;
        s.tests = k;
        s.noise_low = n.low;
        s.noise_high = n.high;
        // One seed range per setting, apart from every other setting's: runs and tests, then
        // both ends of the noise (10 % and 1-10 % share their high end), 100,000 files apart.
        const std::uint64_t seed = 10'000'000'000ull * (r * 100 + k) +
                                   static_cast<std::uint64_t>(n.high * 1000) * 10'000'000ull +
                                   static_cast<std::uint64_t>(n.low * 1000) * 100'000ull;
        const auto c = iosr_simulation::measure_coverage(s, files, seed, options);
        std::printf(" %.1f %% |", 100.0 * c.share());
        if (c.without) std::printf(" (%zu without)", c.without);
        all += c.intervals;
        all_covered += c.covered;
        lowest = std::min(lowest, c.share());
        highest = std::max(highest, c.share());
      }
      std::printf("\n");
    }
  }
  std::printf("\nall settings: %.2f %% of %zu intervals; lowest %.1f %%, highest %.1f %%\n",
              100.0 * double(all_covered) / double(all), all, 100.0 * lowest, 100.0 * highest);
  return 0;
}
