// SPDX-License-Identifier: MIT
// The comparison engine: the acceptance figures worked out by hand from the bundled seeds, and
// small hand-made files for matching, grouping, baselines, ranks, noise and the summary.
#include "iosr/compare.hpp"

#include <cmath>
#include <cstddef>
#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "catch.hpp"
#include "compare_support.hpp"

namespace {

using namespace test_support;
using iosr::direction;

bool close(std::optional<double> got, double want, double tolerance = 1e-9) {
  return got && std::fabs(*got - want) <= tolerance;
}

// A note of `code` whose text holds `text`.
bool mentions(const std::vector<iosr::note>& notes, iosr::message_code code,
              std::string_view text) {
  for (const auto& n : notes) {
    if (n.code == code && n.text.find(text) != std::string::npos) return true;
  }
  return false;
}

iosr::comparison compare_seed(const std::string& name, const iosr::compare_options& o = {}) {
  std::vector<iosr::result_file> files{seed(name)};
  return iosr::compare(files, o);
}

}  // namespace

// ---- acceptance: the seeds, checked by hand ----------------------------------------------------

TEST_CASE("Seed 000 MariaDB 64 clients: MQ-Deadline 327 vs None 1134 is -71.2 %, ratio 0.288",
          "[compare][seed]") {
  const auto c = compare_seed("000_1809f3a92cbbf2f4.txt");
  const auto* t = find_test(c, "MariaDB", "Clients: 64");
  REQUIRE(t);
  CHECK(t->direction == direction::higher);
  const auto* mq = find_entry(c, *t, "MQ-Deadline");
  REQUIRE(mq);
  CHECK(mq->value_text == "327");
  CHECK(mq->baseline_value_text == "1134");
  // (327 - 1134) / 1134 = -0.711640...; 327 / 1134 = 0.288360...
  CHECK(close(mq->delta_pct, -71.164021164021, 1e-9));
  CHECK(close(mq->ratio, 0.288359788359788, 1e-12));
  CHECK(mq->rank == 2);  // None 1134 > MQ-Deadline 327 > BFQ low-latency 318 > Kyber > BFQ
  const auto* none = find_entry(c, *t, "None");
  REQUIRE(none);
  CHECK(none->rank == 1);
  CHECK(close(none->delta_pct, 0.0));
  CHECK(close(none->ratio, 1.0));
}

TEST_CASE(
    "Seed 000 SQLite 8 threads, lower is better: MQ-Deadline 65.07 vs None 44.70 is "
    "+45.6 %, ratio 0.687",
    "[compare][seed]") {
  const auto c = compare_seed("000_1809f3a92cbbf2f4.txt");
  const auto* t = find_test(c, "SQLite", "Threads / Copies: 8");
  REQUIRE(t);
  CHECK(t->direction == direction::lower);
  const auto* mq = find_entry(c, *t, "MQ-Deadline");
  REQUIRE(mq);
  // The delta follows the number on the chart (slower = larger = +); the ratio says worse.
  CHECK(close(mq->delta_pct, (65.07 - 44.70) / 44.70 * 100));  // +45.570...
  CHECK(std::round(*mq->delta_pct * 10) / 10 == 45.6);
  CHECK(close(mq->ratio, 44.70 / 65.07));  // 0.68695...
  CHECK(std::round(*mq->ratio * 1000) / 1000 == 0.687);
  // Best first by direction: the lowest time ranks first.
  CHECK(entry_order(c, *t) ==
        std::vector<std::string>{"None", "MQ-Deadline", "BFQ", "Kyber", "BFQ low-latency"});
}

