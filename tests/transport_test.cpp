// SPDX-License-Identifier: MIT
// The decoding step in front of the readers (lib/src/input/transport/): each transport layer
// alone and stacked gives the model of the plain export, says once what it undid, and keeps
// positions in the bytes the user has.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "catch.hpp"
#include "input/input_formats.hpp"
#include "input/transport/layers.hpp"
#include "input/transport/mapped_text.hpp"
#include "input/transport/transport.hpp"
#include "iosr/error.hpp"
#include "iosr/read.hpp"
#include "iosr/read_in_place.hpp"
#include "reader_support.hpp"
#include "strings.hpp"

using namespace iosr;

using test_support::slurp;

namespace {

const std::string fixtures = std::string(IOSR_FIXTURES_DIR) + "/";

// 1-based line and byte column of `offset` in `text`.
source_position position_in(std::string_view text, std::size_t offset) {
  source_position p{1, 1};
  for (std::size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++p.line;
      p.column = 1;
    } else {
      ++p.column;
    }
  }
  return p;
}

std::vector<std::string> messages(const result_file& f) {
  std::vector<std::string> out;
  for (const auto& w : f.warnings) out.push_back(w.message);
  return out;
}

const std::string osbench = "corpus/pts-text/pts-10.8.4_osbench_base-vs-fwrapv.txt";

bool no_reader(std::string_view) { return false; }

std::vector<std::string> messages_of(const detail::decoded_input& input) {
  std::vector<std::string> out;
  for (const auto& w : input.warnings()) out.push_back(w.message);
  return out;
}

// The cells of a Markdown table row (`| a | b |`), without their blanks.
std::vector<std::string> table_cells(std::string_view row) {
  std::vector<std::string> cells;
  row.remove_prefix(1);
  for (auto bar = row.find(" | "); bar != std::string_view::npos; bar = row.find(" | ")) {
    cells.emplace_back(detail::trim(row.substr(0, bar)));
    row.remove_prefix(bar + 3);
  }
  if (row.ends_with('|')) row.remove_suffix(1);
  cells.emplace_back(detail::trim(row));
  return cells;
}

}  // namespace

TEST_CASE("offset_map maps copied runs linearly and decoded bytes to where they began",
          "[transport]") {
  detail::mapped_text t;
  t.copy("abc", 10);         // out 0-2 <- in 10-12
  t.put('=', 13, 3);         // out 3   <- in 13 (`=3D`)
  t.put('=', 16, 3);         // out 4   <- in 16 (the next `=3D`: the same run)
  t.copy("de", 19);          // out 5-6 <- in 19-20
  t.put("\xC2\xB5", 21, 1);  // out 7-8 <- in 21 (Latin-1 0xB5)
  t.put("\xC2\xB1", 22, 1);  // out 9-10 <- in 22
  auto map = t.take_map();
  CHECK(map.runs() == 4);  // abc; the two `=3D`; de; the two Latin-1 characters
  CHECK(map.to_input(0) == 10);
  CHECK(map.to_input(2) == 12);
  CHECK(map.to_input(3) == 13);
  CHECK(map.to_input(4) == 16);
  CHECK(map.to_input(5) == 19);
  CHECK(map.to_input(6) == 20);
  CHECK(map.to_input(7) == 21);
  CHECK(map.to_input(8) == 21);
  CHECK(map.to_input(9) == 22);
  CHECK(map.to_input(10) == 22);
}

TEST_CASE("A bar of quoted-printable '=3D' costs the map one run, not one per byte",
          "[transport]") {
  std::string bar = "x |";
  for (int i = 0; i < 1000; ++i) bar += "=3D";
  detail::mapped_text out;
  std::size_t malformed = 0;
  detail::decode_quoted_printable(bar, 0, out, malformed);
  CHECK(out.text() == "x |" + std::string(1000, '='));
  auto map = out.take_map();
  CHECK(map.runs() == 2);
  CHECK(map.to_input(3 + 999) == 3 + 999 * 3);
}

