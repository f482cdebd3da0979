// SPDX-License-Identifier: MIT
// What a reader sees of the comparison's numbers (issue 25): extreme figures in every human
// format, no -0.0, rows that say why a delta is missing, columns that never touch; summaries
// ranked best first with N of M counted per input and each test's share of a geometric mean;
// delta intervals that agree with the noise mark; the regression gate on the performance ratio.
#include <fmt/format.h>

#include <cmath>
#include <cstddef>
#include <random>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "catch.hpp"
#include "compare_support.hpp"
#include "iosr/compare.hpp"
#include "iosr/operations.hpp"
#include "iosr/read.hpp"
#include "render/figures.hpp"

namespace {

using namespace test_support;
using iosr::direction;
using iosr::detail::figure_style;
using iosr::detail::figure_text;

std::string rendered(const iosr::comparison& c, std::string_view format, int width = 80,
                     bool table_view = false) {
  iosr::comparison_render_options o;
  o.width = width;
  o.table_view = table_view;
  std::string out;
  iosr::render_comparison(c, format, o, out);
  return out;
}

const iosr::result_file& corpus_xml(const std::string& name) {
  return read_cached(std::string(IOSR_FIXTURES_DIR) + "/corpus/xml/" + name);
}

constexpr std::string_view human_formats[] = {"ascii", "md", "html"};

}  // namespace

// ---- 1. Numbers --------------------------------------------------------------------------------

TEST_CASE("figure_text: fixed within a width, scientific past it, never -0.0", "[numbers]") {
  CHECK(figure_text(-71.164, 1, figure_style::with_sign) == "-71.2");
  CHECK(figure_text(45.6, 1, figure_style::with_sign) == "+45.6");
  CHECK(figure_text(0.288359, 3) == "0.288");
  // A change that rounds to nothing is 0.0 whichever side of 0 it fell.
  CHECK(figure_text(-0.04, 1, figure_style::with_sign) == "0.0");
  CHECK(figure_text(0.04, 1, figure_style::with_sign) == "0.0");
  CHECK(figure_text(-0.0, 1, figure_style::with_sign) == "0.0");
  CHECK(figure_text(0.0, 3) == "0.000");
  // An interval's end keeps its side of 0.
  CHECK(figure_text(-0.031, 1, figure_style::bound) == "-0.031");
  CHECK(figure_text(0.0004, 1, figure_style::bound) == "+0.0004");
  CHECK(figure_text(0.0, 1, figure_style::bound) == "0.0");
  CHECK(figure_text(-3.44, 1, figure_style::bound) == "-3.4");
  // A ratio is never 0: a tiny one keeps its digits.
  CHECK(figure_text(4e-5, 3) == "4.00e-05");
  // The widest fixed texts still fit; one more digit goes scientific.
  CHECK(figure_text(999999.9, 1, figure_style::with_sign) == "+999999.9");
  CHECK(figure_text(9999999.9, 1, figure_style::with_sign) == "+1.00e+07");
  CHECK(figure_text(99999.999, 3) == "99999.999");
  CHECK(figure_text(123456.7, 3) == "1.23e+05");
  CHECK(figure_text(1e306, 1, figure_style::with_sign) == "+1.00e+306");
  CHECK(figure_text(-1e306, 1, figure_style::with_sign) == "-1.00e+306");
  CHECK(figure_text(INFINITY, 3) == "inf");
  CHECK(figure_text(INFINITY, 1, figure_style::with_sign) == "+inf");
}

