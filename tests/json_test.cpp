// SPDX-License-Identifier: MIT
// iosr's own JSON format (docs/json.md): the exact text of a small document, the round trip
// model -> JSON -> model on hand-built models and on every bundled fixture, and the reader's
// errors with their line and column.
#include <cmath>
#include <cstddef>
#include <cstring>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "catch.hpp"
#include "input/input_formats.hpp"
#include "input/iosr_json/iosr_json_reader.hpp"
#include "iosr/error.hpp"
#include "iosr/model.hpp"
#include "iosr/read.hpp"
#include "iosr/render.hpp"

namespace {

using iosr::direction;
using iosr::entry_kind;
namespace fs = std::filesystem;

std::string to_json(const std::vector<iosr::result_file>& files) {
  std::string out;
  iosr::render(files, "json", {}, out);
  return out;
}

std::string to_json(const iosr::result_file& file) {
  std::string out;
  iosr::render(std::span(&file, 1), "json", {}, out);
  return out;
}

// What reading back must give: the same model, named after the JSON file.
iosr::result_file as_read_back(iosr::result_file file, const std::string& json_name) {
  file.source_name = json_name;
  file.format = "iosr-json";
  return file;
}

// Writes `file` as JSON, reads it back through the public reader and checks it is the same.
void check_round_trip(iosr::result_file file) {
  auto back = iosr::read_results(to_json(file), "back.json");
  CHECK(back.source_name == "back.json");
  CHECK(back.format == "iosr-json");
  back.source_name = file.source_name;
  back.format = file.format;
  CHECK(back == file);
}

iosr::entry make_entry(std::string label, entry_kind kind, std::string value_text) {
  iosr::entry e;
  e.label = std::move(label);
  e.kind = kind;
  e.value_text = std::move(value_text);
  return e;
}

// The document of the golden test: one system, one chart, a number and a failed entry.
iosr::result_file small_file() {
  iosr::result_file f;
  f.title = "SSD schedulers";
  f.source_name = "runs/ssd.txt";
  f.format = "pts-text";
  auto s = iosr::make_system("SSD: BFQ");
  s.hardware = {{"Disk", "Samsung 970"}};
  s.json = R"({"disk-scheduler":"BFQ"})";
  s.where = {3, 1};
  f.systems.push_back(s);
  iosr::result r;
  r.title = "Flexible IO Tester";
  r.version = "3.36";
  r.description = "Type: Random Read";
  r.unit = "MB/s";
  r.direction = direction::higher;
  r.where = {9, 1};
  auto a = make_entry("SSD: BFQ", entry_kind::number, "0.10");
  a.value = 0.1;
  a.samples = {"0.09", "0.11"};
  a.sample_count = 2;
  a.where = {12, 1};
  auto b = make_entry("SSD: none", entry_kind::failed, "");
  b.error = "exit status 1";
  b.where = {13, 1};
  r.entries = {a, b};
  f.results.push_back(r);
  f.warnings.push_back(
      {{13, 1}, iosr::message_code::system_not_described, "'SSD: none' names no system"});
  return f;
}

// A model that uses every field, every entry kind, and strings JSON must escape.
iosr::result_file full_file() {
  iosr::result_file f;
  f.title = "Quotes \" backslash \\ slash / tab \t newline \n control \x01\x1f del \x7f";
  f.description = "Mémoire – 日本語 – emoji 😀\r\nsecond line";
  f.source_name = "dir/seed.xml";
  f.format = "composite-xml";
  f.last_modified = "2024-05-01 12:00:00";
  f.test_client = "Phoronix Test Suite v10.8.4";
  f.notes = "notes";
  f.internal_tags = "tag1, tag2";
  f.reference_id = "2405011-NE-IOSCHED01";
  f.preset_environment = "TEST_RESULTS_NAME=x";

  auto s1 = iosr::make_system("WD5000AZRX: Mq-Deadline");
  s1.hardware = {{"Processor", "AMD Ryzen 9 5950X"}, {"Disk", "WD"}, {"Disk", "second disk"}};
  s1.software = {{"Kernel", "6.1"}, {"", ""}};
  s1.user = "alice";
  s1.timestamp = "2024-05-01 11:00:00";
  s1.client_version = "10.8.4";
  s1.notes = "Disk Scheduler: MQ-DEADLINE.";
  s1.json = R"({"disk-scheduler": "MQ-DEADLINE", broken)";  // kept even when not valid JSON
  s1.cost = "0.25";
  s1.where = {4, 7};
  iosr::system s2;  // group, name and scheduler that do not follow from the label
  s2.label = "Run 1";
  s2.group = "Samsung 970";
  s2.name = "Run 1";
  s2.scheduler = "bfq-low-latency";
  f.systems = {s1, s2};

  iosr::result r;
  r.title = "Flexible IO Tester";
  r.version = "3.36";
  r.description = "Type: Random Read - Block Size: 4KB";
  r.unit = "IOPS";
  r.direction = direction::lower;
  r.display_format = iosr::display_format::bar_graph;
  r.test_id = "pts/fio-2.1.0";
  r.arguments = "--rw=randread --bs=4k";
  r.annotation = "a note";
  r.parent = "0123456789abcdef0123456789abcdef01234567";
  r.where = {20, 1};

  auto number = make_entry("WD5000AZRX: Mq-Deadline", entry_kind::number, "0.10");
  number.value = 0.1;
  number.samples = {"0.10", "0.1", "1.50E+3", ""};
  number.standard_error = 0.1 + 0.2;  // 0.30000000000000004
  number.sample_count = 4;
  number.json = R"({"test-run-times":"12.34:12.50"})";
  number.where = {21, 3};
  auto pass = make_entry("Run 1", entry_kind::pass_fail, "PASS");
  pass.value = 1.0;
  pass.sample_count = 0;
  auto series = make_entry("Run 1", entry_kind::series, "40.25");
  series.value = 40.25;
  series.min = -0.0;
  series.max = std::numeric_limits<double>::max();
  series.standard_error = std::numeric_limits<double>::denorm_min();
  auto text = make_entry("Run 1", entry_kind::text, "");
  auto failed = make_entry("Absent: none", entry_kind::failed, "");
  failed.error = "The test quit with a non-zero exit status.\nE: \"libaio\" missing";
  auto large = make_entry("Run 1", entry_kind::number, "1523809");
  large.value = 1e21;
  large.min = std::numeric_limits<double>::infinity();
  large.max = -std::numeric_limits<double>::infinity();
  large.sample_count = std::numeric_limits<std::size_t>::max();
  r.entries = {number, pass, series, text, failed, large};

  iosr::result empty_chart;  // every member at its default
  f.results = {r, empty_chart};
  f.warnings = {{{21, 3}, iosr::message_code::bar_disagrees, "a bar that disagrees"},
                {{}, iosr::message_code::no_charts, "no position"}};
  return f;
}

// The files whose round trip is checked: the bundled text exports and, now that composite.xml
// is read, the XML corpus and samples.
std::vector<std::string> fixture_paths() {
  std::vector<std::string> paths;
  auto add = [&](const fs::path& dir, const std::string& extension) {
    if (!fs::is_directory(dir)) return;
    for (const auto& item : fs::recursive_directory_iterator(dir)) {
      if (item.is_regular_file() && item.path().extension() == extension) {
        paths.push_back(item.path().string());
      }
    }
  };
  const fs::path fixtures(IOSR_FIXTURES_DIR);
  add(fs::path(IOSR_DATA_DIR) / "text", ".txt");
  add(fixtures / "corpus", ".txt");
  add(fixtures / "corpus" / "xml", ".xml");
  add(fixtures / "samples", ".xml");
  add(fixtures / "seeds", ".txt");
  add(fixtures / "corpus" / "csv", ".csv");
  add(fixtures / "corpus" / "csv-pts10", ".csv");
  add(fixtures / "corpus" / "json", ".json");
  return paths;
}

// Reads `text` as "in.json" and checks that it fails at `line`:`column` with `message`.
void check_error(std::string_view text, std::size_t line, std::size_t column,
                 std::string_view message) {
  INFO("input: " << std::string(text));
  try {
    iosr::detail::read_with("iosr-json", text, "in.json");
    FAIL_CHECK("read without an error");
  } catch (const iosr::parse_error& e) {
    CHECK(e.file() == "in.json");
    CHECK(e.message() == message);
    CHECK(e.where().line == line);
    CHECK(e.where().column == column);
  }
}

// "/results/0/entries/1/kind" -> "results[0].entries[1].kind"
std::string spelled(const std::string& pointer) {
  std::string out;
  std::size_t start = 1;
  while (start <= pointer.size()) {
    auto end = pointer.find('/', start);
    if (end == std::string::npos) end = pointer.size();
    const auto token = pointer.substr(start, end - start);
    if (!token.empty() && token.find_first_not_of("0123456789") == std::string::npos) {
      out += '[' + token + ']';
    } else {
      out += (out.empty() ? "" : ".") + token;
    }
    start = end + 1;
  }
  return out;
}

// The byte offset of a 1-based line and column.
std::size_t offset_of(const std::string& text, iosr::source_position where) {
  std::size_t line_start = 0;
  for (std::size_t line = 1; line < where.line; ++line) {
    line_start = text.find('\n', line_start) + 1;
  }
  return line_start + where.column - 1;
}

}  // namespace