TEST_CASE("Each transport layer alone gives the model of the plain export", "[transport]") {
  const auto& plain = test_support::read_cached(fixtures + osbench);
  struct form {
    std::string file;
    std::vector<std::string> warnings;
  };
  const form forms[] = {
      {"synthetic/synthetic-osbench_quoted-printable.eml", {"quoted-printable decoded"}},
      {"synthetic/synthetic-osbench_flowed.eml",
       {"format=flowed: 28 wrapped lines joined back (RFC 3676)"}},
      {"synthetic/synthetic-osbench_quoted-twice.txt", {"2 levels of '> ' quoting removed"}},
      {"synthetic/synthetic-osbench_multipart-base64.eml",
       {"MIME part 2 of 2 (text/plain 'osbench.txt') read", "base64 decoded"}},
  };
  for (const auto& f : forms) {
    INFO(f.file);
    const auto& read = test_support::read_cached(fixtures + f.file);
    CHECK(messages(read) == f.warnings);
    CHECK(test_support::without_provenance(read) == test_support::without_provenance(plain));
  }
}

TEST_CASE("Stacked layers (quoted twice, format=flowed, quoted-printable) are undone outermost "
          "first",
          "[transport]") {
  const auto& plain = test_support::read_cached(fixtures + osbench);
  const auto& read = test_support::read_cached(
      fixtures + "synthetic/synthetic-osbench_quoted-flowed-quoted-printable.eml");
  CHECK(messages(read) == std::vector<std::string>{
                              "quoted-printable decoded",
                              "format=flowed: 28 wrapped lines joined back (RFC 3676)",
                              "2 levels of '> ' quoting removed"});
  CHECK(test_support::without_provenance(read) == test_support::without_provenance(plain));
  // Each warning names the line where its layer begins: the header, the body, the quote.
  CHECK(read.warnings[0].where == source_position{8, 1});
  CHECK(read.warnings[1].where == source_position{10, 1});
  CHECK(read.warnings[2].where == source_position{13, 1});
}

TEST_CASE("A quoted reply gives exactly the labels and units of the unquoted export, also where "
          "the mail client re-wrapped lines without their '> '",
          "[transport]") {
  const auto& plain =
      test_support::read_cached(fixtures + "corpus/pts-text/pts-10.8.4_sqlite_20-systems.txt");
  const auto& read =
      test_support::read_cached(fixtures + "synthetic/synthetic-sqlite_quoted-rewrapped.txt");
  CHECK(messages(read) ==
        std::vector<std::string>{
            "1 level of '> ' quoting removed; 260 lines that the mail client re-wrapped "
            "without their '> ' were joined back to the quoted line before"});
  CHECK(test_support::without_provenance(read) == test_support::without_provenance(plain));
  CHECK(test_support::system_labels(read) == test_support::system_labels(plain));
}

TEST_CASE("Entries read through quoting point at their label in the quoted file",
          "[transport]") {
  const auto text = slurp(fixtures + "synthetic/synthetic-osbench_quoted-twice.txt");
  auto file = read_results(text, "reply.txt");
  const auto& first = file.results.at(0).entries.at(0);
  REQUIRE(first.label == "base");
  auto at = text.find("> > base ...");
  REQUIRE(at != std::string::npos);
  CHECK(first.where == position_in(text, at + 4));
}

TEST_CASE("An error inside a quoted-printable body points into the encoded file",
          "[transport]") {
  auto text = slurp(fixtures + "synthetic/synthetic-osbench_quoted-printable.eml");
  // A value spoiled in the encoded text: `27.06` becomes `27.0.6`.
  auto at = text.find("27.06");
  REQUIRE(at != std::string::npos);
  text.replace(at, 5, "27.0.6");
  const auto e = test_support::refusal_of(text, "mail.eml");
  CHECK(e.where() == position_in(text, at));
  CHECK(e.message().starts_with("value '27.0.6' of 'base' is not a number"));
}

