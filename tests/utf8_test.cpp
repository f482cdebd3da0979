// SPDX-License-Identifier: MIT
// THE UTF-8 test (lib/src/utf8.hpp): well-formed sequences pass; overlong forms, surrogates, code
// points past U+10FFFF, stray continuation bytes and cut sequences do not, each with the length
// of its maximal invalid part.
#include "utf8.hpp"

#include <string_view>

#include "catch.hpp"
#include "render/escape.hpp"

using iosr::detail::is_utf8;
using iosr::detail::scan_utf8;

TEST_CASE("UTF-8: every well-formed length, at the edges of each range", "[utf8]") {
  for (std::string_view ok :
       {"", "plain ASCII", "\x7F", "\xC2\x80", "\xDF\xBF", "\xE0\xA0\x80", "\xEC\xBF\xBF",
        "\xED\x9F\xBF", "\xEE\x80\x80", "\xEF\xBF\xBF", "\xF0\x90\x80\x80", "\xF3\xBF\xBF\xBF",
        "\xF4\x8F\xBF\xBF", "I/O \xE2\x86\x91 caf\xC3\xA9 \xF0\x9F\x92\xBE"}) {
    INFO(ok);
    CHECK(is_utf8(ok));
  }
  CHECK(scan_utf8("\xF0\x9F\x92\xBE", 0).length == 4);
}

TEST_CASE("UTF-8: overlong forms, surrogates, past U+10FFFF and cut sequences are refused",
          "[utf8]") {
  struct bad {
    std::string_view text;
    std::size_t length;  // of the maximal invalid part at 0
  };
  for (auto [text, length] : {
           bad{"\xC0\x80", 1},          // overlong NUL
           bad{"\xC1\xBF", 1},          // overlong U+007F
           bad{"\xE0\x80\xAF", 1},      // overlong '/'
           bad{"\xE0\x9F\xBF", 1},      // overlong U+07FF
           bad{"\xF0\x80\x80\xAF", 1},  // overlong '/'
           bad{"\xF0\x8F\xBF\xBF", 1},  // overlong U+FFFF
           bad{"\xED\xA0\x80", 1},      // U+D800, a surrogate
           bad{"\xED\xBF\xBF", 1},      // U+DFFF
           bad{"\xF4\x90\x80\x80", 1},  // U+110000
           bad{"\xF5\x80\x80\x80", 1},  // a lead byte UTF-8 never uses
           bad{"\xFF", 1},              //
           bad{"\x80", 1},              // a continuation byte alone
           bad{"\xC3", 1},              // cut after the lead byte
           bad{"\xE2\x82", 2},          // cut inside
           bad{"\xF0\x9F\x92", 3},      // cut inside
           bad{"\xE2\x82"
               "A",
               2},  // ended by ASCII
       }) {
    INFO(text);
    CHECK_FALSE(is_utf8(text));
    CHECK_FALSE(scan_utf8(text, 0).valid);
    CHECK(scan_utf8(text, 0).length == length);
  }
  CHECK_FALSE(is_utf8("ok \xC3\xA9 then \xC0\xAF"));
}

TEST_CASE("UTF-8: the JSON escaping replaces what the test refuses, one U+FFFD per part",
          "[utf8]") {
  std::string out;
  iosr::detail::append_json_string(out,
                                   "a\xE0\x80\xAF"
                                   "b\xED\xA0\x80",
                                   iosr::detail::json_style::document);
  CHECK(out ==
        "\"a\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"
        "b\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\"");
}
