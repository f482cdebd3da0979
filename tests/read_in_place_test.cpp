// SPDX-License-Identifier: MIT
// read_results_in_place and read_results(prepare_input()) against read_results on every
// fixture, every format: the same model, warnings and errors. A batch prepares each file on its
// reader thread and reads it in place on a worker; a composite.xml is then parsed where it is,
// and pugixml writes terminators over line ends and decodes `&#10;` into new ones, so the
// positions must come from the line ends noted before.
#include "iosr/read_in_place.hpp"

#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "catch.hpp"
#include "iosr/error.hpp"
#include "reader_support.hpp"

using namespace iosr;

namespace {

const std::string fixtures = IOSR_FIXTURES_DIR;

enum class way { copy, in_place, prepared };

// What a read gives, error or model, to compare the ways of reading one text.
std::variant<result_file, std::string> outcome_of(way how, std::string text) {
  try {
    switch (how) {
      case way::copy: return read_results(text, "x");
      case way::in_place: return read_results_in_place(text, "x");
      case way::prepared: return read_results(prepare_input(std::move(text), "x"));
    }
  } catch (const parse_error& e) {
    return std::string(e.what());
  }
  return std::string("unreachable");
}

void check_same_outcome(const std::string& name, const std::string& text) {
  INFO(name);
  auto copied = outcome_of(way::copy, text);
  for (way how : {way::in_place, way::prepared}) {
    INFO((how == way::in_place ? "in place" : "prepared"));
    auto other = outcome_of(how, text);
    REQUIRE(copied.index() == other.index());
    if (copied.index() == 1) {
      CHECK(std::get<1>(copied) == std::get<1>(other));
    } else {
      CHECK(std::get<0>(copied).warnings == std::get<0>(other).warnings);
      CHECK(std::get<0>(copied) == std::get<0>(other));
    }
  }
  // A batch skips what its preparation does not detect, as it skipped what detection refused.
  CHECK(prepare_input(text, "x").detected_format() == detect_input_format(text));
}

std::string replaced(std::string text, std::string_view what, std::string_view with) {
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + with.size())) {
    text.replace(at, what.size(), with);
  }
  return text;
}

}  // namespace

TEST_CASE("Reading in place or prepared gives what reading a copy gives, for every fixture",
          "[read]") {
  std::size_t files = 0;
  for (const char* folder :
       {"corpus", "seeds", "samples", "synthetic", "wild", "compare", "pts-run"}) {
    for (const auto& entry : std::filesystem::recursive_directory_iterator(fixtures + "/" + folder)) {
      if (!entry.is_regular_file() || entry.path().extension() == ".md" ||
          entry.path().extension() == ".py") {
        continue;
      }
      check_same_outcome(entry.path().string(), test_support::slurp(entry.path().string()));
      ++files;
    }
  }
  CHECK(files >= 139);  // every fixture of these folders at the time of writing
}

TEST_CASE("Reading in place keeps positions and errors of edited composite.xml", "[read][xml]") {
  const std::string three_way = test_support::slurp(fixtures + "/samples/iosched-3way.xml");
  std::vector<std::pair<std::string, std::string>> texts = {
      {"CRLF line ends", replaced(three_way, "\n", "\r\n")},
      {"line ends inside tags and references",
       replaced(replaced(three_way, "<Entry>", "<Entry\n>"), "</Title>", "&#10;&#10;&amp;\n</Title>")},
      {"a DOCTYPE after a comment",
       replaced(three_way, "<PhoronixTestSuite>",
                "<!-- a\nnote -->\n<!DOCTYPE r [\n<!ENTITY e \"x\">\n]>\n<PhoronixTestSuite>")},
      {"a byte-order mark and a cut", "\xEF\xBB\xBF" + three_way.substr(0, 900)},
      {"an entry with a bad value", replaced(three_way, "<Value>", "<Value>x")},
  };
  // pugixml stops at its buffer's last byte: cut inside a tag, the copy's added '\0' and the
  // string's own must give the same error (found by fuzz_composite_xml).
  for (std::string_view cut : {"<Syst", "<System a", "<System a=\"", "<Title>x"}) {
    texts.emplace_back("cut at " + std::string(cut),
                       three_way.substr(0, three_way.find("<System>")) + std::string(cut));
  }
  for (const auto& [name, text] : texts) check_same_outcome(name, text);
}

TEST_CASE("Prepared inputs fail and detect as reading and detection do", "[read]") {
  const std::string three_way = test_support::slurp(fixtures + "/samples/iosched-3way.xml");
  std::string binary_late = three_way;
  binary_late[2000] = '\x01';  // past the head detection looks at: a damaged result file
  std::string binary_early = three_way;
  binary_early[10] = '\x01';  // in the head: not a result file
  const std::vector<std::pair<std::string, std::string>> texts = {
      {"empty", ""},
      {"blank", " \n\t\r\n"},
      {"a byte-order mark alone", "\xEF\xBB\xBF"},
      {"UTF-16", "\xFF\xFE<\0?\0x\0m\0l\0"},
      {"binary in the head", binary_early},
      {"binary further in", binary_late},
      {"not a result", "hello world\n"},
      {"a short text", "x"},
  };
  for (const auto& [name, text] : texts) check_same_outcome(name, text);
  CHECK(prepare_input(binary_late, "x").detected_format() == "composite-xml");
  CHECK(prepare_input(binary_early, "x").detected_format().empty());

  read_options small;
  small.max_input_bytes = 100;
  auto too_large = prepare_input(three_way, "big.xml", small);
  CHECK(too_large.detected_format().empty());  // not looked at: reading it is refused
  CHECK_THROWS_WITH(read_results(std::move(too_large)),
                    Catch::Contains("expected at most 100"));
}

TEST_CASE("A prepared input is read once", "[read]") {
  const auto text = test_support::slurp(fixtures + "/samples/iosched-3way.xml");
  auto prepared = prepare_input(text, "x");
  CHECK(prepared.detected_format() == "composite-xml");
  CHECK(prepared.bytes() == text);  // as given, until read
  auto file = read_results(std::move(prepared));
  CHECK(!file.results.empty());
  CHECK(prepared.detected_format().empty());  // NOLINT(bugprone-use-after-move): what is left
  CHECK(prepared.bytes().empty());
  CHECK_THROWS_AS(read_results(std::move(prepared)), iosr::error);
}