TEST_CASE("Seed 002 has one baseline per disk", "[compare][seed]") {
  const auto c = compare_seed("002_236e153a66cd3c9d.txt");
  REQUIRE(c.compare_groups.size() == 2);
  CHECK(c.compare_groups[0].name == "WD5000AZRX");
  CHECK(c.compare_groups[1].name == "WD1500HLHX");
  REQUIRE(c.compare_groups[0].baseline);
  REQUIRE(c.compare_groups[1].baseline);
  CHECK(c.configurations[*c.compare_groups[0].baseline].label == "WD5000AZRX: None");
  CHECK(c.configurations[*c.compare_groups[1].baseline].label == "WD1500HLHX: None");
  CHECK(c.notes.empty());

  // FS-Mark 1000 files: WD1500HLHX: Mq-Deadline 32.60 against WD1500HLHX: None 32.08 (not
  // against WD5000AZRX: None 20.29).
  const auto* t = find_test(c, "FS-Mark", "Test: 1000 Files, 1MB Size");
  REQUIRE(t);
  const auto* mq = find_entry(c, *t, "WD1500HLHX: Mq-Deadline");
  REQUIRE(mq);
  CHECK(mq->baseline_value_text == "32.08");
  CHECK(close(mq->delta_pct, (32.60 - 32.08) / 32.08 * 100));  // +1.62 %
  CHECK(mq->rank == 1);  // first of its own disk, though below every WD5000AZRX value
  const auto* small = find_entry(c, *t, "WD5000AZRX: Mq-Deadline");
  REQUIRE(small);
  CHECK(small->baseline_value_text == "20.29");
  CHECK(small->rank == 5);
  // Entries come by group, best first: WD5000AZRX's five, then WD1500HLHX's five.
  const auto order = entry_order(c, *t);
  REQUIRE(order.size() == 10);
  CHECK(order[0] == "WD5000AZRX: BFQ");
  CHECK(order[5] == "WD1500HLHX: Mq-Deadline");
}

TEST_CASE("Seed 004 has no none, so noop is the baseline and the notes say why",
          "[compare][seed]") {
  const auto c = compare_seed("004_38fbc586aba1b507.txt");
  REQUIRE(c.compare_groups.size() == 2);
  for (const auto& g : c.compare_groups) {
    REQUIRE(g.baseline);
    CHECK(c.configurations[*g.baseline].scheduler == "noop");
  }
  CHECK(c.configurations[*c.compare_groups[0].baseline].label == "Penryn + HDD: Noop");
  CHECK(mentions(c.notes, iosr::message_code::baseline_noop,
                 "baseline noop (legacy single-queue kernel) in group 'Penryn + HDD'"));
  // The baseline is listed first in its group.
  CHECK(c.configurations[0].label == "Penryn + HDD: Noop");
}

TEST_CASE("Text exports carry no standard errors: noise is n/a for every entry of every seed",
          "[compare][seed][noise]") {
  for (const auto& name : seed_names) {
    INFO(name);
    const auto c = compare_seed(name);
    std::size_t entries = 0;
    for (const auto& t : c.tests) {
      for (const auto& e : t.entries) {
        CHECK(e.noise == iosr::noise::unknown);
        CHECK_FALSE(e.p_value);
        ++entries;
      }
    }
    CHECK(entries > 100);
  }
}

