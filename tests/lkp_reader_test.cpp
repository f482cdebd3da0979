// SPDX-License-Identifier: MIT
// The kernel test robot's (LKP's) reports (docs/lkp.md) on real mails: every phoronix-test-suite
// row read with its commits, values as printed, `± N%` and runs, units and directions of PTS's
// test profiles; what is not a PTS result left out and said; transports (quoted-printable in
// UTF-8 and ISO-8859-1, format=flowed, quoting, MIME parts) undone; refusals with positions; LKP's
// result files; and PTS's run-log `Final:` lines as LKP's own parser reads them.
#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>

#include "catch.hpp"
#include "input/lkp/metric.hpp"
#include "input/lkp/profile_units.hpp"
#include "input/lkp/report.hpp"
#include "iosr/compare.hpp"
#include "iosr/error.hpp"
#include "iosr/read.hpp"
#include "iosr/render.hpp"
#include "reader_support.hpp"

using namespace iosr;
using test_support::read_cached;
using test_support::slurp;

namespace {

const std::string dir = std::string(IOSR_FIXTURES_DIR) + "/lkp/";

const result& chart_of(const result_file& f, std::string_view title, std::string_view unit) {
  for (const auto& r : f.results) {
    if (r.title == title && r.unit == unit) return r;
  }
  FAIL("no chart " << title << " in " << unit);
  throw std::logic_error("unreachable");
}

const entry& entry_of(const result& r, std::string_view label) {
  for (const auto& e : r.entries) {
    if (e.label == label) return e;
  }
  FAIL("no entry " << label << " in " << r.title);
  throw std::logic_error("unreachable");
}

std::size_t count_code(const result_file& f, message_code code) {
  return std::size_t(std::count_if(f.warnings.begin(), f.warnings.end(),
                                   [&](const warning& w) { return w.code == code; }));
}

const warning& warning_with(const result_file& f, message_code code) {
  for (const auto& w : f.warnings) {
    if (w.code == code) return w;
  }
  FAIL("no warning " << to_string(code));
  throw std::logic_error("unreachable");
}

}  // namespace

TEST_CASE("lkp: the robot's own mail, its one PTS row among 69 of monitors", "[lkp]") {
  const auto& f = read_cached(dir + "osbench_lkml_original_routing-headers-cut.eml");
  CHECK(f.format == "lkp");
  CHECK(f.title ==
        "kernel test robot noticed a -8.2% improvement of "
        "phoronix-test-suite.osbench.LaunchPrograms.us_per_event on:");
  REQUIRE(f.systems.size() == 2);
  CHECK(f.systems[0].label == "c439d5e8a0");
  CHECK(f.systems[0].baseline);
  CHECK_FALSE(f.systems[1].baseline);
  CHECK(f.systems[1].software.front().key == "Commit");
  CHECK(f.systems[1].software.front().value ==
        "14ef95be6f (\"kernel/fork: group allocation/free of per-cpu counters for mm struct\")");
  CHECK(f.systems[0].hardware.front().value ==
        "96 threads 2 sockets Intel(R) Xeon(R) Gold 6252 CPU @ 2.10GHz (Cascade Lake) with 512G "
        "memory");
  REQUIRE(f.results.size() == 1);
  const auto& r = f.results[0];
  CHECK(r.title == "osbench");
  CHECK(r.description == "LaunchPrograms");
  CHECK(r.unit == "us Per Event");
  CHECK(r.direction == direction::lower);
  CHECK(r.test_id == "osbench-1.0.2");
  CHECK(r.where.line == 63);
  CHECK(entry_of(r, "c439d5e8a0").value_text == "98.32");
  CHECK(entry_of(r, "14ef95be6f").value_text == "90.23");
  CHECK_FALSE(entry_of(r, "c439d5e8a0").relative_deviation);
  CHECK_FALSE(entry_of(r, "c439d5e8a0").sample_count);
  // 61 rows of monitors, 4 of LKP's time of the job: said, not read.
  CHECK(count_code(f, message_code::lkp_metric_not_read) == 2);
  CHECK(count_code(f, message_code::lkp_change_disagrees) == 0);
}