TEST_CASE("An error after quoted-printable soft line breaks and =3D points at the encoded byte",
          "[transport]") {
  // The entry line is cut in two by a soft break; the value sits on the second encoded line,
  // after `=3D` sequences of the first.
  const std::string text =
      "Content-Type: text/plain\nContent-Transfer-Encoding: quoted-printable\n\n"
      "KeyDB 5.3.1\n\nOps/sec > Higher Is Better\nnone ....... 10 |=3D=3D=3D=3D\n"
      "bfq =\n........ 1.2.3 |=3D=3D\n";
  const auto e = test_support::refusal_of(text, "mail.eml");
  CHECK(e.where() == position_in(text, text.find("1.2.3")));
}

TEST_CASE("format=flowed with DelSp=yes deletes the blank of each soft break", "[transport]") {
  const std::string text =
      "Content-Type: text/plain; format=flowed; delsp=yes\n\n"
      "KeyDB 5.3.1\n\nOps/sec > Higher Is Better\nnone ....... 10 |====\n"
      "bfq ........ 5 |==\n"
      "kyber ...... 5.5 |=\n"
      "long-label-that-was-wrapped .. 2 \n|=\n";
  auto file = read_results(text, "flowed.eml");
  REQUIRE(file.results.size() == 1);
  CHECK(test_support::entry_labels(file.results[0]) ==
        std::vector<std::string>{"none", "bfq", "kyber", "long-label-that-was-wrapped"});
  CHECK(test_support::value_of(file.results[0], "long-label-that-was-wrapped") == "2");
}

TEST_CASE("Text in ISO-8859-1 or windows-1252 becomes UTF-8", "[transport]") {
  const auto& latin1 =
      test_support::read_cached(fixtures + "synthetic/synthetic-osbench_latin1.eml");
  CHECK(messages(latin1) == std::vector<std::string>{"charset iso-8859-1 converted to UTF-8"});
  CHECK(latin1.results.at(0).unit == "\xC2\xB5s Per Event");
  SECTION("windows-1252: an en dash and a plus-minus sign") {
    const std::string text =
        "Content-Type: text/plain; charset=windows-1252\n\n"
        "KeyDB 5.3.1\n\nOps/sec \xB1 1 > Higher Is Better\nnone \x96 a ... 10 |====\n"
        "bfq ....... 5 |==\n";
    auto file = read_results(text, "cp1252.eml");
    REQUIRE(file.results.size() == 1);
    CHECK(file.results[0].unit == "Ops/sec \xC2\xB1 1");
    CHECK(file.results[0].entries.at(0).label == "none \xE2\x80\x93 a");
  }
  SECTION("declared Latin-1 but sent as UTF-8: kept, and said") {
    const std::string text =
        "Content-Type: text/plain; charset=iso-8859-1\n\n"
        "KeyDB 5.3.1\n\n\xC2\xB5s < Lower Is Better\nnone ... 10 |====\nbfq .... 5 |==\n";
    auto file = read_results(text, "mislabelled.eml");
    CHECK(file.results.at(0).unit == "\xC2\xB5s");
    CHECK(test_support::has_warning(file, "declared as iso-8859-1 but is valid UTF-8"));
  }
  SECTION("declared Latin-1, with bytes only a lax UTF-8 test accepts: read as Latin-1") {
    // A surrogate (ED B5 B5) and a lead byte past U+10FFFF (F5) are no UTF-8 (utf8.hpp).
    const std::string text =
        "Content-Type: text/plain; charset=iso-8859-1\n\n"
        "KeyDB 5.3.1\n\n\xED\xB5\xB5s \xF5\xB5\xB5\xB5 < Lower Is Better\nnone ... 10 |====\n"
        "bfq .... 5 |==\n";
    auto file = read_results(text, "latin1.eml");
    CHECK(file.results.at(0).unit == "\xC3\xAD\xC2\xB5\xC2\xB5s \xC3\xB5\xC2\xB5\xC2\xB5\xC2\xB5");
    CHECK(messages(file) == std::vector<std::string>{"charset iso-8859-1 converted to UTF-8"});
  }
}

