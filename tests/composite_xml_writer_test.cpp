// SPDX-License-Identifier: MIT
// composite.xml output: PTS's element order, and round trips that give back the same model.
#include <algorithm>
#include <filesystem>
#include <string>

#include "catch.hpp"
#include "iosr/read.hpp"
#include "iosr/render.hpp"
#include "iosr/version.hpp"
#include "reader_support.hpp"

using namespace iosr;

namespace {

std::string to_xml(const result_file& f) {
  std::string out;
  render({&f, 1}, "xml", {}, out);
  return out;
}

std::vector<std::string> fixture_files(const std::string& folder, std::string_view extension) {
  std::vector<std::string> paths;
  for (const auto& p : std::filesystem::directory_iterator(folder)) {
    if (p.path().extension() == extension) paths.push_back(p.path().string());
  }
  std::sort(paths.begin(), paths.end());
  return paths;
}

}  // namespace

TEST_CASE("XML -> model -> XML -> model gives the same model", "[xml][roundtrip]") {
  auto paths = fixture_files(std::string(IOSR_FIXTURES_DIR) + "/corpus/xml", ".xml");
  for (const auto& p : fixture_files(std::string(IOSR_FIXTURES_DIR) + "/samples", ".xml")) {
    paths.push_back(p);
  }
  REQUIRE(paths.size() >= 27);
  for (const auto& path : paths) {
    INFO(path);
    const auto& original = test_support::read_cached(path);
    auto again = read_results(to_xml(original), "again.xml");
    CHECK(again.format == "composite-xml");
    CHECK(test_support::without_provenance(again) == test_support::without_provenance(original));
  }
}

TEST_CASE("A display format iosr does not know goes through XML and JSON byte for byte",
          "[xml][roundtrip]") {
  const std::string original =
      "<PhoronixTestSuite><Generated><Title>R</Title></Generated><System><Identifier>a"
      "</Identifier></System><Result><Title>T</Title><DisplayFormat>HORIZONTAL_BOX_PLOT"
      "</DisplayFormat><Data><Entry><Identifier>a</Identifier><Value>10</Value></Entry></Data>"
      "</Result></PhoronixTestSuite>";
  const auto read = read_results(original, "in.xml");
  REQUIRE(read.results.size() == 1);
  CHECK(read.results[0].display_format == display_format::other);
  CHECK(read.results[0].display_format.name() == "HORIZONTAL_BOX_PLOT");
  const auto xml = to_xml(read);
  CHECK(xml.find("<DisplayFormat>HORIZONTAL_BOX_PLOT</DisplayFormat>") != std::string::npos);
  CHECK(test_support::without_provenance(read_results(xml, "again.xml")) ==
        test_support::without_provenance(read));
  std::string json;
  render({&read, 1}, "json", {}, json);
  CHECK(json.find("\"display_format\": \"HORIZONTAL_BOX_PLOT\",") != std::string::npos);
  const auto back = read_results(json, "back.json");
  CHECK(back.results.at(0).display_format == read.results[0].display_format);
}

