// SPDX-License-Identifier: MIT
// read_results_in_place against read_results on every fixture, every format: the same model,
// warnings and errors. A batch reads each file in place; a composite.xml is then parsed where
// it is, and pugixml writes terminators over line ends and decodes `&#10;` into new ones, so
// the positions must come from the line ends noted before.
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "catch.hpp"
#include "iosr/error.hpp"
#include "iosr/read.hpp"
#include "reader_support.hpp"

using namespace iosr;

namespace {

const std::string fixtures = IOSR_FIXTURES_DIR;

// What a read gives, error or model, to compare the two ways of reading one text.
std::variant<result_file, std::string> outcome_of(bool in_place, std::string text) {
  try {
    return in_place ? read_results_in_place(text, "x") : read_results(text, "x");
  } catch (const parse_error& e) {
    return std::string(e.what());
  }
}

void check_same_outcome(const std::string& name, const std::string& text) {
  INFO(name);
  auto copied = outcome_of(false, text), in_place = outcome_of(true, text);
  REQUIRE(copied.index() == in_place.index());
  if (copied.index() == 1) {
    CHECK(std::get<1>(copied) == std::get<1>(in_place));
  } else {
    CHECK(std::get<0>(copied).warnings == std::get<0>(in_place).warnings);
    CHECK(std::get<0>(copied) == std::get<0>(in_place));
  }
}

std::string replaced(std::string text, std::string_view what, std::string_view with) {
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + with.size())) {
    text.replace(at, what.size(), with);
  }
  return text;
}

}  // namespace

TEST_CASE("Reading in place gives what reading a copy gives, for every fixture", "[read]") {
  std::size_t files = 0;
  for (const char* folder : {"corpus", "seeds", "samples", "synthetic", "wild", "compare"}) {
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
