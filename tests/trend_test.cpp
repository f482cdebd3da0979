// SPDX-License-Identifier: MIT
// The trend (lib/src/trend/): kernel versions parsed and ordered, change points found where a
// step is and nowhere else, ratios along the real multi-kernel seeds and a kernel-comparison
// mail, and every trend format.
#include "iosr/trend.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <nlohmann/json.hpp>
#include <optional>
#include <stop_token>
#include <string>
#include <utility>
#include <vector>

#include "catch.hpp"
#include "iosr/error.hpp"
#include "reader_support.hpp"
#include "trend/change_points.hpp"

namespace {

using iosr::trend_by;

std::vector<iosr::result_file> seeds() {
  std::vector<iosr::result_file> files;
  for (const char* name : {"000_1809f3a92cbbf2f4.txt", "001_d98c4465b017a3b0.txt",
                           "002_236e153a66cd3c9d.txt", "004_38fbc586aba1b507.txt"}) {
    files.push_back(test_support::read_cached(std::string(IOSR_DATA_DIR) + "/text/" + name));
  }
  return files;
}

const iosr::trend_test* find_test(const iosr::trend& t, const std::string& title,
                                  const std::string& description) {
  for (const auto& test : t.tests) {
    if (test.info.title == title && test.info.description == description) return &test;
  }
  return nullptr;
}

const iosr::trend_series* find_series(const iosr::trend& t,
                                      const std::vector<iosr::trend_series>& all,
                                      const std::string& configuration, std::size_t machine = 0) {
  for (const auto& s : all) {
    const auto& c = t.configurations[s.configuration];
    if (c.name == configuration && c.machine == machine) return &s;
  }
  return nullptr;
}

std::size_t point_of(const iosr::trend& t, const std::string& name) {
  for (std::size_t i = 0; i < t.points.size(); ++i) {
    if (t.points[i].name == name) return i;
  }
  return t.points.size();
}

// The names of the trend's points, in order.
std::vector<std::string> point_names(const iosr::trend& t) {
  std::vector<std::string> names;
  for (const auto& p : t.points) names.push_back(p.name);
  return names;
}

// The trend by label of the one result file at `fixture`, against the point `baseline`.
iosr::trend trend_by_label(const std::string& fixture, const std::string& baseline) {
  std::vector<iosr::result_file> files{
      test_support::read_cached(std::string(IOSR_FIXTURES_DIR) + "/" + fixture)};
  iosr::trend_options o;
  o.by = iosr::trend_by::label;
  o.baseline = baseline;
  return iosr::compute_trend(iosr::make_trend_input(files), o);
}

const iosr::trend_value* value_at(const iosr::trend& t, const iosr::trend_series& s,
                                  const std::string& point) {
  for (const auto& v : s.values) {
    if (v.point == point_of(t, point)) return &v;
  }
  return nullptr;
}

// A deterministic noise in [-1, 1): the same series on every machine and every run.
struct noise {
  std::uint64_t state;
  double next() {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<double>(state >> 11) / static_cast<double>(1ULL << 52) - 1.0;
  }
};

// 12 kernels, 5.0 to 5.11, one machine; none is the baseline; bfq's ratio steps from 0.93 to
// 0.78 at 5.6 (with ±1.5 % noise), kyber's stays at 0.97 (with ±4 % noise); 20 tests, half
// of them lower-is-better.
iosr::trend_input synthetic() {
  iosr::trend_input in;
  noise n{42};
  const std::vector<iosr::field> hardware{{"Processor", "Test CPU"}, {"Disk", "Test SSD"}};
  for (int k = 0; k < 12; ++k) {
    const std::string kernel = "5." + std::to_string(k) + ".0-1-generic";
    for (const char* sched : {"none", "bfq", "kyber"}) {
      in.systems.push_back({sched, "", sched, sched, kernel, hardware, std::nullopt});
    }
  }
  for (int t = 0; t < 20; ++t) {
    const auto dir = t % 2 ? iosr::direction::lower : iosr::direction::higher;
    in.tests.push_back({"Synthetic", "1.0", "Test: " + std::to_string(t), "MB/s", dir});
    for (int k = 0; k < 12; ++k) {
      const double base = 100.0 + t;
      const double bfq = (k >= 6 ? 0.78 : 0.93) * (1 + 0.015 * n.next());
      const double kyber = 0.97 * (1 + 0.04 * n.next());
      // A ratio r is value / base when higher is better, base / value when lower is.
      auto value = [&](double r) { return dir == iosr::direction::higher ? base * r : base / r; };
      const auto s = static_cast<std::size_t>(3 * k);
      const auto test = static_cast<std::size_t>(t);
      in.runs.push_back({s, test, base});
      in.runs.push_back({s + 1, test, value(bfq)});
      in.runs.push_back({s + 2, test, value(kyber)});
    }
  }
  return in;
}

}  // namespace

TEST_CASE("kernel versions are parsed as uname -r and labels write them", "[trend]") {
  auto text = [](const char* written) {
    auto v = iosr::parse_kernel_version(written);
    return v ? v->text : std::string("(none)");
  };
  CHECK(text("5.6.0-050600rc7-generic (x86_64) 20200322") == "5.6-rc7");
  CHECK(text("5.0.0-050000rc6-generic (x86_64) 20190210") == "5.0-rc6");
  CHECK(text("6.0.0-060000-generic") == "6.0");
  CHECK(text("4.15.0-999-generic (x86_64) 20171203") == "4.15");
  CHECK(text("3.4.0-999-generic (x86_64)") == "3.4");
  CHECK(text("4.15.0-20-generic") == "4.15");
  CHECK(text("6.1.0-13-amd64") == "6.1");
  CHECK(text("6.2.9-arch1-1") == "6.2.9");
  CHECK(text("5.4.0-rc3") == "5.4-rc3");
  CHECK(text("5.4-rc3-80-gafb2442fa429") == "5.4-rc3-80-gafb2442fa429");
  CHECK(text("v5.17") == "5.17");
  CHECK(text("Linux 6.1") == "6.1");
  CHECK(text("4.19.0-rc7+") == "4.19-rc7");
  CHECK(text("20220528 Git") == "(none)");
  CHECK(text("None") == "(none)");
  CHECK(text("5") == "(none)");
  CHECK(text("") == "(none)");
}