TEST_CASE("figure_text's plain figures are fmt's fixed text, ties to even", "[numbers]") {
  // What figure_text() wrote with fmt alone, before its plain figures were written from the
  // double's bits.
  auto by_fmt = [](double v, int decimals) {
    const std::string fixed = fmt::format("{:.{}f}", v, decimals);
    if (fixed.find_first_of("123456789") == std::string::npos) {
      return v == 0.0 ? fmt::format("{:.{}f}", 0.0, decimals) : fmt::format("{:.2e}", v);
    }
    return fixed.size() <= iosr::detail::figure_width ? fixed : fmt::format("{:.2e}", v);
  };
  auto check = [&](double v) {
    for (int decimals = 0; decimals <= 4; ++decimals) {
      REQUIRE(figure_text(v, decimals) == by_fmt(v, decimals));
    }
  };
  for (const double v : {0.0625, 0.1875, 1.0625, 0.5, 1.5, 2.5, 0.0005, 0.0015, 99999.9995,
                         99999.999, 0.00049, 0.0004999999999999999, 1e-300, 5e-324, 1e5, 1e15}) {
    check(v);
  }
  // Every multiple of 1/1024 below 20: among them the exact ties at each precision.
  for (int k = 1; k < 20 * 1024; ++k) check(k / 1024.0);
  std::mt19937_64 random(41);
  for (int i = 0; i < 10000; ++i) {
    check(std::uniform_real_distribution<double>(0.5, 2.0)(random));  // ratios
    check(std::ldexp(std::uniform_real_distribution<double>(1.0, 2.0)(random),
                     static_cast<int>(random() % 40) - 24));
    // Halfway between two 3-decimal texts as written (the double is a hair off), and its
    // neighbours.
    const double tie = static_cast<double>(random() % 20000000 * 2 + 1) / 2000.0;
    check(tie);
    check(std::nextafter(tie, 0.0));
    check(std::nextafter(tie, HUGE_VAL));
  }
}

TEST_CASE("Extreme values print no long run of digits in any human format", "[numbers]") {
  // A hand-made file: 1e308 against 1e-300 (delta and ratio overflow to inf), 5e300 against 3
  // and 2e-290 against 7 (finite, hundreds of digits in fixed point), in both directions.
  const auto f = file(
      "x.txt", {chart("Huge", "", "MB/s", direction::higher, {{"None", "1e-300"}, {"a", "1e308"}}),
                chart("Big", "", "MB/s", direction::higher, {{"None", "3"}, {"a", "5e300"}}),
                chart("Tiny", "", "MB/s", direction::higher, {{"None", "7"}, {"a", "2e-290"}}),
                chart("Slow", "", "Seconds", direction::lower, {{"None", "7"}, {"a", "2e290"}})});
  const auto c = iosr::compare(std::vector{f});
  const std::regex long_number("[0-9]{16}");
  for (auto format : human_formats) {
    for (bool table : {false, true}) {
      INFO(format << (table ? " table" : ""));
      // What a reader sees: HTML's data-sort attributes keep full numbers for the script.
      const auto out = std::regex_replace(rendered(c, format, 80, table),
                                          std::regex("data-sort=\"[^\"]*\""), "");
      std::smatch found;
      const bool any = std::regex_search(out, found, long_number);
      INFO((any ? found.prefix().str().substr(
                      found.prefix().length() > 80 ? found.prefix().length() - 80 : 0) +
                      found.str()
                : ""));
      CHECK_FALSE(any);
      const auto nan = out.find("nan");
      INFO((nan == std::string::npos ? "" : out.substr(nan > 300 ? nan - 300 : 0, 400)));
      CHECK(nan == std::string::npos);
    }
  }
  const auto ascii = rendered(c, "ascii");
  CHECK(ascii.find("no delta: too large for a double") != std::string::npos);  // 1e308 / 1e-300
  CHECK(ascii.find("+1.67e+302%") != std::string::npos);  // 5e300 / 3 - 1, in percent
  CHECK(ascii.find("1.67e+300") != std::string::npos);    // its ratio
  CHECK(ascii.find("2.86e-291") != std::string::npos);    // 2e-290 / 7
  // CSV and JSON keep the full-precision number.
  CHECK(rendered(c, "json").find("\"ratio\": 1.666666666666666") != std::string::npos);
}

TEST_CASE("A delta that rounds to zero reads 0.0%, never -0.0%", "[numbers]") {
  const auto f =
      file("x.txt", {chart("Up", "", "MB/s", direction::higher,
                           {{"None", "100000"}, {"a", "99999.99"}, {"b", "100000.01"}})});
  const auto c = iosr::compare(std::vector{f});
  for (auto format : human_formats) {
    const auto out = rendered(c, format);
    INFO(format << "\n" << out);
    CHECK(out.find("-0.0%") == std::string::npos);
    CHECK(out.find("+0.0%") == std::string::npos);
    CHECK(out.find("0.0%") != std::string::npos);
  }
}

