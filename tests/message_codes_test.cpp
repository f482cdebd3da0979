// SPDX-License-Identifier: MIT
// The codes of warnings and notes (iosr/codes.hpp): one well-formed list, every code used by
// the library or the CLI, and a code on every warning the fixtures give.
#include <cctype>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "catch.hpp"
#include "iosr/codes.hpp"
#include "iosr/compare.hpp"
#include "iosr/error.hpp"
#include "iosr/read.hpp"
#include "iosr/render.hpp"

namespace fs = std::filesystem;
using iosr::message_code;

namespace {

constexpr auto& codes = iosr::enum_names<message_code>::names;

// `chart-repeated`: lower-case words of letters and digits joined by single hyphens.
bool kebab_case(std::string_view name) {
  if (name.empty() || name.front() == '-' || name.back() == '-') return false;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    if (c == '-' && name[i + 1] == '-') return false;
    if (c != '-' && !std::islower(static_cast<unsigned char>(c)) &&
        !std::isdigit(static_cast<unsigned char>(c))) {
      return false;
    }
  }
  return true;
}

// The enumerator a code names: `chart-repeated` is message_code::chart_repeated.
std::string enumerator(std::string_view name) {
  std::string out(name);
  for (auto& c : out) c = c == '-' ? '_' : c;
  return "message_code::" + out;
}

// The C++ sources of the library and the CLI, concatenated.
std::string library_and_cli_sources() {
  std::string all;
  for (const char* dir : {"lib/src", "apps"}) {
    for (const auto& item : fs::recursive_directory_iterator(fs::path(IOSR_SOURCE_DIR) / dir)) {
      const auto ext = item.path().extension();
      if (!item.is_regular_file() || (ext != ".cpp" && ext != ".hpp")) continue;
      std::ifstream in(item.path(), std::ios::binary);
      std::ostringstream text;
      text << in.rdbuf();
      all += text.str();
    }
  }
  return all;
}

}  // namespace

TEST_CASE("Codes: one list, in enum order, each name kebab-case and unique", "[codes]") {
  std::set<std::string_view> names;
  for (std::size_t i = 0; i < std::size(codes); ++i) {
    const auto code = static_cast<message_code>(i);
    const auto name = codes[i];
    INFO(name);
    CHECK(kebab_case(name));
    CHECK(names.insert(name).second);
    CHECK(iosr::to_string(code) == name);
    CHECK(iosr::from_string<message_code>(name) == code);
  }
  CHECK(static_cast<std::size_t>(message_code::table_row_cells) + 1 ==
        std::size(codes));
}

TEST_CASE("Codes: every code is used by the library or the CLI", "[codes]") {
  const auto sources = library_and_cli_sources();
  REQUIRE(sources.size() > 100000);
  // Retired codes stay in the list (codes are only ever added), used by nothing.
  const std::set<std::string_view> retired{"baseline-point-not-found"};
  for (const auto name : codes) {
    INFO(name);
    if (retired.contains(name)) continue;
    // Code names are told apart at their end: `message_code::no_baseline` is not used by
    // `message_code::no_baseline_point` (there is no such code, but the check would not see it).
    const auto spelled = enumerator(name);
    bool used = false;
    for (auto at = sources.find(spelled); at != std::string::npos && !used;
         at = sources.find(spelled, at + 1)) {
      const auto after = at + spelled.size();
      used = after >= sources.size() ||
             !(std::isalnum(static_cast<unsigned char>(sources[after])) || sources[after] == '_');
    }
    CHECK(used);
  }
}

TEST_CASE("Codes: every warning read from the fixtures and seeds has one", "[codes]") {
  std::size_t files = 0, warnings = 0;
  std::set<message_code> seen;
  for (const char* dir : {IOSR_FIXTURES_DIR, IOSR_DATA_DIR}) {
    for (const auto& item : fs::recursive_directory_iterator(dir)) {
      if (!item.is_regular_file()) continue;
      iosr::result_file file;
      try {
        file = iosr::read_results_file(item.path().string());
      } catch (const iosr::parse_error&) {
        continue;  // not an input (SOURCES.md, a database), or one made to fail
      }
      ++files;
      // iosr-json holds warnings as written, with the code they were written with.
      if (file.format == "iosr-json") continue;
      for (const auto& w : file.warnings) {
        INFO(item.path().string() << ": " << w.message);
        CHECK(w.code != message_code::unspecified);
        seen.insert(w.code);
        ++warnings;
      }
    }
  }
  CHECK(files > 100);
  CHECK(warnings > 50);
  // The checks after reading, the transport layers and the stored values are all met.
  CHECK(seen.count(message_code::system_without_entries) == 1);
  CHECK(seen.count(message_code::chart_repeated) == 1);
  CHECK(seen.size() > 20);
}

TEST_CASE("Codes: one situation, one code, whichever reader reports it", "[codes]") {
  // A value that is not a number: composite.xml and PTS's JSON export word and code it alike.
  const auto xml = iosr::read_results(R"(<?xml version="1.0"?>
<PhoronixTestSuite>
<Generated><Title>t</Title></Generated>
<System><Identifier>a</Identifier></System>
<Result><Title>T</Title><Scale>MB/s</Scale><Proportion>HIB</Proportion>
<DisplayFormat>BAR_GRAPH</DisplayFormat>
<Data><Entry><Identifier>a</Identifier><Value>fast</Value></Entry></Data></Result>
</PhoronixTestSuite>
)",
                                      "in.xml");
  const auto json = iosr::read_results(
      R"({"systems": {"a": {}}, "results": {"h": {"title": "T", "scale": "MB/s",
         "proportion": "HIB", "display_format": "BAR_GRAPH", "results": {"a": {"value": "fast"}}}}})",
      "in.json");
  for (const auto* f : {&xml, &json}) {
    INFO(f->format);
    bool found = false;
    for (const auto& w : f->warnings) {
      found = found || (w.code == message_code::value_not_a_number &&
                        w.message.find("value 'fast' is not a number") != std::string::npos);
    }
    CHECK(found);
  }
}

TEST_CASE("Codes: iosr-json keeps a warning's code, and reads a missing or unknown one",
          "[codes][json]") {
  iosr::result_file f;
  f.source_name = "a.txt";
  f.format = "pts-text";
  f.warnings.push_back({{2, 3}, message_code::entry_repeated, "twice"});
  std::string text;
  iosr::render({&f, 1}, "json", {}, text);
  CHECK(text.find("\"code\": \"entry-repeated\"") != std::string::npos);
  CHECK(iosr::read_results(text, "back.json").warnings.at(0).code == message_code::entry_repeated);

  // A document of an earlier iosr (no code) or a later one (a code not known here) still reads.
  for (const char* code : {"", R"(, "code": "a-later-code")"}) {
    INFO(code);
    const auto old = std::string(R"({"format": "iosr-result", "version": 1, "warnings": [)") +
                     R"({"where": {"line": 1, "column": 1}, "message": "m")" + code + "}]}";
    const auto back = iosr::read_results(old, "old.json");
    REQUIRE(back.warnings.size() == 1);
    CHECK(back.warnings[0].code == message_code::unspecified);
    CHECK(back.warnings[0].message == "m");
  }
}