TEST_CASE("kernel versions order as versions, not as strings", "[trend]") {
  const char* ordered[] = {
      "3.4",     "4.15", "5.0-rc6", "5.0",  "5.4-rc3", "5.4-rc3-80-gafb2442fa429",
      "5.4-rc7", "5.4",  "5.4.1",   "5.10", "6.0-rc1", "6.0"};
  for (std::size_t i = 1; i < std::size(ordered); ++i) {
    INFO(ordered[i - 1] << " < " << ordered[i]);
    CHECK(iosr::parse_kernel_version(ordered[i - 1])->sort_key <
          iosr::parse_kernel_version(ordered[i])->sort_key);
  }
}

TEST_CASE("change points: a step is found where it is, a flat series has none", "[trend]") {
  using iosr::detail::point_observation;
  // One value per point, its runs' noise unknown: the points' scatter is all there is.
  auto series = [](std::vector<double> values) {
    std::vector<point_observation> out;
    for (double v : values) out.push_back({std::log(v), 1});
    return out;
  };
  const iosr::detail::change_noise unknown;
  auto step = series({0.93, 0.94, 0.92, 0.93, 0.935, 0.78, 0.79, 0.77, 0.78, 0.785});
  auto found = iosr::detail::find_change_points(step, unknown, 0.01, 0.05);
  REQUIRE(found.size() == 1);
  CHECK(found[0].index == 5);
  CHECK_FALSE(found[0].excursion);
  CHECK(std::exp(found[0].before) == Approx(0.931).epsilon(0.005));
  CHECK(std::exp(found[0].after) == Approx(0.781).epsilon(0.005));
  CHECK(found[0].p_value < 0.001);

  // Noise of ±4 % without a step: no split is both significant and 5 % large.
  auto flat = series({0.97, 1.01, 0.94, 0.99, 0.96, 1.00, 0.95, 0.98, 1.01, 0.94});
  CHECK(iosr::detail::find_change_points(flat, unknown, 0.01, 0.05).empty());
  // A significant step smaller than the minimum is not reported.
  auto small = series({1.00, 1.001, 0.999, 1.00, 0.97, 0.971, 0.969, 0.97});
  CHECK(iosr::detail::find_change_points(small, unknown, 0.01, 0.05).empty());
  CHECK(iosr::detail::find_change_points(small, unknown, 0.01, 0.02).size() == 1);
  // Two steps, both found.
  auto two = series({1.0, 1.0, 1.01, 0.99, 0.8, 0.81, 0.79, 0.8, 1.1, 1.1, 1.11, 1.09});
  auto both = iosr::detail::find_change_points(two, unknown, 0.01, 0.05);
  REQUIRE(both.size() == 2);
  CHECK(both[0].index == 4);
  CHECK(both[1].index == 8);
  // Too short to tell a step from noise.
  CHECK(iosr::detail::find_change_points(series({1.0, 0.5}), unknown, 0.01, 0.05).empty());
  CHECK(iosr::detail::find_change_points(series({}), unknown, 0.01, 0.05).empty());
}

TEST_CASE(
    "change points: the runs' noise weighs each point, and the points' scatter beyond it "
    "counts too",
    "[trend]") {
  using iosr::detail::point_observation;
  // Means 6 % apart, each known to 1 % by its runs (40 degrees of freedom): a step, where the
  // same means without their runs' noise (one value per point) show none: the scatter of 8
  // points around their two means is all the noise there would be.
  const std::vector<double> means{1.00, 0.99, 1.01, 1.00, 0.94, 0.95, 0.93, 0.94};
  std::vector<point_observation> known, unknown;
  for (double m : means) {
    known.push_back({std::log(m), 0.01 * 0.01});
    unknown.push_back({std::log(m), 1});
  }
  const auto with_runs = iosr::detail::find_change_points(known, {40}, 0.01, 0.05);
  REQUIRE(with_runs.size() == 1);
  CHECK(with_runs[0].index == 4);
  CHECK(iosr::detail::find_change_points(unknown, {}, 0.01, 0.05).size() == 1);
  // The same runs' noise, but the points scatter by 5 % around each level: the noise between
  // points is far more than the runs say, and a 6 % difference is no step against it.
  std::vector<point_observation> scattered;
  const std::vector<double> wide{1.05, 0.95, 1.04, 0.96, 0.99, 0.89, 0.98, 0.90};
  for (double m : wide) scattered.push_back({std::log(m), 0.01 * 0.01});
  CHECK(iosr::detail::find_change_points(scattered, {40}, 0.01, 0.05).empty());
  // A point weighed by many runs counts more than one known to less: the step's level is the
  // weighted mean.
  std::vector<point_observation> weighed{{std::log(1.0), 1e-4}, {std::log(1.0), 1e-4},
                                         {std::log(1.0), 1e-4}, {std::log(0.9), 1e-4},
                                         {std::log(0.8), 1e-2}, {std::log(0.9), 1e-4}};
  const auto level = iosr::detail::find_change_points(weighed, {40}, 0.01, 0.05);
  REQUIRE(level.size() == 1);
  CHECK(std::exp(level[0].after) == Approx(0.9).epsilon(0.002));
}