TEST_CASE("A zero or negative baseline gives no delta or ratio, and the row says why",
          "[numbers]") {
  const auto f =
      file("x.txt", {chart("Zero", "", "ms", direction::lower, {{"None", "0"}, {"a", "3"}}),
                     chart("Below", "", "dB", direction::higher, {{"None", "-4"}, {"a", "2"}}),
                     chart("Own", "", "MB/s", direction::higher, {{"None", "5"}, {"a", "-1"}})});
  const auto c = iosr::compare(std::vector{f});
  const auto* a_zero = find_entry(c, *find_test(c, "Zero", ""), "a");
  const auto* a_below = find_entry(c, *find_test(c, "Below", ""), "a");
  const auto* a_own = find_entry(c, *find_test(c, "Own", ""), "a");
  CHECK_FALSE(a_zero->delta_pct);
  CHECK(a_zero->missing == iosr::missing_figure::baseline_zero);
  // Against -4, +2 would be a delta of -150 %: a sign that says the opposite. None at all.
  CHECK_FALSE(a_below->delta_pct);
  CHECK_FALSE(a_below->ratio);
  CHECK(a_below->missing == iosr::missing_figure::baseline_negative);
  CHECK(a_own->delta_pct);
  CHECK_FALSE(a_own->ratio);
  CHECK(a_own->missing == iosr::missing_figure::value_not_positive);
  for (auto format : human_formats) {
    const auto out = rendered(c, format);
    INFO(format);
    CHECK(out.find("no delta: the baseline is 0") != std::string::npos);
    CHECK(out.find("no delta: the baseline is negative") != std::string::npos);
    CHECK(out.find("no ratio: the value is not above 0") != std::string::npos);
  }
  CHECK(rendered(c, "csv").find("no delta: the baseline is 0") != std::string::npos);
}

TEST_CASE("A failed entry says why in compare, as show does", "[numbers]") {
  // PTS's JSON export of a run with failed tests: their error text comes with them.
  const auto& f =
      read_cached(std::string(IOSR_FIXTURES_DIR) +
                  "/corpus/json/pts-10.8.4_newgvn_126-results_empty-values-and-errors.json");
  std::string error;
  for (const auto& r : f.results) {
    for (const auto& e : r.entries) {
      if (e.kind == iosr::entry_kind::failed && !e.error.empty()) error = e.error;
    }
  }
  REQUIRE_FALSE(error.empty());
  const auto c = iosr::compare(std::vector{f});
  for (auto format : human_formats) {
    INFO(format);
    CHECK(rendered(c, format).find("failed: ") != std::string::npos);
  }
}

TEST_CASE("ascii parts the delta and the ratio by two blanks, however wide", "[numbers]") {
  const auto f = file("x.txt", {chart("Up", "", "MB/s", direction::higher,
                                      {{"None", "1"}, {"a", "12.554"}, {"b", "0.5"}})});
  const auto c = iosr::compare(std::vector{f});
  const auto out = rendered(c, "ascii");
  INFO(out);
  CHECK(out.find("+1155.4%  12.554") != std::string::npos);
  CHECK(out.find("-50.0%   0.500") != std::string::npos);
}

// ---- 3. Ranking and summaries
// --------------------------------------------------------------------

