// SPDX-License-Identifier: MIT
// The geometric means, first and last places of iosr compare against what PTS's own
// `result-file-stats` printed for the same composite.xml files, recorded here as numbers.
//
// Recorded with the team's shared/tools/pts-oracle.sh FILE stats (PTS v10.8.4-94-g84227e6aa,
// commit 84227e6aac22d51cfe0bd2c612bd49ff3433982e, PHP 8.2). PTS is no Debian package, and CI
// has no checkout of it and fetches nothing, so CI checks these numbers instead of running PHP.
//
// PTS normalises each test its own way (a lower-is-better value r becomes 100 / r, a
// higher-is-better one stays as it is) before its geometric mean, so only ratios between
// configurations compare: iosr's geometric mean ratio of a configuration equals PTS's
// geometric mean of it divided by PTS's of the baseline. PTS keeps 3 decimals and prints 2 or
// 3, which bounds how closely the two can agree.
#include <cmath>
#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "catch.hpp"
#include "compare_support.hpp"
#include "iosr/compare.hpp"

namespace {

using namespace test_support;

struct oracle_case {
  std::string file;      // under tests/fixtures/ or data/
  std::string baseline;  // --baseline
  std::size_t tests_counted = 0;
  std::map<std::string, std::string> geomeans;  // as PTS printed them
  std::map<std::string, std::size_t> wins;      // PTS's WINS (labels it does not list: 0)
  std::map<std::string, std::size_t> losses;    // PTS's LOSSES
  // First places that PTS gives to none of the tied: iosr counts every tie as first
  // (docs/compare.md), PTS gives a tied win to the first of them.
  std::map<std::string, std::size_t> tied_firsts = {};
};

const std::string corpus = std::string(IOSR_FIXTURES_DIR) + "/corpus/xml/";

const std::vector<oracle_case> cases = {
    {corpus + "pts-10.8.4_osbench_base-vs-fwrapv.xml",
     "base",
     5,
     {{"fwrapv", "2.360"}, {"base", "2.363"}},
     {{"base", 3}, {"fwrapv", 2}},
     {{"fwrapv", 3}, {"base", 2}}},
    {corpus + "pts-5.6.0_ec2-micro_stream_10-systems.xml",
     "stream-run-0",
     4,
     {{"stream-run-0", "1345.76"},
      {"stream-run-1", "1546.45"},
      {"stream-run-6", "1563.64"},
      {"stream-run-3", "1663.79"},
      {"stream-run-8", "1663.99"},
      {"stream-run-9", "1671.14"},
      {"stream-run-4", "1673.71"},
      {"stream-run-2", "1674.93"},
      {"stream-run-5", "1677.89"},
      {"stream-run-7", "1705.51"}},
     {{"stream-run-9", 2}, {"stream-run-3", 1}, {"stream-run-7", 1}},
     {{"stream-run-0", 4}}},
    {corpus + "pts-10.8.4_sqlite_20-systems.xml",
     "base",
     7,
     {{"fno-finite-loops", "0.982"},
      {"fno-use-default-alignment", "0.983"},
      {"Xclang-no-enable-noundef-analysis", "0.987"},
      {"fwrapv", "0.991"},
      {"fno-strict-aliasing", "1.003"},
      {"fdrop-deref-attr", "1.004"},
      {"mllvm-zero-uninit-loads", "1.005"},
      {"fconstrain-shift-value", "1.012"},
      {"fdrop-align-attr", "1.012"},
      {"all", "1.014"},
      {"fdrop-noalias-restrict-attr", "1.021"},
      {"fstrict-enums", "1.021"},
      {"fdrop-ub-builtins", "1.023"},
      {"mllvm-disable-object-based-analysis", "1.026"},
      {"fno-constrain-bool-value", "1.027"},
      {"fcheck-div-rem-overflow", "1.032"},
      {"fno-delete-null-pointer-checks", "1.034"},
      {"fdrop-inbounds-from-gep-mllvm-disable-oob-analysis", "1.036"},
      {"base", "1.040"},
      {"fignore-pure-const-attrs", "1.043"}},
     {{"fignore-pure-const-attrs", 3},
      {"fdrop-inbounds-from-gep-mllvm-disable-oob-analysis", 2},
      {"base", 1},
      {"fno-delete-null-pointer-checks", 1}},
     {{"mllvm-zero-uninit-loads", 3},
      {"fwrapv", 1},
      {"fno-use-default-alignment", 1},
      {"fno-finite-loops", 1},
      {"fno-strict-aliasing", 1}}},
    {corpus + "pts-10.8.4_compress-zstd_20-systems_14-results.xml",
     "base",
     14,
     {{"all", "304.75"},
      {"fwrapv", "320.86"},
      {"Xclang-no-enable-noundef-analysis", "320.97"},
      {"mllvm-disable-object-based-analysis", "321.58"},
      {"fdrop-inbounds-from-gep-mllvm-disable-oob-analysis", "322.32"},
      {"fconstrain-shift-value", "322.42"},
      {"fdrop-noalias-restrict-attr", "322.54"},
      {"fignore-pure-const-attrs", "322.65"},
      {"fno-use-default-alignment", "322.75"},
      {"mllvm-zero-uninit-loads", "322.85"},
      {"fdrop-deref-attr", "322.86"},
      {"fdrop-align-attr", "323.05"},
      {"fno-constrain-bool-value", "323.34"},
      {"fcheck-div-rem-overflow", "323.44"},
      {"fdrop-ub-builtins", "323.52"},
      {"fstrict-enums", "323.76"},
      {"fno-delete-null-pointer-checks", "324.14"},
      {"fno-strict-aliasing", "324.33"},
      {"base", "324.47"},
      {"fno-finite-loops", "325.46"}},
     {{"fwrapv", 3},
      {"fno-finite-loops", 3},
      {"fignore-pure-const-attrs", 2},
      {"fno-strict-aliasing", 1},
      {"base", 1},
      {"fno-constrain-bool-value", 1},
      {"fdrop-ub-builtins", 1},
      {"fno-delete-null-pointer-checks", 1},
      {"fdrop-inbounds-from-gep-mllvm-disable-oob-analysis", 1}},
     {{"all", 7},
      {"fwrapv", 3},
      {"fno-constrain-bool-value", 2},
      {"Xclang-no-enable-noundef-analysis", 1},
      {"fignore-pure-const-attrs", 1}},
     // Compression Level: 19 - Compression Speed: 12.9 for fdrop-ub-builtins (PTS's win),
     // fno-delete-null-pointer-checks and fstrict-enums.
     {{"fno-delete-null-pointer-checks", 1}, {"fstrict-enums", 1}}},
    {std::string(IOSR_DATA_DIR) + "/xml/iosched-3way.xml",
     "None",
     3,
     {{"bfq", "954.77"}, {"mq-deadline", "1234.18"}, {"None", "1269.10"}},
     {{"None", 3}},
     {{"bfq", 3}}},
};

// Half a unit of the last printed digit, and half of the third decimal PTS rounded to first.
double printed_error(const std::string& printed) {
  const auto dot = printed.find('.');
  const auto decimals = dot == std::string::npos ? 0 : printed.size() - dot - 1;
  return 0.5 * std::pow(10.0, -static_cast<double>(decimals)) + 0.0005;
}

}  // namespace

