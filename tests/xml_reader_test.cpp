// SPDX-License-Identifier: MIT
// The composite.xml reader on the real corpus files and the hand-made samples: exact counts,
// the quirks of docs/composite-xml.md ("The format", "Warnings"), schedulers, standard errors
// and error positions.
#include <cmath>
#include <string>

#include "catch.hpp"
#include "iosr/error.hpp"
#include "iosr/read.hpp"
#include "iosr/read_in_place.hpp"
#include "reader_support.hpp"

using namespace iosr;
using test_support::find_entry;
using test_support::has_warning;
using test_support::read_cached;

namespace {

const std::string corpus = std::string(IOSR_FIXTURES_DIR) + "/corpus/xml/";
const std::string samples = std::string(IOSR_FIXTURES_DIR) + "/samples/";

}  // namespace

TEST_CASE("every corpus composite.xml reads with exact counts", "[xml][corpus]") {
  struct expected {
    const char* file;
    std::size_t systems, results, entries, filled;
  };
  // Counted independently of iosr (Python's ElementTree over the same files).
  const expected files[] = {
      {"pts-0.1.0_2008_encode-ogg_single-run_benchmark-first.xml", 1, 1, 1, 1},
      {"pts-0.1.0_2008_encode-ogg_two-identifiers_merged.xml", 2, 1, 2, 2},
      {"pts-10.8.4_compress-zstd_20-systems_14-results.xml", 20, 14, 280, 280},
      {"pts-10.8.4_newgvn_126-results_empty-values-and-errors.xml", 1, 126, 132, 113},
      {"pts-10.8.4_osbench_base-vs-fwrapv.xml", 2, 5, 10, 10},
      {"pts-10.8.4_sqlite_20-systems.xml", 20, 7, 140, 140},
      {"pts-10.8.5_vmware_memory_system-without-entries.xml", 2, 2, 2, 2},
      {"pts-10.8.6_arm64-neoverse-n1_ci-capture.xml", 1, 4, 4, 4},
      {"pts-5.2.1_active-xml_zero-results.xml", 1, 0, 0, 0},
      {"pts-5.2.1_rpi4_disk-suite_sqlite-fsmark-dbench-compilebench-postmark.xml", 1, 11, 11, 11},
      {"pts-5.2.1_rpi4_pgbench-postmark-mixed-units.xml", 1, 11, 11, 11},
      {"pts-5.2.1_rpi4_tiobench-dbench-postmark-mixed.xml", 1, 17, 17, 17},
      {"pts-5.6.0_ec2-large_7zip_10-systems.xml", 10, 1, 10, 10},
      {"pts-5.6.0_ec2-large_tiobench_64-results.xml", 1, 64, 64, 64},
      {"pts-5.6.0_ec2-micro_stream_10-systems.xml", 10, 4, 40, 40},
      {"pts-8.0.1_clearlinux_osbench_date-identifier_mixed-units.xml", 1, 5, 5, 5},
      {"pts-8.0.1_docker_schbench_42-results.xml", 1, 42, 42, 42},
      {"pts-8.0.1_gce_blogbench_persistentdisk.xml", 1, 2, 2, 2},
      {"pts-8.2.0_gce_pjdfstest_pass-fail.xml", 1, 2, 2, 2},
      {"pts-8.2.0_two-systems_sparse-entries.xml", 2, 4, 4, 4},
  };
  for (const auto& x : files) {
    INFO(x.file);
    const auto& f = read_cached(corpus + x.file);
    CHECK(f.format == "composite-xml");
    CHECK(f.systems.size() == x.systems);
    CHECK(f.results.size() == x.results);
    CHECK(test_support::entry_count(f) == x.entries);
    CHECK(test_support::entry_count(f) - test_support::failed_entry_count(f) == x.filled);
  }
}