TEST_CASE("A multipart message with results in two parts reads the first and names the other",
          "[transport]") {
  const std::string chart =
      "KeyDB 5.3.1\n\nOps/sec > Higher Is Better\nnone ... 10 |====\nbfq .... 5 |==\n";
  const std::string text =
      "MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=XX\n\n--XX\n"
      "Content-Type: text/plain\n\n" + chart + "\n--XX\nContent-Type: text/plain; name=b.txt\n\n" +
      chart + "\n--XX--\n";
  auto file = read_results(text, "two.eml");
  CHECK(file.results.size() == 1);
  CHECK(messages(file) ==
        std::vector<std::string>{"MIME part 1 of 2 (text/plain) read",
                                 "MIME part 2 of 2 (text/plain 'b.txt') holds results too; not "
                                 "read (one result file per input: save it alone)"});
  CHECK(file.warnings[1].where.line == 14);
}

TEST_CASE("Terminal codes, overprints and a PTS prompt are undone; columns count the original "
          "bytes",
          "[transport]") {
  const std::string text =
      "\x1b[1mDo you want to view the text-based test results? (Y/n): \x1b[0mKeyDB\n"
      "desc\n\n\n"
      "none: \n\n\tProcessor: Downloading 10%\rProcessor: X\x1b[K\n\n"
      "bfq: \n\n\tProcessor: Y\n\n"
      "KeyDB 5.3.1\n\n\x1b[3mOps/sec > Higher Is Better\x1b[0m\n"
      "\x1b[1;32mnone\x1b[0m ... 10 |====\n"
      "bfq .... 5.x |==\n";
  const auto e = test_support::refusal_of(text, "term.txt");
  CHECK(e.where() == position_in(text, text.find("5.x")));
  auto fixed = text;
  fixed.replace(fixed.find("5.x"), 3, "5.0");
  auto file = read_results(fixed, "term.txt");
  CHECK(file.title == "KeyDB");
  CHECK(file.description == "desc");
  REQUIRE(file.results.size() == 1);
  CHECK(file.results[0].unit == "Ops/sec");
  CHECK(test_support::entry_labels(file.results[0]) == std::vector<std::string>{"none", "bfq"});
  // `none` starts after `ESC[1;32m`: column 8 of its line.
  auto none_at = position_in(fixed, fixed.find("\x1b[1;32mnone"));
  CHECK(file.results[0].entries[0].where == source_position{none_at.line, 8});
  REQUIRE(file.systems.size() == 2);
  CHECK(file.systems[0].hardware == std::vector<field>{{"Processor", "X"}});
  CHECK(messages(file) ==
        std::vector<std::string>{
            "terminal escape sequences removed (6 colour codes, 1 other); carriage-return or "
            "backspace overprints resolved on 1 line (the text that stayed visible is read)",
            "an interactive PTS session: what it printed up to its prompt 'Do you want to view "
            "the text-based test results? (Y/n):' is not part of the text export and is not "
            "read"});
}

TEST_CASE("Byte 27 in otherwise text input is text; NUL is still binary", "[transport]") {
  const std::string chart =
      "KeyDB 5.3.1\n\nOps/sec > Higher Is Better\nnone ... 10 |====\nbfq .... 5 |==\n";
  CHECK(detect_input_format("\x1b[0m" + chart) == "pts-text");
  CHECK(read_results("\x1b[0m" + chart, "x").results.size() == 1);
  const auto e = test_support::refusal_of("\x1b[0m" + chart + std::string(1, '\0'), "x");
  CHECK(e.message().starts_with("binary data (byte 0)"));
  CHECK(e.where().line == 6);
}