// ---------------------------------------------------------------------------------------------

TEST_CASE("JSON writes a small document exactly so (the schema cannot drift unnoticed)", "[json]") {
  CHECK(to_json(small_file()) == R"({
  "format": "iosr-result",
  "version": 1,
  "source": {
    "name": "runs/ssd.txt",
    "format": "pts-text"
  },
  "title": "SSD schedulers",
  "description": "",
  "last_modified": "",
  "test_client": "",
  "notes": "",
  "internal_tags": "",
  "reference_id": "",
  "preset_environment": "",
  "systems": [
    {
      "label": "SSD: BFQ",
      "group": "SSD",
      "name": "BFQ",
      "scheduler": "bfq",
      "hardware": [
        {
          "key": "Disk",
          "value": "Samsung 970"
        }
      ],
      "software": [],
      "user": "",
      "timestamp": "",
      "client_version": "",
      "notes": "",
      "json": "{\"disk-scheduler\":\"BFQ\"}",
      "cost": "",
      "where": {
        "line": 3,
        "column": 1
      }
    }
  ],
  "results": [
    {
      "title": "Flexible IO Tester",
      "version": "3.36",
      "description": "Type: Random Read",
      "unit": "MB/s",
      "direction": "higher",
      "display_format": "",
      "test_id": "",
      "arguments": "",
      "annotation": "",
      "parent": "",
      "entries": [
        {
          "label": "SSD: BFQ",
          "kind": "number",
          "value_text": "0.10",
          "value": 0.1,
          "samples": [
            "0.09",
            "0.11"
          ],
          "sample_count": 2,
          "error": "",
          "json": "",
          "where": {
            "line": 12,
            "column": 1
          }
        },
        {
          "label": "SSD: none",
          "kind": "failed",
          "value_text": "",
          "samples": [],
          "error": "exit status 1",
          "json": "",
          "where": {
            "line": 13,
            "column": 1
          }
        }
      ],
      "where": {
        "line": 9,
        "column": 1
      }
    }
  ],
  "warnings": [
    {
      "where": {
        "line": 13,
        "column": 1
      },
      "message": "'SSD: none' names no system",
      "code": "system-not-described"
    }
  ]
}
)");
}