TEST_CASE("today's layout: Generated, System and Result fields", "[xml]") {
  const auto& f = read_cached(samples + "iosched-3way.xml");
  CHECK(f.title == "iosr sample: I/O scheduler comparison");
  CHECK(f.description ==
        "Three Linux I/O schedulers on one NVMe SSD, hand-written sample for the iosr project.");
  REQUIRE(f.systems.size() == 3);
  const auto& mq = f.systems[0];
  CHECK(mq.label == "mq-deadline");
  CHECK(mq.scheduler == "mq-deadline");
  REQUIRE(mq.hardware.size() == 7);
  CHECK(mq.hardware[0].key == "Processor");
  CHECK(mq.hardware[0].value == "AMD Ryzen 9 5950X 16-Core @ 3.40GHz (16 Cores / 32 Threads)");
  CHECK(mq.software[1].key == "Kernel");
  CHECK(mq.software[1].value == "6.1.0-18-amd64 (x86_64)");
  REQUIRE(f.results.size() == 3);
  const auto& fio = f.results[0];
  test_support::check_header(fio, "Flexible IO Tester", "3.36",
                             "Type: Random Read - Engine: IO_uring - Direct: Yes - Block Size: "
                             "4KB - Job Count: 1 - Disk Target: Default Test Directory",
                             "IOPS", direction::higher);
  CHECK(fio.test_id == "pts/fio-2.1.0");
  CHECK(fio.display_format == iosr::display_format::bar_graph);
  CHECK_FALSE(fio.arguments.empty());
  const auto* none = find_entry(fio, "None");
  REQUIRE(none);
  CHECK(none->value_text == "160123");
  CHECK(none->value == 160123.0);
  CHECK(f.results[2].direction == direction::lower);
}

TEST_CASE("standard error and N come from RawString (docs/composite-xml.md)", "[xml]") {
  const auto& f = read_cached(samples + "iosched-3way.xml");
  // 151200:153100:152720 -> s = 1005.4, SE = 580.4596 (PTS shows SE +/- 580.46, N = 3).
  const auto* mq = find_entry(f.results[0], "mq-deadline");
  REQUIRE(mq);
  CHECK(mq->samples == std::vector<std::string>{"151200", "153100", "152720"});
  CHECK(mq->sample_count == 3u);
  REQUIRE(mq->standard_error);
  CHECK(std::round(*mq->standard_error * 100) / 100 == Approx(580.46));
  // 12.301:12.389:12.345 -> SE 0.02540; samples keep their written digits.
  const auto* sqlite = find_entry(f.results[2], "mq-deadline");
  REQUIRE(sqlite);
  CHECK(sqlite->samples[0] == "12.301");
  CHECK(*sqlite->standard_error == Approx(0.02540).epsilon(0.001));
}

TEST_CASE("a RawString equal to the Value is not a sample list", "[xml]") {
  const auto& f = read_cached(samples + "quirks.xml");
  const auto& postmark = f.results[2];
  const auto* single = find_entry(postmark, "Linux 6.8: none");  // Value 5102, RawString 5102
  REQUIRE(single);
  CHECK(single->samples.empty());
  CHECK_FALSE(single->sample_count);
  CHECK_FALSE(single->standard_error);
}

