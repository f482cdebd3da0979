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
    REQUIRE(object.size() == rows[0].size());
    std::size_t column = 0;
    for (const auto& [key, value] : object.items()) {
      CHECK(key == rows[0][column]);
      const auto& text = row[column];
      if (text.empty()) {
        CHECK(value.is_null());  // empty in the CSV is null
      } else if (value.is_string()) {
        CHECK(value.get<std::string>() == text);  // text exactly as in the CSV
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

TEST_CASE("detect_input_format names the format, or nothing for other files", "[jsonl]") {
  CHECK(iosr::detect_input_format("<?xml version=\"1.0\"?>\n<PhoronixTestSuite>\n") ==
        "composite-xml");
  CHECK(iosr::detect_input_format("FS-Mark 3.3\nTest: 1000 Files\nFiles/s > Higher Is Better\n"
                                  "a ..... 20.13 |====\n") == "pts-text");
  CHECK(iosr::detect_input_format("my benchmark notes\n").empty());
  CHECK(iosr::detect_input_format("").empty());
  CHECK(iosr::detect_input_format(std::string("\x89PNG\r\n\x1a\n\0\0", 10)).empty());
}