TEST_CASE("JSON members have the documented types; absent numbers are left out, not null",
          "[json]") {
  const auto doc = nlohmann::json::parse(to_json(full_file()));
  const auto& entries = doc["results"][0]["entries"];
  REQUIRE(entries.size() == 6);
  const auto& number = entries[0];
  CHECK(number["value_text"] == "0.10");
  CHECK(number["value"].is_number_float());
  CHECK(number["standard_error"].is_number_float());
  CHECK(number["sample_count"].is_number_unsigned());
  CHECK(number["samples"] == nlohmann::json::array({"0.10", "0.1", "1.50E+3", ""}));
  CHECK(number["kind"] == "number");
  CHECK_FALSE(number.contains("min"));
  CHECK_FALSE(number.contains("max"));
  CHECK(entries[2]["kind"] == "series");
  CHECK(entries[2]["min"].is_number_float());
  const auto& text = entries[3];
  CHECK(text["kind"] == "text");
  for (auto key : {"value", "min", "max", "standard_error", "sample_count"}) {
    INFO(key);
    CHECK_FALSE(text.contains(key));
  }
  CHECK(entries[5]["min"] == "Infinity");
  CHECK(entries[5]["max"] == "-Infinity");
  CHECK(doc["results"][0]["direction"] == "lower");
  CHECK(doc["results"][1]["direction"] == "");
  CHECK(doc["systems"][0]["json"] == R"({"disk-scheduler": "MQ-DEADLINE", broken)");
}