TEST_CASE("lkp: a reply in quoted-printable and format=flowed, metrics broken by soft line "
          "breaks, the fail:runs block's runs",
          "[lkp]") {
  const auto& f = read_cached(dir + "npb_reply_qp-flowed-quoted.eml");
  REQUIRE(f.results.size() == 1);
  const auto& r = f.results[0];
  CHECK(r.title == "npb");
  CHECK(r.description == "FT.A");
  CHECK(r.unit == "Total Mop/s");
  CHECK(r.direction == direction::higher);
  CHECK(r.test_id == "npb-1.3.1");
  const auto& parent = entry_of(r, "3faa52c03f");
  CHECK(parent.value_text == "4585");
  CHECK(parent.relative_deviation == 2);
  CHECK(parent.sample_count == 4);
  // The value's position is in the encoded mail: line 161, after `>        `.
  CHECK(parent.where.line == 161);
  CHECK(parent.where.column == 10);
  const auto& bad = entry_of(r, "47e29d32af");
  CHECK(bad.value_text == "2522");
  CHECK_FALSE(bad.relative_deviation);
  CHECK(bad.sample_count == 4);
  CHECK(count_code(f, message_code::transfer_decoded) == 1);
  CHECK(count_code(f, message_code::flowed_joined) == 1);
  CHECK(count_code(f, message_code::quoting_removed) == 1);
}

TEST_CASE("lkp: one message sent as ISO-8859-1 quoted-printable and as 8-bit reads alike",
          "[lkp]") {
  const auto& qp = read_cached(dir + "jxrendermark_intel-gfx_qp-latin1.eml");
  const auto& raw = read_cached(dir + "jxrendermark_lkml_8bit-latin1.eml");
  for (const auto* f : {&qp, &raw}) {
    REQUIRE(f->results.size() == 1);
    const auto& r = f->results[0];
    CHECK(r.title == "jxrendermark");
    CHECK(r.description == "RadialGradientPaint.1024x1024");
    CHECK(r.unit == "Operations Per Second");
    CHECK(r.direction == direction::higher);
    CHECK(entry_of(r, "0dccdba51e").value_text == "8980");
    CHECK(entry_of(r, "0dccdba51e").relative_deviation == 2);
    CHECK(entry_of(r, "59dd13ad31").value_text == "4127");
    CHECK(count_code(*f, message_code::charset_converted) == 1);
    CHECK(count_code(*f, message_code::lkp_plus_minus_misdecoded) == 0);
  }
  // Alike but for positions: the two mails' lines differ.
  const auto& a = qp.results[0].entries;
  const auto& b = raw.results[0].entries;
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    CHECK(a[i].label == b[i].label);
    CHECK(a[i].value_text == b[i].value_text);
    CHECK(a[i].relative_deviation == b[i].relative_deviation);
  }
}

TEST_CASE("lkp: a multipart original: the report part, 186 monitors' rows left out", "[lkp]") {
  const auto& f = read_cached(dir + "noise-level_linux-usb_multipart-original.eml");
  REQUIRE(f.results.size() == 1);
  const auto& r = f.results[0];
  CHECK(r.title == "noise-level");
  CHECK(r.description == "0");
  CHECK(r.unit == "Activity Level");
  CHECK(r.direction == direction::lower);
  CHECK(entry_of(r, "77a98a59a1").value_text == "75726");
  CHECK(entry_of(r, "d60337eff1").relative_deviation == 8);
  CHECK(entry_of(r, "d60337eff1").sample_count == 4);
  CHECK(count_code(f, message_code::mime_part_read) == 1);
}

