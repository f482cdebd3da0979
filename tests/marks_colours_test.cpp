// SPDX-License-Identifier: MIT
// Marks, colours and emphasis say the same (issue 39, section 5; docs/compare.md, "Colours and
// emphasis"): a delta within the noise (`~`), on fewer than 3 runs (`n<3`) or of 0.0 % is drawn
// neutral in every format that colours (the terminal, the HTML page in both views, the chart
// images), and only a first place with something beaten is bold or starred. One rule
// (comparison_cells.hpp: verdict(), shown_best()), checked here through every renderer.
#include <regex>
#include <string>
#include <vector>

#include "catch.hpp"
#include "compare_support.hpp"
#include "iosr/chart.hpp"
#include "iosr/compare.hpp"
#include "render/comparison/comparison_cells.hpp"

namespace {

using namespace test_support;
using iosr::direction;

// Four kinds of delta against `none`, with standard errors and N as a result page gives them:
// a loss within the noise, a loss on 2 runs, a large significant loss, and a significant change
// so small that it prints 0.0 %; and a file without runs, whose losses are coloured as measured.
iosr::result_file marked() {
  return file("marks.txt",
              {chart("pgbench", "Scale: 100", "TPS", direction::higher,
                     {{"none", "2000", 90, 3},
                      {"wobbly", "1850", 90, 3},   // -7.5 %, p ~ 0.3: ~
                      {"two-runs", "1700", 5, 2},  // -15 %, N = 2: n<3
                      {"slow", "900", 4, 5}}),     // -55 %: significant
               chart("Stream", "Triad", "MB/s", direction::higher,
                     {{"none", "41000", 0.5, 12},
                      {"wobbly", "40990", 0.5, 12},  // -0.02 %: significant, printed 0.0%
                      {"two-runs", "52000", 100, 5},
                      {"slow", "39000", 30, 12}})});
}

const iosr::compared_entry& entry(const iosr::comparison& c, const std::string& test,
                                  const std::string& label) {
  const auto* t = find_test(c, test, test == "pgbench" ? "Scale: 100" : "Triad");
  REQUIRE(t);
  const auto* e = find_entry(c, *t, label);
  REQUIRE(e);
  return *e;
}

// Every coloured piece of text in `out` (an element of class better or worse): none may hold a
// mark that says "no verdict", or a delta of 0.0 %.
void no_colour_without_verdict(const std::string& out, const std::string& what) {
  static const std::regex coloured(R"re(class="(?:bar )?(better|worse)"[^>]*>([^<]*)<)re");
  std::size_t seen = 0;
  for (std::sregex_iterator it(out.begin(), out.end(), coloured), end; it != end; ++it) {
    const std::string text = (*it)[2];
    INFO(what << ": " << (*it)[1] << " text '" << text << "'");
    CHECK(text.find('~') == std::string::npos);
    CHECK(text.find("n&lt;3") == std::string::npos);
    CHECK(text.find("n<3") == std::string::npos);
    CHECK(text.find("0.0%") != 0);
    CHECK(text.find("(0.0%") == std::string::npos);
    ++seen;
  }
  CHECK(seen > 0);  // the significant losses are coloured
}

}  // namespace

TEST_CASE("Colour: one rule, neutral for ~, n<3 and 0.0 %, from the ratio otherwise",
          "[render][colour]") {
  const auto c = iosr::compare(std::vector{marked()});
  using iosr::detail::verdict;
  const auto& wobbly = entry(c, "pgbench", "wobbly");
  REQUIRE(wobbly.noise == iosr::noise::not_significant);
  CHECK(verdict(wobbly) == 0);
  const auto& two = entry(c, "pgbench", "two-runs");
  REQUIRE(two.noise == iosr::noise::few_runs);
  CHECK(verdict(two) == 0);
  const auto& slow = entry(c, "pgbench", "slow");
  REQUIRE(slow.noise == iosr::noise::significant);
  CHECK(verdict(slow) == -1);
  const auto& tiny = entry(c, "Stream", "wobbly");
  REQUIRE(tiny.noise == iosr::noise::significant);
  REQUIRE(iosr::detail::delta_text(tiny.delta_pct) == "0.0%");
  CHECK(verdict(tiny) == 0);
  CHECK(verdict(entry(c, "Stream", "two-runs")) == 1);  // +26.8 %, 5 runs a side: significant
  // Without runs the noise is unknown (n/a), and the ratio alone decides, as before.
  const auto plain =
      iosr::compare(std::vector{file("plain.txt", {chart("fio", "Read", "MB/s", direction::higher,
                                                         {{"none", "100"}, {"b", "93"}})})});
  CHECK(verdict(plain.tests[0].entries[1]) == -1);
}