TEST_CASE("The summary states the geometric mean ratio over N of M tests", "[compare][summary]") {
  // a: ratios 2 (higher, 20 vs 10) and 0.5 (lower, 4 vs 2): geomean 1. b: ratio 0.5 only.
  const auto f =
      file("x.txt",
           {chart("Up", "", "MB/s", direction::higher, {{"None", "10"}, {"a", "20"}, {"b", "5"}}),
            chart("Down", "", "Seconds", direction::lower, {{"None", "2"}, {"a", "4"}}),
            chart("Plain", "", "", direction::none, {{"None", "2"}, {"b", "3"}})});
  const auto c = iosr::compare(std::vector{f});
  const auto* a = find_configuration(c, "a");
  const auto* b = find_configuration(c, "b");
  const auto* none = find_configuration(c, "None");
  REQUIRE((a && b && none));
  CHECK(close(a->geomean_ratio, 1.0, 1e-12));
  CHECK(a->tests_compared == 2);
  CHECK(close(b->geomean_ratio, 0.5, 1e-12));
  CHECK(b->tests_compared == 1);  // no ratio without a direction
  CHECK(close(none->geomean_ratio, 1.0));
  CHECK(none->tests_compared == 2);
  CHECK(c.tests.size() == 3);  // the M of "over N of M"
  // Up: a 1st, None 2nd, b 3rd (last). Down: None 1st, a 2nd (last). Plain: no ranks.
  CHECK(a->first_places == 1);
  CHECK(a->last_places == 1);
  CHECK(close(a->mean_rank, 1.5));
  CHECK(b->last_places == 1);
  CHECK(close(b->mean_rank, 3.0));
  CHECK(none->first_places == 1);
  CHECK(close(none->mean_rank, 1.5));
  const auto* plain = find_test(c, "Plain", "");
  REQUIRE(plain);
  const auto* pb = find_entry(c, *plain, "b");
  CHECK(close(pb->delta_pct, 50.0));
  CHECK_FALSE(pb->ratio);
  CHECK(pb->rank == 0);
}

TEST_CASE("Equal values tie in rank", "[compare][rank]") {
  const auto f = file("x.txt", {chart("Up", "", "MB/s", direction::higher,
                                      {{"None", "24.00"}, {"a", "30"}, {"b", "24"}, {"c", "1"}})});
  const auto c = iosr::compare(std::vector{f});
  const auto& t = c.tests.at(0);
  CHECK(find_entry(c, t, "a")->rank == 1);
  CHECK(find_entry(c, t, "None")->rank == 2);
  CHECK(find_entry(c, t, "b")->rank == 2);  // 24 == 24.00
  CHECK(find_entry(c, t, "c")->rank == 4);
  CHECK(find_entry(c, t, "b")->value_text == "24");  // values stay as written
  CHECK(find_entry(c, t, "None")->value_text == "24.00");
}

TEST_CASE("Pass/fail, failed and zero-baseline entries get no delta", "[compare]") {
  const auto f = file(
      "x.txt", {chart("Check", "", "", direction::none, {{"None", "PASS"}, {"a", "FAIL"}}),
                chart("Zero", "", "ms", direction::lower, {{"None", "0"}, {"a", "3"}, {"b", ""}})});
  const auto c = iosr::compare(std::vector{f});
  for (const auto& t : c.tests) {
    for (const auto& e : t.entries) {
      INFO(t.title << " " << c.configurations[e.configuration].label);
      if (c.configurations[e.configuration].label != "None" || t.title == "Check") {
        CHECK_FALSE(e.delta_pct);
        CHECK_FALSE(e.ratio);
      }
    }
  }
}

// ---- several inputs ----------------------------------------------------------------------------