TEST_CASE("a text export converted to XML keeps every value and label", "[xml][roundtrip]") {
  std::vector<std::string> paths = fixture_files(IOSR_DATA_DIR "/text", ".txt");
  for (const auto& p : fixture_files(std::string(IOSR_FIXTURES_DIR) + "/corpus/pts-text", ".txt")) {
    paths.push_back(p);
  }
  REQUIRE(paths.size() >= 20);
  for (const auto& path : paths) {
    INFO(path);
    const auto& text = test_support::read_cached(path);
    auto xml = read_results(to_xml(text), "from-text.xml");
    CHECK(xml.title == text.title);
    CHECK(xml.description == text.description);
    CHECK(test_support::system_labels(xml) == test_support::system_labels(text));
    for (std::size_t i = 0; i < std::min(xml.systems.size(), text.systems.size()); ++i) {
      CHECK(xml.systems[i].hardware == text.systems[i].hardware);
      CHECK(xml.systems[i].software == text.systems[i].software);
    }
    REQUIRE(xml.results.size() == text.results.size());
    for (std::size_t i = 0; i < text.results.size(); ++i) {
      const auto& a = text.results[i];
      const auto& b = xml.results[i];
      test_support::check_header(b, a.title, a.version, a.description, a.unit, a.direction);
      REQUIRE(b.entries.size() == a.entries.size());
      for (std::size_t j = 0; j < a.entries.size(); ++j) {
        CHECK(b.entries[j].label == a.entries[j].label);
        CHECK(b.entries[j].kind == a.entries[j].kind);
        CHECK(b.entries[j].value_text == a.entries[j].value_text);
        CHECK(b.entries[j].value == a.entries[j].value);
        CHECK(b.entries[j].min == a.entries[j].min);
        CHECK(b.entries[j].max == a.entries[j].max);
      }
    }
  }
}

TEST_CASE("the XML follows PTS's layout and element order", "[xml]") {
  result_file f;
  f.title = "T & <x>";
  f.description = "two\nlines";
  auto s = make_system("Linux 6.1: none");
  s.hardware = {{"Processor", "Intel Core i7"}, {"Disk", "500GB"}};
  s.software = {{"OS", "Debian 12"}};
  f.systems.push_back(s);
  result r;
  r.title = "SQLite";
  r.version = "3.41.2";
  r.description = "Threads / Copies: 1";
  r.unit = "Seconds";
  r.direction = direction::lower;
  r.test_id = "pts/sqlite-2.2.0";
  entry ok;
  ok.label = "Linux 6.1: none";
  ok.value_text = "12.345";
  ok.value = 12.345;
  ok.samples = {"12.301", "12.389", "12.345"};
  entry failed;
  failed.label = "Linux 6.1: bfq";
  failed.kind = entry_kind::failed;
  failed.error = "quit with \"status\" 1";
  r.entries = {ok, failed};
  f.results.push_back(r);
  CHECK(to_xml(f) == R"(<?xml version="1.0"?>
<!--written by iosr )" + std::string(version()) + R"(-->
<PhoronixTestSuite>
  <Generated>
    <Title>T &amp; &lt;x&gt;</Title>
    <LastModified></LastModified>
    <TestClient></TestClient>
    <Description>two
lines</Description>
  </Generated>
  <System>
    <Identifier>Linux 6.1: none</Identifier>
    <Hardware>Processor: Intel Core i7, Disk: 500GB</Hardware>
    <Software>OS: Debian 12</Software>
    <User></User>
    <TimeStamp></TimeStamp>
    <TestClientVersion></TestClientVersion>
    <Notes></Notes>
  </System>
  <Result>
    <Identifier>pts/sqlite-2.2.0</Identifier>
    <Title>SQLite</Title>
    <AppVersion>3.41.2</AppVersion>
    <Arguments></Arguments>
    <Description>Threads / Copies: 1</Description>
    <Scale>Seconds</Scale>
    <Proportion>LIB</Proportion>
    <DisplayFormat>BAR_GRAPH</DisplayFormat>
    <Data>
      <Entry>
        <Identifier>Linux 6.1: none</Identifier>
        <Value>12.345</Value>
        <RawString>12.301:12.389:12.345</RawString>
      </Entry>
      <Entry>
        <Identifier>Linux 6.1: bfq</Identifier>
        <Value></Value>
        <RawString></RawString>
        <JSON>{"error":"quit with \"status\" 1"}</JSON>
      </Entry>
    </Data>
  </Result>
</PhoronixTestSuite>
)");
  auto back = read_results(to_xml(f), "x.xml");
  CHECK(back.results[0].entries[1].error == "quit with \"status\" 1");
  CHECK(*back.results[0].entries[0].standard_error == Approx(0.0254).epsilon(0.01));
}
