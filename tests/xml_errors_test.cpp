// SPDX-License-Identifier: MIT
// A composite.xml that pugixml refuses says what is left open and where it was opened: a file
// cut short at any byte, and a closing tag that closes another element; the same whether the
// text is copied or parsed in place.
#include <string>
#include <string_view>

#include "catch.hpp"
#include "iosr/error.hpp"
#include "iosr/read.hpp"
#include "iosr/read_in_place.hpp"
#include "reader_support.hpp"

namespace {

const std::string corpus = std::string(IOSR_FIXTURES_DIR) + "/corpus/xml/";

// The refusal of `text` read both ways, checked to be the same.
iosr::parse_error refusal(const std::string& text) {
  const auto copied = test_support::refusal_of(text, "cut.xml");
  std::string own = text;
  try {
    (void)iosr::read_results_in_place(own, "cut.xml");
    FAIL("read in place without an error");
  } catch (const iosr::parse_error& e) {
    CHECK(std::string(e.what()) == copied.what());
  }
  return copied;
}

// The line and column of `offset` in `text` (the end of the text when it is the size).
iosr::source_position position_at(std::string_view text, std::size_t offset) {
  iosr::source_position p{1, 1};
  for (char c : text.substr(0, offset)) {
    if (c == '\n') {
      ++p.line;
      p.column = 1;
    } else {
      ++p.column;
    }
  }
  return p;
}

}  // namespace

TEST_CASE("A composite.xml cut at any byte says what it ends inside, where its last line ends",
          "[xml]") {
  for (const char* name : {"pts-8.2.0_two-systems_sparse-entries.xml",
                           "pts-0.1.0_2008_encode-ogg_two-identifiers_merged.xml"}) {
    const auto whole = test_support::slurp(corpus + name);
    const auto root_end = whole.find('>', whole.find("<PhoronixTestSuite")) + 1;
    const auto last = whole.rfind("</PhoronixTestSuite>");
    for (auto size = root_end + 1; size < last; ++size) {
      const auto text = whole.substr(0, size);
      INFO(name << " cut after byte " << size << ": ..." << text.substr(size - 40));
      const auto e = refusal(text);
      CHECK(e.message().starts_with("input ends inside "));
      CHECK(e.message().ends_with("is the file cut short?"));
      // The end of its last line, as an editor shows it.
      const auto end = text.size() - (text.ends_with('\n') ? 1 : 0);
      CHECK(e.where() == position_at(text, end));
      // The enclosing elements, up to the root or the last three.
      CHECK((e.message().find("PhoronixTestSuite") != std::string::npos ||
             e.message().find(", ...)") != std::string::npos));
    }
  }
}

TEST_CASE("A cut composite.xml names the innermost open element and where it was opened", "[xml]") {
  const auto whole = test_support::slurp(corpus + "pts-8.2.0_gce_pjdfstest_pass-fail.xml");
  SECTION("inside an element's text") {
    const auto at = whole.find("<Result>");
    REQUIRE(at != std::string::npos);
    const auto title = whole.find("<Title>", at) + 9;
    const auto text = whole.substr(0, title);
    const auto lines = position_at(text, at).line;
    const auto e = refusal(text);
    const auto title_at = position_at(text, whole.find("<Title>", at));
    CHECK(e.message() == "input ends inside <Title> opened at line " +
                             std::to_string(title_at.line) + ", column " +
                             std::to_string(title_at.column) + " (within <Result> from line " +
                             std::to_string(lines) +
                             ", <PhoronixTestSuite> from line 3); expected </Title>: is the file "
                             "cut short?");
  }
  SECTION("after an element that was closed: its parent is open") {
    const auto closed = whole.find("</Title>", whole.find("<Result>")) + 8;
    const auto e = refusal(whole.substr(0, closed) + "\n");
    CHECK(e.message().starts_with("input ends inside <Result> opened at line "));
  }
  SECTION("inside a tag") {
    const auto tag = whole.find("<Entry>") + 4;
    const auto e = refusal(whole.substr(0, tag));
    CHECK(e.message().starts_with("input ends inside the tag <Ent opened at line "));
  }
  SECTION("inside a comment") {
    const auto e = refusal(whole.substr(0, whole.find("<Result>")) + "<!-- unfinished");
    CHECK(e.message() ==
          "input ends inside a comment (within <PhoronixTestSuite> from line 3); is the file "
          "cut short?");
  }
}

TEST_CASE("A closing tag that closes another element names the one open", "[xml]") {
  auto text = test_support::slurp(corpus + "pts-8.2.0_gce_pjdfstest_pass-fail.xml");
  const auto title = text.find("</Title>", text.find("<Result>"));
  text.replace(title, 8, "</Titel>");
  const auto e = refusal(text);
  CHECK(e.where() == position_at(text, title));
  CHECK(e.message().starts_with("</Titel> does not close <Title>, opened at line "));
  CHECK(e.message().ends_with("; expected </Title>"));
}