TEST_CASE("lkp: three kernels, the column header's names, no commit list", "[lkp]") {
  const auto& f = read_cached(dir + "fio_io-uring_reply_three-kernels.eml");
  REQUIRE(f.systems.size() == 3);
  CHECK(f.systems[0].label == "584b0180f0f4d67d");
  CHECK(f.systems[1].label == "v5.19-rc7");
  CHECK(f.systems[2].label == "28d3a5662d44077aa6eb42bfcfa");
  REQUIRE(f.results.size() == 2);
  const auto& mbs = chart_of(f, "fio", "MB/s");
  CHECK(mbs.description == "SequentialWrite.IO_uring.Yes.Yes.1MB.DefaultTestDirectory");
  CHECK(mbs.test_id.empty());
  CHECK(entry_of(mbs, "v5.19-rc7").value_text == "972.33");
  CHECK(entry_of(mbs, "28d3a5662d44077aa6eb42bfcfa").value_text == "1086");
  CHECK(entry_of(mbs, "28d3a5662d44077aa6eb42bfcfa").sample_count == 3);
  CHECK(chart_of(f, "fio", "IOPS").direction == direction::higher);
  CHECK(count_code(f, message_code::lkp_change_disagrees) == 0);
}

TEST_CASE("lkp: three tables of one report, each its test's profile; units of the profiles",
          "[lkp]") {
  const auto& f = read_cached(dir + "paraview-x11perf-openarena_dri-devel_three-sections_body.txt");
  REQUIRE(f.systems.size() == 2);  // one machine and one set of parameters: no groups
  REQUIRE(f.results.size() == 5);
  CHECK(chart_of(f, "paraview", "Frames / Sec").test_id == "paraview-1.0.2");
  CHECK(chart_of(f, "paraview", "MiPolys / Sec").direction == direction::higher);
  CHECK(chart_of(f, "x11perf", "Operations / Second").test_id == "x11perf-1.1.1");
  // LKP's own index calls milliseconds higher-is-better and this -12.2% a regression; PTS adds
  // openarena's frame time in Milliseconds, lower is better.
  const auto& frame_time = chart_of(f, "openarena", "Milliseconds");
  CHECK(frame_time.direction == direction::lower);
  CHECK(entry_of(frame_time, "54fef7ea35").value_text == "2.59");
}

TEST_CASE("lkp: a table made by hand: tags as column names, no %stddev line", "[lkp]") {
  const auto& f = read_cached(dir + "blogbench_reply_hand-made-table_body.txt");
  REQUIRE(f.systems.size() == 2);
  CHECK(f.systems[0].label == "PLACE_DEADLINE_I");
  CHECK(f.systems[1].label == "NO_PLACE_DEADLINE_INITIAL");
  REQUIRE(f.results.size() == 1);
  CHECK(f.results[0].unit == "Final Score");
  CHECK(entry_of(f.results[0], "NO_PLACE_DEADLINE_INITIAL").value_text == "3969");
}

TEST_CASE("lkp: a reply quoting a report that a mail client mis-decoded ('ą' for '±')", "[lkp]") {
  const auto& f = read_cached(dir + "compress-gzip_reply_qp-utf8_misdecoded-plusminus_cut.eml");
  REQUIRE(f.results.size() == 1);
  CHECK(f.results[0].unit == "Seconds");
  CHECK(f.results[0].direction == direction::lower);
  CHECK(entry_of(f.results[0], "fcf0553db6").value_text == "6.01");
  // The runs of `:4` and `0:7`: 4 and 7.
  CHECK(entry_of(f.results[0], "fcf0553db6").sample_count == 4);
  CHECK(entry_of(f.results[0], "0b0695f2b3").sample_count == 7);
}

TEST_CASE("lkp: compare ranks the commits against the first, the parent", "[lkp]") {
  const auto& f = read_cached(dir + "fio_io-uring_reply_three-kernels.eml");
  std::vector<result_file> files{f};
  auto c = compare(files);
  REQUIRE(c.compare_groups.size() == 1);
  REQUIRE(c.compare_groups[0].baseline);
  CHECK(c.configurations[*c.compare_groups[0].baseline].label == "584b0180f0f4d67d");
  CHECK(std::none_of(c.notes.begin(), c.notes.end(),
                     [](const note& n) { return n.code == message_code::no_baseline; }));
}