TEST_CASE("change points: a one-point excursion is one change, back where it was", "[trend]") {
  using iosr::detail::point_observation;
  std::vector<point_observation> points;
  for (double m : {1.0, 1.01, 0.99, 1.0, 0.8, 1.0, 1.01, 0.99})
    points.push_back({std::log(m), 1e-4});
  const auto found = iosr::detail::find_change_points(points, {30}, 0.01, 0.05);
  REQUIRE(found.size() == 1);
  CHECK(found[0].index == 4);
  CHECK(found[0].excursion);
  CHECK(std::exp(found[0].after) == Approx(0.8));
  CHECK(std::exp(found[0].back_to) == Approx(1.0).epsilon(0.01));
  // Down one point and further down after it: two steps, no excursion.
  std::vector<point_observation> stairs;
  for (double m : {1.0, 1.01, 0.99, 1.0, 0.85, 0.7, 0.71, 0.69})
    stairs.push_back({std::log(m), 1e-4});
  const auto steps = iosr::detail::find_change_points(stairs, {30}, 0.01, 0.05);
  REQUIRE(steps.size() == 2);
  CHECK_FALSE(steps[0].excursion);
  CHECK_FALSE(steps[1].excursion);
  // Two points down and back: a step and a step back, as before (a regression and its fix).
  std::vector<point_observation> longer;
  for (double m : {1.0, 1.01, 0.99, 1.0, 0.8, 0.8, 1.0, 1.01})
    longer.push_back({std::log(m), 1e-4});
  const auto two = iosr::detail::find_change_points(longer, {30}, 0.01, 0.05);
  REQUIRE(two.size() == 2);
  CHECK_FALSE(two[0].excursion);
}

TEST_CASE("trend: a synthetic step at 5.6 is found, and a series without one shows none",
          "[trend]") {
  const auto t = iosr::compute_trend(synthetic());
  REQUIRE(t.points.size() == 12);
  CHECK(t.points.front().name == "5.0");
  CHECK(t.points[10].name == "5.10");  // a version, not a string: 5.10 after 5.9
  REQUIRE(t.tests.size() == 20);
  for (const auto& test : t.tests) {
    INFO(test.info.description);
    const auto* bfq = find_series(t, test.series, "bfq");
    const auto* kyber = find_series(t, test.series, "kyber");
    REQUIRE(bfq);
    REQUIRE(kyber);
    CHECK(find_series(t, test.series, "none") == nullptr);  // the baseline has no series
    REQUIRE(bfq->changes.size() == 1);
    CHECK(t.points[bfq->changes[0].point].name == "5.6");
    CHECK(bfq->changes[0].before == Approx(0.93).epsilon(0.01));
    CHECK(bfq->changes[0].after == Approx(0.78).epsilon(0.01));
    CHECK(kyber->changes.empty());
    CHECK(value_at(t, *bfq, "5.6")->change_point);
    CHECK_FALSE(value_at(t, *bfq, "5.5")->change_point);
  }
  const auto* bfq = find_series(t, t.geomean, "bfq");
  const auto* kyber = find_series(t, t.geomean, "kyber");
  REQUIRE(bfq);
  REQUIRE(kyber);
  CHECK(bfq->tests == 20);
  REQUIRE(bfq->changes.size() == 1);
  CHECK(t.points[bfq->changes[0].point].name == "5.6");
  CHECK(kyber->changes.empty());

  std::string text;
  iosr::render_trend(t, "ascii", {}, text);
  CHECK(text.find("step: bfq vs none: 0.93 → 0.78 from 5.6 (p < 0.001)") != std::string::npos);
  CHECK(text.find("kyber vs none") == std::string::npos);
}

TEST_CASE("trend: a stricter minimum step or alpha hides the step", "[trend]") {
  iosr::trend_options o;
  o.min_step = 0.2;  // the step is 16 %
  const auto t = iosr::compute_trend(synthetic(), o);
  CHECK(find_series(t, t.geomean, "bfq")->changes.empty());
}

TEST_CASE("trend: every format explains the step mark when, and only when, a step shows",
          "[trend][layout]") {
  iosr::trend_options flat;
  flat.min_step = 0.2;  // no step at all
  for (const auto& [options, steps] : {std::pair{iosr::trend_options{}, true}, {flat, false}}) {
    const auto t = iosr::compute_trend(synthetic(), options);
    std::string ascii, md, html;
    iosr::trend_render_options wide;
    wide.width = 400;  // the legend on one line
    iosr::render_trend(t, "ascii", wide, ascii);
    iosr::render_trend(t, "md", {}, md);
    iosr::render_trend(t, "html", {}, html);
    INFO("steps: " << steps);
    CHECK((ascii.find("* marks the first point after a step") != std::string::npos) == steps);
    CHECK((md.find("the first point after a step, or the one point of an excursion, is in bold") !=
           std::string::npos) == steps);
    CHECK((html.find("the first point after a step, or the one point of an excursion, is ringed") !=
           std::string::npos) == steps);
    // One run per point: no `(N)` anywhere, so no legend for it.
    CHECK(ascii.find("(N)") == std::string::npos);
    CHECK(md.find("(N)") == std::string::npos);
  }
}

TEST_CASE("trend: the ASCII lines fit the width", "[trend][layout]") {
  const auto t = iosr::compute_trend(synthetic());
  for (int width : {40, 60, 80, 120}) {
    iosr::trend_render_options o;
    o.width = width;
    std::string text;
    iosr::render_trend(t, "ascii", o, text);
    std::size_t start = 0;
    while (start < text.size()) {
      const auto end = text.find('\n', start);
      const auto line = text.substr(start, end - start);
      INFO("width " << width << ": " << line);
      // Columns, not bytes: the step lines hold a `→`.
      CHECK(static_cast<int>(std::count_if(line.begin(), line.end(),
                                           [](char ch) { return (ch & 0xC0) != 0x80; })) <= width);
      start = end + 1;
    }
  }
}