TEST_CASE("quirks: failed entries, pass/fail, line graphs, images, duplicates", "[xml]") {
  const auto& f = read_cached(samples + "quirks.xml");
  SECTION("the duplicate FS-Mark result: the later one wins, at the earlier place") {
    REQUIRE(f.results.size() == 10);
    CHECK(f.results[0].title == "FS-Mark");
    CHECK(test_support::value_of(f.results[0], "Linux 6.1: none") == "21.5");
    CHECK(has_warning(f, "repeats the one at line 50"));
  }
  SECTION("an empty Value is a failed entry carrying its JSON error") {
    const auto* failed = find_entry(f.results[2], "Linux 6.1: bfq");
    REQUIRE(failed);
    CHECK(failed->kind == entry_kind::failed);
    CHECK_FALSE(failed->value);
    CHECK(failed->error == "The test quit with a non-zero exit status.");
  }
  SECTION("an empty test identifier is normal") {
    CHECK(f.results[3].title == "Flexible IO Tester");
    CHECK(f.results[3].test_id.empty());
  }
  SECTION("PASS_FAIL") {
    const auto& r = f.results[4];
    CHECK(r.display_format == iosr::display_format::pass_fail);
    CHECK(find_entry(r, "Linux 6.1: none")->kind == entry_kind::pass_fail);
    CHECK(find_entry(r, "Linux 6.1: bfq")->value == 0.0);
  }
  SECTION("LINE_GRAPH keeps the whole series and its range; Parent is kept") {
    const auto& r = f.results[5];
    CHECK(r.parent == "2f0d2b5c6f0c4f1c9b0e2a4d9c8b7a6f5e4d3c2b");
    const auto* e = find_entry(r, "Linux 6.1: none");
    CHECK(e->kind == entry_kind::series);
    CHECK(e->value_text == "41,43,45,44,46,47,45");
    CHECK(e->min == 41.0);
    CHECK(e->max == 47.0);
    CHECK(*e->value == Approx(311.0 / 7));
  }
  SECTION("IMAGE_COMPARISON values are text") {
    const auto* e = find_entry(f.results[6], "Linux 6.1: none");
    CHECK(e->kind == entry_kind::text);
    CHECK(e->value_text.starts_with("iVBORw0KGgo"));
  }
  SECTION("duplicate entries are both kept and reported") {
    const auto& sqlite = f.results[8];
    CHECK(test_support::entry_labels(sqlite).size() == 5);
    CHECK(has_warning(f, "'Linux 6.1: none' has a second entry in 'SQLite'"));
    CHECK(sqlite.annotation == "Hand-written annotation text.");
  }
  SECTION("group: identifier labels") {
    CHECK(f.systems[1].group == "Linux 6.1");
    CHECK(f.systems[1].name == "bfq");
    CHECK(f.systems[1].scheduler == "bfq");
    CHECK(f.systems[1].json == R"({"disk-scheduler":"BFQ","disk-mount-options":"relatime,rw"})");
  }
}

TEST_CASE("the scheduler comes from System JSON or Notes when the label names none", "[xml]") {
  CHECK(read_cached(corpus + "pts-8.0.1_gce_blogbench_persistentdisk.xml").systems[0].scheduler ==
        "none");
  CHECK(read_cached(corpus + "pts-10.8.4_sqlite_20-systems.xml").systems[5].scheduler ==
        "mq-deadline");
  const auto& tiobench = read_cached(corpus + "pts-5.6.0_ec2-large_tiobench_64-results.xml");
  CHECK(tiobench.systems[0].scheduler == "deadline");
  CHECK(tiobench.systems[0].notes == "Disk Scheduler: DEADLINE.");
  // A label that names a scheduler wins over the JSON.
  auto f = read_results(
      "<PhoronixTestSuite><System><Identifier>BFQ</Identifier><Notes>Disk Scheduler: NONE."
      "</Notes><JSON>{\"disk-scheduler\":\"KYBER\"}</JSON></System></PhoronixTestSuite>",
      "x.xml");
  CHECK(f.systems[0].scheduler == "bfq");
  auto notes_only = read_results(
      "<PhoronixTestSuite><System><Identifier>run 1</Identifier><Notes>Disk Scheduler: "
      "MQ-DEADLINE.</Notes></System></PhoronixTestSuite>",
      "x.xml");
  CHECK(notes_only.systems[0].scheduler == "mq-deadline");
}

TEST_CASE("only a top-level disk-scheduler string of the System JSON names the scheduler",
          "[xml]") {
  // The JSON is read only as far as that member (docs/performance.md): what follows it does
  // not matter, what precedes it must be JSON.
  auto scheduler_of = [](const std::string& json) {
    return read_results("<PhoronixTestSuite><System><Identifier>run 1</Identifier><Notes>"
                        "Disk Scheduler: NOOP.</Notes><JSON>" +
                            json + "</JSON></System></PhoronixTestSuite>",
                        "x.xml")
        .systems[0]
        .scheduler;
  };
  CHECK(scheduler_of(R"({"cpu":"x","disk-scheduler":"KYBER","later":[1,2)") == "kyber");
  CHECK(scheduler_of(R"({"disk-scheduler":"B\u0046Q"})") == "bfq");  // escapes are read
  // Elsewhere it is not the system's scheduler: the Notes give it.
  CHECK(scheduler_of(R"({"disks":{"disk-scheduler":"KYBER"}})") == "noop");
  CHECK(scheduler_of(R"({"notes":"\"disk-scheduler\":\"KYBER\""})") == "noop");
  CHECK(scheduler_of(R"({"disk-scheduler":["KYBER"]})") == "noop");
  CHECK(scheduler_of(R"({"disk-scheduler":null})") == "noop");
  CHECK(scheduler_of(R"({broken "disk-scheduler":"KYBER"})") == "noop");
}