TEST_CASE("Colour: the terminal, the HTML page and the chart images follow the rule",
          "[render][colour]") {
  const auto c = iosr::compare(std::vector{marked()});
  // The terminal: the lines of unmarked losses are red, the others carry no colour.
  iosr::comparison_render_options tty;
  tty.color = true;
  tty.width = 200;
  std::string ascii;
  iosr::render_comparison(c, "ascii", tty, ascii);
  auto line_of = [&](const std::string& label, std::size_t from) {
    const auto at = ascii.find(" " + label + " ", from);
    REQUIRE(at != std::string::npos);
    const auto begin = ascii.rfind('\n', at) + 1;
    return ascii.substr(begin, ascii.find('\n', at) - begin);
  };
  const auto pgbench = ascii.find("pgbench");
  const auto stream = ascii.find("Stream");
  REQUIRE(pgbench < stream);
  CHECK(line_of("slow", pgbench).find("\x1b[31m") != std::string::npos);
  for (const auto& label : {"wobbly", "two-runs"}) {
    INFO(label);
    const auto line = line_of(label, pgbench);
    CHECK(line.find("\x1b[31m") == std::string::npos);
    CHECK(line.find("\x1b[32m") == std::string::npos);
  }
  CHECK(line_of("wobbly", stream).find("\x1b[3") == std::string::npos);  // 0.0%
  // The HTML page, as an article and as tables; the chart images, light and dark.
  for (const bool table : {false, true}) {
    iosr::comparison_render_options o;
    o.table_view = table;
    std::string html;
    iosr::render_comparison(c, "html", o, html);
    no_colour_without_verdict(html, table ? "html table view" : "html");
  }
  for (const auto theme : {iosr::chart_theme::light, iosr::chart_theme::dark}) {
    iosr::chart_options o;
    o.theme = theme;
    for (const auto& image : iosr::draw_charts(c, o)) {
      if (image.test) no_colour_without_verdict(image.svg, "chart " + image.name);
    }
  }
}

TEST_CASE("Emphasis: only a first place with something beaten is bold or starred",
          "[render][colour]") {
  // In the first test the others failed and only the baseline has a value; in the second, two
  // ranked values make a best.
  const auto f = file("alone.txt", {chart("compilebench", "Compile", "MB/s", direction::higher,
                                          {{"none", "612"}, {"bfq", ""}, {"kyber", ""}}),
                                    chart("compilebench", "Read", "MB/s", direction::higher,
                                          {{"none", "700"}, {"bfq", "744"}, {"kyber", ""}})});
  const auto c = iosr::compare(std::vector{f});
  const auto& alone = c.tests[0];
  REQUIRE(alone.entries[0].rank == 1);  // ranked, but against nothing
  CHECK_FALSE(iosr::detail::shown_best(c, alone, alone.entries[0]));
  CHECK(iosr::detail::shown_best(c, c.tests[1], c.tests[1].entries[0]));  // bfq's 744
  std::string md, html, table;
  iosr::render_comparison(c, "md", {}, md);
  CHECK(md.find("**612") == std::string::npos);
  CHECK(md.find("**744") != std::string::npos);
  iosr::comparison_render_options view;
  view.table_view = true;
  iosr::render_comparison(c, "html", view, html);
  CHECK(html.find("<strong>612") == std::string::npos);
  CHECK(html.find("<strong>744") != std::string::npos);
  view.width = 120;
  iosr::render_comparison(c, "ascii", view, table);
  CHECK(table.find("*612") == std::string::npos);
  CHECK(table.find("*744") != std::string::npos);
  iosr::comparison_render_options tty;
  tty.color = true;
  std::string ascii;
  iosr::render_comparison(c, "ascii", tty, ascii);
  CHECK(ascii.find("\x1b[1mnone") == std::string::npos);  // alone in one test, second in the other
  CHECK(ascii.find("\x1b[1mbfq") != std::string::npos);
}

TEST_CASE("Colour: a summary bar whose mean prints 1.000 or whose interval holds 1 is neutral",
          "[render][colour]") {
  iosr::comparison c;
  c.compare_groups = {{"all", 0}};
  c.configurations.resize(4);
  for (std::size_t i = 0; i < 4; ++i) c.configurations[i].label = "c" + std::to_string(i);
  c.configurations[1].geomean_ratio = 1.0004;  // prints 1.000
  c.configurations[2].geomean_ratio = 1.08;
  c.configurations[2].geomean_ci_low = 0.97;  // holds 1
  c.configurations[2].geomean_ci_high = 1.19;
  c.configurations[3].geomean_ratio = 0.91;
  c.configurations[3].geomean_ci_low = 0.88;
  c.configurations[3].geomean_ci_high = 0.94;
  using iosr::detail::verdict;
  CHECK(verdict(c, 0) == 0);  // the baseline
  CHECK(verdict(c, 1) == 0);
  CHECK(verdict(c, 2) == 0);
  CHECK(verdict(c, 3) == -1);
}