TEST_CASE("lkp: the row forms of what mail does to a table", "[lkp]") {
  // The rows of the npb report, as mail clients and charsets turn them.
  const std::string head =
      "commit:\n  3faa52c03f (\"a\")\n  47e29d32af (\"b\")\n\n"
      "3faa52c03f440d1b 47e29d32afba11b13efb51f0315\n"
      "---------------- ---------------------------\n"
      "         %stddev     %change         %stddev\n"
      "             \\          |                \\\n";
  SECTION("a '±' decoded as ISO-8859-2 ('ą'), and as a lone ISO-8859-1 byte") {
    for (std::string pm : {"\xC4\x85", "\xB1"}) {
      auto f = read_results(head + "      4585 " + pm +
                                "  2%     -45.0%       2522        phoronix-test-suite.npb.FT.A"
                                ".total_mop_s\n",
                            "input.txt");
      REQUIRE(f.results.size() == 1);
      CHECK(f.results[0].entries[0].relative_deviation == 2);
      const auto& w = warning_with(f, message_code::lkp_plus_minus_misdecoded);
      CHECK(w.where.line == 9);
    }
  }
  SECTION("a row a client wrapped before its metric, and in its middle") {
    auto f = read_results(head +
                              "      4585 \xC2\xB1  2%     -45.0%       2522\n"
                              "   phoronix-test-suite.npb.FT.A.total_mop_s\n"
                              "      4585 \xC2\xB1  2%     -45.0%\n"
                              "       2522  phoronix-test-suite.npb.FT.B.total_mop_s\n",
                          "input.txt");
    REQUIRE(f.results.size() == 2);
    CHECK(f.results[1].description == "FT.B");
    CHECK(f.results[1].entries[1].value_text == "2522");
    CHECK(warning_with(f, message_code::lkp_row_joined).message.find("2 rows") == 0);
  }
  SECTION("a change that is not the change of the values is said, the values kept") {
    auto f = read_results(head +
                              "      4585 \xC2\xB1  2%     -35.0%       2522        "
                              "phoronix-test-suite.npb.FT.A.total_mop_s\n",
                          "input.txt");
    const auto& w = warning_with(f, message_code::lkp_change_disagrees);
    CHECK(w.where.line == 9);
    CHECK(w.where.column == 23);
    CHECK(f.results[0].entries[1].value_text == "2522");
  }
  SECTION("changes LKP rounds, past 100000%, and absolute ones agree") {
    auto f = read_results(head +
                              "      6.72 \xC2\xB1  6%  +6.9e+12%  4.615e+11 \xC2\xB1" "223%  "
                              "phoronix-test-suite.x.A.mb_s\n"
                              "      0.05 \xC2\xB1  4%      +0.0        0.06 \xC2\xB1  2%  "
                              "phoronix-test-suite.x.B.mb_s\n"
                              "    972.00            -0.3%     968.67        "
                              "phoronix-test-suite.x.C.mb_s\n",
                          "input.txt");
    CHECK(f.results.size() == 3);
    for (const auto& w : f.warnings) INFO(w.message);
    CHECK(count_code(f, message_code::lkp_change_disagrees) == 0);
    CHECK(f.results[0].entries[1].relative_deviation == 223);
  }
  SECTION("a row of the PTS testcase that is no row is said, not read") {
    auto f = read_results(head +
                              "      4585 \xC2\xB1  2%     -45.0%       2522        "
                              "phoronix-test-suite.npb.FT.A.total_mop_s\n"
                              "      4585 \xC2\xB1  2%     -45.0%  2522 7  "
                              "phoronix-test-suite.npb.FT.C.total_mop_s\n",
                          "input.txt");
    CHECK(f.results.size() == 1);
    const auto& w = warning_with(f, message_code::lkp_metric_not_read);
    CHECK(w.where.line == 10);
  }
}

TEST_CASE("lkp: a hostile table of 40000 columns reads in linear time", "[lkp][hostile]") {
  constexpr std::size_t columns = 40000;
  std::string text = "----------------";
  for (std::size_t c = 1; c < columns; ++c) text += " ---------------------------";
  text += "\n1";
  for (std::size_t c = 1; c < columns; ++c) text += " +0.0% 1";
  text += " phoronix-test-suite.x.A.mb_s\n";
  auto f = read_results(text, "input.txt");
  CHECK(f.systems.size() == columns);
  REQUIRE(f.results.size() == 1);
  CHECK(f.results[0].entries.size() == columns);
  CHECK(count_code(f, message_code::lkp_columns_unnamed) == 1);
}

