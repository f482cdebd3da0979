// SPDX-License-Identifier: MIT
// The JSONL output (docs/jsonl.md): each line parsed back with nlohmann, checked against the
// CSV of the same files; and the format detection batch conversion uses to skip other files.
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "catch.hpp"
#include "csv_reader.hpp"
#include "iosr/model.hpp"
#include "iosr/read.hpp"
#include "iosr/render.hpp"
#include "reader_support.hpp"

namespace {

std::vector<nlohmann::ordered_json> parse_lines(const std::string& text) {
  std::vector<nlohmann::ordered_json> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    lines.push_back(nlohmann::ordered_json::parse(line));
  }
  return lines;
}

const std::string quirks = std::string(IOSR_FIXTURES_DIR) + "/samples/quirks.xml";
const std::string seed = std::string(IOSR_DATA_DIR) + "/text/000_1809f3a92cbbf2f4.txt";

}  // namespace

TEST_CASE("JSONL has one object per CSV row, with the CSV's columns and text", "[jsonl]") {
  std::vector<iosr::result_file> files = {test_support::read_cached(quirks),
                                          test_support::read_cached(seed)};
  std::string jsonl, csv;
  iosr::render(files, "jsonl", {}, jsonl);
  iosr::render(files, "csv", {}, csv);
  auto objects = parse_lines(jsonl);
  auto rows = test_support::read_csv(csv);
  REQUIRE(rows.size() == objects.size() + 1);  // the CSV has a header row
  REQUIRE(objects.size() == 39 + 260);
  for (std::size_t i = 0; i < objects.size(); ++i) {
    const auto& object = objects[i];
    const auto& row = rows[i + 1];
    REQUIRE(object.size() == rows[0].size() + 1);  // and samples_text, after samples
    std::size_t column = 0;
    for (const auto& [key, value] : object.items()) {
      if (key == "samples_text") {
        CHECK(rows[0][column - 1] == "samples");
        const auto& text = row[column - 1];  // the CSV's samples field, as written
        CHECK(value ==
              (text.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(text)));
        continue;
      }
      CHECK(key == rows[0][column]);
      const auto& text = row[column];
      if (key == "samples") {
        // The CSV's runs joined by `:`, here as numbers.
        std::vector<double> runs;
        std::istringstream split(text);
        for (std::string run; std::getline(split, run, ':');) runs.push_back(std::stod(run));
        CHECK((text.empty() ? value.is_null() : value == nlohmann::ordered_json(runs)));
      } else if (text.empty()) {
        CHECK(value.is_null());  // empty in the CSV is null
      } else if (value.is_string()) {
        CHECK(value.get<std::string>() == text);  // text exactly as in the CSV
      } else if (value.is_boolean()) {
        CHECK(key == "baseline");  // the one boolean, `true` or `false` in the CSV
        CHECK((value.get<bool>() ? "true" : "false") == text);
      } else {
        CHECK(value.is_number());
        CHECK(value.get<double>() == std::stod(text));
      }
      ++column;
    }
  }
}

TEST_CASE("JSONL keeps values as written and types the computed numbers", "[jsonl]") {
  iosr::result_file file;
  file.source_name = "x.tar.gz:run3/composite.xml";
  iosr::result r;
  r.title = "Say \"hi\"\\\n\x01";
  iosr::entry e;
  e.label = "a";
  e.value_text = "24.00";
  e.value = 24.0;
  e.sample_count = 3;
  r.entries.push_back(e);
  file.results.push_back(r);
  std::string out;
  iosr::render({&file, 1}, "jsonl", {}, out);
  CHECK(out.ends_with("}\n"));
  CHECK(out.find("\"result_title\":\"Say \\\"hi\\\"\\\\\\n\\u0001\"") != std::string::npos);
  auto object = parse_lines(out).at(0);
  CHECK(object["file"] == "x.tar.gz:run3/composite.xml");
  CHECK(object["result_title"] == "Say \"hi\"\\\n\x01");
  CHECK(object["value"] == "24.00");
  CHECK(object["numeric_value"].is_number());
  CHECK(object["numeric_value"] == 24);
  CHECK(object["sample_count"] == 3);
  CHECK(object["standard_error"].is_null());
}

TEST_CASE("JSONL samples are numbers, their text kept; null when one is not a number", "[jsonl]") {
  iosr::result_file file;
  iosr::result r;
  auto add = [&](std::vector<std::string> samples) {
    iosr::entry e;
    e.label = "a";
    e.samples = std::move(samples);
    r.entries.push_back(e);
  };
  add({"23.90", "24", "1e-07", "-0.5"});
  add({"1.5", "n/a"});
  add({"12.3.4"});
  add({});
  file.results.push_back(r);
  std::string out;
  iosr::render({&file, 1}, "jsonl", {}, out);
  // Whole numbers get a `.0`: an engine inferring types from JSON reads a list of DOUBLE.
  CHECK(out.find(R"("samples":[23.9,24.0,1e-07,-0.5],"samples_text":"23.90:24:1e-07:-0.5",)") !=
        std::string::npos);
  CHECK(out.find(R"("samples":null,"samples_text":"1.5:n/a",)") != std::string::npos);
  CHECK(out.find(R"("samples":null,"samples_text":"12.3.4",)") != std::string::npos);
  CHECK(out.find(R"("samples":null,"samples_text":null,)") != std::string::npos);
  auto objects = parse_lines(out);
  REQUIRE(objects.size() == 4);
  CHECK(objects[0]["samples"][1].get<double>() == 24.0);
}

TEST_CASE("detect_input_format names the format, or nothing for other files", "[jsonl]") {
  CHECK(iosr::detect_input_format("<?xml version=\"1.0\"?>\n<PhoronixTestSuite>\n") ==
        "composite-xml");
  CHECK(iosr::detect_input_format("FS-Mark 3.3\nTest: 1000 Files\nFiles/s > Higher Is Better\n"
                                  "a ..... 20.13 |====\n") == "pts-text");
  CHECK(iosr::detect_input_format("my benchmark notes\n").empty());
  CHECK(iosr::detect_input_format("").empty());
  CHECK(iosr::detect_input_format(std::string("\x89PNG\r\n\x1a\n\0\0", 10)).empty());
}