TEST_CASE("Geometric mean ratios equal PTS result-file-stats geomeans over the baseline's",
          "[compare][pts-oracle]") {
  for (const auto& oc : cases) {
    INFO(oc.file);
    iosr::compare_options o;
    o.baseline = oc.baseline;
    std::vector<iosr::result_file> files{read_cached(oc.file)};
    const auto c = iosr::compare(files, o);
    REQUIRE(c.configurations.size() == oc.geomeans.size());
    REQUIRE(c.tests.size() == oc.tests_counted);  // PTS counted every test: the data is complete
    const double base = std::stod(oc.geomeans.at(oc.baseline));
    for (const auto& conf : c.configurations) {
      INFO(conf.label);
      REQUIRE(oc.geomeans.count(conf.label) == 1);
      CHECK(conf.tests_compared == oc.tests_counted);
      REQUIRE(conf.geomean_ratio);
      const auto& printed = oc.geomeans.at(conf.label);
      const double pts = std::stod(printed);
      const double expected = pts / base;
      // The error of a quotient of two rounded numbers, relative: the sum of theirs.
      const double tolerance = expected * (printed_error(printed) / pts +
                                           printed_error(oc.geomeans.at(oc.baseline)) / base);
      CHECK(std::fabs(*conf.geomean_ratio - expected) <= tolerance);
      const auto wins = (oc.wins.count(conf.label) ? oc.wins.at(conf.label) : 0) +
                        (oc.tied_firsts.count(conf.label) ? oc.tied_firsts.at(conf.label) : 0);
      const auto losses = oc.losses.count(conf.label) ? oc.losses.at(conf.label) : 0;
      CHECK(conf.first_places == wins);
      CHECK(conf.last_places == losses);
    }
  }
}