TEST_CASE("lkp: a report without PTS rows is refused, with why", "[lkp]") {
  // The robot's osbench mail without its phoronix-test-suite rows: monitors only.
  std::istringstream in(slurp(dir + "osbench_lkml_original_routing-headers-cut.eml"));
  std::string kept, line;
  while (std::getline(in, line)) {
    if (line.find("  phoronix-test-suite.") == std::string::npos) kept += line + "\n";
  }
  const auto e = test_support::refusal_of(kept);
  CHECK(e.where().line == 55);
  CHECK(std::string(e.message()).find("an LKP comparison without phoronix-test-suite rows") == 0);
  // A reply that only quotes the robot's sentence has no table: no reader claims it.
  CHECK(detect_input_format("> kernel test robot noticed a -14.0% regression of "
                            "phoronix-test-suite.iozone.1MB.512MB.WritePerformance.mb_s on:\n")
            .empty());
}

TEST_CASE("lkp: metric names", "[lkp]") {
  using namespace iosr::detail;
  pts_metric m;
  CHECK(classify_metric("phoronix-test-suite.fio.SequentialWrite.IO_uring.Yes.No.4KB."
                        "DefaultTestDirectory.mb_s",
                        m) == metric_family::pts_result);
  CHECK(m.test == "fio");
  CHECK(m.options == "SequentialWrite.IO_uring.Yes.No.4KB.DefaultTestDirectory");
  CHECK(m.unit_key == "mb_s");
  CHECK(classify_metric("pts.npb.SP.B.total_mop_s", m) == metric_family::pts_result);
  CHECK(m.options == "SP.B");
  CHECK(classify_metric("phoronix-test-suite.schbench.2.8.usec,_99.9th_latency_percentile", m) ==
        metric_family::pts_result);
  CHECK(m.options == "2.8");
  CHECK(m.unit_key == "usec,_99.9th_latency_percentile");
  CHECK(classify_metric("phoronix-test-suite.smart./dev/sda.Final", m) ==
        metric_family::pts_result);
  CHECK(m.options == "/dev/sda");
  CHECK(m.unit_key.empty());
  CHECK(classify_metric("phoronix-test-suite.time.elapsed_time", m) == metric_family::job_time);
  CHECK(classify_metric("phoronix-test-suite.idle-1.1.0.seconds", m) == metric_family::test_time);
  CHECK(classify_metric("phoronix-test-suite.has_failure", m) == metric_family::flag);
  CHECK(classify_metric("phoronix-test-suite.fio.not_installed", m) == metric_family::flag);
  CHECK(classify_metric("phoronix-test-suite.idle.1.Final.pass", m) == metric_family::pass_share);
  CHECK(classify_metric("phoronix-test-suite.n", m) == metric_family::malformed);
  CHECK(classify_metric("vmstat.system.cs", m) == metric_family::other);
  CHECK(classify_metric("will-it-scale.per_process_ops", m) == metric_family::other);
}

TEST_CASE("lkp: units and directions from PTS's test profiles", "[lkp]") {
  using namespace iosr::detail;
  auto fio = unit_of("fio", "mb_s");
  CHECK(fio.unit == "MB/s");
  CHECK(fio.dir == direction::higher);
  CHECK(fio.source == unit_source::test);
  // `mb_s` is megabits in srsRAN's profiles: the test tells them apart.
  CHECK(unit_of("srsran", "mb_s").unit == "Mb/s");
  // A test no profile has: `mb_s` is two units, so LKP's key stays.
  auto unknown = unit_of("no-such-test", "mb_s");
  CHECK(unknown.unit == "mb_s");
  CHECK(unknown.source == unit_source::as_written);
  CHECK(unit_of("no-such-test", "us_per_event").unit == "us Per Event");
  CHECK(unit_of("no-such-test", "us_per_event").dir == direction::lower);
  // Two profiles say `Seconds` is higher is better: no direction from the unit alone.
  CHECK(unit_of("no-such-test", "seconds").dir == direction::none);
  // Units LKP's parsers keep as PTS printed them.
  CHECK(unit_of("compress-lz4", "MB/s").unit == "MB/s");
  CHECK(unit_of("mnn", "ms").unit == "ms");
  // The tables are sorted for their binary searches.
  auto by_test = units_by_test();
  CHECK(std::is_sorted(by_test.begin(), by_test.end(), [](const auto& a, const auto& b) {
    return std::tie(a.test, a.key) < std::tie(b.test, b.key);
  }));
  auto any = units_of_any_test();
  CHECK(std::is_sorted(any.begin(), any.end(),
                       [](const auto& a, const auto& b) { return a.key < b.key; }));
}