TEST_CASE("Detection sees the decoded text: a quoted-printable mail is a pts-text input",
          "[transport]") {
  CHECK(detect_input_format(slurp(fixtures + "synthetic/synthetic-osbench_quoted-printable.eml")) ==
        "pts-text");
  CHECK(detect_input_format(slurp(fixtures + "synthetic/synthetic-osbench_multipart-base64.eml")) ==
        "pts-text");
  CHECK(detect_input_format("From: a@b\nSubject: hello\n\nNo results here.\n").empty());
}

TEST_CASE("Text that only looks like a layer is left alone", "[transport]") {
  // A line that starts with `>` in an export whose charts are not quoted; `=3D` without a bar.
  const std::string chart =
      "KeyDB 5.3.1\n\nOps/sec > Higher Is Better\nnone ... 10 |====\nbfq .... 5 |==\n";
  auto file = read_results("> a note\nx=3D y\n\n" + chart, "x");
  CHECK(file.warnings.empty());
  // Mail headers without MIME ones: plain text, nothing undone.
  auto mail = read_results("From: a@b\nSubject: x\n\n" + chart, "y");
  CHECK(mail.warnings.empty());
}

TEST_CASE("Every terminal capture of the corpus reads, with exact counts and every bar agreeing "
          "with its value",
          "[transport][corpus]") {
  struct capture {
    std::string name;
    std::size_t charts, entries;
  };
  // Charts and entries counted from the files (`grep -c '|='`); brl-cad and nginx end inside
  // a chart header (said in a warning), and nginx has three charts PTS printed without entries.
  const capture captures[] = {
      {"aircrack-ng", 1, 8},   {"aom-av1", 14, 112},      {"basis", 4, 32},
      {"brl-cad", 1, 7},       {"build-llvm", 2, 16},     {"compress-pbzip2", 1, 7},
      {"compress-zstd", 14, 112}, {"draco", 2, 16},       {"encode-flac", 1, 8},
      {"espeak", 1, 8},        {"graphics-magick", 7, 56}, {"hmmer", 1, 8},
      {"john-the-ripper", 5, 40}, {"jpegxl", 6, 48},      {"liquid-dsp", 7, 56},
      {"mrbayes", 1, 8},       {"nginx", 6, 32},          {"ngspice", 2, 16},
      {"pjsip", 3, 24},        {"quantlib", 1, 8},        {"rnnoise", 1, 8},
      {"simdjson", 5, 40},     {"tjbench", 1, 8},         {"tungsten", 4, 32},
      {"uvg266", 10, 80},      {"z3", 2, 16},
  };
  std::size_t total = 0;
  for (const auto& c : captures) {
    const auto path = fixtures + "corpus/terminal/pts-10.8.4_" + c.name + "_terminal-capture.txt";
    INFO(path);
    const auto& file = test_support::read_cached(path);
    CHECK(file.format == "pts-text");
    CHECK(file.results.size() == c.charts);
    CHECK(test_support::entry_count(file) == c.entries);
    CHECK(file.title == c.name);  // the title follows PTS's prompt on its line
    CHECK(file.warnings.at(0).message == "terminal colour codes removed (4 escape sequences)");
    CHECK(file.warnings.at(1).message.starts_with("an interactive PTS session"));
    CHECK(test_support::warnings_with(file, "bar of") == 0);
    total += test_support::entry_count(file);
  }
  CHECK(total == 806);  // `grep -c "|="` over the 26 files
}

