// SPDX-License-Identifier: MIT
// PTS's JSON export on the corpus files: exact counts, numbers as written, failed runs with
// their error, runs and standard errors, positions; what it does not claim; errors.
#include <string>

#include "catch.hpp"
#include "iosr/error.hpp"
#include "iosr/read.hpp"
#include "reader_support.hpp"

using namespace iosr;
using test_support::find_entry;
using test_support::read_cached;

namespace {

const std::string corpus = std::string(IOSR_FIXTURES_DIR) + "/corpus/json/";

}  // namespace

TEST_CASE("every corpus JSON export reads with exact counts", "[json-in][corpus]") {
  struct expected {
    const char* file;
    std::size_t systems, results, entries, failed, warnings;
  };
  // Counted independently of iosr (Python's json module): failed = entries without `value`.
  const expected files[] = {
      {"pts-10.8.4_newgvn_126-results_empty-values-and-errors.json", 1, 126, 126, 19, 1},
      {"pts-10.8.4_osbench_base-vs-fwrapv.json", 2, 5, 10, 0, 0},
      {"pts-5.6.0_ec2-micro_stream_10-systems.json", 10, 4, 40, 0, 0},
      {"pts-8.2.0_gce_pjdfstest_pass-fail.json", 1, 2, 2, 0, 0},
  };
  for (const auto& x : files) {
    INFO(x.file);
    const auto& f = read_cached(corpus + x.file);
    CHECK(f.format == "pts-json");
    CHECK(f.systems.size() == x.systems);
    CHECK(f.results.size() == x.results);
    CHECK(test_support::entry_count(f) == x.entries);
    CHECK(test_support::failed_entry_count(f) == x.failed);
    CHECK(f.warnings.size() == x.warnings);
  }
}

TEST_CASE("JSON: header, systems and numbers exactly as the file writes them", "[json-in]") {
  const auto& f = read_cached(corpus + "pts-5.6.0_ec2-micro_stream_10-systems.json");
  CHECK(f.title == "stream-bench");
  CHECK(f.description == "Running pts/stream-1.2.0 via the Phoronix Test Suite.");
  REQUIRE(f.systems.size() == 10);
  const auto& run1 = f.systems[1];
  CHECK(run1.label == "stream-run-1");
  CHECK(run1.where == source_position{30, 9});
  CHECK(run1.hardware.at(0).key == "Processor");
  CHECK(run1.software.at(0).value == "Ubuntu 14.04");
  CHECK(run1.json.starts_with("{\"compiler-configuration\":\"--build=x86_64-linux-gnu"));
  const auto& scale = f.results.at(1);
  test_support::check_header(scale, "Stream", "2013-01-17", "Type: Scale", "MB/s",
                             direction::higher);
  CHECK(scale.test_id == "pts/stream-1.2.0");
  CHECK(scale.arguments == "Scale");
  // PHP wrote the stored 1304.00 as 1304 and 1447.20 as 1447.2: kept as the file writes them.
  CHECK(test_support::value_of(scale, "stream-run-0") == "1304");
  const auto* one = find_entry(scale, "stream-run-1");
  REQUIRE(one);
  CHECK(one->value_text == "1447.2");
  CHECK(one->where == source_position{529, 17});
  CHECK(one->samples.size() == 9);
  CHECK(one->sample_count == 9u);
  REQUIRE(one->standard_error);
  CHECK(one->json == R"({"compiler-options":{"compiler-type":"CC","compiler":"gcc",)"
                     R"("compiler-options":"-O3 -march=native -fopenmp"}})");
}

TEST_CASE("JSON: failed runs keep their error, pass/fail reads as such", "[json-in]") {
  const auto& newgvn =
      read_cached(corpus + "pts-10.8.4_newgvn_126-results_empty-values-and-errors.json");
  const auto& fftw = newgvn.results.at(0);
  const auto* failed = find_entry(fftw, "NewGVN");
  REQUIRE(failed);
  CHECK(failed->kind == entry_kind::failed);
  CHECK(failed->value_text.empty());
  CHECK(failed->error ==
        "The test quit with a non-zero exit status. E: taskset: failed to execute "
        "./fftw-stock/tests/bench: No such file or directory");
  CHECK(failed->where == source_position{49, 17});
  // Duplicate entries in the XML: the JSON keeps the last (the CSV keeps the first, 98536).
  CHECK(test_support::value_of(newgvn.results.at(1), "NewGVN") == "98548");

  const auto& pjdfs = read_cached(corpus + "pts-8.2.0_gce_pjdfstest_pass-fail.json");
  CHECK(pjdfs.systems.at(0).scheduler == "none");  // from data.disk-scheduler
  const auto& pass = pjdfs.results.at(1);
  CHECK(pass.display_format == iosr::display_format::pass_fail);
  REQUIRE(pass.entries.size() == 1);
  CHECK(pass.entries[0].kind == entry_kind::pass_fail);
  CHECK(pass.entries[0].value_text == "PASS");
}

