// SPDX-License-Identifier: MIT
// Golden files for escaping: a hand-made model whose texts hold every byte, invalid UTF-8 and
// markup, in every result and comparison format, byte for byte against tests/golden/escaping/
// (the seeds of tests/golden_test.py hold none of these bytes). IOSR_UPDATE_GOLDEN=1 rewrites
// the files.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "catch.hpp"
#include "compare_support.hpp"
#include "iosr/compare.hpp"
#include "iosr/render.hpp"

using namespace test_support;
using iosr::direction;

namespace {

const std::filesystem::path golden_dir =
    std::filesystem::path(IOSR_SOURCE_DIR) / "tests" / "golden" / "escaping";

// Every byte value once, then UTF-8 that is valid (2, 3 and 4 bytes) and not: overlong,
// a surrogate, past U+10FFFF, a lone continuation byte, and sequences cut short.
std::string hostile_text() {
  std::string text;
  for (int b = 0; b < 256; ++b) text += static_cast<char>(b);
  text += " é → 😀 \xc0\xaf \xe0\x80\x80 \xed\xa0\x80 \xf4\x90\x80\x80 \x80 \xf0\x9f\x98"
          "A \xe2\x82 </script> <b>&amp;</b> a/b \"q\" 'q' \\ | * _ ` # ~ , ; \r\n end \xe2\x82";
  return text;
}

iosr::result_file hostile_file(const std::string& name, const std::string& text) {
  auto f = file(name, {chart("Title " + text, "Description " + text, "Unit " + text,
                             direction::higher,
                             {{"None", "20.13", 0.05, 3}, {text, "18.20", 0.1, 3}, {"x", ""}}),
                       chart("Other", "Only here", "s", direction::lower, {{"None", "1"}})});
  f.title = text;
  f.description = text;
  f.notes = text;
  auto& failed = f.results[0].entries[2];
  failed.error = "failed / " + text;  // composite.xml keeps it in the Entry's JSON
  f.results[0].arguments = text;
  f.results[0].test_id = "pts/" + text;
  for (auto& s : f.systems) {
    s.hardware = {{"Processor", text}, {text, "value"}};
    s.software = {{"OS", text}};
    s.notes = text;
  }
  f.warnings.push_back({{3, 4}, iosr::message_code::chart_repeated, "warning " + text});
  return f;
}

// Compares `actual` with the golden file `name`, or rewrites it under IOSR_UPDATE_GOLDEN=1.
void check_golden(const std::string& name, const std::string& actual) {
  const auto path = golden_dir / (name + ".golden");
  const char* update = std::getenv("IOSR_UPDATE_GOLDEN");
  if (update != nullptr && std::string_view(update) == "1") {
    std::filesystem::create_directories(golden_dir);
    std::ofstream(path, std::ios::binary) << actual;
    return;
  }
  INFO("golden file " << path.string() << " (IOSR_UPDATE_GOLDEN=1 rewrites it)");
  const auto expected = test_support::slurp(path.string());
  if (expected == actual) return;
  std::size_t at = 0;
  while (at < expected.size() && at < actual.size() && expected[at] == actual[at]) ++at;
  INFO("first difference at byte " << at << " of " << expected.size() << " (golden) and "
                                   << actual.size() << " (now)");
  FAIL_CHECK("output differs from the golden file");
}

}  // namespace

TEST_CASE("Golden: every result format of a model full of hostile bytes", "[golden][escaping]") {
  const auto text = hostile_text();
  const auto f = hostile_file("in/" + text, text);
  for (const auto& format : iosr::list_output_formats()) {
    std::string out;
    iosr::render({&f, 1}, format.name, {}, out);
    check_golden("result." + std::string(format.name), out);
  }
  check_golden("result.show", iosr::render_listing(f));
}

TEST_CASE("Golden: every comparison format of hostile bytes, both views", "[golden][escaping]") {
  const auto text = hostile_text();
  const auto c =
      iosr::compare(std::vector{hostile_file("a/" + text, text), hostile_file("b.txt", "b")});
  for (const auto& format : iosr::list_comparison_formats()) {
    for (bool table_view : {false, true}) {
      iosr::comparison_render_options options;
      options.table_view = table_view;
      options.color = true;  // only ascii draws colours
      std::string out;
      iosr::render_comparison(c, format.name, options, out);
      check_golden(std::string(table_view ? "table." : "compare.") + std::string(format.name), out);
    }
  }
}