TEST_CASE("corpus quirks become warnings, never silent", "[xml][corpus]") {
  const auto& newgvn = read_cached(corpus + "pts-10.8.4_newgvn_126-results_empty-values-and-errors.xml");
  CHECK(has_warning(newgvn, "'$result_name' holds an unexpanded PTS variable"));
  CHECK(has_warning(newgvn, "'NewGVN' has a second entry in 'FFTW'"));
  std::size_t with_error = 0;
  for (const auto& r : newgvn.results) {
    for (const auto& e : r.entries) {
      if (e.kind == entry_kind::failed && !e.error.empty()) ++with_error;
    }
  }
  CHECK(with_error == 19);
  // The JSON `\/` escape is decoded.
  CHECK(has_warning(newgvn, "FFTW"));
  const auto& fftw = newgvn.results[0];
  CHECK(fftw.entries[0].error.find("./fftw-stock/tests/bench") != std::string::npos);

  const auto& vmware = read_cached(corpus + "pts-10.8.5_vmware_memory_system-without-entries.xml");
  CHECK(has_warning(vmware, "has no entries in any chart"));
  const auto& active = read_cached(corpus + "pts-5.2.1_active-xml_zero-results.xml");
  CHECK(has_warning(active, "holds no charts"));
  const auto& schbench = read_cached(corpus + "pts-8.0.1_docker_schbench_42-results.xml");
  CHECK(schbench.results[0].unit.find(", ") != std::string::npos);  // a comma inside a Scale
  const auto& sparse = read_cached(corpus + "pts-8.2.0_two-systems_sparse-entries.xml");
  CHECK(sparse.systems[0].label == "2018-11-25 08:09");
  CHECK(sparse.systems[0].group.empty());
  const auto& pass_fail = read_cached(corpus + "pts-8.2.0_gce_pjdfstest_pass-fail.xml");
  bool saw_pass = false;
  for (const auto& r : pass_fail.results) {
    for (const auto& e : r.entries) saw_pass = saw_pass || e.kind == entry_kind::pass_fail;
  }
  CHECK(saw_pass);
}

TEST_CASE("the 2008 layout maps onto today's model", "[xml][corpus]") {
  const auto& merged = read_cached(corpus + "pts-0.1.0_2008_encode-ogg_two-identifiers_merged.xml");
  CHECK(merged.title == "sdfdsfdsf");
  REQUIRE(merged.systems.size() == 2);
  CHECK(merged.systems[0].label == "dssdfsdfsdf");
  CHECK(merged.systems[1].label == "fdsfdsf");
  CHECK(merged.systems[1].user == "michael");
  CHECK(merged.systems[0].hardware == merged.systems[1].hardware);
  CHECK(merged.systems[0].hardware.back().value == "1680x1050");  // trailing blank trimmed
  const auto& r = merged.results.at(0);
  CHECK(r.title == "Ogg Encoding");
  CHECK(r.version == "1.2.0");
  CHECK(r.test_id == "encode-ogg");
  CHECK(r.unit == "Seconds");
  CHECK(r.display_format == iosr::display_format::bar_graph);
  CHECK(test_support::value_of(r, "fdsfdsf") == "9.25");
  CHECK(has_warning(merged, "PTS 0.1-2.x layout"));
  // Benchmark before System before Suite reads the same way.
  const auto& single = read_cached(corpus + "pts-0.1.0_2008_encode-ogg_single-run_benchmark-first.xml");
  CHECK(single.title == "sdfdsfdsf");
  CHECK(test_support::value_of(single.results.at(0), "dssdfsdfsdf") == "9.10");
}