TEST_CASE("JSON output is 2-space indented UTF-8 with escapes only where JSON needs them",
          "[json]") {
  const auto text = to_json(full_file());
  CHECK(text.starts_with("{\n  \"format\": \"iosr-result\",\n  \"version\": 1,\n"));
  CHECK(text.ends_with("}\n"));
  CHECK(text.find(R"("title": "Quotes \" backslash \\ slash / tab \t newline \n control )"
                  R"(\u0001\u001f del )"
                  "\x7f\",") != std::string::npos);
  CHECK(text.find("\"description\": \"Mémoire – 日本語 – emoji 😀\\r\\nsecond line\",") !=
        std::string::npos);
  CHECK(text.find("\"standard_error\": 0.30000000000000004,") != std::string::npos);
}

TEST_CASE("JSON reads back every field of a model that uses them all", "[json]") {
  const auto file = full_file();
  check_round_trip(file);

  const auto back = iosr::read_results(to_json(file), "back.json");
  REQUIRE(back.results.size() == 2);
  const auto& entries = back.results[0].entries;
  REQUIRE(entries.size() == 6);
  CHECK(entries[0].value_text == "0.10");
  // Bit for bit: 0.1 + 0.2, -0.0, the largest and the smallest double.
  const double sum = 0.1 + 0.2;
  CHECK(std::memcmp(&*entries[0].standard_error, &sum, sizeof sum) == 0);
  CHECK(std::signbit(*entries[2].min));
  CHECK(*entries[2].max == std::numeric_limits<double>::max());
  CHECK(*entries[2].standard_error == std::numeric_limits<double>::denorm_min());
  CHECK(std::isinf(*entries[5].min));
  CHECK(*entries[5].sample_count == std::numeric_limits<std::size_t>::max());
  CHECK(back.title == file.title);
}

TEST_CASE("JSON reads NaN back from its string form", "[json]") {
  auto f = small_file();
  f.results[0].entries[0].value = std::numeric_limits<double>::quiet_NaN();
  const auto text = to_json(f);
  CHECK(text.find("\"value\": \"NaN\",") != std::string::npos);
  const auto back = iosr::read_results(text, "back.json");
  CHECK(std::isnan(*back.results[0].entries[0].value));
}

TEST_CASE("JSON round-trips every bundled fixture of every input format", "[json]") {
  const auto paths = fixture_paths();
  // 4 data seeds, 22 corpus text exports, 27 XML files, seed 003, 12 PTS CSV/JSON exports
  REQUIRE(paths.size() >= 66);
  for (const auto& path : paths) {
    INFO(path);
    check_round_trip(iosr::read_results_file(path));
  }
}

TEST_CASE("JSON writes one document per file, each followed by a newline", "[json]") {
  auto a = small_file();
  auto b = small_file();
  b.title = "second";
  const auto both = to_json({a, b});
  CHECK(both == to_json(a) + to_json(b));
  CHECK(to_json(std::vector<iosr::result_file>{}).empty());
}

TEST_CASE("JSON replaces bytes that are not UTF-8 with U+FFFD", "[json]") {
  auto f = small_file();
  f.title = "Latin-1 caf\xE9";
  const auto text = to_json(f);
  CHECK(text.find("\"title\": \"Latin-1 caf\xEF\xBF\xBD\",") != std::string::npos);
  CHECK(iosr::read_results(text, "x.json").title == "Latin-1 caf\xEF\xBF\xBD");
}