TEST_CASE("lkp: result files: matrix.json reads as its report prints it", "[lkp]") {
  // The runs of 59dd13ad31 a reply quotes from the robot's stats.json files (the two
  // jxrendermark mails): their mean, as lkp compare prints it, is the report's 4127.
  const std::string metric =
      "phoronix-test-suite.jxrendermark.RadialGradientPaint.1024x1024.operations_per_second";
  const std::string root =
      "/result/phoronix-test-suite/performance-true-Radial_Gradient_Paint-1024x1024-jxrendermark-"
      "1.2.4-ucode=0xd6-monitor=da39a3ee/lkp-cfl-d1/debian-x86_64-phoronix/x86_64-rhel-8.3/gcc-9/"
      "59dd13ad310793757e34afa489dd6fc8544fc3da/";
  auto matrix = read_results("{\n  \"" + metric +
                                 "\": [\n    4133.487932,\n    4120.421503,\n    4188.414835,\n"
                                 "    4068.549514\n  ],\n  \"phoronix-test-suite.time.elapsed_time\""
                                 ": [\n    80.1\n  ]\n}\n",
                             root + "matrix.json");
  CHECK(matrix.format == "lkp");
  REQUIRE(matrix.results.size() == 1);
  const auto& e = matrix.results[0].entries.at(0);
  CHECK(e.label == "59dd13ad310793757e34afa489dd6fc8544fc3da");
  CHECK(e.value_text == "4127");
  CHECK(e.samples.size() == 4);
  CHECK(e.sample_count == 4);
  REQUIRE(e.relative_deviation);
  CHECK(*e.relative_deviation < 2);  // the report prints no `±`: 2% or less
  CHECK(e.standard_error);
  auto stats = read_results("{\"" + metric + "\": 4133.487932}", root + "0/stats.json");
  CHECK(stats.results.at(0).entries.at(0).value_text == "4133.487932");
  auto lines = read_results(metric + ": 4133.487932\n", "stats");
  CHECK(lines.results.at(0).entries.at(0).value_text == "4133.487932");
  CHECK(lines.systems.at(0).label == "stats");
  // LKP's own result files of monitors only: claimed, refused (spec/fixtures/stats_part).
  const auto e2 = test_support::refusal_of(
      "{\n  \"perf-stat.i.cpu-cycles\": 244317413266.0688,\n  \"pts.time.elapsed_time\": 1\n}\n");
  CHECK(std::string(e2.message()).find("without phoronix-test-suite metrics") !=
        std::string::npos);
}

