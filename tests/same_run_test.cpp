// SPDX-License-Identifier: MIT
// One run, three files: where the corpus holds a run as composite.xml and as PTS's CSV and
// JSON exports of it, all three must give the same charts and values. PTS's CSV keeps the
// first of duplicate entries and the JSON the last; the CSV writes a line graph's values as
// their mean rounded to 2 decimals, and the JSON writes numbers as PHP prints them (1304.00 as
// 1304), so values are compared as numbers there.
#include <cmath>
#include <map>
#include <string>

#include "catch.hpp"
#include "reader_support.hpp"

using namespace iosr;
using test_support::read_cached;

namespace {

const std::string corpus = std::string(IOSR_FIXTURES_DIR) + "/corpus/";

// The entry per label that an export keeps: the first one (CSV) or the last one (JSON).
std::map<std::string, const entry*> kept_entries(const result& r, bool first) {
  std::map<std::string, const entry*> kept;
  for (const auto& e : r.entries) {
    if (first) kept.emplace(e.label, &e);
    else kept[e.label] = &e;
  }
  return kept;
}

bool same_number(const std::optional<double>& a, const std::optional<double>& b) {
  return a.has_value() == b.has_value() && (!a || *a == *b);
}

// `exact_text`: the 10.x CSV writes the stored value byte for byte.
void check_csv_against_xml(const std::string& xml_file, const std::string& csv_file,
                           bool exact_text) {
  INFO(csv_file);
  const auto& xml = read_cached(corpus + "xml/" + xml_file);
  const auto& csv = read_cached(corpus + csv_file);
  REQUIRE(csv.results.size() == xml.results.size());
  CHECK(test_support::system_labels(csv) == test_support::system_labels(xml));
  for (std::size_t i = 0; i < xml.results.size(); ++i) {
    const auto& x = xml.results[i];
    const auto& c = csv.results[i];
    INFO("result " << i << ": " << x.title << " / " << x.description);
    CHECK(c.title == x.title);
    CHECK(c.description == x.description);
    if (exact_text) CHECK(c.direction == x.direction);
    std::size_t expected = 0;
    for (const auto& [label, e] : kept_entries(x, true)) {
      INFO(label);
      const auto* in_csv = test_support::find_entry(c, label);
      if (e->kind == entry_kind::failed) {
        CHECK(in_csv == nullptr);  // an empty cell
        continue;
      }
      ++expected;
      REQUIRE(in_csv);
      if (e->kind == entry_kind::series) {
        CHECK(in_csv->kind == entry_kind::number);
        REQUIRE(in_csv->value);
        CHECK(*in_csv->value == Approx(std::round(*e->value * 100) / 100));
        continue;
      }
      CHECK(in_csv->kind == e->kind);
      CHECK(same_number(in_csv->value, e->value));
      if (exact_text) CHECK(in_csv->value_text == e->value_text);
    }
    CHECK(c.entries.size() == expected);
  }
}

void check_json_against_xml(const std::string& base) {
  INFO(base);
  const auto& xml = read_cached(corpus + "xml/" + base + ".xml");
  const auto& json = read_cached(corpus + "json/" + base + ".json");
  CHECK(json.title == xml.title);
  CHECK(json.description == xml.description);
  CHECK(test_support::system_labels(json) == test_support::system_labels(xml));
  for (std::size_t s = 0; s < xml.systems.size() && s < json.systems.size(); ++s) {
    CHECK(json.systems[s].scheduler == xml.systems[s].scheduler);
    CHECK(json.systems[s].timestamp == xml.systems[s].timestamp);
    CHECK(json.systems[s].hardware.size() == xml.systems[s].hardware.size());
  }
  REQUIRE(json.results.size() == xml.results.size());
  for (std::size_t i = 0; i < xml.results.size(); ++i) {
    const auto& x = xml.results[i];
    const auto& j = json.results[i];
    INFO("result " << i << ": " << x.title << " / " << x.description);
    test_support::check_header(j, x.title, x.version, x.description, x.unit, x.direction);
    CHECK(j.test_id == x.test_id);
    CHECK(j.display_format == x.display_format);
    auto kept = kept_entries(x, false);
    CHECK(j.entries.size() == kept.size());
    for (const auto& [label, e] : kept) {
      INFO(label);
      const auto* in_json = test_support::find_entry(j, label);
      REQUIRE(in_json);
      CHECK(in_json->kind == e->kind);
      CHECK(same_number(in_json->value, e->value));
      CHECK(in_json->error == e->error);
      CHECK(in_json->sample_count == e->sample_count);
      REQUIRE(in_json->samples.size() == e->samples.size());
      for (std::size_t k = 0; k < e->samples.size(); ++k) {
        CHECK(std::stod(in_json->samples[k]) == std::stod(e->samples[k]));
      }
      CHECK(in_json->standard_error.has_value() == e->standard_error.has_value());
      if (e->standard_error) CHECK(*in_json->standard_error == Approx(*e->standard_error));
    }
  }
}

}  // namespace