TEST_CASE("JSON: hand edits become warnings", "[json-in]") {
  auto f = read_results(R"({"title": "t", "colour": "red",
  "systems": {"a": {"identifier": "a"}},
  "results": {"h1": {"title": "T", "scale": "MB/s", "proportion": "HIB",
                     "results": {"a": {"value": 1.50}, "a": {"value": "2.0x"}}}}})",
                        "in.json");
  REQUIRE(f.results.size() == 1);
  REQUIRE(f.results[0].entries.size() == 1);
  const auto& e = f.results[0].entries[0];
  CHECK(e.value_text == "2.0x");
  CHECK(e.kind == entry_kind::text);
  REQUIRE(f.warnings.size() == 3);
  CHECK(f.warnings[0].message == "'colour' is not a key of PTS's JSON export; not read");
  CHECK(f.warnings[0].where == source_position{1, 16});
  CHECK(f.warnings[1].message == "entry 'a' appears twice; the later one is kept, as PTS does");
  CHECK(f.warnings[1].where == source_position{4, 56});
  CHECK(f.warnings[2].message == "'a' in 'T': value '2.0x' is not a number; kept as text");
}

TEST_CASE("JSON: what is not claimed, and errors with their position", "[json-in][errors]") {
  auto error_of = [](std::string_view text) -> parse_error {
    try {
      read_results(text, "in.json");
    } catch (const parse_error& e) {
      return e;
    }
    FAIL("read without an error");
    throw;
  };
  SECTION("iosr's own JSON is not PTS's") {
    auto text = "{\"format\": \"iosr-result\", \"results\": []}";
    try {
      auto f = read_results(text, "in.json");
      CHECK(f.format != "pts-json");
    } catch (const parse_error& e) {
      CHECK(std::string(e.message()).find("malformed JSON") == std::string::npos);
    }
  }
  SECTION("a file cut short") {
    auto e = error_of("{\n  \"title\": \"t\",\n  \"results\": {\"h\": {\"title\": \"T\"");
    CHECK(e.where().line == 3);
    CHECK(e.message().starts_with("malformed JSON: "));
    CHECK(e.message().ends_with("; expected PTS's result-file-to-json output"));
  }
  SECTION("nesting too deep to be a result file") {
    std::string deep = "{\"results\": " + std::string(300, '[') + std::string(300, ']') + "}";
    auto e = error_of(deep);
    // The root object is level 1, so the 256th bracket, at offset 12 + 255, opens level 257.
    CHECK(e.where() == source_position{1, 268});
    CHECK(e.message() ==
          "objects and arrays nested more than 256 deep; expected PTS's result-file-to-json "
          "output (7 levels; raise the 'json-depth' limit)");
  }
  SECTION("no results object") {
    auto e = error_of("{\"title\": \"t\", \"systems\": {}, \"resultz\": {}, \"x\": \"results\"}");
    CHECK(e.message() == "no 'results' object; expected PTS's result-file-to-json output");
  }
}

namespace {

const std::string fixtures = std::string(IOSR_FIXTURES_DIR) + "/";

// The XML file a fixture of tests/fixtures/pts-json-*/ was exported from (SOURCES.md).
std::string source_of(const std::string& name) {
  return name == "iosched-3way" ? fixtures + "../../data/xml/iosched-3way.xml"
                                : fixtures + "corpus/xml/" + name + ".xml";
}

// Every entry of `got` as in `want`: label, value and runs as written, unit, options, profile.
void check_chart(const result& got, const result& want) {
  INFO("chart " << want.title << ": " << want.description);
  CHECK(got.test_id == want.test_id);
  CHECK(got.unit == want.unit);
  CHECK(got.description == want.description);
  REQUIRE(got.entries.size() == want.entries.size());
  for (std::size_t e = 0; e < got.entries.size(); ++e) {
    CHECK(got.entries[e].label == want.entries[e].label);
    CHECK(got.entries[e].value_text == want.entries[e].value_text);
    CHECK(got.entries[e].kind == want.entries[e].kind);
  }
}

}  // namespace