TEST_CASE("malformed XML is an error with line and column", "[xml][errors]") {
  auto position_of = [](std::string_view text) {
    try {
      read_results(text, "bad.xml");
    } catch (const parse_error& e) {
      return std::pair{e.where(), e.message()};
    }
    FAIL("no error");
    return std::pair{source_position{}, std::string()};
  };
  SECTION("an unclosed element") {
    auto [where, message] = position_of(
        "<?xml version=\"1.0\"?>\n<PhoronixTestSuite>\n  <Generated>\n    <Title>x</Titl>\n");
    CHECK(where.line == 4);
    CHECK(where.column == 13);
    CHECK(message ==
          "</Titl> does not close <Title>, opened at line 4, column 5 (within <Generated> from "
          "line 3, <PhoronixTestSuite> from line 2); expected </Title>");
  }
  SECTION("a wrong root element") {
    auto [where, message] = position_of("<?xml version=\"1.0\"?>\n\n<html><body/></html>");
    CHECK(where.line == 3);
    CHECK(where.column == 1);
    CHECK(message.find("expected <PhoronixTestSuite>") != std::string::npos);
  }
  SECTION("the what() text is file:line:column") {
    try {
      read_results("<PhoronixTestSuite>\n<Result><Title>a</Result>", "f.xml");
      FAIL("no error");
    } catch (const parse_error& e) {
      CHECK(std::string(e.what()).starts_with("f.xml:2:"));
    }
  }
}

TEST_CASE("values that are not numbers are kept as text with a warning", "[xml]") {
  auto f = read_results(
      "<PhoronixTestSuite><System><Identifier>a</Identifier></System><Result><Title>T</Title>"
      "<Scale>MB/s</Scale><Proportion>HIB</Proportion><DisplayFormat>BAR_GRAPH</DisplayFormat>"
      "<Data><Entry><Identifier>a</Identifier><Value>1,234.5x</Value></Entry>"
      "<Entry><Identifier>b</Identifier><Value>0.10</Value><RawString>0.1:0.1</RawString>"
      "</Entry></Data></Result></PhoronixTestSuite>",
      "x.xml");
  const auto& r = f.results.at(0);
  CHECK(r.entries[0].kind == entry_kind::text);
  CHECK(r.entries[0].value_text == "1,234.5x");
  CHECK(has_warning(f, "is not a number"));
  CHECK(r.entries[1].value_text == "0.10");  // as written, not reformatted
  CHECK(*r.entries[1].standard_error == 0.0);
  CHECK(has_warning(f, "entry 'b' in 'T' names a system the file does not describe"));
  CHECK(f.systems.size() == 2);
}

TEST_CASE("Entry JSON that is not an object is kept and reported", "[xml]") {
  auto f = read_results(
      "<PhoronixTestSuite><System><Identifier>a</Identifier></System><Result><Title>T</Title>"
      "<DisplayFormat>BAR_GRAPH</DisplayFormat><Data>"
      "<Entry><Identifier>a</Identifier><Value>1.5</Value><JSON>[1,2]</JSON></Entry>"
      "<Entry><Identifier>a</Identifier><Value></Value><JSON>{\"error\": oops}</JSON></Entry>"
      "<Entry><Identifier>a</Identifier><Value>2</Value><JSON>{\"test-run-times\":\"1:2\"}"
      "</JSON></Entry></Data></Result></PhoronixTestSuite>",
      "x.xml");
  const auto& r = f.results.at(0);
  CHECK(r.entries[0].json == "[1,2]");
  CHECK(r.entries[1].kind == entry_kind::failed);
  CHECK(r.entries[1].error.empty());
  std::size_t reported = 0;
  for (const auto& w : f.warnings) {
    reported += w.message.find("Entry JSON is not a JSON object") != std::string::npos;
  }
  CHECK(reported == 2);  // the list and the broken object; the run times are fine
}