// What a report gives beyond PTS's fields, each entry's `± N%` and the baseline commit, survives
// every output that keeps the model: iosr-json, the tidy CSV (read back as iosr's table),
// composite.xml (in iosr's members of PTS's JSON) and JSONL (its members, checked by value).
TEST_CASE("lkp: relative deviation and baseline round-trip through csv, xml and json", "[lkp]") {
  std::size_t deviations = 0;
  for (const char* name : {"fio_io-uring_reply_three-kernels.eml",
                           "paraview-x11perf-openarena_dri-devel_three-sections_body.txt",
                           "noise-level_linux-usb_multipart-original.eml",
                           "npb_reply_qp-flowed-quoted.eml"}) {
    INFO(name);
    const auto mail = read_results(slurp(dir + name), name);
    std::size_t baselines = 0;
    for (const auto& r : mail.results) {
      for (const auto& e : r.entries) deviations += e.relative_deviation.has_value();
    }
    for (const auto& s : mail.systems) baselines += s.baseline;
    CHECK(baselines > 0);
    for (const char* format : {"csv", "xml", "json"}) {
      INFO(format);
      std::string text;
      render({&mail, 1}, format, {}, text);
      const auto back = read_results(text, std::string("back.") + format);
      REQUIRE(back.results.size() == mail.results.size());
      for (std::size_t c = 0; c < mail.results.size(); ++c) {
        const auto& a = mail.results[c].entries;
        const auto& b = back.results[c].entries;
        REQUIRE(a.size() == b.size());
        for (std::size_t i = 0; i < a.size(); ++i) {
          CHECK(b[i].value_text == a[i].value_text);
          CHECK(b[i].relative_deviation == a[i].relative_deviation);
          CHECK(b[i].json == a[i].json);  // iosr's member taken out again
        }
      }
      // Each system's baseline mark, by label (the CSV makes systems of its rows' labels).
      for (const auto& s : mail.systems) {
        auto found = std::find_if(back.systems.begin(), back.systems.end(),
                                  [&](const iosr::system& t) { return t.label == s.label; });
        REQUIRE(found != back.systems.end());
        CHECK(found->baseline == s.baseline);
        if (std::string_view(format) != "csv") CHECK(found->json == s.json);
      }
    }
    std::string lines;
    render({&mail, 1}, "jsonl", {}, lines);
    CHECK(lines.find("\"baseline\":true}") != std::string::npos);
    CHECK(lines.find(",\"baseline\":false}") != std::string::npos);
  }
  CHECK(deviations == 3);  // noise-level's `± 2%` and `± 8%`, npb's `± 2%`
}

// LKP's PTS parser's output (lkp-tests' spec fixtures: `programs/pts/parse N > N.yaml`), the
// KEY: VALUE lines dump-stat later prefixes with the testcase: read as the PTS testcase's, each
// value as its run log reads, the unread kinds said; one without a PTS result refused.
TEST_CASE("lkp: the PTS parser's output reads as its run log does", "[lkp]") {
  const std::string runs = std::string(IOSR_FIXTURES_DIR) + "/pts-run/lkp-tests/";
  std::size_t files = 0, entries = 0;
  for (int i = 1; i <= 10; ++i) {
    const auto base = runs + std::to_string(i);
    INFO(base << ".yaml");
    const auto text = slurp(base + ".yaml");
    if (i == 7) {  // idle: only `idle.1.Final.pass` (a share of runs) and LKP's own seconds
      try {
        read_results(text, "7.yaml");
        FAIL("read");
      } catch (const parse_error& e) {
        CHECK(e.message().starts_with("an LKP result file without phoronix-test-suite metrics"));
      }
      continue;
    }
    const auto f = read_results(text, std::to_string(i) + ".yaml");
    CHECK(f.format == "lkp");
    CHECK(count_code(f, message_code::lkp_parameters_not_read) == 1);
    const auto& log = read_cached(base + ".log");
    REQUIRE(f.results.size() == log.results.size());
    for (std::size_t c = 0; c < f.results.size(); ++c) {
      REQUIRE(f.results[c].entries.size() == 1);
      const auto& e = f.results[c].entries[0];
      // The log's chart of this value: LKP's parser printed it from the log.
      bool found = false;
      for (const auto& r : log.results) {
        for (const auto& l : r.entries) {
          found = found || (l.value && e.value && *l.value == *e.value);
        }
      }
      CHECK(found);
      ++entries;
    }
    ++files;
  }
  CHECK(files == 9);
  CHECK(entries == 26);  // the 27 values but idle.1.Final.pass
}

TEST_CASE("lkp: a job file is refused, as what to run and not a result", "[lkp]") {
  // The job.yaml the robot attached to its noise-level report (the fixture mail's attachment).
  const auto text = slurp(dir + "noise-level_job-yaml-attachment.yaml");
  try {
    read_results(text, "job.yaml");
    FAIL("read");
  } catch (const parse_error& e) {
    CHECK(e.message().starts_with("an LKP job file (job.yaml: what to run"));
  }
}