TEST_CASE("The summary is ranked best first within each group, the baseline in its place",
          "[numbers][summary]") {
  const auto& f = corpus_xml("pts-5.6.0_ec2-large_7zip_10-systems.xml");
  iosr::compare_options o;
  o.baseline = "7zip-run-0";
  const auto c = iosr::compare(std::vector{f}, o);
  REQUIRE(c.summary_order.size() == c.configurations.size());
  bool baseline_inside = false;
  for (std::size_t k = 1; k < c.summary_order.size(); ++k) {
    const auto& before = c.configurations[c.summary_order[k - 1]];
    const auto& after = c.configurations[c.summary_order[k]];
    if (before.compare_group != after.compare_group) continue;
    REQUIRE((before.geomean_ratio && after.geomean_ratio));
    CHECK(*before.geomean_ratio >= *after.geomean_ratio);
    if (k + 1 < c.summary_order.size() && after.label == "7zip-run-0") baseline_inside = true;
  }
  CHECK(baseline_inside);  // neither first nor last: ranked like the others
  // Every format shows that order: the labels appear in it in the Markdown summary.
  const auto md = rendered(c, "md");
  std::size_t at = 0;
  for (auto i : c.summary_order) {
    const auto found = md.find("| " + c.configurations[i].label + " |", at);
    REQUIRE(found != std::string::npos);
    at = found;
  }
  // --sort name puts the summary in label order.
  o.sort = iosr::test_order::name;
  const auto by_name = iosr::compare(std::vector{f}, o);
  for (std::size_t k = 1; k < by_name.summary_order.size(); ++k) {
    CHECK(by_name.configurations[by_name.summary_order[k - 1]].label <
          by_name.configurations[by_name.summary_order[k]].label);
  }
}

TEST_CASE("N of M counts the tests the configuration's own input has", "[numbers][summary]") {
  const auto a =
      file("a.txt", {chart("One", "", "MB/s", direction::higher, {{"None", "1"}, {"x", "2"}}),
                     chart("Two", "", "MB/s", direction::higher, {{"None", "1"}, {"x", "2"}})});
  const auto b =
      file("b.txt", {chart("Three", "", "MB/s", direction::higher, {{"None", "1"}, {"y", "2"}})});
  const auto c = iosr::compare(std::vector{a, b});
  REQUIRE(c.tests.size() == 3);
  const auto* x = find_configuration(c, "a.txt: x");
  const auto* y = find_configuration(c, "b.txt: y");
  REQUIRE((x && y));
  CHECK(x->tests_total == 2);
  CHECK(y->tests_total == 1);
  CHECK(rendered(c, "md").find("| b.txt: y | 2.000 | 1 of 1 |") != std::string::npos);
}

TEST_CASE(
    "Each test's share of a geometric mean adds up to 1, and the notes name a mean that "
    "one or two tests carry",
    "[numbers][summary]") {
  const auto& f = corpus_xml("pts-10.8.4_sqlite_20-systems.xml");
  iosr::compare_options o;
  o.baseline = "base";
  const auto c = iosr::compare(std::vector{f}, o);
  std::vector<double> sums(c.configurations.size(), 0.0);
  std::vector<bool> any(c.configurations.size(), false);
  for (const auto& t : c.tests) {
    for (const auto& e : t.entries) {
      if (!e.geomean_share) continue;
      sums[e.configuration] += *e.geomean_share;
      any[e.configuration] = true;
    }
  }
  for (std::size_t i = 0; i < sums.size(); ++i) {
    if (any[i]) CHECK(std::fabs(sums[i] - 1.0) < 1e-9);
  }
  // Six tests: one at ratio 10 and five at 1 carry nothing but that one.
  std::vector<iosr::result> charts;
  for (int k = 0; k < 6; ++k) {
    charts.push_back(
        chart("T" + std::to_string(k), "", "MB/s", direction::higher,
              {{"None", "10"}, {"a", k == 0 ? "100" : "10"}, {"b", k < 3 ? "20" : "10"}}));
  }
  const auto h = iosr::compare(std::vector{file("x.txt", charts)});
  const auto* a = find_configuration(h, "a");
  const auto* b = find_configuration(h, "b");
  REQUIRE((a && b));
  REQUIRE(a->carried_by.size() == 1);
  CHECK(h.tests[a->carried_by[0]].title == "T0");
  CHECK(std::fabs(*a->geomean_without - 1.0) < 1e-12);
  CHECK(b->carried_by.empty());  // three tests of six share it alike
  for (auto format : human_formats) {
    INFO(format);
    const auto out = rendered(h, format);
    CHECK(out.find("geometric mean ratio 1.468 is carried mostly by T0 1.0") != std::string::npos);
    CHECK(out.find("without it it would be 1.000") != std::string::npos);
  }
  CHECK(rendered(h, "json").find("\"carried_by\": [") != std::string::npos);
}