TEST_CASE("A web page saved as HTML is read as the text a browser shows", "[transport]") {
  const std::string page =
      "<!DOCTYPE html>\n<html><head><title>t</title><script>var x = '> Higher Is Better';"
      "</script><style>p{}</style></head>\n<body><h1>My results</h1><p>Some   words\n"
      "about &amp; around them.</p><pre>KeyDB 5.3.1\n\nOps/sec &gt; Higher Is Better\n"
      "none ... 10 |====\nbfq .... 5 |==</pre><p>&#181;s and &plusmn; &#x2013; fine</p>"
      "<!-- a comment: none ... 99 |= --></body></html>\n";
  auto file = read_results(page, "page.html");
  REQUIRE(file.results.size() == 1);
  CHECK(file.results[0].unit == "Ops/sec");
  CHECK(test_support::entry_labels(file.results[0]) == std::vector<std::string>{"none", "bfq"});
  CHECK(test_support::value_of(file.results[0], "bfq") == "5");
  CHECK(messages(file).at(0) ==
        "an HTML page, read as the text a browser shows (markup removed, 5 entities decoded)");
  // An entity's position is that of its `&` in the page.
  auto at = page.find("&gt;");
  CHECK(file.results[0].entries[0].where.line == position_in(page, at).line + 1);
}

TEST_CASE("Composite.xml and XHTML are not taken for a web page", "[transport]") {
  CHECK(detect_input_format("<?xml version=\"1.0\"?>\n<PhoronixTestSuite></PhoronixTestSuite>") ==
        "composite-xml");
  CHECK(detect_input_format("<html><body>No results here.</body></html>").empty());
}

TEST_CASE("An error through three stacked layers points at the byte in the encoded reply",
          "[transport]") {
  auto text =
      slurp(fixtures + "synthetic/synthetic-osbench_quoted-flowed-quoted-printable.eml");
  auto at = text.find("27.06");
  REQUIRE(at != std::string::npos);
  text.replace(at, 5, "27x06");
  const auto e = test_support::refusal_of(text, "reply.eml");
  CHECK(e.where() == position_in(text, at));
  CHECK(e.message().starts_with("value '27x06' of 'base' is not a number"));
}

TEST_CASE("An '&' that starts no entity is text in a web page", "[transport][regression]") {
  // Found by the transport fuzz target: the page's reading stopped advancing at such an `&`.
  auto file = read_results(
      "<html><body><pre>KeyDB 5.3.1\n\nOps/sec &gt; Higher Is Better\nR&D ... 10 |====\n"
      "a &b .... 5 |==\n&</pre></body></html>",
      "amp.html");
  REQUIRE(file.results.size() == 1);
  CHECK(test_support::entry_labels(file.results[0]) == std::vector<std::string>{"R&D", "a &b"});
}

TEST_CASE("Carriage returns alone are line ends, as Excel for Mac writes CSV", "[transport]") {
  std::string csv =
      "run\rKVM testing.\r\r ,,\"sev\"\rProcessor,,AMD EPYC\r\r ,,\"sev\"\r"
      "\"Redis - Test: GET (Reqs/sec)\",HIB,2277704.58\r";
  auto file = read_results(csv, "mac.csv");
  CHECK(file.format == "pts-csv");
  REQUIRE(file.results.size() == 1);
  CHECK(file.results[0].entries.at(0).value_text == "2277704.58");
  CHECK(file.warnings.at(0).message.starts_with("carriage returns read as line ends"));
  // Positions count the lines as a Mac editor shows them: by carriage returns.
  CHECK(file.results[0].entries.at(0).where == source_position{8, 36});
}

TEST_CASE("The table of transport layers is in the order docs/transport.md gives, with its rules",
          "[transport]") {
  // The rows of the first table under the heading, after its header and separator lines.
  const auto doc = slurp(std::string(IOSR_SOURCE_DIR) + "/docs/transport.md");
  auto at = doc.find("## The layers, in the order they are undone");
  REQUIRE(at != std::string::npos);
  at = doc.find("\n|", at) + 1;
  std::vector<std::vector<std::string>> rows;
  for (int line = 0; at < doc.size() && doc[at] == '|'; ++line) {
    auto end = doc.find('\n', at);
    if (line >= 2) rows.push_back(table_cells(std::string_view(doc).substr(at, end - at)));
    at = end + 1;
  }
  const auto layers = detail::transport_layers();
  REQUIRE(rows.size() == layers.size());
  for (std::size_t i = 0; i < layers.size(); ++i) {
    INFO(rows[i].at(0));
    CHECK(rows[i].at(0) == layers[i].name);
    // The "looked for" column says where, and which row stands in for this one.
    const auto& where = rows[i].at(2);
    CHECK(where.starts_with("also in markup") ==
          (layers[i].where == detail::looked_for::also_in_markup));
    if (layers[i].unless.empty()) {
      CHECK(where.find("unless") == std::string::npos);
    } else {
      CHECK(where.ends_with("unless the " + std::string(layers[i].unless) + " was undone"));
    }
  }
}