TEST_CASE("trend: the seeds, one machine each, against none or noop", "[trend]") {
  const auto files = seeds();
  const auto t = iosr::compute_trend(iosr::make_trend_input(files));
  // Seed 002's two disks are two machines; seed 004's two laptops too: 6 in all.
  CHECK(t.machines.size() == 6);
  CHECK(point_names(t) == std::vector<std::string>{"3.4", "4.15", "5.0-rc6", "5.6-rc7"});
  // Seed 000, FS-Mark 5000 files, 4 threads: None 1238.2, BFQ 364.5 (higher is better).
  const auto* fsmark = find_test(t, "FS-Mark", "Test: 5000 Files, 1MB Size, 4 Threads");
  REQUIRE(fsmark);
  const auto* bfq = find_series(t, fsmark->series, "bfq", 0);
  REQUIRE(bfq);
  REQUIRE(bfq->values.size() == 1);
  CHECK(*bfq->values[0].ratio == Approx(364.5 / 1238.2));
  CHECK(t.configurations[bfq->values[0].baseline].name == "none");
  // Seed 004, Penryn + HDD: CFQ 36.00 against Noop 35.03 on Linux 3.4. Its Noop run's graphics
  // differ (LLVMpipe), and it is the same machine all the same.
  std::size_t penryn = t.machines.size();
  for (std::size_t m = 0; m < t.machines.size(); ++m) {
    if (t.machines[m].name.find("Core 2 Duo T9300") != std::string::npos) penryn = m;
  }
  REQUIRE(penryn < t.machines.size());
  const auto* cfq = find_series(t, fsmark->series, "Penryn + HDD: cfq", penryn);
  REQUIRE(cfq);
  CHECK(*cfq->values[0].ratio == Approx(36.00 / 35.03));
  CHECK(t.configurations[cfq->values[0].baseline].name == "Penryn + HDD: noop");
  CHECK(find_series(t, fsmark->series, "Penryn + HDD: noop", penryn) == nullptr);
}

TEST_CASE("trend: the seeds across machines, one series per scheduler", "[trend]") {
  const auto files = seeds();
  iosr::trend_options o;
  o.across_machines = true;
  o.by_group = false;
  const auto t = iosr::compute_trend(iosr::make_trend_input(files), o);
  REQUIRE(t.machines.size() == 1);
  const auto* fsmark = find_test(t, "FS-Mark", "Test: 5000 Files, 1MB Size, 4 Threads");
  REQUIRE(fsmark);
  const auto* cfq = find_series(t, fsmark->series, "cfq");
  REQUIRE(cfq);
  // Linux 3.4: both laptops' CFQ runs against both Noop runs, each combined by geometric mean.
  const auto* at_34 = value_at(t, *cfq, "3.4");
  REQUIRE(at_34);
  CHECK(at_34->runs == 2);
  CHECK(at_34->baseline_runs == 2);
  CHECK(*at_34->ratio == Approx(std::sqrt(36.00 * 99.33) / std::sqrt(35.03 * 96.20)));
  // The series goes on to 4.15 (seed 001), where None is there and is the baseline.
  const auto* at_415 = value_at(t, *cfq, "4.15");
  REQUIRE(at_415);
  CHECK(t.configurations[at_415->baseline].name == "none");
  const auto* bfq = find_series(t, fsmark->series, "bfq");
  REQUIRE(bfq);
  CHECK(value_at(t, *bfq, "4.15"));
  CHECK(value_at(t, *bfq, "5.6-rc7"));
}

TEST_CASE("trend --by label: a kernel-comparison mail, every kernel against the first", "[trend]") {
  const auto t =
      trend_by_label("corpus/text/pts-9.0.1_sqlite_4-kernels_lkml-email.eml.txt", "5.3.0");
  CHECK(point_names(t) ==
        std::vector<std::string>{"5.3.0", "5.4.0-rc3", "5.4-rc3-80-gafb2442fa429", "5.4.0-rc7"});
  REQUIRE(t.tests.size() == 1);
  REQUIRE(t.tests[0].series.size() == 1);
  const auto& s = t.tests[0].series[0];
  // SQLite, seconds (lower is better): 225 on 5.3.0, 223 on 5.4.0-rc7.
  CHECK(*value_at(t, s, "5.3.0")->ratio == Approx(1.0));
  CHECK(*value_at(t, s, "5.4.0-rc7")->ratio == Approx(225.0 / 223.0));
  CHECK(s.changes.empty());
  // A baseline that is no point: a usage error, never an empty trend.
  CHECK_THROWS_AS(
      trend_by_label("corpus/text/pts-9.0.1_sqlite_4-kernels_lkml-email.eml.txt", "6.0"),
      iosr::error);
}

TEST_CASE("trend --by date: points are days, in date order", "[trend]") {
  iosr::trend_input_builder b;
  const auto none = b.add_system(iosr::make_system("None"));
  const auto bfq = b.add_system(iosr::make_system("BFQ"));
  iosr::test_fields chart;
  chart.title = "T";
  chart.unit = "s";
  chart.direction = iosr::direction::lower;
  const auto test = b.add_test(chart);
  // The first file dates both by its date, the second by their timestamps.
  b.add_run(b.date_system(none, "", "2024-03-01 10:00:00"), test, 10);
  b.add_run(b.date_system(bfq, "", "2024-03-01 10:00:00"), test, 20);
  b.add_run(b.date_system(none, "2023-12-24 09:00:00", "2024-03-01 10:00:00"), test, 10);
  b.add_run(b.date_system(bfq, "2023-12-24 09:00:00", ""), test, 12.5);
  const auto in = std::move(b).finish();
  // Each system once per file it ran in, next to each other.
  REQUIRE(in.systems.size() == 4);
  CHECK(in.systems[0].label == "None");
  CHECK(in.systems[1].label == "None");
  CHECK(in.systems[1].date == "2023-12-24 09:00:00");
  CHECK(in.systems[2].label == "BFQ");
  CHECK(in.systems[2].date == "2024-03-01 10:00:00");
  CHECK(in.runs[1].system == 2);
  CHECK(in.runs[3].system == 3);
  iosr::trend_options o;
  o.by = trend_by::date;
  const auto t = iosr::compute_trend(in, o);
  REQUIRE(t.points.size() == 2);
  CHECK(t.points[0].name == "2023-12-24");
  const auto& s = t.tests.at(0).series.at(0);
  CHECK(*value_at(t, s, "2023-12-24")->ratio == Approx(0.8));
  CHECK(*value_at(t, s, "2024-03-01")->ratio == Approx(0.5));
}