// ---- 4. Statistics say one thing
// ------------------------------------------------------------------

TEST_CASE("A delta's interval leaves out 0 exactly when its adjusted p-value is below alpha",
          "[numbers][noise]") {
  for (const auto& [name, baseline] :
       {std::pair<std::string, std::string>{"pts-10.8.4_sqlite_20-systems.xml", "base"},
        {"pts-5.6.0_ec2-micro_stream_10-systems.xml", "stream-run-0"}}) {
    iosr::compare_options o;
    o.baseline = baseline;
    const auto c = iosr::compare(std::vector{corpus_xml(name)}, o);
    std::size_t noise = 0;
    std::size_t significant = 0;
    for (const auto& t : c.tests) {
      for (const auto& e : t.entries) {
        if (!e.delta_ci_low) continue;
        INFO(name << ": " << t.title << " " << t.description << " "
                  << c.configurations[e.configuration].label);
        const bool leaves_out_zero = *e.delta_ci_low > 0 || *e.delta_ci_high < 0;
        CHECK(leaves_out_zero == (*e.p_adjusted < c.statistics.alpha));
        noise += e.noise == iosr::noise::not_significant;
        significant += e.noise == iosr::noise::significant;
      }
    }
    INFO(name);
    CHECK(noise > 0);  // both kinds occur, so the agreement means something
    CHECK(significant > 0);
    const double m = static_cast<double>(c.statistics.p_values);
    CHECK(std::fabs(c.statistics.delta_confidence -
                    (1 - static_cast<double>(std::max<std::size_t>(c.statistics.selected, 1)) *
                             c.statistics.alpha / m)) < 1e-15);
  }
}

// ---- 5. The regression gate
// ------------------------------------------------------------------------

TEST_CASE("Option --fail-if-worse is defined on the performance ratio, alike for both directions",
          "[numbers][gate]") {
  // A throughput 16 times lower is 1500 % worse; a time 2.4 times longer is 140 % worse.
  const auto f =
      file("x.txt",
           {chart("Throughput", "", "MB/s", direction::higher, {{"None", "1600"}, {"a", "100"}}),
            chart("Time", "", "Seconds", direction::lower, {{"None", "10"}, {"a", "24"}})});
  const auto c = iosr::compare(std::vector{f});
  const auto at_1000 = iosr::find_regressions(c, 1000);
  REQUIRE(at_1000.size() == 1);
  CHECK(c.tests[at_1000[0].test].title == "Throughput");
  CHECK(std::fabs(at_1000[0].worse_pct - 1500) < 1e-9);
  const auto at_100 = iosr::find_regressions(c, 100);
  REQUIRE(at_100.size() == 2);
  CHECK(std::fabs(at_100[1].worse_pct - 140) < 1e-9);
  CHECK(iosr::worse_pct(0.5) == 100);
  CHECK(iosr::worse_pct(1.5) == 0);
}

TEST_CASE("The gate may skip deltas within the noise, and says which it skipped",
          "[numbers][gate]") {
  iosr::compare_request request;
  request.options.baseline = "base";
  request.format = "csv";
  request.fail_if_worse = 0;
  const std::vector files{corpus_xml("pts-10.8.4_sqlite_20-systems.xml")};
  const auto all = iosr::run_compare(files, request);
  request.gate_skip_noise = true;
  const auto skipping = iosr::run_compare(files, request);
  CHECK(all.excluded.empty());
  REQUIRE_FALSE(skipping.excluded.empty());
  CHECK(skipping.regressions.size() + skipping.excluded.size() == all.regressions.size());
  for (const auto& r : skipping.excluded) {
    const auto n = skipping.result.tests[r.test].entries[r.entry].noise;
    CHECK((n == iosr::noise::not_significant || n == iosr::noise::few_runs));
  }
  for (const auto& r : skipping.regressions) {
    const auto n = skipping.result.tests[r.test].entries[r.entry].noise;
    CHECK(n != iosr::noise::not_significant);
    CHECK(n != iosr::noise::few_runs);
  }
}
