// SPDX-License-Identifier: MIT
// Byte offsets to 1-based line and column, for LF and CRLF line ends.
#include <iterator>
#include <string>
#include <string_view>
#include <utility>
#include <initializer_list>

#include "catch.hpp"
#include "line_index.hpp"

namespace {

using iosr::detail::line_index;

struct pos {
  std::size_t line, column;
};

pos at(const line_index& index, std::size_t offset) {
  auto p = index.position(offset);
  return {p.line, p.column};
}

// `line:column` of `offset`, as iosr's messages write it.
std::string where(const line_index& index, std::size_t offset) {
  const auto p = index.position(offset);
  return std::to_string(p.line) + ":" + std::to_string(p.column);
}

// Checks `line:column` at each offset of one index over `text`, asked in the order given.
void check_places(std::string_view text,
                  std::initializer_list<std::pair<std::size_t, std::string_view>> places) {
  line_index index(text);
  for (const auto& [offset, place] : places) {
    INFO("offset " << offset);
    CHECK(where(index, offset) == place);
  }
}

}  // namespace

TEST_CASE("The first byte of a text is line 1 column 1", "[line_index]") {
  line_index index("abc\ndef\n");
  CHECK(where(index, 0) == "1:1");
}

TEST_CASE("Offsets after LF line ends count lines and byte columns", "[line_index]") {
  // The `\n` itself belongs to the line it ends (offset 3); line 3 is empty.
  check_places("abc\ndef\n\nxy", {{2, "1:3"}, {3, "1:4"}, {4, "2:1"}, {6, "2:3"}, {8, "3:1"},
                                  {9, "4:1"}});
}

TEST_CASE("The last byte of a text without a final line end is on the last line",
          "[line_index]") {
  constexpr std::string_view text = "ab\ncd";
  line_index index(text);
  CHECK(where(index, text.size() - 1) == "2:2");
}

TEST_CASE("The offset just past the end is one column after the last byte", "[line_index]") {
  constexpr std::string_view text = "ab\ncd";
  line_index index(text);
  CHECK(where(index, text.size()) == "2:3");
}

TEST_CASE("The offset after a final line end starts a new line", "[line_index]") {
  constexpr std::string_view text = "ab\n";
  line_index index(text);
  CHECK(where(index, text.size()) == "2:1");
}

TEST_CASE("CRLF counts as one line end", "[line_index]") {
  constexpr std::string_view text = "ab\r\ncd\r\n\r\nef";
  CHECK(at(line_index(text), 0).line == 1);
  // `\r` and `\n` stay on the line they end.
  check_places(text, {{2, "1:3"}, {3, "1:4"}, {4, "2:1"}, {5, "2:2"}, {8, "3:1"}, {10, "4:1"},
                      {11, "4:2"}});
}

TEST_CASE("A lone CR is not a line end", "[line_index]") {
  line_index index("ab\rcd");
  CHECK(where(index, 3) == "1:4");
  line_index with_lf("ab\rcd\ref\n");
  CHECK(at(with_lf, 6).line == 1);
}

TEST_CASE("In a text with no LF but several CRs (classic Mac OS), CR ends the line",
          "[line_index]") {
  line_index index("ab\rcd\ref");
  CHECK(where(index, 3) == "2:1");
  CHECK(at(index, 7).line == 3);
}

TEST_CASE("Offset 0 of an empty text is line 1 column 1", "[line_index]") {
  line_index index("");
  CHECK(where(index, 0) == "1:1");
}

TEST_CASE("Columns count bytes, not UTF-8 characters", "[line_index]") {
  // `ü` is two bytes.
  line_index index("\xC3\xBCx");
  CHECK(at(index, 2).column == 3);
}

namespace {

// The line and column of `offset` counted byte by byte: what every answer must agree with.
pos counted(std::string_view text, std::size_t offset, char end) {
  pos p{1, 1};
  for (std::size_t i = 0; i < offset; ++i) {
    if (i < text.size() && text[i] == end) {
      ++p.line;
      p.column = 1;
    } else {
      ++p.column;
    }
  }
  return p;
}

}  // namespace