TEST_CASE("composite.xml and PTS's 10.x CSV export of it agree value for value",
          "[same-run][corpus]") {
  check_csv_against_xml("pts-10.8.4_osbench_base-vs-fwrapv.xml",
                        "csv-pts10/pts-10.8.4_osbench_base-vs-fwrapv.csv", true);
  check_csv_against_xml("pts-5.6.0_ec2-micro_stream_10-systems.xml",
                        "csv-pts10/pts-5.6.0_ec2-micro_stream_10-systems.csv", true);
  check_csv_against_xml("pts-8.2.0_gce_pjdfstest_pass-fail.xml",
                        "csv-pts10/pts-8.2.0_gce_pjdfstest_pass-fail.csv", true);
  check_csv_against_xml("pts-10.8.4_newgvn_126-results_empty-values-and-errors.xml",
                        "csv-pts10/pts-10.8.4_newgvn_126-results_empty-values-and-errors.csv",
                        true);
}

TEST_CASE("composite.xml and PTS 10.8.4's CSV export of it agree value for value",
          "[same-run][corpus]") {
  // Every composite.xml of the corpus that PTS 10.8.4 reads; the 2008 ones are below.
  for (std::string base : test_support::pts_readable_corpus) {
    check_csv_against_xml(base + ".xml", "csv-pts10.8.4/" + base + ".csv", true);
    // This layout writes the description too.
    const auto& xml = read_cached(corpus + "xml/" + base + ".xml");
    const auto& csv = read_cached(corpus + "csv-pts10.8.4/" + base + ".csv");
    CHECK(csv.title == xml.title);
    CHECK(csv.description == xml.description);
    REQUIRE(csv.systems.size() == xml.systems.size());
    for (std::size_t s = 0; s < xml.systems.size(); ++s) {
      CHECK(csv.systems[s].hardware == xml.systems[s].hardware);
      CHECK(csv.systems[s].software == xml.systems[s].software);
    }
  }
}

TEST_CASE("a 2008 composite.xml and PTS 10.8.4's CSV export of it: the system's fields only",
          "[same-run][corpus]") {
  // PTS 10.8.4 reads neither the identifiers nor the results of the 2008 layout: the export
  // holds one system without a name (read as '(unnamed system 1)') and its fields, which are
  // the XML's, in order (the CSV does not say where the hardware ends).
  for (std::string base : {"pts-0.1.0_2008_encode-ogg_single-run_benchmark-first",
                           "pts-0.1.0_2008_encode-ogg_two-identifiers_merged"}) {
    INFO(base);
    const auto& xml = read_cached(corpus + "xml/" + base + ".xml");
    const auto& csv = read_cached(corpus + "csv-pts10.8.4/" + base + ".csv");
    CHECK(csv.results.empty());
    REQUIRE(csv.systems.size() == 1);
    CHECK(csv.systems[0].label == "(unnamed system 1)");
    for (const auto& x : xml.systems) {
      INFO(x.label);
      auto fields = [](const iosr::system& s) {
        auto all = s.hardware;
        all.insert(all.end(), s.software.begin(), s.software.end());
        return all;
      };
      CHECK(fields(csv.systems[0]) == fields(x));
    }
  }
}

TEST_CASE("composite.xml and a 5.x CSV export of it agree in number", "[same-run][corpus]") {
  check_csv_against_xml("pts-5.6.0_ec2-micro_stream_10-systems.xml",
                        "csv/pts-5.6.0_ec2-micro_stream_10-systems.csv", false);
  check_csv_against_xml("pts-5.6.0_ec2-large_tiobench_64-results.xml",
                        "csv/pts-5.6.0_ec2-large_tiobench_spreadsheet-edited.csv", false);
  // The 7-Zip export's result name was edited by hand (`... Compress Speed Test ec2:
  // m3.large`); its ten values still match the XML's.
  const auto& xml = read_cached(corpus + "xml/pts-5.6.0_ec2-large_7zip_10-systems.xml");
  const auto& csv = read_cached(corpus + "csv/pts-5.6.0_ec2-large_7zip_10-systems.csv");
  REQUIRE(csv.results.size() == 1);
  CHECK(csv.results[0].description == "Compress Speed Test ec2: m3.large");
  REQUIRE(csv.results[0].entries.size() == xml.results.at(0).entries.size());
  for (const auto& e : xml.results[0].entries) {
    CHECK(test_support::value_of(csv.results[0], e.label) == e.value_text);
  }
}

TEST_CASE("composite.xml and PTS's JSON export of it agree value for value",
          "[same-run][corpus]") {
  check_json_against_xml("pts-10.8.4_osbench_base-vs-fwrapv");
  check_json_against_xml("pts-5.6.0_ec2-micro_stream_10-systems");
  check_json_against_xml("pts-8.2.0_gce_pjdfstest_pass-fail");
  check_json_against_xml("pts-10.8.4_newgvn_126-results_empty-values-and-errors");
}