TEST_CASE("trend --by date: dates written as PTS 0.1 wrote them are days too", "[trend]") {
  iosr::trend_input_builder b;
  const auto none = b.add_system(iosr::make_system("None"));
  const auto kyber = b.add_system(iosr::make_system("Kyber"));
  iosr::test_fields chart;
  chart.title = "T";
  chart.unit = "MB/s";
  chart.direction = iosr::direction::higher;
  const auto test = b.add_test(chart);
  b.add_run(b.date_system(none, "July 14, 2009 10:20 PM", ""), test, 40);
  b.add_run(b.date_system(kyber, "", "July 14, 2009 10:25 PM"), test, 50);
  b.add_run(b.date_system(none, "2009-07-02 08:00:00", ""), test, 40);
  b.add_run(b.date_system(kyber, "2009-07-02 08:00:00", ""), test, 30);
  const auto in = std::move(b).finish();
  CHECK(in.systems[0].date == "2009-07-14 22:20:00");
  iosr::trend_options o;
  o.by = trend_by::date;
  const auto t = iosr::compute_trend(in, o);
  REQUIRE(t.points.size() == 2);
  CHECK(t.points[0].name == "2009-07-02");
  CHECK(t.points[1].name == "2009-07-14");
}

TEST_CASE("trend formats: CSV rows, JSON document, Markdown and HTML", "[trend]") {
  const auto t = iosr::compute_trend(synthetic());
  std::string csv;
  iosr::render_trend(t, "csv", {}, csv);
  CHECK(
      csv.starts_with("test,version,description,unit,direction,machine,configuration,baseline,"
                      "point,ratio,runs,baseline_runs,change_point,step_before,step_after,"
                      "p_value,back_at,back_to\n"));
  // The header, then 2 geometric means and 20 tests x 2 configurations, 12 points each.
  CHECK(static_cast<std::size_t>(std::count(csv.begin(), csv.end(), '\n')) ==
        1 + (2 + 20 * 2) * 12);
  CHECK(csv.find("\nSynthetic,1.0,Test: 0,MB/s,higher,\"Test CPU, Test SSD\",bfq,none,5.6,") !=
        std::string::npos);
  std::string json;
  iosr::render_trend(t, "json", {}, json);
  const auto doc = nlohmann::json::parse(json);
  CHECK(doc["by"] == "kernel");
  CHECK(doc["points"].size() == 12);
  CHECK(doc["tests"].size() == 20);
  const auto& bfq = doc["geometric_mean"][0];
  CHECK(bfq["configuration"] == "bfq");
  CHECK(bfq["changes"][0]["point"] == "5.6");
  CHECK(bfq["values"][6]["change_point"] == true);
  std::string md;
  iosr::render_trend(t, "md", {}, md);
  CHECK(md.find("| bfq (20 tests) | none |") != std::string::npos);
  CHECK(md.find("- step: bfq vs none: 0.93 → 0.78 from 5.6") != std::string::npos);
  std::string html;
  iosr::render_trend(t, "html", {}, html);
  CHECK(html.starts_with("<!DOCTYPE html>"));
  // One chart for the geometric means and one per test.
  std::size_t charts = 0;
  for (auto at = html.find("<svg"); at != std::string::npos; at = html.find("<svg", at + 1)) {
    ++charts;
  }
  CHECK(charts == 21);
  CHECK_THROWS_AS(iosr::render_trend(t, "nope", {}, html), iosr::error);
}

TEST_CASE("change points: the step search's row scans agree, in every way the build has",
          "[trend]") {
  // Rows of 1 to 12 candidates from every start (the vector ways' tails and their padding),
  // prefix sums with ties (0/0: NaN), a weight summing to the total (x/0: inf) and plain values;
  // each way's differences bit for bit and its answer against the plain loop's.
  using iosr::detail::row_scan;
  noise n{7};
  const double up = std::log1p(0.05), down = std::log1p(-0.05);
  std::size_t compared = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const std::size_t count = 1 + static_cast<std::size_t>(trial % 12);
    std::vector<double> pw(count + 1 + 3), pwd(count + 1 + 3);
    for (std::size_t k = 1; k <= count; ++k) {
      const double w = trial % 5 == 0 && k % 3 == 0 ? 0.0 : 1 + n.next();  // some ties
      pw[k] = pw[k - 1] + w;
      pwd[k] = pwd[k - 1] + w * (trial % 7 == 0 ? 0.2 * n.next() : 0.01 * n.next());
    }
    for (std::size_t k = count + 1; k < pw.size(); ++k) {
      pw[k] = pw[count];
      pwd[k] = pwd[count];
    }
    for (std::size_t i = 0; i < count; ++i) {
      const std::size_t last = i == 0 ? count - 1 : count;
      if (last < i + 1) continue;
      std::vector<double> plain(pw.size(), -1.0);
      const bool plain_any = iosr::detail::scan_row_by(row_scan::plain, pw.data(), pwd.data(),
                                                       plain.data(), i + 1, last, pw[i], pwd[i],
                                                       pw[count], pwd[count], up, down);
      for (const auto way : {row_scan::sse2, row_scan::avx}) {
        if (!iosr::detail::has_row_scan(way)) continue;
        std::vector<double> ds(pw.size(), -1.0);
        const bool any = iosr::detail::scan_row_by(way, pw.data(), pwd.data(), ds.data(), i + 1,
                                                   last, pw[i], pwd[i], pw[count], pwd[count], up,
                                                   down);
        INFO("trial " << trial << ", row " << i << ", way " << static_cast<int>(way));
        CHECK(any == plain_any);
        for (std::size_t j = i + 1; j <= last; ++j) {
          CHECK(std::memcmp(&ds[j], &plain[j], sizeof(double)) == 0);
        }
        ++compared;
      }
    }
  }
#if defined(__x86_64__)
  CHECK(compared > 0);  // SSE2 at least
#endif
}