TEST_CASE("Tests are matched across inputs by title, description, unit and version",
          "[compare][merge]") {
  const auto a =
      file("dir/a.xml",
           {chart("fio", "Read", "MB/s", direction::higher, {{"None", "100"}, {"bfq", "90"}}),
            chart("fio", "Read", "IOPS", direction::higher, {{"None", "25000"}}),
            chart("SQLite", "1", "Seconds", direction::lower, {{"None", "10"}}, "3.30")});
  const auto b = file(
      "b.txt", {chart("fio", "Read", "MB/s", direction::higher, {{"None", "110"}, {"kyber", "99"}}),
                chart("SQLite", "1", "Seconds", direction::lower, {{"None", "12"}}, "3.41")});
  const auto c = iosr::compare(std::vector{a, b});
  REQUIRE(c.inputs.size() == 2);
  CHECK(c.inputs[0].short_name == "a.xml");
  // Different units are different tests; different versions too, unless ignored.
  REQUIRE(c.tests.size() == 4);
  const auto* read = find_test(c, "fio", "Read");
  REQUIRE(read);
  CHECK(read->unit == "MB/s");
  CHECK(read->inputs == std::vector<std::size_t>{0, 1});
  // Labels are prefixed with the input; each input is its own group with its own baseline.
  CHECK(entry_order(c, *read) ==
        std::vector<std::string>{"a.xml: None", "a.xml: bfq", "b.txt: None", "b.txt: kyber"});
  CHECK(find_entry(c, *read, "b.txt: kyber")->baseline_value_text == "110");
  CHECK(c.compare_groups.size() == 2);
  CHECK(c.compare_groups[0].name == "a.xml");
  // The tests not in both inputs are listed: fio IOPS and the two SQLite versions.
  CHECK(c.unmatched.size() == 3);

  iosr::compare_options o;
  o.ignore_version = true;
  const auto merged = iosr::compare(std::vector{a, b}, o);
  CHECK(merged.tests.size() == 3);
  CHECK(merged.unmatched.size() == 1);
  const auto* sqlite = find_test(merged, "SQLite", "1");
  REQUIRE(sqlite);
  CHECK(sqlite->version == "3.30 / 3.41");

  // A version that only starts like one already seen is still a version of its own.
  const auto c3 =
      file("c.txt", {chart("SQLite", "1", "Seconds", direction::lower, {{"None", "9"}}, "3.3")});
  const auto three = iosr::compare(std::vector{a, b, c3}, o);
  CHECK(find_test(three, "SQLite", "1")->version == "3.30 / 3.41 / 3.3");
}

TEST_CASE("Option --rename and --group-by group align None, NONE and Linux 6.1: none across files",
          "[compare][merge]") {
  const auto a = file("a.txt", {chart("fio", "Read", "MB/s", direction::higher,
                                      {{"Linux 6.1: none", "100"}, {"Linux 6.1: bfq", "50"}})});
  const auto b = file("b.txt", {chart("fio", "Read", "MB/s", direction::higher,
                                      {{"NONE", "80"}, {"mq-deadline", "120"}})});
  iosr::compare_options o;
  o.renames = {{"NONE", "Linux 6.1: none"}, {"mq-deadline", "Linux 6.1: mq-deadline"}};
  o.group_by = iosr::group_by::group;
  o.baseline = "b.txt: Linux 6.1: none";  // a shown label picks one of the two `none`s
  const auto c = iosr::compare(std::vector{a, b}, o);
  REQUIRE(c.compare_groups.size() == 1);
  CHECK(c.compare_groups[0].name == "Linux 6.1");
  const auto& t = c.tests.at(0);
  const auto* mq = find_entry(c, t, "b.txt: Linux 6.1: mq-deadline");
  REQUIRE(mq);
  CHECK(mq->baseline_value_text == "80");
  CHECK(close(mq->delta_pct, 50.0));
  CHECK(close(find_entry(c, t, "a.txt: Linux 6.1: none")->delta_pct, 25.0));
  CHECK(mq->rank == 1);

  // Without --baseline both `none`s qualify: the first is taken, and the notes say so.
  o.baseline.clear();
  const auto first = iosr::compare(std::vector{a, b}, o);
  CHECK(first.configurations[*first.compare_groups[0].baseline].label == "a.txt: Linux 6.1: none");
  CHECK(mentions(first.notes, iosr::message_code::baseline_ambiguous,
                 "2 configurations could be the baseline"));
}

TEST_CASE("Option --group-by none puts everything against one baseline", "[compare][merge]") {
  const auto a = file("a.txt", {chart("fio", "", "MB/s", direction::higher, {{"None", "100"}})});
  const auto b = file("b.txt", {chart("fio", "", "MB/s", direction::higher, {{"BFQ", "75"}})});
  iosr::compare_options o;
  o.group_by = iosr::group_by::none;
  const auto c = iosr::compare(std::vector{a, b}, o);
  REQUIRE(c.compare_groups.size() == 1);
  CHECK(c.compare_groups[0].name == "all");
  CHECK(close(find_entry(c, c.tests[0], "b.txt: BFQ")->delta_pct, -25.0));

  // By input (the default with no label groups) the BFQ file has no baseline: no deltas.
  const auto apart = iosr::compare(std::vector{a, b});
  CHECK_FALSE(find_entry(apart, apart.tests[0], "b.txt: BFQ")->delta_pct);
  CHECK(mentions(apart.notes, iosr::message_code::no_baseline, "no baseline in group 'b.txt'"));
}