TEST_CASE("JSON before PTS 10.8: results keyed by test profile, then listed", "[json-in]") {
  // Real exports by PTS 7.8.0, 8.6.0, 8.8.0 and 10.6.1 (tests/fixtures/SOURCES.md). Before,
  // 'units' and 'test' were unknown keys (warned, not read), every chart had no title, and
  // from 8.8 on the listed results were "not an object": a file of no charts.
  SECTION("7.x to 8.6: keyed by test profile, PHP kept the last result of each") {
    for (const auto* version : {"7.8.0", "8.6.0"}) {
      const auto path = fixtures + "pts-json-7/pts-" + version + "_iosched-3way.json";
      INFO(path);
      const auto& f = read_cached(path);
      const auto& xml = read_cached(source_of("iosched-3way"));
      CHECK(f.format == "pts-json");
      CHECK(f.warnings.empty());
      CHECK(f.title == xml.title);
      // fio's first chart was overwritten by its second in PTS's array: two charts of three.
      REQUIRE(f.results.size() == 2);
      check_chart(f.results[0], xml.results[1]);
      check_chart(f.results[1], xml.results[2]);
      CHECK(f.results[0].title == "pts/fio-2.1.0");  // the profile stands for the title
      CHECK(f.results[0].direction == direction::none);
      // 8.0 added each entry's runs (all_results, as RawString); 7.x wrote the value only.
      const bool runs = std::string(version) != "7.8.0";
      for (std::size_t c = 0; c < 2; ++c) {
        for (std::size_t e = 0; e < 3; ++e) {
          const auto& got = f.results[c].entries[e];
          const auto& want = xml.results[c + 1].entries[e];
          CHECK(got.samples == (runs ? want.samples : std::vector<std::string>{}));
          if (runs) CHECK(got.standard_error == want.standard_error);
        }
      }
    }
  }
  SECTION("8.8 to 10.6: a list, each result naming its test") {
    for (const auto* file :
         {"pts-10.6.1_iosched-3way", "pts-8.8.0_pts-8.2.0_gce_pjdfstest_pass-fail",
          "pts-10.6.1_pts-8.2.0_two-systems_sparse-entries"}) {
      const std::string name = file;
      const auto path = fixtures + "pts-json-8.8/" + name + ".json";
      INFO(path);
      const auto& f = read_cached(path);
      const auto& xml = read_cached(source_of(name.substr(name.find('_') + 1)));
      CHECK(f.format == "pts-json");
      CHECK(f.warnings.empty());
      REQUIRE(f.results.size() == xml.results.size());
      for (std::size_t c = 0; c < f.results.size(); ++c) {
        const auto& want = xml.results[c];
        // The pass/fail chart of pjdfstest has no test profile in the XML either.
        check_chart(f.results[c], want);
        for (std::size_t e = 0; e < want.entries.size(); ++e) {
          CHECK(f.results[c].entries[e].samples == want.entries[e].samples);
        }
      }
    }
  }
}

TEST_CASE("JSON: the layout before 10.8 is told by its members, not by one key", "[json-in]") {
  // Today's layout with a hand-added 'units' stays today's: the key is reported, not read.
  auto today = read_results(R"({"results": {"h1": {"identifier": "pts/a-1.0", "title": "A",
    "scale": "MB/s", "units": "x", "results": {"s": {"value": 1.5}}}}})",
                            "in.json");
  REQUIRE(today.results.size() == 1);
  CHECK(today.results[0].title == "A");
  CHECK(today.results[0].unit == "MB/s");
  CHECK(test_support::has_warning(today, "'units' of result 'h1' is not a key"));
  // The old layout: runs from all_results, the profile as the title, no warnings.
  auto old = read_results(R"({"title": "t", "results": [{"test": "pts/a-1.0", "arguments": "d",
    "units": "MB/s", "results": {"s": {"value": "2.50", "all_results": "2.4:2.6"}}}]})",
                          "in.json");
  REQUIRE(old.results.size() == 1);
  CHECK(old.warnings.empty());
  CHECK(old.results[0].title == "pts/a-1.0");
  CHECK(old.results[0].description == "d");
  CHECK(old.results[0].entries.at(0).value_text == "2.50");
  CHECK(old.results[0].entries[0].samples == std::vector<std::string>{"2.4", "2.6"});
  // A listed result that is not an object is an error with its place.
  CHECK_THROWS_WITH(read_results(R"({"results": [{"test": "a", "units": "u"}, 3]})", "in.json"),
                    Catch::Contains("result '#2' is not an object"));
}