// The x of each point's name in the first chart of a trend's HTML page (its slanted labels).
std::vector<double> slanted_label_xs(const std::string& html) {
  std::vector<double> xs;
  const auto end = html.find("</svg>");
  const std::string mark = "<text x=\"";
  for (auto at = html.find(mark); at < end; at = html.find(mark, at + 1)) {
    const auto close = html.find('>', at);
    if (html.substr(at, close - at).find("rotate(-40") == std::string::npos) continue;
    xs.push_back(std::stod(html.substr(at + mark.size())));
  }
  return xs;
}

TEST_CASE("trend HTML: the points' names are thinned where slanted ones would run together",
          "[trend]") {
  // One machine, one test, K kernels: at 12 every point is named; from 26 points on only every
  // second (third, ...), the first of them, so that neighbouring names, slanted at 40 degrees,
  // stay at least 14 px apart across (12 px text).
  for (const int kernels : {12, 25, 26, 40, 80, 200}) {
    iosr::trend_input in;
    for (int k = 0; k < kernels; ++k) {
      const std::string kernel = std::to_string(4 + k / 20) + "." + std::to_string(k % 20) + ".0";
      for (const char* sched : {"none", "bfq"}) {
        in.systems.push_back({sched, "", sched, sched, kernel, {}, std::nullopt});
      }
    }
    in.tests.push_back({"Synthetic", "1.0", "Test: 0", "MB/s", iosr::direction::higher});
    for (int k = 0; k < kernels; ++k) {
      const auto s = static_cast<std::size_t>(2 * k);
      in.runs.push_back({s, 0, 100.0});
      in.runs.push_back({s + 1, 0, 90.0 + k % 3});
    }
    const auto t = iosr::compute_trend(std::move(in));
    REQUIRE(t.points.size() == static_cast<std::size_t>(kernels));
    std::string html;
    iosr::render_trend(t, "html", {}, html);
    const auto xs = slanted_label_xs(html);
    INFO(kernels << " kernels, " << xs.size() << " named");
    REQUIRE(!xs.empty());
    const double spacing = 524.0 / (kernels - 1);  // the plot's width between the first and last
    CHECK(xs.front() == Approx(56 + 4));           // the first point is named
    if (kernels <= 25) CHECK(xs.size() == static_cast<std::size_t>(kernels));
    if (kernels >= 26) CHECK(xs.size() < static_cast<std::size_t>(kernels));
    for (std::size_t i = 1; i < xs.size(); ++i) {
      CHECK((xs[i] - xs[i - 1]) * std::sin(40 * 3.14159265358979 / 180) >= 14 - 0.1);
      // Named at a regular step: no point's name is left out between two wider gaps.
      CHECK((xs[i] - xs[i - 1]) == Approx(xs[1] - xs[0]).margin(0.11));
    }
    // Not thinned more than needed: twice the step's gap would be needed otherwise.
    if (xs.size() > 1 && kernels >= 26) {
      const double step = (xs[1] - xs[0]) / spacing;
      CHECK((step - 1) * spacing * std::sin(40 * 3.14159265358979 / 180) < 14);
    }
  }
}

TEST_CASE("trend --by label: a regression and its fix in a kernel mail are two steps", "[trend]") {
  // Larabel's stress-ng NUMA chart (LKML, May 2022): v5.17 412.88, v5.18 49.33, 20220528 Git
  // 49.66, and with the sched-rcu-exped patch 468.81 Bogo Ops/s. Not every label is a
  // version, so the points stay in the order of the chart.
  const auto t = trend_by_label(
      "wild/hand-edited/lkml_2022-05_lru-cache-disable_stress-ng-numa_larabel_flowed_label-"
      "colon-value.eml",
      "v5.17");
  CHECK(point_names(t) == std::vector<std::string>{"v5.17", "v5.18", "20220528 Git",
                                                   "20220528 Git + sched-rcu-exped patch"});
  REQUIRE(t.tests.size() == 1);
  const auto& s = t.tests[0].series.at(0);
  CHECK(*value_at(t, s, "v5.18")->ratio == Approx(49.33 / 412.88));
  REQUIRE(s.changes.size() == 2);
  CHECK(t.points[s.changes[0].point].name == "v5.18");
  CHECK(s.changes[0].after == Approx(std::sqrt(49.33 * 49.66) / 412.88));
  CHECK(t.points[s.changes[1].point].name == "20220528 Git + sched-rcu-exped patch");
  CHECK(s.changes[1].p_value < 0.01);
}

TEST_CASE("trend --baseline: a scheduler in any spelling, or a usage error when none is named so",
          "[trend]") {
  iosr::trend_options o;
  o.baseline = "Kyber";  // the key is kyber: none and bfq are measured against it
  auto t = iosr::compute_trend(synthetic(), o);
  REQUIRE(find_series(t, t.geomean, "none"));
  CHECK(find_series(t, t.geomean, "kyber") == nullptr);
  CHECK(*find_series(t, t.geomean, "none")->values[0].ratio == Approx(1 / 0.97).epsilon(0.02));
  // As in compare: an empty trend would hide the typing error.
  o.baseline = "nope";
  try {
    (void)iosr::compute_trend(synthetic(), o);
    FAIL("--baseline nope named a configuration");
  } catch (const iosr::error& e) {
    CHECK(e.kind() == iosr::error_kind::usage);
    CHECK(std::string(e.what()).find("--baseline: no configuration is named 'nope'") == 0);
  }
}