// ---- options -----------------------------------------------------------------------------------

TEST_CASE("Option --baseline takes a label, a name or a scheduler key", "[compare][options]") {
  for (const std::string wanted : {"WD5000AZRX: Kyber", "Kyber", "kyber", "KYBER"}) {
    INFO(wanted);
    iosr::compare_options o;
    o.baseline = wanted;
    const auto c = compare_seed("002_236e153a66cd3c9d.txt", o);
    REQUIRE(c.compare_groups[0].baseline);
    CHECK(c.configurations[*c.compare_groups[0].baseline].label == "WD5000AZRX: Kyber");
    CHECK(c.configurations[0].label == "WD5000AZRX: Kyber");  // listed first
    if (wanted == "WD5000AZRX: Kyber") {
      CHECK_FALSE(c.compare_groups[1].baseline);  // the other disk has no such label
      CHECK(mentions(c.notes, iosr::message_code::baseline_not_found,
                     "no baseline in group 'WD1500HLHX': no configuration is named"));
    }
  }
}

TEST_CASE("Option --only keeps the named configurations", "[compare][options]") {
  iosr::compare_options o;
  o.only = {"None", "WD1500HLHX: BFQ"};
  const auto c = compare_seed("002_236e153a66cd3c9d.txt", o);
  REQUIRE(c.configurations.size() == 3);
  CHECK(c.configurations[0].label == "WD5000AZRX: None");
  CHECK(c.configurations[1].label == "WD1500HLHX: None");
  CHECK(c.configurations[2].label == "WD1500HLHX: BFQ");
  for (const auto& t : c.tests) CHECK(t.entries.size() <= 3);
}

// Seed 003 (tests/fixtures/seeds): NOOP, Deadline, CFQ, NONE, MQ-DEADLINE, KYBER, BFQ Low
// Latency, BFQ; every option names a configuration by one rule, names_configuration().
TEST_CASE("A name --only, --baseline or --rename gives that names nothing is a usage error",
          "[compare][options]") {
  const auto& seed =
      read_cached(std::string(IOSR_FIXTURES_DIR) + "/seeds/003_29012ff8c53c614e.txt");
  const std::vector files{seed};
  const auto usage_error = [&](const iosr::compare_options& o, const std::string& message) {
    try {
      (void)iosr::compare(files, o);
      FAIL("no error: " << message);
    } catch (const iosr::error& e) {
      CHECK(e.kind() == iosr::error_kind::usage);
      CHECK_THAT(e.what(), Catch::StartsWith(message));
    }
  };
  iosr::compare_options o;
  // --only: every name must name one; a missing one among others is not dropped silently.
  o.only = {"NONE", "bfq", "Anticipatory"};
  usage_error(o, "--only: no configuration is named 'Anticipatory'; expected one of: NOOP, ");
  o.only = {"nosuch", "also-not"};
  usage_error(o, "--only: no configuration is named 'nosuch', 'also-not'");
  // ... and names a configuration as --baseline does: a scheduler key in any spelling.
  o.only = {"none", "Mq-Deadline", "BFQ Low Latency"};
  const auto kept = iosr::compare(files, o);
  REQUIRE(kept.configurations.size() == 3);
  CHECK(kept.configurations[1].label == "MQ-DEADLINE");
  o.only.clear();
  o.baseline = "Anticipatory";
  usage_error(o, "--baseline: no configuration is named 'Anticipatory'");
  o.baseline.clear();
  o.renames = {{"KYBER", "Kyber"}, {"Anticipatory", "AS"}};
  usage_error(o, "--rename: no label is named 'Anticipatory'");
  o.renames = {{"KYBER", "Kyber"}};
  CHECK(iosr::compare(files, o).configurations.size() == 8);
  o.renames.clear();
  o.filter = "^No Such Benchmark$";
  usage_error(o, "--filter: '^No Such Benchmark$' matches no test's title or description");
}

