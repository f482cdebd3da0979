// SPDX-License-Identifier: MIT
// Trends with a known truth (trend_truth.hpp).
#include "trend_truth.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "iosr/read.hpp"
#include "iosr/trend.hpp"

namespace iosr_simulation {

namespace {

// SplitMix64: a seed gives the same numbers everywhere.
struct random_numbers {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }  // [0, 1)
  // Box-Muller, one of the pair.
  double normal() {
    const double u = 1.0 - uniform();  // (0, 1]
    const double v = uniform();
    return std::sqrt(-2.0 * std::log(u)) * std::cos(2.0 * M_PI * v);
  }
};

const char* const hardware =
    "Processor: Simulated CPU @ 3.00GHz (8 Cores), Motherboard: Simulated Board, Chipset: "
    "Simulated, Memory: 16GB, Disk: 500GB Simulated SSD";

std::string system_xml(const std::string& label, std::size_t kernel) {
  return fmt::format(
      "  <System>\n    <Identifier>{}</Identifier>\n    <Hardware>{}</Hardware>\n"
      "    <Software>OS: Debian 12, Kernel: 6.{}.0-1-amd64 (x86_64), File-System: ext4"
      "</Software>\n    <TimeStamp>2024-01-{:02} 10:00:00</TimeStamp>\n  </System>\n",
      label, hardware, kernel, kernel + 1);
}

// bfq's true ratio at kernel k.
double truth(const trend_setting& s, std::size_t k) {
  switch (s.shape) {
    case trend_shape::flat:
      return 1.0;
    case trend_shape::step:
      return k >= s.at ? s.change : 1.0;
    case trend_shape::excursion:
      return k == s.at ? s.change : 1.0;
  }
  return 1.0;
}

// The changes of a series, in the words of the truth: for each, its point and whether it is an
// excursion. `back` exists since issue 39; before it, an excursion was two steps.
template <typename Change>
bool is_excursion(const Change& c) {
  if constexpr (requires { c.back; }) {
    return c.back.has_value();
  } else {
    return false;
  }
}

void tally(const trend_setting& s, const iosr::trend& t, const iosr::trend_series& series,
           series_tally& out) {
  ++out.series;
  const auto& changes = series.changes;
  if (!changes.empty()) ++out.any;
  auto at = [&](const iosr::trend_change& c, std::size_t kernel) {
    return t.points[c.point].name == fmt::format("6.{}", kernel);
  };
  bool right = false;
  switch (s.shape) {
    case trend_shape::flat:
      right = changes.empty();
      break;
    case trend_shape::step:
      right = changes.size() == 1 && at(changes[0], s.at) && !is_excursion(changes[0]) &&
              (changes[0].after < changes[0].before) == (s.change < 1);
      break;
    case trend_shape::excursion:
      right = changes.size() == 1 && at(changes[0], s.at) && is_excursion(changes[0]);
      if (changes.size() == 2 && at(changes[0], s.at) && at(changes[1], s.at + 1)) {
        ++out.two_steps;
      }
      break;
  }
  if (right) ++out.right;
}

}  // namespace

std::vector<std::string> generate_trend(const trend_setting& s, std::uint64_t seed) {
  random_numbers random{seed * 0x2545F4914F6CDD1DULL + 1};
  std::vector<std::string> files;
  for (std::size_t k = 0; k < s.kernels; ++k) {
    std::string xml = fmt::format(
        "<?xml version=\"1.0\"?>\n<PhoronixTestSuite>\n  <Generated>\n    <Title>simulated "
        "kernel 6.{}</Title>\n  </Generated>\n",
        k);
    xml += system_xml("None", k) + system_xml("bfq", k);
    for (std::size_t t = 0; t < s.tests; ++t) {
      const bool higher = t % 2 == 0;
      xml += fmt::format(
          "  <Result>\n    <Identifier>pts/simulated-1.0.0</Identifier>\n    <Title>Simulated"
          "</Title>\n    <AppVersion>1.0</AppVersion>\n    <Description>Test: {}</Description>\n"
          "    <Scale>{}</Scale>\n    <Proportion>{}</Proportion>\n    <DisplayFormat>BAR_GRAPH"
          "</DisplayFormat>\n    <Data>\n",
          t + 1, higher ? "MB/s" : "Seconds", higher ? "HIB" : "LIB");
      const double base = 1000.0 + 137.0 * static_cast<double>(t);
      for (const char* label : {"None", "bfq"}) {
        double mean = base * std::exp(s.between * random.normal());
        if (label[0] == 'b') mean = higher ? mean * truth(s, k) : mean / truth(s, k);
        std::string raw;
        double sum = 0;
        for (std::size_t r = 0; r < s.runs; ++r) {
          const auto run = fmt::format("{:.7g}", mean * std::exp(s.noise * random.normal()));
          raw += (r ? ":" : "") + run;
          sum += std::stod(run);
        }
        xml += fmt::format(
            "      <Entry>\n        <Identifier>{}</Identifier>\n        <Value>{:.6g}</Value>\n"
            "        <RawString>{}</RawString>\n      </Entry>\n",
            label, sum / static_cast<double>(s.runs), raw);
      }
      xml += "    </Data>\n  </Result>\n";
    }
    files.push_back(xml + "</PhoronixTestSuite>\n");
  }
  return files;
}

trend_tally measure_steps(const trend_setting& s, std::size_t trends, std::uint64_t first_seed,
                          const iosr::trend_options& options) {
  trend_tally out;
  for (std::size_t i = 0; i < trends; ++i) {
    std::vector<iosr::result_file> files;
    std::size_t k = 0;
    for (const auto& xml : generate_trend(s, first_seed + i)) {
      files.push_back(iosr::read_results(xml, fmt::format("6.{}.xml", k++)));
    }
    const auto t = iosr::compute_trend(iosr::make_trend_input(files), options);
    for (const auto& test : t.tests) {
      for (const auto& series : test.series) tally(s, t, series, out.tests);
    }
    for (const auto& series : t.geomean) tally(s, t, series, out.geomean);
  }
  return out;
}

}  // namespace iosr_simulation