TEST_CASE("A failed entry's error is its JSON's top-level error string", "[xml]") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {R"({"test-run-times":"1.91","error":"boom"})", "boom"},
      {R"({"error":"first","error":"last"})", "last"},  // as in a parsed document
      {R"({"error":"caf\u00e9 \"quoted\""})", "café \"quoted\""},
      {R"({"error":5})", ""},
      {R"({"error":{"error":"inner"}})", ""},
      {R"({"x":{"error":"nested"}})", ""},
      {R"({"error":"a","more":[1,{"error":"b"}]})", "a"},
  };
  std::string entries;
  for (const auto& c : cases) {
    entries += "<Entry><Identifier>a</Identifier><Value></Value><JSON>" + c.first +
               "</JSON></Entry>";
  }
  // Not JSON objects: reported, and no error taken from them.
  for (std::string json : {R"({"error":"a"} x)", R"(["error","a"])", R"("error")"}) {
    entries += "<Entry><Identifier>a</Identifier><Value></Value><JSON>" + json + "</JSON></Entry>";
  }
  auto f = read_results("<PhoronixTestSuite><System><Identifier>a</Identifier></System><Result>"
                        "<Title>T</Title><DisplayFormat>BAR_GRAPH</DisplayFormat><Data>" +
                            entries + "</Data></Result></PhoronixTestSuite>",
                        "x.xml");
  const auto& r = f.results.at(0);
  REQUIRE(r.entries.size() == cases.size() + 3);
  for (std::size_t i = 0; i < cases.size(); ++i) {
    INFO(cases[i].first);
    CHECK(r.entries[i].kind == entry_kind::failed);
    CHECK(r.entries[i].error == cases[i].second);
  }
  std::size_t reported = 0;
  for (const auto& w : f.warnings) {
    reported += w.message.find("Entry JSON is not a JSON object") != std::string::npos;
  }
  CHECK(reported == 3);
  for (std::size_t i = cases.size(); i < r.entries.size(); ++i) CHECK(r.entries[i].error.empty());
}

TEST_CASE("A line graph's single value takes its range from the entry JSON", "[xml]") {
  auto f = read_results(
      "<PhoronixTestSuite><System><Identifier>a</Identifier></System><Result><Title>T</Title>"
      "<DisplayFormat>LINE_GRAPH</DisplayFormat><Data>"
      R"(<Entry><Identifier>a</Identifier><Value>12.3</Value>)"
      R"(<JSON>{"min-result":"12.1","max-result":"12.6"}</JSON></Entry>)"
      R"(<Entry><Identifier>a</Identifier><Value>5</Value>)"
      R"(<JSON>{"min-result":4,"max-result":"6","max-result":"7"}</JSON></Entry>)"
      R"(<Entry><Identifier>a</Identifier><Value>5</Value><JSON>{"min-result":"4"</JSON></Entry>)"
      "</Data></Result></PhoronixTestSuite>",
      "x.xml");
  const auto& r = f.results.at(0);
  CHECK(r.entries[0].kind == entry_kind::series);
  CHECK(r.entries[0].min == 12.1);
  CHECK(r.entries[0].max == 12.6);
  CHECK(r.entries[1].min == 5.0);  // a number, not PTS's string: the value's own
  CHECK(r.entries[1].max == 7.0);
  CHECK(r.entries[2].min == 5.0);  // broken JSON: the value's own
  CHECK(has_warning(f, "Entry JSON is not a JSON object"));
}

// The reader keeps an element's text in the element (pugixml's parse_embed_pcdata): the text a
// field takes must be the same as with a node per text, whatever mixes with it.
TEST_CASE("A field's text is its first text, mixed with elements, CDATA or comments", "[xml]") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"plain", "plain"},
      {"a<b/>c", "a"},
      {"<b/>c", "c"},
      {"<b>inner</b>c", "c"},
      {"<![CDATA[x]]>y", "x"},
      {"y<![CDATA[x]]>", "y"},
      {"<!-- note -->z", "z"},
      {"  <b/>  w  ", "w"},
      {"&lt;&amp;&gt;", "<&>"},
  };
  for (const auto& [inner, title] : cases) {
    auto f = read_results("<PhoronixTestSuite><Generated><Title>" + inner +
                              "</Title></Generated><System><Identifier>a</Identifier></System>"
                              "<Result><Title>T</Title><Data><Entry><Identifier>a</Identifier>"
                              "<Value>1</Value></Entry></Data></Result></PhoronixTestSuite>",
                          "x.xml");
    INFO(inner);
    CHECK(f.title == title);
  }
}