TEST_CASE("trend input: a system's date is its timestamp, else its file's run date", "[trend]") {
  // The file's run date is its earliest system timestamp, else last_modified, as the store's
  // sources.run_date: a system without a timestamp ran in the same session as the others.
  iosr::result_file f;
  f.last_modified = "2024-05-01 12:00:00";
  auto none = iosr::make_system("none");
  none.timestamp = "2024-04-30 08:00:00";
  f.systems = {none, iosr::make_system("bfq")};
  iosr::result chart;
  chart.title = "T";
  chart.unit = "MB/s";
  chart.direction = iosr::direction::higher;
  for (const char* label : {"none", "bfq", "kyber"}) {  // kyber: a label no system has
    iosr::entry e;
    e.label = label;
    e.value_text = "10";
    e.value = 10;
    chart.entries.push_back(e);
  }
  f.results = {chart, chart};  // one test, run twice
  auto in = iosr::make_trend_input({&f, 1});
  CHECK(in.tests.size() == 1);
  CHECK(in.runs.size() == 6);
  REQUIRE(in.systems.size() == 3);
  CHECK(in.systems[0].date == "2024-04-30 08:00:00");
  CHECK(in.systems[1].date == "2024-04-30 08:00:00");
  CHECK(in.systems[2].date == "2024-04-30 08:00:00");
  f.systems[0].timestamp.clear();
  in = iosr::make_trend_input({&f, 1});
  CHECK(in.systems[0].date == "2024-05-01 12:00:00");
  CHECK(in.systems[1].date == "2024-05-01 12:00:00");
  CHECK(in.systems[2].date == "2024-05-01 12:00:00");
  f.last_modified.clear();
  in = iosr::make_trend_input({&f, 1});
  CHECK_FALSE(in.systems[0].date);
  CHECK_FALSE(in.systems[1].date);
  CHECK_FALSE(in.systems[2].date);
}

namespace {

iosr::system kernel_system(std::string label, std::string kernel, std::string disk) {
  auto s = iosr::make_system(std::move(label));
  s.software.push_back({"Kernel", std::move(kernel)});
  s.hardware.push_back({"Disk", std::move(disk)});
  return s;
}

// Two tests, each at two of three kernels, on one disk; another disk with a baseline alone, on
// a kernel of its own.
iosr::trend_input tests_that_come_and_go() {
  iosr::trend_input_builder b;
  iosr::test_fields chart;
  chart.unit = "MB/s";
  chart.direction = iosr::direction::higher;
  chart.title = "Read";
  const auto read = b.add_test(chart);
  chart.title = "Write";
  const auto write = b.add_test(chart);
  struct run {
    const char* kernel;
    std::size_t test;
    double none, mq;
  };
  for (const run& r : {run{"4.19.0", read, 100, 110}, run{"5.4.0", read, 100, 121},
                       run{"5.4.0", write, 50, 100}, run{"5.10.0", write, 50, 110}}) {
    const auto none = b.date_system(b.add_system(kernel_system("None", r.kernel, "SSD")), "", "");
    const auto mq =
        b.date_system(b.add_system(kernel_system("MQ-Deadline", r.kernel, "SSD")), "", "");
    b.add_run(none, r.test, r.none);
    b.add_run(mq, r.test, r.mq);
  }
  const auto lone = b.date_system(b.add_system(kernel_system("None", "6.1.0", "HDD")), "", "");
  b.add_run(lone, read, 80);
  return std::move(b).finish();
}

}  // namespace

TEST_CASE("trend: the geometric mean is chained over the tests present at consecutive points",
          "[trend]") {
  const auto t = iosr::compute_trend(tests_that_come_and_go());
  REQUIRE(t.geomean.size() == 1);
  const auto& g = t.geomean[0];
  CHECK(g.tests == 2);
  REQUIRE(g.values.size() == 3);  // no test is at every point, yet every point has a value
  // 4.19: Read 1.1; 5.4: Read moved 1.1 -> 1.21; 5.10: Write moved 2.0 -> 2.2, so 1.21 * 1.1.
  CHECK(*g.values[0].ratio == Approx(1.1));
  CHECK(*g.values[1].ratio == Approx(1.21));
  CHECK(*g.values[2].ratio == Approx(1.331));
  CHECK(g.values[1].runs == 1);
}

// (Exactly, in the engine, which adds a correction of exactly 0; here the ratios shown are
// logged again, hence the tolerance.)
TEST_CASE("trend: with the same tests at every point, the chained mean is the plain one",
          "[trend]") {
  const auto t = iosr::compute_trend(synthetic());
  for (const auto& g : t.geomean) {
    for (const auto& v : g.values) {
      double sum = 0;
      std::size_t n = 0;
      for (const auto& test : t.tests) {
        for (const auto& s : test.series) {
          if (s.configuration != g.configuration) continue;
          for (const auto& w : s.values) {
            if (w.point == v.point && w.ratio) sum += std::log(*w.ratio), ++n;
          }
        }
      }
      REQUIRE(n == g.tests);
      CHECK(*v.ratio == Approx(std::exp(sum / static_cast<double>(n))).epsilon(1e-13));
    }
  }
}

TEST_CASE("trend: points and machines without a series are not counted", "[trend]") {
  const auto t = iosr::compute_trend(tests_that_come_and_go());
  // The HDD's 6.1 run has no configuration to measure against its baseline.
  REQUIRE(t.points.size() == 3);
  CHECK(t.points[2].name == "5.10");
  REQUIRE(t.machines.size() == 1);
  CHECK(t.machines[0].name == "SSD");
  std::string text;
  iosr::render_trend(t, "ascii", {}, text);
  CHECK(text.starts_with("Trend by kernel over 3 points"));
  CHECK(text.find("Machine 1: SSD") != std::string::npos);
  CHECK(text.find("Machine 2") == std::string::npos);
}

TEST_CASE("trend --by label: the default baseline is the one compare takes", "[trend]") {
  // Labels that name schedulers: none is compare's default baseline, wherever it comes.
  iosr::trend_input_builder b;
  iosr::test_fields chart;
  chart.title = "Write";
  chart.unit = "MB/s";
  chart.direction = iosr::direction::higher;
  const auto test = b.add_test(chart);
  for (auto [label, value] : {std::pair{"Kyber", 90.0}, {"None", 100.0}, {"BFQ", 80.0}}) {
    b.add_run(b.date_system(b.add_system(iosr::make_system(label)), "", ""), test, value);
  }
  iosr::trend_options o;
  o.by = trend_by::label;
  auto t = iosr::compute_trend(std::move(b).finish(), o);
  REQUIRE(t.baseline_point);
  CHECK(t.points[*t.baseline_point].name == "None");
  // Labels that are kernels name no scheduler: the first point, as before.
  const auto kernels =
      trend_by_label("corpus/text/pts-9.0.1_sqlite_4-kernels_lkml-email.eml.txt", "");
  REQUIRE(kernels.baseline_point);
  CHECK(kernels.points[*kernels.baseline_point].name == "5.3.0");
}