TEST_CASE("read_results recognises iosr-json by its first bytes", "[json]") {
  const auto text = to_json(small_file());
  CHECK(iosr::read_results(text, "a.json").format == "iosr-json");
  CHECK(iosr::read_results("\xEF\xBB\xBF \n" + text, "a.json").format == "iosr-json");
  const std::string compact = R"({"format":"iosr-result","version":1})";
  const auto minimal = iosr::read_results(compact, "m.json");
  CHECK(minimal == as_read_back({}, "m.json"));

  using iosr::detail::sniff_iosr_json;
  CHECK(sniff_iosr_json(compact));
  CHECK(sniff_iosr_json("\t{ \"version\": 1, \"format\": \"iosr-result\" }"));
  CHECK_FALSE(sniff_iosr_json(R"({"format": "something-else", "version": 1})"));
  CHECK_FALSE(sniff_iosr_json(R"(["format": "iosr-result"])"));
  CHECK_FALSE(sniff_iosr_json("FS-Mark 3.3 {\"format\": \"iosr-result\"}"));
  // The mark must come early: PTS's own JSON export does not have it.
  CHECK_FALSE(sniff_iosr_json("{\"title\": \"" + std::string(300, 'x') +
                              "\", \"format\": \"iosr-result\"}"));
}

TEST_CASE("JSON ignores members it does not know and reads missing ones as empty", "[json]") {
  const auto back = iosr::read_results(R"({"format": "iosr-result", "version": 1,
    "added_later": {"deep": [1, 2, {"x": null}]},
    "systems": [{"label": "a", "colour": "red"}],
    "results": [{"title": "T", "entries": [{"label": "a", "kind": "text", "extra": true}]}]})",
                                       "later.json");
  iosr::result_file expected;
  iosr::system s;
  s.label = "a";
  expected.systems.push_back(s);
  iosr::result r;
  r.title = "T";
  r.entries.push_back(make_entry("a", entry_kind::text, ""));
  expected.results.push_back(r);
  CHECK(back == as_read_back(expected, "later.json"));
}

TEST_CASE("JSON that is not valid JSON fails at the byte nlohmann-json stopped at", "[json]") {
  check_error("{\"format\": \"iosr-result\",\n  \"version\": 1,\n  \"title\": x}", 3, 12,
              "malformed JSON: syntax error while parsing value - invalid literal; last read: "
              "'\"title\": x'; expected an iosr-json document");
  check_error("{\"format\": \"iosr-result\",\n  \"version\": 1\n", 3, 1,
              "malformed JSON: syntax error while parsing object - unexpected end of input; "
              "expected '}'; expected an iosr-json document");
  check_error("{\"format\": \"iosr-result\", \"version\": 1}\n{}", 2, 1,
              "malformed JSON: syntax error while parsing value - unexpected '{'; expected end "
              "of input; expected an iosr-json document");
  check_error(
      "{\"format\": \"iosr-result\", \"version\": 1,\n \"results\": [{\"entries\": "
      "[{\"value\": -1.5e400}]}]}",
      2, 37, "number -1.5e400 is too large; expected a number that fits a double");
}

TEST_CASE("JSON nested deeper than the json-depth limit is refused as it is parsed", "[json]") {
  const std::string head = "{\"format\": \"iosr-result\", \"version\": 1, \"x\": ";
  const std::string deep = head + std::string(100000, '[') + std::string(100000, ']') + "}";
  // The root object is level 1, so the 256th bracket opens level 257.
  check_error(deep, 1, head.size() + 256,
              "objects and arrays nested more than 256 deep; expected an iosr-json document (6 "
              "levels; raise the 'json-depth' limit)");
  // Brackets inside strings do not count, and 256 levels are read.
  const std::string ok =
      head + std::string(255, '[') + "\"[[[[{{{{\"" + std::string(255, ']') + "}";
  CHECK(iosr::detail::read_with("iosr-json", ok, "ok.json").format == "iosr-json");
  // A raised limit reads the 100,000 levels (an unknown member), and frees them without
  // recursion; a lowered one refuses what passes it.
  iosr::read_options raised;
  raised.max_json_depth = 100001;
  CHECK(iosr::detail::read_with("iosr-json", deep, "deep.json", raised).format == "iosr-json");
  iosr::read_options lowered;
  lowered.max_json_depth = 6;
  const auto written = to_json(full_file());
  CHECK(iosr::detail::read_with("iosr-json", written, "six.json", lowered).title ==
        full_file().title);
  lowered.max_json_depth = 5;
  CHECK_THROWS_WITH(iosr::detail::read_with("iosr-json", written, "five.json", lowered),
                    Catch::Contains("nested more than 5 deep"));
}

