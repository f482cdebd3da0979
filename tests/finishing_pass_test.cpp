// SPDX-License-Identifier: MIT
// The checks after reading (lib/src/input/finishing_pass.*): the same checks, worded alike, on
// the model of every reader; charts of one identity kept or replaced by the format's rule; a
// system described twice; systems from entries without a warning when none is described.
#include <string>
#include <utility>
#include <vector>

#include "catch.hpp"
#include "input/input_formats.hpp"
#include "iosr/model.hpp"
#include "iosr/read.hpp"
#include "reader_support.hpp"

using iosr::read_results;
using strings = std::vector<std::string>;

namespace {

// The messages of the checks about systems, in order.
strings system_checks(const iosr::result_file& f) {
  strings out;
  for (const auto& w : f.warnings) {
    if (w.message.find("names a system the file does not describe") != std::string::npos ||
        w.message.find("has no entries in any chart") != std::string::npos) {
      out.push_back(w.message);
    }
  }
  return out;
}

// A composite.xml of `parts` (System and Result elements, made with the helpers below).
iosr::result_file read_xml(const std::string& parts) {
  return read_results(
      "<PhoronixTestSuite><Generated><Title>R</Title></Generated>" + parts + "</PhoronixTestSuite>",
      "in.xml");
}

std::string system_xml(const std::string& label, const std::string& hardware = "") {
  return "<System><Identifier>" + label + "</Identifier><Hardware>" + hardware +
         "</Hardware></System>";
}

// A Result titled T whose entries are `label=value` pairs.
std::string result_xml(const std::vector<std::pair<std::string, std::string>>& entries) {
  std::string out = "<Result><Title>T</Title><Data>";
  for (const auto& [label, value] : entries) {
    out += "<Entry><Identifier>" + label + "</Identifier><Value>" + value + "</Value></Entry>";
  }
  return out + "</Data></Result>";
}

const std::string added_c =
    "entry 'c' in 'T' names a system the file does not describe; added it without hardware or "
    "software details";
const std::string b_without_entries = "system 'b' has no entries in any chart";

}  // namespace

TEST_CASE("Every reader's model gets the same checks, worded alike", "[finish]") {
  // Systems a and b are described; the chart names a and c.
  const auto text = read_results(
      "Run\n\n\na: \n\n\tProcessor: X\n\nb: \n\n\tProcessor: Y\n\n\nT 1.0\n\n"
      "MB/s > Higher Is Better\na . 10 |==========\nc . 5  |=====\n",
      "in.txt");
  CHECK(text.format == "pts-text");
  CHECK(system_checks(text) == strings{added_c, b_without_entries});

  const auto xml =
      read_xml(system_xml("a") + system_xml("b") + result_xml({{"a", "10"}, {"c", "5"}}));
  CHECK(xml.format == "composite-xml");
  CHECK(system_checks(xml) == strings{added_c, b_without_entries});

  const auto json =
      read_results(R"({"systems": {"a": {}, "b": {}}, "results": {"h": {"title": "T", "results": )"
                   R"({"a": {"value": 10}, "c": {"value": 5}}}}})",
                   "in.json");
  CHECK(json.format == "pts-json");
  CHECK(system_checks(json) == strings{added_c, b_without_entries});

  // The CSV's systems are its columns, so no entry can name another; b's column is empty.
  const auto csv = read_results(
      ",t,\n\n ,,\"a\",\"b\"\nOS,,x,y\n\n ,,\"a\",\"b\"\n\"T - d (u)\",HIB,10,\n", "in.csv");
  CHECK(csv.format == "pts-csv");
  CHECK(system_checks(csv) == strings{b_without_entries});

  // A page's entries are named by its systems; C has no bar in its one chart.
  const auto page = read_results(
      "t\n\nd\n\nNotes Disk Details- A: NONE / rw- B: BFQ / rw- C: KYBER / rw\n\nT\n\nD\n\n"
      "OpenBenchmarking.orgMB/s, More Is BetterT 1.0DAB306090120150120130\n",
      "page.txt");
  CHECK(page.format == "html-view");
  CHECK(system_checks(page) == strings{"system 'C' has no entries in any chart"});
}