TEST_CASE("Only XML whose root is <PhoronixTestSuite> is detected as a result file", "[xml]") {
  // Found in source trees a batch walks: SVG images, XSL style sheets, Maven poms.
  const char* others[] = {
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
      "<?xml version=\"1.0\"?>\n<xsl:stylesheet version=\"1.0\"></xsl:stylesheet>",
      "<?xml version=\"1.0\"?>\n<!-- a build -->\n<project><modelVersion>4.0.0</modelVersion>"
      "</project>",
      "<?xml version=\"1.0\"?>\n<PhoronixTestSuiteFork/>",  // the whole name, not a prefix
      "<?xml version=\"1.0\"?>\n",                        // no element at all
  };
  for (const char* text : others) {
    INFO(text);
    CHECK(detect_input_format(text).empty());
    CHECK(detect_input_format(std::string("\xEF\xBB\xBF") + text).empty());
  }
  const char* results[] = {
      "<?xml version=\"1.0\"?>\n<PhoronixTestSuite><Generated/></PhoronixTestSuite>",
      "<PhoronixTestSuite>\n<Generated/>\n</PhoronixTestSuite>",
      "<?xml version=\"1.0\"?>\n<?xml-stylesheet type=\"text/xsl\" href=\"pts-results-viewer.xsl\"?>\n"
      "<!-- written by PTS -->\n<PhoronixTestSuite>",
      "<?xml version=\"1.0\"?>\n<!DOCTYPE PhoronixTestSuite [ <!ENTITY a \"<b>\"> ]>\n"
      "<PhoronixTestSuite>",
      "\r\n  <!-- a note -->\r\n<PhoronixTestSuite\r\n>",
  };
  for (const char* text : results) {
    INFO(text);
    CHECK(detect_input_format(text) == "composite-xml");
    CHECK(prepare_input(text, "x").detected_format() == "composite-xml");
  }
  // A named file is still read, and told what it is: its root element.
  CHECK(prepare_input(others[0], "logo.svg").detected_format().empty());
  CHECK_THROWS_WITH(read_results(others[0], "logo.svg"),
                    "logo.svg:2:1: root element is <svg>; expected <PhoronixTestSuite> (a PTS "
                    "composite.xml)");
}

TEST_CASE("PTS's own definition files share the root but are not results", "[xml]") {
  // The first element of test-definition.xml, results-definition.xml, downloads.xml,
  // suite-definition.xml and user-config.xml (a PTS tree holds thousands of them).
  for (const char* first : {"TestInformation", "ResultsParser", "Downloads", "SuiteInformation",
                            "Options", "ExternalDependencies"}) {
    std::string text = "<?xml version=\"1.0\"?>\n<!--Phoronix Test Suite v10.8.4-->\n"
                       "<PhoronixTestSuite>\n  <" +
                       std::string(first) + ">\n    <Title>x</Title>\n  </" + first +
                       ">\n</PhoronixTestSuite>\n";
    INFO(text);
    CHECK(detect_input_format(text).empty());
  }
  // A result may start with any of its own elements, in either layout; an empty or cut one is
  // still a result file, to report.
  for (const char* text :
       {"<?xml version=\"1.0\"?>\n<PhoronixTestSuite>\n  <System><TimeStamp>x</TimeStamp></System>",
        "<PhoronixTestSuite><Result><Title>a</Title></Result></PhoronixTestSuite>",
        "<?xml version=\"1.0\"?>\n<PhoronixTestSuite>\n<Suite><Name>x</Name></Suite>",
        "<PhoronixTestSuite>\n  <!-- a note -->\n  <Benchmark/>", "<PhoronixTestSuite/>",
        "<PhoronixTestSuite>\n</PhoronixTestSuite>", "<PhoronixTestSuite"}) {
    INFO(text);
    CHECK(detect_input_format(text) == "composite-xml");
  }
}