TEST_CASE("Answers do not depend on the order of the questions", "[line_index]") {
  // Long enough for the counting's 16-byte lanes to fill past 255 several times, with lines
  // of every length from 0 to 96 bytes, some ending in CRLF.
  std::string text;
  for (std::size_t line = 0; text.size() < 20000; ++line) {
    text.append(line * 7 % 97, 'x');
    text += line % 5 == 0 ? "\r\n" : "\n";
  }
  text += "tail";
  const std::size_t offsets[] = {
      0, 1, 15, 16, 17, 4095, 4096, 4097, 10000, text.size() - 1, text.size()};
  SECTION("forward, each offset once") {
    line_index index(text);
    for (auto offset : offsets) {
      CHECK(at(index, offset).line == counted(text, offset, '\n').line);
      CHECK(at(index, offset).column == counted(text, offset, '\n').column);
    }
  }
  SECTION("backward, after a question at the end") {
    line_index index(text);
    for (auto it = std::rbegin(offsets); it != std::rend(offsets); ++it) {
      CHECK(at(index, *it).line == counted(text, *it, '\n').line);
      CHECK(at(index, *it).column == counted(text, *it, '\n').column);
    }
  }
  SECTION("the same offset twice, then one before it") {
    line_index index(text);
    CHECK(at(index, 10000).line == counted(text, 10000, '\n').line);
    CHECK(at(index, 10000).line == counted(text, 10000, '\n').line);
    CHECK(at(index, 9999).column == counted(text, 9999, '\n').column);
  }
  SECTION("every offset in order, against the byte-by-byte count") {
    line_index index(text);
    bool all_agree = true;
    pos want{1, 1};
    for (std::size_t offset = 0; offset <= text.size(); ++offset) {
      auto p = at(index, offset);
      all_agree = all_agree && p.line == want.line && p.column == want.column;
      want = offset < text.size() && text[offset] == '\n' ? pos{want.line + 1, 1}
                                                          : pos{want.line, want.column + 1};
    }
    CHECK(all_agree);
  }
}

TEST_CASE("Noted line ends answer as the text did, once the text is overwritten",
          "[line_index]") {
  // A composite.xml parsed in place: pugixml writes terminators over line ends and decodes
  // `&#10;` into new ones, so the notes alone must give every answer. Lines of 0 to 150
  // bytes cross the 64-byte words of the notes in every way; the text ends inside a word.
  std::string kept;
  for (std::size_t line = 0; kept.size() < 9000; ++line) {
    kept.append(line * 13 % 151, 'x');
    kept += line % 4 == 0 ? "\r\n" : "\n";
  }
  kept += "tail";
  const std::string classic = "ab\rcd\r\ref";  // no LF: CR ends the lines
  for (const std::string& original : {kept, classic}) {
    const char end = original == classic ? '\r' : '\n';
    std::string text = original;
    line_index index(text);
    index.note_line_ends();
    for (auto& c : text) c = c == end ? '\0' : end;  // every byte changed
    bool all_agree = true;
    for (std::size_t offset = 0; offset <= original.size(); ++offset) {
      auto p = at(index, offset), want = counted(original, offset, end);
      all_agree = all_agree && p.line == want.line && p.column == want.column;
    }
    CHECK(all_agree);
    // Backward: the line starts are built from the notes too.
    for (std::size_t offset : {original.size() / 2, std::size_t{0}, original.size() / 3}) {
      CHECK(at(index, offset).line == counted(original, offset, end).line);
      CHECK(at(index, offset).column == counted(original, offset, end).column);
    }
  }
}

TEST_CASE("Offsets past the end stay on the last line", "[line_index]") {
  line_index index("ab\ncd");
  CHECK(where(index, 9) == "2:7");
  CHECK(at(index, 4).column == 2);  // behind the cursor now
}