TEST_CASE("trend --only and --machine keep what they name, and refuse a name of nothing",
          "[trend]") {
  const auto in = tests_that_come_and_go();
  iosr::trend_options o;
  o.only = {"mq-deadline"};
  CHECK(iosr::compute_trend(in, o).geomean.size() == 1);
  o.only = {"kyber"};
  CHECK_THROWS_AS(iosr::compute_trend(in, o), iosr::error);
  o.only = {};
  o.machines = {"ssd"};
  CHECK(iosr::compute_trend(in, o).machines.size() == 1);
  o.machines = {"1"};
  CHECK(iosr::compute_trend(in, o).machines.at(0).name == "SSD");
  o.machines = {"2"};  // the HDD has no series: it is not shown, so not numbered
  try {
    iosr::compute_trend(in, o);
    FAIL("--machine 2 named a machine");
  } catch (const iosr::error& e) {
    CHECK(e.kind() == iosr::error_kind::usage);
    CHECK(std::string(e.what()).find("--machine '2'") != std::string::npos);
  }
}

TEST_CASE("trend: the geometric means alone are the whole trend's, without the tests' series",
          "[trend]") {
  // The seeds (six machines, several schedulers) and the synthetic step: the same means, the
  // same steps on them, the same points and machines, and no test's series.
  for (const auto& input : {iosr::make_trend_input(seeds()), synthetic()}) {
    const auto whole = iosr::compute_trend(input);
    iosr::trend_options o;
    o.geomeans_only = true;
    const auto light = iosr::compute_trend(input, o);
    REQUIRE(!whole.geomean.empty());
    REQUIRE(light.geomean.size() == whole.geomean.size());
    for (std::size_t g = 0; g < whole.geomean.size(); ++g) {
      const auto &a = whole.geomean[g], &b = light.geomean[g];
      CHECK(a.configuration == b.configuration);
      CHECK(a.tests == b.tests);
      REQUIRE(a.values.size() == b.values.size());
      for (std::size_t v = 0; v < a.values.size(); ++v) {
        CHECK(a.values[v].ratio == b.values[v].ratio);
        CHECK(a.values[v].change_point == b.values[v].change_point);
      }
    }
    CHECK(point_names(light) == point_names(whole));
    CHECK(light.machines.size() == whole.machines.size());
    for (const auto& test : light.tests) CHECK(test.series.empty());
  }
}

TEST_CASE("trend: a stop requested stops the computation with a limit error", "[trend]") {
  std::stop_source stop;
  iosr::trend_options o;
  o.stop = stop.get_token();
  const auto input = iosr::make_trend_input(seeds());
  CHECK_FALSE(iosr::compute_trend(input, o).geomean.empty());  // not asked: it runs whole
  stop.request_stop();
  try {
    (void)iosr::compute_trend(input, o);
    FAIL("a stopped trend was computed");
  } catch (const iosr::error& e) {
    CHECK(e.kind() == iosr::error_kind::limit);
  }
}

// A point no series has a value at is dropped and the rest renumbered (keep_shown); an
// excursion's `back` was left with its old number, so every format named the point after the
// right one (or, at the last point, read past the points: the fuzz replay's heap read).
TEST_CASE("trend: an excursion's way back names its point when an earlier point is dropped",
          "[trend]") {
  iosr::trend_input in;
  const std::vector<iosr::field> hardware{{"Processor", "Test CPU"}, {"Disk", "Test SSD"}};
  // 4.9 ran only the baseline: no series has a value there, so it is not shown.
  in.systems.push_back({"none", "", "none", "none", "4.9.0-1-generic", hardware, std::nullopt});
  const std::vector<double> bfq{1.00, 1.01, 0.99, 0.60, 1.00, 1.01, 0.99};  // 5.0 ... 5.6
  for (std::size_t k = 0; k < bfq.size(); ++k) {
    const std::string kernel = "5." + std::to_string(k) + ".0-1-generic";
    for (const char* sched : {"none", "bfq"}) {
      in.systems.push_back({sched, "", sched, sched, kernel, hardware, std::nullopt});
    }
  }
  in.tests.push_back({"Synthetic", "1.0", "Test", "MB/s", iosr::direction::higher});
  in.runs.push_back({0, 0, 100.0});
  for (std::size_t k = 0; k < bfq.size(); ++k) {
    in.runs.push_back({1 + 2 * k, 0, 100.0});
    in.runs.push_back({2 + 2 * k, 0, 100.0 * bfq[k]});
  }
  const auto t = iosr::compute_trend(in);
  REQUIRE(point_names(t) ==
          std::vector<std::string>{"5.0", "5.1", "5.2", "5.3", "5.4", "5.5", "5.6"});
  REQUIRE(t.tests.size() == 1);
  const auto* s = find_series(t, t.tests[0].series, "bfq");
  REQUIRE(s);
  REQUIRE(s->changes.size() == 1);
  const auto& change = s->changes[0];
  CHECK(t.points[change.point].name == "5.3");
  REQUIRE(change.back);
  REQUIRE(*change.back < t.points.size());
  CHECK(t.points[*change.back].name == "5.4");
  std::string csv;
  iosr::render_trend(t, "csv", {}, csv);
  // The excursion's row: its back_at column names 5.4 (the row's second last field).
  const auto at = csv.find(",bfq,none,5.3,");
  REQUIRE(at != std::string::npos);
  const auto row = csv.substr(at, csv.find('\n', at) - at);
  INFO(row);
  CHECK(row.find(",true,") != std::string::npos);
  CHECK(row.substr(row.rfind(',', row.rfind(',') - 1)).starts_with(",5.4,"));
}