TEST_CASE("JSON errors name the member and point at it", "[json]") {
  const std::string entries = R"({"format": "iosr-result", "version": 1,
"results": [{}, {"entries": [
  {"label": "a", "kind": "number"},
  {"label": "b", "kind": "bar"}]}]})";
  check_error(entries, 4, 26,
              "\"results[1].entries[1].kind\": expected one of number, pass_fail, series, "
              "text, failed; got \"bar\"");

  check_error(R"({"format": "iosr-result", "version": 1, "systems": [{"name": "x"}]})", 1, 53,
              "\"systems[0].label\": missing; expected a string");
  check_error(R"({"format": "iosr-result", "version": 2, "title": 5})", 1, 38,
              "\"version\": version 2 is newer than this iosr reads; expected version 1");
  check_error(R"({"format": "iosr-result", "version": "1"})", 1, 38,
              "\"version\": expected the format version 1, got \"1\"");
  check_error(R"({"version": 1, "format": "pts-result"})", 1, 26,
              "\"format\": expected \"iosr-result\"; got \"pts-result\"");
  check_error(R"({"version": 1})", 1, 1, "\"format\": missing; expected a string");
  check_error("[1, 2]", 1, 1, "expected an iosr-json object, got an array");
  check_error(R"({"format": "iosr-result", "version": 1,
  "results": [{"direction": "up", "entries": []}]})",
              2, 29,
              "\"results[0].direction\": expected \"higher\", \"lower\" or \"\" (not "
              "known); got \"up\"");
  check_error(R"({"format": "iosr-result", "version": 1, "results": [{"entries": [
  {"label": "a", "kind": "number", "sample_count": -3}]}]})",
              2, 52,
              "\"results[0].entries[0].sample_count\": expected a whole number 0 or "
              "greater, got -3");
  check_error(R"({"format": "iosr-result", "version": 1, "results": [{"entries": [
  {"label": "a", "kind": "number", "value": "12.5"}]}]})",
              2, 45,
              "\"results[0].entries[0].value\": expected a number (or \"NaN\", "
              "\"Infinity\", \"-Infinity\"), got \"12.5\"");
}

TEST_CASE("JSON with a wrong type in any member is an error that names the member", "[json]") {
  // A document with each member of the schema at least once: one system, one chart, an entry
  // with samples and one with min and max, one warning.
  auto file = full_file();
  file.systems.resize(1);
  file.results.resize(1);
  auto& entries = file.results[0].entries;
  entries = {entries[0], entries[2]};
  file.warnings.resize(1);
  const auto original = nlohmann::json::parse(to_json(file));

  // Each leaf is replaced by a boolean (no member is one) and by an object; an empty array (a
  // null leaf once flattened) also by an array of a number.
  const nlohmann::json object = {{"a", 1}};
  const nlohmann::json array = {1};
  std::size_t checked = 0;
  const auto leaves = original.flatten();  // "/results/0/entries/1/kind" -> "series"
  for (const auto& [pointer, value] : leaves.items()) {
    std::vector<nlohmann::json> wrong = {true, object};
    if (value.is_null()) wrong.push_back(array);
    for (const auto& replacement : wrong) {
      auto changed = original;
      changed[nlohmann::json::json_pointer(pointer)] = replacement;
      const auto text = changed.dump(1);
      INFO(pointer << " = " << replacement.dump());
      try {
        iosr::detail::read_with("iosr-json", text, "bad.json");
        FAIL_CHECK("read without an error");
      } catch (const iosr::parse_error& e) {
        ++checked;
        INFO(e.what());
        CHECK(e.message().starts_with('"' + spelled(pointer)));
        // The position is that of the replacement, or of its first element.
        const char first = text[offset_of(text, e.where())];
        CHECK((first == replacement.dump().front() || (replacement.is_array() && first == '1')));
      }
    }
  }
  CHECK(checked >= 150);
}