TEST_CASE("Option --filter keeps tests whose title or description matches", "[compare][options]") {
  iosr::compare_options o;
  o.filter = "^FS-Mark$|Threads / Copies: (1|8)$";
  const auto c = compare_seed("000_1809f3a92cbbf2f4.txt", o);
  for (const auto& t : c.tests) CHECK((t.title == "FS-Mark" || t.title == "SQLite"));
  CHECK(find_test(c, "SQLite", "Threads / Copies: 8"));

  // A bad pattern is refused when it is set, before any comparing.
  CHECK_THROWS_AS(o.filter = "(", iosr::error);
  CHECK(o.filter.pattern() == "^FS-Mark$|Threads / Copies: (1|8)$");
  o.filter = "";
  CHECK(compare_seed("000_1809f3a92cbbf2f4.txt", o).tests.size() == 52);
}

TEST_CASE("Option --sort orders the tests by largest change or by name", "[compare][options]") {
  const auto f =
      file("x.txt", {chart("B", "", "s", direction::lower, {{"None", "10"}, {"a", "11"}}),
                     chart("C", "", "s", direction::lower, {{"None", "10"}, {"a", "5"}}),
                     chart("A", "", "s", direction::lower, {{"None", "10"}, {"a", "12"}})});
  iosr::compare_options o;
  auto titles = [&] {
    std::vector<std::string> out;
    for (const auto& t : iosr::compare(std::vector{f}, o).tests) out.push_back(t.title);
    return out;
  };
  CHECK(titles() == std::vector<std::string>{"B", "C", "A"});
  o.sort = iosr::test_order::delta;
  CHECK(titles() == std::vector<std::string>{"C", "A", "B"});  // |-50|, 20, 10
  o.sort = iosr::test_order::name;
  CHECK(titles() == std::vector<std::string>{"A", "B", "C"});
}

TEST_CASE("Option --fail-if-worse finds entries worse than the baseline beyond the limit",
          "[compare][gate]") {
  const auto c = compare_seed("000_1809f3a92cbbf2f4.txt");
  // SQLite 8 threads: MQ-Deadline is +45.6 % slower, BFQ low-latency +238.6 %.
  const auto found = iosr::find_regressions(c, 200.0);
  REQUIRE_FALSE(found.empty());
  for (const auto& r : found) {
    const auto& e = c.tests[r.test].entries[r.entry];
    CHECK(*e.ratio < 1.0);
    CHECK(r.worse_pct > 200.0);
  }
  // Better entries never trip the gate, however large their delta: MQ-Deadline on SQLite 1
  // thread is -0.2 % (faster).
  for (const auto& r : iosr::find_regressions(c, 0.0)) {
    CHECK(*c.tests[r.test].entries[r.entry].ratio < 1.0);
  }
  CHECK(iosr::find_regressions(c, 1e9).empty());
}

// ---- noise -------------------------------------------------------------------------------------

