// SPDX-License-Identifier: MIT
// The `entries` limit in every reader: a chart is refused at the entry that passes the limit,
// while it is read (so a hostile chart never builds a model past it), and never a chart that
// stays within it.
#include <cstdio>
#include <string>
#include <string_view>

#include "catch.hpp"
#include "iosr/error.hpp"
#include "iosr/read.hpp"

namespace {

// parse_error::what() of reading `text` with at most `limit` entries per chart, or "read".
std::string error_with_limit(std::string_view text, std::size_t limit) {
  iosr::read_options options;
  options.max_entries_per_chart = limit;
  try {
    iosr::read_results(text, "in", options);
  } catch (const iosr::parse_error& e) {
    return e.what();
  }
  return "read";
}

std::string refused(std::string_view where, std::string_view chart, std::size_t limit) {
  auto n = std::to_string(limit);
  return "in:" + std::string(where) + ": chart '" + std::string(chart) + "' has more than " + n +
         " entries; expected at most " + n + " (raise the 'entries' limit)";
}

}  // namespace

TEST_CASE("Limits: a text export's chart is refused at the entry past the limit", "[limits]") {
  // d's value is broken: read after the chart was complete, it would be the error instead.
  const std::string text =
      "FS-Mark 3.3\nTest: 1000 Files\nFiles/s > Higher Is Better\n"
      "  a . 20.13 |=====\n  b . 20.13 |=====\n  c . 20.13 |=====\n  d . 12.3.4 |=====\n";
  CHECK(error_with_limit(text, 2) == refused("6:3", "FS-Mark", 2));
  CHECK(error_with_limit(text, 4).starts_with("in:7:7: value '12.3.4' of 'd' is not a number"));
}

TEST_CASE("Limits: the entries limit counts per chart, not per file", "[limits]") {
  const std::string chart = "Files/s > Higher Is Better\na . 20.13 |=====\nb . 20.13 |=====\n";
  const std::string text =
      "FS-Mark 3.3\nTest: 1000 Files\n" + chart + "\nFS-Mark 3.3\nTest: 4000 Files\n" + chart;
  CHECK(error_with_limit(text, 2) == "read");
}

TEST_CASE("Limits: a whitespace-collapsed text export is refused at the entry", "[limits]") {
  const std::string text =
      "FS-Mark 3.3 Test: 1000 Files Files/s > Higher Is Better a . 20.13 |===== "
      "b . 20.13 |===== c . 20.13 |=====\n";
  CHECK(error_with_limit(text, 2) == refused("1:91", "FS-Mark", 2));
  CHECK(error_with_limit(text, 3) == "read");
}

TEST_CASE("Limits: a composite.xml Result is refused at its Entry element", "[limits]") {
  const std::string xml =
      "<?xml version=\"1.0\"?>\n<PhoronixTestSuite>\n<Result>\n<Title>FS-Mark</Title>\n"
      "<Scale>Files/s</Scale>\n<Proportion>HIB</Proportion>\n<Data>\n"
      "<Entry><Identifier>a</Identifier><Value>1</Value></Entry>\n"
      "<Entry><Identifier>b</Identifier><Value>2</Value></Entry>\n"
      "  <Entry><Identifier>c</Identifier><Value>3</Value></Entry>\n"
      "</Data>\n</Result>\n</PhoronixTestSuite>\n";
  CHECK(error_with_limit(xml, 2) == refused("10:3", "FS-Mark", 2));
  CHECK(error_with_limit(xml, 3) == "read");
}

TEST_CASE("Limits: a 2008 composite.xml Benchmark counts the entries of all its Groups",
          "[limits]") {
  const std::string xml =
      "<?xml version=\"1.0\"?>\n<PhoronixTestSuite>\n<Benchmark>\n<Name>Ogg Encoding</Name>\n"
      "<Results>\n<Group>\n<Entry><Identifier>a</Identifier><Value>9.10</Value></Entry>\n"
      "<Entry><Identifier>b</Identifier><Value>9.20</Value></Entry>\n</Group>\n<Group>\n"
      "<Entry><Identifier>c</Identifier><Value>9.30</Value></Entry>\n</Group>\n</Results>\n"
      "</Benchmark>\n</PhoronixTestSuite>\n";
  CHECK(error_with_limit(xml, 2) == refused("11:1", "Ogg Encoding", 2));
  CHECK(error_with_limit(xml, 3) == "read");
}

TEST_CASE("Limits: a PTS CSV result row is refused at the cell past the limit", "[limits]") {
  const std::string csv =
      ",t,\n\n ,,\"a\",\"b\",\"c\"\nOS,,x,x,x\n\n ,,\"a\",\"b\",\"c\"\n"
      "\"FS-Mark - Test: 1000 Files (Files/s)\",HIB,20.1,18.2,19.0\n";
  CHECK(error_with_limit(csv, 2) == refused("7:54", "FS-Mark", 2));
  CHECK(error_with_limit(csv, 3) == "read");
}

TEST_CASE("Limits: a PTS JSON result counts its entries as PTS keeps them", "[limits]") {
  const std::string json = R"({"title": "t",
  "results": {"h1": {"title": "FS-Mark", "scale": "Files/s", "proportion": "HIB",
    "results": {"a": {"value": 1}, "b": {"value": 2},
                "c": {"value": 3}}}}})";
  CHECK(error_with_limit(json, 2) == refused("4:17", "FS-Mark", 2));
  // A repeated identifier replaces the earlier entry (as in PTS): two entries, within 2.
  const std::string repeated = R"({"title": "t",
  "results": {"h1": {"title": "FS-Mark", "results": {"a": {"value": 1}, "a": {"value": 2},
                                                     "b": {"value": 3}}}}})";
  CHECK(error_with_limit(repeated, 2) == "read");
}

TEST_CASE("Limits: OpenBenchmarking page text is refused at the identifier past the limit",
          "[limits]") {
  // Seed 003's first chart names its eight systems run together; the eighth, BFQ, is at
  // column 129 of line 15, after `...KYBERBFQ Low Latency`.
  std::string page;
  {
    std::FILE* f = std::fopen(IOSR_FIXTURES_DIR "/seeds/003_29012ff8c53c614e.txt", "rb");
    REQUIRE(f);
    char buffer[4096];
    for (std::size_t got; (got = std::fread(buffer, 1, sizeof buffer, f)) > 0;) {
      page.append(buffer, got);
    }
    std::fclose(f);
  }
  CHECK(error_with_limit(page, 7) == refused("15:129", "SQLite", 7));
  CHECK(error_with_limit(page, 8) == "read");
}

TEST_CASE("Limits: iosr's own JSON is refused at the entry object past the limit",
          "[limits]") {
  const std::string json = R"({"format": "iosr-result", "version": 1,
  "results": [{"title": "FS-Mark", "entries": [
    {"label": "a", "kind": "number", "value_text": "1", "value": 1},
    {"label": "b", "kind": "number", "value_text": "2", "value": 2},
    {"label": "c", "kind": "number", "value_text": "3", "value": 3}]}]})";
  CHECK(error_with_limit(json, 2) == refused("5:5", "FS-Mark", 2));
  CHECK(error_with_limit(json, 3) == "read");
}