TEST_CASE("The table's rules: JSON and markup travel bare, bare quoted-printable not after MIME",
          "[transport]") {
  // Terminal codes, a quote and `=3D=3D` in a JSON document are its reader's text.
  const std::string json = "{\"a\": \"\x1b[1m> Higher Is Better\", \"b\": \"x |=3D=3D\"}\n";
  detail::decoded_input bare(json);
  bare.undo_layers(no_reader);
  CHECK(bare.is_original());
  CHECK(bare.warnings().empty());
  // A body that MIME decoded is not decoded a second time: `=3D3D` was a literal `=3D`.
  const std::string mail =
      "MIME-Version: 1.0\nContent-Type: text/plain\nContent-Transfer-Encoding: "
      "quoted-printable\n\nx |=3D3D=3D3D\n";
  detail::decoded_input decoded(mail);
  decoded.undo_layers(no_reader);
  CHECK(decoded.text() == "x |=3D=3D\n");
  CHECK(messages_of(decoded) == std::vector<std::string>{"quoted-printable decoded"});
}

TEST_CASE("A PTS session is the text reader's to find: PTS's output stays in the text, and the "
          "reader starts after the prompt",
          "[transport]") {
  const std::string session =
      "Phoronix Test Suite v10.8.4\n\n    Started Run 1 @ 10:00:00\n    Average: 10 Ops/sec\n\n"
      "    Do you want to view the text-based test results? (Y/n): y\n"
      "KeyDB 5.3.1\n\nOps/sec > Higher Is Better\nnone ... 10 |====\nbfq .... 5 |==\n";
  detail::decoded_input input(session);
  input.undo_layers(no_reader);
  CHECK(input.is_original());
  CHECK(input.text() == session);
  CHECK(detect_input_format(session) == "pts-text");

  const std::vector<std::string> said = {
      "an interactive PTS session: what it printed up to its prompt 'Do you want to view the "
      "text-based test results? (Y/n):' is not part of the text export and is not read"};
  const auto prompt_at = position_in(session, session.find("Do you"));
  const auto none_at = position_in(session, session.find("none ..."));
  // Read as a file is, in place, and by the reader alone (no transport step, no sniffing).
  auto in_place = session;
  for (const auto& file : {read_results(session, "s.txt"), read_results_in_place(in_place, "s.txt"),
                           detail::read_with("pts-text", session, "s.txt")}) {
    CHECK(messages(file) == said);
    CHECK(file.warnings.at(0).where == prompt_at);
    REQUIRE(file.results.size() == 1);
    CHECK(test_support::entry_labels(file.results[0]) == std::vector<std::string>{"none", "bfq"});
    CHECK(file.results[0].entries[0].where == none_at);
  }
}

TEST_CASE("A PTS prompt in a text that another reader claims is that reader's text, not a session",
          "[transport]") {
  // Which part of a text is a session is the text reader's to say: the CSV reader reads all of
  // its text, the prompt included (its title row here), and nothing is said of a session.
  const std::string csv =
      "Do you want to view the text-based test results? (Y/n): title\n ,,\"sys\"\nProcessor,,X\n";
  auto file = read_results(csv, "prompt.csv");
  CHECK(file.format == "pts-csv");
  CHECK(file.title == "Do you want to view the text-based test results? (Y/n): title");
  CHECK(messages(file) ==
        std::vector<std::string>{"the file holds no charts (an unfinished run?)"});
}
