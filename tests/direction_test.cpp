// SPDX-License-Identifier: MIT
// PTS's Proportion read the one way (direction_of_proportion, input/stored_result.hpp) by every
// reader that stores it: composite.xml today and in its 2008 layout, PTS's JSON and CSV exports.
// Each real file gets each kind of value in its first chart's place.
#include <string>
#include <string_view>

#include "catch.hpp"
#include "iosr/read.hpp"
#include "reader_support.hpp"

namespace {

const std::string corpus = std::string(IOSR_FIXTURES_DIR) + "/corpus/";

struct stored_form {
  const char* file;
  std::string_view found;   // the first chart's Proportion as the file writes it
  std::string_view before;  // what comes before the value there
  std::string_view after;
  std::string_view member;  // how a warning names it
};

constexpr stored_form forms[] = {
    {"xml/pts-10.8.4_compress-zstd_20-systems_14-results.xml", "<Proportion>HIB</Proportion>",
     "<Proportion>", "</Proportion>", "Proportion"},
    {"xml/pts-0.1.0_2008_encode-ogg_single-run_benchmark-first.xml", "<Proportion></Proportion>",
     "<Proportion>", "</Proportion>", "Proportion"},
    {"json/pts-10.8.4_osbench_base-vs-fwrapv.json", "\"proportion\": \"LIB\"", "\"proportion\": \"",
     "\"", "proportion"},
    {"csv-pts10.8.4/pts-10.8.4_osbench_base-vs-fwrapv.csv", "\",LIB,", "\",", ",", "direction"},
};

}  // namespace

TEST_CASE("Every reader of PTS's Proportion maps it the same way", "[direction]") {
  struct expected {
    std::string_view proportion;
    iosr::direction direction;
    bool warned;
  };
  for (const auto& form : forms) {
    const auto original = test_support::slurp(corpus + form.file);
    const auto at = original.find(form.found);
    REQUIRE(at != std::string::npos);
    for (auto [proportion, direction, warned] : {expected{"HIB", iosr::direction::higher, false},
                                                 expected{"LIB", iosr::direction::lower, false},
                                                 expected{"", iosr::direction::none, false},
                                                 expected{"ABSTRACT", iosr::direction::none, false},
                                                 expected{"MIB", iosr::direction::none, true}}) {
      INFO(form.file << " with '" << proportion << "'");
      auto text = original;
      text.replace(at, form.found.size(),
                   std::string(form.before) + std::string(proportion) + std::string(form.after));
      const auto file = iosr::read_results(text, form.file);
      REQUIRE_FALSE(file.results.empty());
      CHECK(file.results[0].direction == direction);
      const auto message = std::string(form.member) + " '" + std::string(proportion) +
                           "' is not HIB, LIB or empty; read as no direction";
      CHECK(test_support::has_warning(file, message) == warned);
      CHECK(test_support::has_warning(file, "read as no direction") == warned);
    }
  }
}
