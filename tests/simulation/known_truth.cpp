// SPDX-License-Identifier: MIT
// The generator of known_truth.hpp.
#include "known_truth.hpp"

#include <cmath>
#include <cstdio>
#include <numbers>

#include "iosr/read.hpp"

namespace iosr_simulation {

namespace {

class random_numbers {
 public:
  explicit random_numbers(std::uint64_t seed) : state_(seed) {}
  /// SplitMix64 (Steele, Lea and Flood, 2014): the state advances by 0x9E3779B97F4A7C15 and each
  /// output is that state through two xor-shift-multiply rounds and a final xor-shift.
  std::uint64_t next() {
    state_ += 0x9E3779B97F4A7C15u;
    std::uint64_t z = state_;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
  }
  /// Uniform in [0, 1), from the top 53 bits.
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  double uniform(double low, double high) { return low + (high - low) * uniform(); }
  /// Standard normal, Box-Muller (both values used in turn).
  double normal() {
    if (spare_) {
      spare_ = false;
      return second_;
    }
    const double u = 1.0 - uniform();  // in (0, 1]: its logarithm is finite
    const double v = uniform();
    const double r = std::sqrt(-2.0 * std::log(u));
    second_ = r * std::sin(2.0 * std::numbers::pi * v);
    spare_ = true;
    return r * std::cos(2.0 * std::numbers::pi * v);
  }

 private:
  std::uint64_t state_;
  bool spare_ = false;
  double second_ = 0;
};

std::string number(double x, int digits) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*g", digits, x);
  return buffer;
}

// The runs of one entry as written, and its value: the mean of those runs, as written.
struct written_entry {
  std::string runs;
  std::string value;
};

written_entry draw_entry(random_numbers& random, double mean, double noise, std::size_t n) {
  written_entry out;
  double sum = 0;
  for (std::size_t k = 0; k < n; ++k) {
    const std::string run = number(mean * std::exp(noise * random.normal() - noise * noise / 2), 7);
    sum += std::stod(run);
    if (k > 0) out.runs += ':';
    out.runs += run;
  }
  out.value = number(sum / static_cast<double>(n), 6);
  return out;
}

const char* const label_names[] = {"mq-deadline", "bfq", "kyber", "bfq-low-latency"};

}  // namespace

generated_file generate(const setting& s, std::uint64_t seed) {
  random_numbers random(seed);
  generated_file file;
  std::string& x = file.xml;
  x += "<?xml version=\"1.0\"?>\n<PhoronixTestSuite>\n  <Generated>\n    <Title>simulated</Title>\n"
       "    <TestClient>Phoronix Test Suite v10.8.4</TestClient>\n  </Generated>\n";
  std::vector<std::string> labels = {"None"};
  for (std::size_t c = 0; c < s.configurations; ++c) {
    std::string label = label_names[c % std::size(label_names)];
    if (c >= std::size(label_names)) {
      // Appended in two steps, not "-" + text: GCC 12's -Wrestrict misreads that (PR 105329).
      label += '-';
      label += std::to_string(c);
    }
    labels.push_back(label);
    file.labels.push_back(label);
  }
  for (const auto& label : labels) {
    x += "  <System>\n    <Identifier>" + label + "</Identifier>\n  </System>\n";
  }
  file.true_ratio.assign(s.configurations, {});
  std::vector<double> log_sum(s.configurations, 0.0);
  for (std::size_t t = 0; t < s.tests; ++t) {
    const bool higher = random.uniform() < 0.5;
    const double base = std::pow(10.0, random.uniform(1.0, 4.0));
    x += "  <Result>\n    <Identifier>simulated/test</Identifier>\n    <Title>Simulated</Title>\n"
         "    <AppVersion>1.0</AppVersion>\n    <Description>Case: " +
         std::to_string(t + 1) + "</Description>\n    <Scale>" + (higher ? "MB/s" : "Seconds") +
         "</Scale>\n    <Proportion>" + (higher ? "HIB" : "LIB") +
         "</Proportion>\n    <DisplayFormat>BAR_GRAPH</DisplayFormat>\n    <Data>\n";
    for (std::size_t c = 0; c <= s.configurations; ++c) {
      double mean = base;
      if (c > 0) {
        const double log_ratio = s.effect * random.normal();
        file.true_ratio[c - 1].push_back(std::exp(log_ratio));
        log_sum[c - 1] += log_ratio;
        mean = higher ? base * std::exp(log_ratio) : base / std::exp(log_ratio);
      }
      const double noise = random.uniform(s.noise_low, s.noise_high);
      const auto e = draw_entry(random, mean, noise, s.runs);
      x += "      <Entry>\n        <Identifier>" + labels[c] + "</Identifier>\n        <Value>" +
           e.value + "</Value>\n        <RawString>" + e.runs + "</RawString>\n      </Entry>\n";
    }
    x += "    </Data>\n  </Result>\n";
  }
  x += "</PhoronixTestSuite>\n";
  for (std::size_t c = 0; c < s.configurations; ++c) {
    file.true_geomean.push_back(std::exp(log_sum[c] / static_cast<double>(s.tests)));
  }
  return file;
}

coverage measure_coverage(const setting& s, std::size_t files, std::uint64_t first_seed,
                          const iosr::compare_options& options) {
  coverage out;
  for (std::size_t f = 0; f < files; ++f) {
    const auto file = generate(s, first_seed + f);
    std::vector<iosr::result_file> read;
    read.push_back(iosr::read_results(file.xml, "simulated.xml"));
    const auto c = iosr::compare(read, options);
    for (std::size_t k = 0; k < file.labels.size(); ++k) {
      for (const auto& conf : c.configurations) {
        if (conf.label != file.labels[k]) continue;
        if (!conf.geomean_ci_low || !conf.geomean_ci_high) {
          ++out.without;
          continue;
        }
        ++out.intervals;
        const double truth = file.true_geomean[k];
        if (*conf.geomean_ci_low <= truth && truth <= *conf.geomean_ci_high) ++out.covered;
        out.log_width += std::log(*conf.geomean_ci_high / *conf.geomean_ci_low);
      }
    }
  }
  return out;
}

}  // namespace iosr_simulation
