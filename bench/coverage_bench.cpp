// SPDX-License-Identifier: MIT
// The full grid of the geometric-mean interval's coverage (docs/compare.md, "How sure"): for
// N runs, K tests and each noise, FILES generated result files with a known truth
// (tests/simulation/known_truth.hpp) compared, and the share of the configurations' intervals
// that hold their true geometric mean ratio printed as Markdown tables, one per noise. The
// suite's simulation test runs a short version of the same.
// Usage: coverage_bench [FILES=1000] [--bootstrap N]
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "known_truth.hpp"

int main(int argc, char** argv) {
  std::size_t files = 1000;
  iosr::compare_options options;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--bootstrap") == 0 && i + 1 < argc) {
      options.bootstrap = std::strtoul(argv[++i], nullptr, 10);
    } else {
      files = std::strtoul(argv[i], nullptr, 10);
    }
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
        // One seed range per setting, apart from every other setting's.
        const std::uint64_t seed = 1'000'000'000ull * (r * 100 + k) +
                                   static_cast<std::uint64_t>(n.high * 1000) * 1'000'000ull;
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