TEST_CASE("A delta within the noise of both measurements is marked not significant",
          "[compare][noise]") {
  // Welch with SE 1 and N 3 on both sides: t = d / sqrt(2), df = (1 + 1)^2 / (1/2 + 1/2) = 4.
  // 2 * scipy.stats.t.sf(t, 4): d = 0.5 -> 0.7415 (noise), d = 20 -> 0.000145 (significant).
  const auto f = file(
      "x.txt",
      {chart(
          "fio", "", "MB/s", direction::higher,
          {{"None", "10", 1, 3}, {"close", "10.5", 1, 3}, {"far", "30", 1, 3}, {"bare", "30"}})});
  const auto c = iosr::compare(std::vector{f});
  const auto& t = c.tests[0];
  const auto* near = find_entry(c, t, "close");
  CHECK(near->noise == iosr::noise::not_significant);
  CHECK(close(near->p_value, 0.7415210563082062, 1e-9));
  const auto* far = find_entry(c, t, "far");
  CHECK(far->noise == iosr::noise::significant);
  CHECK(close(far->p_value, 0.00014512817061319765, 1e-15));
  // Benjamini-Hochberg over the two p-values: 2 p / 1 for the smaller, 2 p / 2 for the other.
  CHECK(close(far->p_adjusted, 2 * 0.00014512817061319765, 1e-15));
  CHECK(close(near->p_adjusted, 0.7415210563082062, 1e-9));
  CHECK(c.statistics.p_values == 2);
  CHECK(near->n == 3u);
  CHECK(near->baseline_n == 3u);
  CHECK(find_entry(c, t, "bare")->noise == iosr::noise::unknown);  // no SE: never invented
  CHECK_FALSE(find_entry(c, t, "bare")->p_adjusted);
  CHECK(find_entry(c, t, "None")->noise == iosr::noise::unknown);
  CHECK(iosr::to_string(iosr::noise::not_significant) == "~");
  CHECK(iosr::to_string(iosr::noise::unknown) == "n/a");
  CHECK(iosr::to_string(iosr::noise::few_runs) == "n<3");
}

TEST_CASE("Entries with fewer than 3 runs get a p-value but are never called significant",
          "[compare][noise]") {
  // SE 1 and N 2: t = d / sqrt(2), df = 2, p = 1 - |t| / sqrt(2 + t^2); d = 20 -> p = 0.00496,
  // small, but two runs a side say little about the spread.
  const auto f =
      file("x.txt", {chart("fio", "", "MB/s", direction::higher,
                           {{"None", "10", 1, 2}, {"far", "30", 1, 2}, {"three", "30", 1, 3}})});
  const auto c = iosr::compare(std::vector{f});
  const auto* far = find_entry(c, c.tests[0], "far");
  CHECK(far->noise == iosr::noise::few_runs);
  CHECK(close(far->p_value, 1 - 20 / std::sqrt(2) / std::sqrt(2 + 200), 1e-9));
  CHECK(far->delta_ci_low);
  // Three runs against a baseline of two: still too few on one side.
  CHECK(find_entry(c, c.tests[0], "three")->noise == iosr::noise::few_runs);
}

TEST_CASE("The adjustment covers every p-value of the comparison, across tests and groups",
          "[compare][noise]") {
  // Two tests with one p-value each: d = 2 (p 0.2302) and d = 20 (p 0.000145), SE 1, N 3.
  // Alone, the first would be ~ at any alpha below 0.23; adjusted over both, 2 * 0.000145 / 1.
  const auto f =
      file("x.txt",
           {chart("a", "", "MB/s", direction::higher, {{"None", "10", 1, 3}, {"x", "12", 1, 3}}),
            chart("b", "", "MB/s", direction::higher, {{"None", "10", 1, 3}, {"x", "30", 1, 3}})});
  iosr::compare_options o;
  o.alpha = 0.3;
  const auto c = iosr::compare(std::vector{f}, o);
  const auto* a = find_entry(c, c.tests[0], "x");
  const auto* b = find_entry(c, c.tests[1], "x");
  CHECK(close(a->p_value, 0.23019964108049873, 1e-9));
  CHECK(close(a->p_adjusted, 0.23019964108049873, 1e-9));  // 2 p / 2
  CHECK(a->noise == iosr::noise::significant);             // 0.23 < 0.3
  CHECK(close(b->p_adjusted, 2 * 0.00014512817061319765, 1e-15));
  o.alpha = 0.2;
  const auto strict = iosr::compare(std::vector{f}, o);
  CHECK(find_entry(strict, strict.tests[0], "x")->noise == iosr::noise::not_significant);
  CHECK(strict.statistics.alpha == 0.2);
}