TEST_CASE("Every registered format but iosr-json is checked after reading", "[finish]") {
  for (const auto& format : iosr::detail::input_formats()) {
    INFO(format.name);
    CHECK((format.finish == iosr::detail::finishing::none) == (format.name == "iosr-json"));
  }
  // iosr-json is the model as it was written: a system only an entry names stays unreported.
  const auto back = read_results(
      R"({"format": "iosr-result", "version": 1, "results": [{"title": "T", "entries": [)"
      R"({"label": "c", "kind": "text"}]}]})",
      "in.json");
  CHECK(back.systems.empty());
  CHECK(back.warnings.empty());
}

TEST_CASE("Charts of one identity: all kept where shown, the later kept where stored", "[finish]") {
  // A README with two runs pasted one after the other repeats the chart.
  const auto text = read_results(
      "T 1.0\n\nMB/s > Higher Is Better\na . 10 |==========\n\n"
      "T 1.0\n\nMB/s > Higher Is Better\na . 5  |=====\n",
      "in.txt");
  REQUIRE(text.results.size() == 2);
  CHECK(text.warnings.empty());

  const auto xml =
      read_xml(system_xml("a") + result_xml({{"a", "10"}}) + "\n" + result_xml({{"a", "5"}}));
  REQUIRE(xml.results.size() == 1);
  CHECK(xml.results[0].entries.at(0).value_text == "5");
  REQUIRE(xml.warnings.size() == 1);
  CHECK(xml.warnings[0].message ==
        "chart 'T' () repeats the one at line 1; as in PTS, this later one is kept, at the "
        "earlier one's place");
}

TEST_CASE("A repeated chart takes the earlier one's place; the charts between stay", "[finish]") {
  auto titled = [](const std::string& title, const std::string& value) {
    return "<Result><Title>" + title + "</Title><Data><Entry><Identifier>a</Identifier><Value>" +
           value + "</Value></Entry></Data></Result>\n";
  };
  const auto xml = read_xml(system_xml("a") + titled("T", "1") + titled("U", "2") +
                            titled("T", "3") + titled("V", "4") + titled("T", "5"));
  REQUIRE(xml.results.size() == 3);
  CHECK(xml.results[0].title == "T");
  CHECK(xml.results[0].entries.at(0).value_text == "5");
  CHECK(xml.results[1].title == "U");
  CHECK(xml.results[2].title == "V");
  CHECK(xml.results[2].entries.at(0).value_text == "4");
  REQUIRE(xml.warnings.size() == 2);
  // The place now holds the second T, read at line 3 (as before this one was moved there).
  CHECK(xml.warnings[1].message.find("repeats the one at line 3") != std::string::npos);
}

// PTS joins the identity's fields with commas, so fields that hold commas can join to one
// identity: the joined text decides, not the fields one by one.
TEST_CASE("Charts whose fields join to one identity are one chart, commas and all", "[finish]") {
  auto chart = [](const std::string& arguments, const std::string& description,
                  const std::string& value) {
    return "<Result><Title>T</Title><Arguments>" + arguments + "</Arguments><Description>" +
           description + "</Description><Data><Entry><Identifier>a</Identifier><Value>" + value +
           "</Value></Entry></Data></Result>\n";
  };
  // `x,y` + `z` and `x` + `y,z` both join to `T,x,y,z,,`; `x` + `y` does not.
  const auto xml = read_xml(system_xml("a") + chart("x,y", "z", "1") + chart("x", "y", "2") +
                            chart("x", "y,z", "3"));
  REQUIRE(xml.results.size() == 2);
  CHECK(xml.results[0].arguments == "x");
  CHECK(xml.results[0].description == "y,z");
  CHECK(xml.results[0].entries.at(0).value_text == "3");
  CHECK(xml.results[1].description == "y");
  REQUIRE(xml.warnings.size() == 1);
  CHECK(xml.warnings[0].message.find("repeats the one at line 1") != std::string::npos);
}

TEST_CASE("A label's second entry is reported in short and long charts alike", "[finish]") {
  for (std::size_t count : {3, 40}) {
    std::vector<std::pair<std::string, std::string>> entries;
    std::string systems;
    for (std::size_t i = 0; i < count; ++i) {
      entries.emplace_back("s" + std::to_string(i), "1");
      systems += system_xml("s" + std::to_string(i));
    }
    entries.emplace_back("s1", "2");
    entries.emplace_back("s1", "3");
    entries.emplace_back("s0", "4");
    auto f = read_xml(systems + result_xml(entries));
    strings seconds;
    for (const auto& w : f.warnings) seconds.push_back(w.message);
    INFO(count);
    CHECK(seconds == strings{"'s1' has a second entry in 'T' (first at line 1); both are kept, "
                             "as PTS's text export does",
                             "'s1' has a second entry in 'T' (first at line 1); both are kept, "
                             "as PTS's text export does",
                             "'s0' has a second entry in 'T' (first at line 1); both are kept, "
                             "as PTS's text export does"});
  }
}

TEST_CASE("A system described twice keeps its first description, in every reader", "[finish]") {
  const auto xml = read_xml(system_xml("a", "Processor: X") + "\n" +
                            system_xml("a", "Processor: Y") + result_xml({{"a", "10"}}));
  REQUIRE(xml.systems.size() == 1);
  CHECK(xml.systems[0].hardware.at(0).value == "X");
  REQUIRE(xml.warnings.size() == 1);
  CHECK(xml.warnings[0].message ==
        "system 'a' is described again (first at line 1); kept the first description");
  CHECK(xml.warnings[0].where == iosr::source_position{2, 1});
}

TEST_CASE("Systems come from the entries without a warning when none is described", "[finish]") {
  const auto xml = read_xml(result_xml({{"a", "10"}}));
  CHECK(test_support::system_labels(xml) == strings{"a"});
  CHECK(xml.warnings.empty());
}

TEST_CASE("A collapsed export's system without entries is reported once", "[finish]") {
  // The collapsed reader finds bfq by its `Screen Resolution` ending; the check says it once.
  const auto f = read_results(
      "Test run mq-deadline: Processor: AMD Ryzen 9 5950X, OS: Ubuntu, Screen Resolution: "
      "1024x768 bfq: Processor: AMD Ryzen 9 5950X, OS: Ubuntu, Screen Resolution: 1024x768 "
      "KeyDB 5.3.1 Ops/sec > Higher Is Better mq-deadline . 10 |==========\n",
      "in.txt");
  CHECK(test_support::system_labels(f) == strings{"mq-deadline", "bfq"});
  REQUIRE(f.warnings.size() == 1);
  CHECK(f.warnings[0].message == "system 'bfq' has no entries in any chart");
  CHECK(f.warnings[0].where == iosr::source_position{1, 93});
}

TEST_CASE("A merged file says in one line that its systems are described again", "[finish]") {
  // Five runs of four machines merged (a System per file merged, as PTS's merge-results and
  // iosr merge write them): each machine described again, and an entry of it per run in each of
  // two charts. One warning for the whole file, at the first repeat, naming three systems.
  const auto chart = [](const std::string& description,
                        const std::vector<std::pair<std::string, std::string>>& entries) {
    auto xml = result_xml(entries);
    return xml.replace(xml.find("<Data>"), 0, "<Description>" + description + "</Description>");
  };
  std::string systems;
  std::vector<std::pair<std::string, std::string>> read, write;
  for (int run = 0; run < 5; ++run) {
    for (const auto* m : {"m1", "m2", "m3", "m4"}) {
      systems += system_xml(m, "Processor: run " + std::to_string(run)) + "\n";
      read.emplace_back(m, std::to_string(10 + run));
      write.emplace_back(m, std::to_string(20 + run));
    }
  }
  const auto f = read_xml(systems + chart("Read", read) + chart("Write", write) +
                          chart("Other", {{"m1", "1"}, {"other", "2"}, {"other", "3"}}));
  CHECK(test_support::system_labels(f) == strings{"m1", "m2", "m3", "m4", "other"});
  CHECK(f.systems[0].hardware.at(0).value == "run 0");  // the first description
  strings messages;
  for (const auto& w : f.warnings) messages.push_back(w.message);
  // The second entries of a system described again are the merged runs, counted in the one
  // line; a second entry of a system described once is still said on its own, and so is the
  // system the file does not describe.
  CHECK(messages == strings{
      "'other' has a second entry in 'T' (first at line 21); both are kept, as PTS's text "
      "export does",
      "4 systems are described again: 'm1' (first at line 1), 'm2' (first at line 2), 'm3' "
      "(first at line 3) and 1 more; kept the first description of each, and every entry (32 "
      "are second entries in a chart, as a merged file holds them)",
      "entry 'other' in 'T' names a system the file does not describe; added it without "
      "hardware or software details"});
  REQUIRE(f.warnings.size() == 3);
  CHECK(f.warnings[1].where.line == 5);
  CHECK(f.warnings[1].code == iosr::message_code::system_described_again);
}
