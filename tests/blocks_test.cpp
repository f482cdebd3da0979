// SPDX-License-Identifier: MIT
// Result blocks inside other text (lib/src/input/blocks/, docs/blocks.md): every real export of
// the corpus pasted the ways users paste it (after a shell prompt, indented in a docstring with
// placeholders and annotations, quoted in a mail, fenced in an issue) reads to the model of the
// file alone, positioned in the text it was pasted into; several blocks give several results;
// a cut-off block is read up to its last whole result or refused.
#include <algorithm>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "catch.hpp"
#include "input/blocks/block_finder.hpp"
#include "iosr/error.hpp"
#include "iosr/read.hpp"
#include "reader_support.hpp"

using namespace iosr;
using test_support::slurp;
using test_support::without_provenance;

namespace {

const std::string fixtures = std::string(IOSR_FIXTURES_DIR) + "/";

std::vector<std::string> corpus_files(const std::string& folder) {
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(fixtures + "corpus/" + folder)) {
    files.push_back(e.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// Every line of `text` with `prefix` before it; an empty line becomes `empty` instead.
std::string prefixed(std::string_view text, std::string_view prefix, std::string_view empty = {}) {
  std::string out;
  std::size_t begin = 0;
  while (begin < text.size()) {
    auto nl = text.find('\n', begin);
    auto line = text.substr(begin, nl == std::string_view::npos ? nl : nl - begin);
    if (line.empty() || line == "\r") {
      out += empty.empty() ? std::string() : std::string(prefix) + std::string(empty);
    } else {
      out += std::string(prefix) + std::string(line);
    }
    out += '\n';
    if (nl == std::string_view::npos) break;
    begin = nl + 1;
  }
  return out;
}

std::size_t lines_in(std::string_view text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

bool has_code(const result_file& f, message_code code) {
  for (const auto& w : f.warnings) {
    if (w.code == code) return true;
  }
  return false;
}

const warning* with_code(const result_file& f, message_code code) {
  for (const auto& w : f.warnings) {
    if (w.code == code) return &w;
  }
  return nullptr;
}

// The first entry of the first chart that has one.
const entry* first_entry(const result_file& f) {
  for (const auto& r : f.results) {
    if (!r.entries.empty()) return &r.entries.front();
  }
  return nullptr;
}

// `pasted`, which holds `plain` with `above` lines before it and `prefix` before each of its
// lines, reads to the model of `plain` alone, its first entry `above` lines further down and
// `prefix` further right.
void check_pasted(const std::string& plain_text, const std::string& pasted, std::size_t above,
                  std::size_t prefix, const std::string& what) {
  INFO(what);
  auto plain = read_results(plain_text, "plain");
  std::vector<result_file> all;
  REQUIRE_NOTHROW(all = read_all_results(pasted, "pasted"));
  REQUIRE(all.size() == 1);
  CHECK(without_provenance(all[0]) == without_provenance(plain));
  CHECK(all[0].format == plain.format);
  CHECK(has_code(all[0], message_code::block_found));
  const auto* a = first_entry(plain);
  const auto* b = first_entry(all[0]);
  if (a != nullptr && b != nullptr) {
    CHECK(b->where.line == a->where.line + above);
    CHECK(b->where.column == a->where.column + prefix);
  }
}

}  // namespace

TEST_CASE("Blocks: every corpus CSV export after a shell prompt reads as the file alone",
          "[blocks]") {
  for (const auto& folder : {"csv", "csv-pts10", "csv-pts10.8.4"}) {
    for (const auto& path : corpus_files(folder)) {
      auto csv = slurp(path);
      if (csv.find('\r') != std::string::npos) continue;  // CRLF files: the next case
      std::string note = "# Notes\n\nuser@host:~$ cat result.csv\n" + csv + "user@host:~$ ls\n";
      check_pasted(csv, note, 3, 0, path);
    }
  }
}

TEST_CASE("Blocks: every corpus CSV export in a docstring with placeholders and annotations",
          "[blocks]") {
  for (const auto& folder : {"csv", "csv-pts10", "csv-pts10.8.4"}) {
    for (const auto& path : corpus_files(folder)) {
      auto csv = slurp(path);
      if (csv.find('\r') != std::string::npos) continue;
      auto body = prefixed(csv, "    ", "<empty line>");
      // An annotation line after the first line, as a reader marks what matters.
      auto first_end = body.find('\n') + 1;
      body.insert(first_end, "    << this is the marker\n");
      std::string doc = "def parse():\n    \"\"\"\n" + body + "    \"\"\"\n";
      // The annotation adds a line above every entry.
      check_pasted(csv, doc, 3, 4, path);
    }
  }
}

TEST_CASE("Blocks: JSON and composite.xml exports quoted, indented and fenced", "[blocks]") {
  for (const auto& path : corpus_files("json")) {
    auto json = slurp(path);
    check_pasted(json, "From: a@example.org\n\nOn Monday, b wrote:\n" + prefixed(json, "> "), 3, 2,
                 path + " quoted");
    check_pasted(json, "Here:\n\n```json\n" + json + "```\n\nThanks\n", 3, 0, path + " fenced");
    check_pasted(json, "Result:\n\n" + prefixed(json, "    "), 2, 4, path + " indented");
  }
  for (const auto& path : corpus_files("xml")) {
    auto xml = slurp(path);
    if (xml.find('\r') != std::string::npos || !xml.starts_with('<')) continue;
    if (xml.find("</Result>") == std::string::npos) continue;  // nothing to place by
    check_pasted(xml, "Saved file:\n\n```xml\n" + xml + "```\n", 3, 0, path + " fenced");
    check_pasted(xml, "See below\n" + prefixed(xml, "> > "), 1, 4, path + " quoted twice");
  }
}

TEST_CASE("Blocks: two CSV exports one after the other are two result files", "[blocks]") {
  auto a = slurp(fixtures + "corpus/csv-pts10/pts-10.8.4_osbench_base-vs-fwrapv.csv");
  auto b = slurp(fixtures + "corpus/csv-pts10.8.4/pts-10.8.4_sqlite_20-systems.csv");
  for (const auto& between : {std::string("\n$ cat b.csv\n"), std::string(), std::string("\n\n")}) {
    auto all = read_all_results("$ cat a.csv\n" + a + between + b, "two.md");
    REQUIRE(all.size() == 2);
    CHECK(without_provenance(all[0]) == without_provenance(read_results(a, "a")));
    CHECK(without_provenance(all[1]) == without_provenance(read_results(b, "b")));
    CHECK(with_code(all[0], message_code::block_found)
              ->message.starts_with("result file 1 of 2 in this input: a pts-csv block, lines 2-"));
    CHECK(with_code(all[1], message_code::block_found)
              ->message.starts_with("result file 2 of 2 in this input: a pts-csv block"));
    // One result file is asked for: the second is where the input stops being one.
    try {
      (void)read_results("$ cat a.csv\n" + a + between + b, "two.md");
      FAIL("read as one result file");
    } catch (const parse_error& e) {
      CHECK(e.where() == with_code(all[1], message_code::block_found)->where);
      CHECK(std::string(e.message()).starts_with("the input holds 2 result files"));
    }
    CHECK(detect_input_format("$ cat a.csv\n" + a + between + b) == "pts-csv");
  }
}

TEST_CASE("Blocks: a CSV export quoted in an issue, then a JSON export that was cut off",
          "[blocks]") {
  const std::string base = fixtures + "corpus/";
  auto csv = slurp(base + "csv-pts10/pts-10.8.4_osbench_base-vs-fwrapv.csv");
  auto json = slurp(base + "json/pts-10.8.4_osbench_base-vs-fwrapv.json");
  auto plain_json = read_results(json, "j");
  // Cut after the third result's title: three whole results before it in the "results" object.
  auto results_at = json.find("\"results\"");
  std::size_t cut = results_at;
  for (int i = 0; i < 3; ++i) cut = json.find("\"title\"", cut + 1);
  std::string issue = "Quoting the export:\n\n" + prefixed(csv, "> ") +
                      "\nand the JSON:\n\n```json\n" + json.substr(0, cut + 12) + "\n";
  auto all = read_all_results(issue, "issue.md");
  REQUIRE(all.size() == 2);
  CHECK(without_provenance(all[0]) == without_provenance(read_results(csv, "c")));
  const auto& cut_file = all[1];
  REQUIRE(cut_file.results.size() == 2);  // the third is cut: none of it is read
  for (std::size_t i = 0; i < cut_file.results.size(); ++i) {
    CHECK(without_provenance(cut_file).results[i] == without_provenance(plain_json).results[i]);
  }
  const auto* w = with_code(cut_file, message_code::block_cut);
  REQUIRE(w != nullptr);
  CHECK(w->where.line == lines_in(issue));  // the line after the last, where the text stops
  CHECK(
      w->message.starts_with("the pts-json block is cut off here; read up to its last whole "
                             "system or result, which ends at line "));

  SECTION("cut before any result: refused, as a warning of the result read") {
    auto early = "Quoting:\n\n" + prefixed(csv, "> ") + "\n```json\n" +
                 json.substr(0, json.find("\"results\"") + 14) + "\n```\n";
    auto read = read_all_results(early, "early.md");
    REQUIRE(read.size() == 1);
    const auto* refused = with_code(read[0], message_code::block_not_read);
    REQUIRE(refused != nullptr);
    CHECK(refused->message.find("cut off here before") != std::string::npos);
    // Alone, nothing is left to read: the input fails, where the cut is.
    auto alone = "```json\n" + json.substr(0, json.find("\"results\"") + 14) + "\n```\n";
    try {
      (void)read_all_results(alone, "alone.md");
      FAIL("a cut block with nothing whole was read");
    } catch (const parse_error& e) {
      CHECK(e.where().line == lines_in(alone));  // the closing fence
    }
  }
}

TEST_CASE("Blocks: a composite.xml cut off is read up to its last whole <Result>", "[blocks]") {
  auto xml = slurp(fixtures + "corpus/xml/pts-10.8.4_osbench_base-vs-fwrapv.xml");
  auto plain = read_results(xml, "x");
  auto third_end = xml.find("</Result>");
  third_end = xml.find("</Result>", third_end + 1);
  third_end = xml.find("</Result>", third_end + 1);
  auto cut = xml.find("<Result>", third_end) + 30;
  auto mail = "Attached inline:\n\n" + prefixed(xml.substr(0, cut), "  ") + "\n-- \nsig\n";
  auto all = read_all_results(mail, "mail.txt");
  REQUIRE(all.size() == 1);
  REQUIRE(all[0].results.size() == 3);
  for (std::size_t i = 0; i < 3; ++i) {
    CHECK(without_provenance(all[0]).results[i] == without_provenance(plain).results[i]);
  }
  CHECK(has_code(all[0], message_code::block_cut));
}

TEST_CASE("Blocks: the same export quoted again is one result file", "[blocks]") {
  auto csv = slurp(fixtures + "corpus/csv-pts10/pts-10.8.4_osbench_base-vs-fwrapv.csv");
  auto thread = "Here it is:\n\n" + prefixed(csv, "    ") + "\nOn Tuesday you wrote:\n" +
                prefixed("Here it is:\n\n" + prefixed(csv, "    "), "> ");
  auto all = read_all_results(thread, "thread.txt");
  REQUIRE(all.size() == 1);
  const auto* again = with_code(all[0], message_code::block_repeated);
  REQUIRE(again != nullptr);
  CHECK(again->where.line == lines_in(csv) + 7);  // its `,TITLE,` row, below `> Here it is:`
}

TEST_CASE("Blocks: text-export charts around a CSV block are a result file of their own",
          "[blocks]") {
  auto text = slurp(fixtures + "corpus/pts-text/pts-10.8.4_osbench_base-vs-fwrapv.txt");
  auto csv = slurp(fixtures + "corpus/csv-pts10.8.4/pts-10.8.4_sqlite_20-systems.csv");
  auto readme = "# Run 1\n\n```\n" + text + "```\n\n# Run 2, as CSV\n\n```\n" + csv + "```\n";
  auto all = read_all_results(readme, "README.md");
  REQUIRE(all.size() == 2);
  CHECK(all[0].format == "pts-text");
  CHECK(without_provenance(all[0]).results == without_provenance(read_results(text, "t")).results);
  CHECK(all[1].format == "pts-csv");
  CHECK(without_provenance(all[1]) == without_provenance(read_results(csv, "c")));
}

TEST_CASE("Blocks: a whole export is read as before, without a block warning", "[blocks]") {
  for (const auto& folder : {"csv", "csv-pts10", "csv-pts10.8.4", "json", "xml"}) {
    for (const auto& path : corpus_files(folder)) {
      INFO(path);
      auto bytes = slurp(path);
      std::vector<result_file> all;
      try {
        all = read_all_results(bytes, path);
      } catch (const parse_error&) {
        CHECK_THROWS_AS(read_results(bytes, path), parse_error);
        continue;
      }
      REQUIRE(all.size() == 1);
      CHECK(all[0] == read_results(bytes, path));
      CHECK_FALSE(has_code(all[0], message_code::block_found));
    }
  }
}

TEST_CASE("Blocks: lines that only look like a block start are no block", "[blocks]") {
  // Prose with a brace, an indented comma, an XML declaration of another document.
  // (Below the first lines, where the CSV reader's own detection looks for its header row.)
  std::string prose =
      "# Settings\n\nThe defaults are fine.\nMost of them.\n\n"
      "Set it with {\"level\": 3} in the config.\n"
      "    , as said before\n"
      "<?xml version=\"1.0\"?>\n<config><a>1</a></config>\n"
      "{\n  \"name\": \"x\"\n}\n";
  CHECK(detect_input_format(prose).empty());
  CHECK_THROWS_AS(read_all_results(prose, "prose.md"), parse_error);
}

TEST_CASE("Blocks: every message of a mailbox is read, each with its own layers", "[blocks]") {
  const std::string wild = fixtures + "wild/";
  // Two real list mails (one quoted-printable) and a reply without results, as mbox keeps them.
  auto first =
      "From a@example.org Mon Jun  2 10:00:00 2025\n" +
      slurp(wild +
            "mail-qp/ceph-devel_2025-05_ceph-s_magic_fs-mark_twelho_qp-soft-broken-bars.eml");
  auto chat = std::string(
      "From c@example.org Mon Jun  2 11:00:00 2025\nFrom: c@example.org\n"
      "Subject: Re: thanks\n\nThanks, looks good.\n");
  auto third =
      "From b@example.org Tue Jun  3 09:00:00 2025\n" +
      slurp(
          wild +
          "mail-plain/stable_2025-06_6.12-review_ceph-s_magic_fs-mark_gregkh_8bit-no-charset.eml");
  auto mbox = first + "\n" + chat + "\n" + third;
  auto all = read_all_results(mbox, "list.mbox");
  auto a = read_results(first, "a");
  auto c = read_results(third, "c");
  REQUIRE(all.size() == 2);
  CHECK(without_provenance(all[0]) == without_provenance(a));
  CHECK(without_provenance(all[1]) == without_provenance(c));
  CHECK(all[0].warnings.at(0).message == "read from message 1 of 3 of the mailbox");
  CHECK(all[1].warnings.at(0).message == "read from message 3 of 3 of the mailbox");
  // Positions in the mailbox: the third message starts below the first two and their blank
  // lines; its layers' warnings (quoted-printable, ...) come after where it was found.
  const auto above = lines_in(first) + 1 + lines_in(chat) + 1;
  CHECK(all[1].warnings.at(0).where == source_position{above + 1, 1});
  CHECK(first_entry(all[1])->where.line == first_entry(c)->where.line + above);
  CHECK(first_entry(all[0])->where == first_entry(a)->where);
  CHECK(detect_input_format(mbox) == a.format);
  // One result file is asked for: a mailbox of two is refused, at the second.
  CHECK_THROWS_AS(read_results(mbox, "list.mbox"), parse_error);
  // Messages without results only: not a result, said as such.
  auto chats = chat + "\n" + chat;
  CHECK_THROWS_WITH(read_all_results(chats, "chat.mbox"),
                    Catch::Contains("a mailbox of 2 messages, none holding a result export"));
}

TEST_CASE("Blocks: an issue comment's backtick lines quote a CSV export, then a cut JSON one",
          "[blocks]") {
  // As in PTS's issue 251 (2018): each export between lines of one backtick, the JSON's
  // opening backtick right before its brace, the comment cut inside its first result.
  auto csv = slurp(fixtures + "corpus/csv-pts10/pts-10.8.4_osbench_base-vs-fwrapv.csv");
  auto json = slurp(fixtures + "corpus/json/pts-10.8.4_osbench_base-vs-fwrapv.json");
  auto first_result = json.find("\"title\"", json.find("\"results\""));
  auto comment = "phoronix-test-suite result-file-to-csv test\n\n`\n" + csv +
                 "`\n\nroot@ubuntu:~/pts# phoronix-test-suite result-file-to-json test\n`" +
                 json.substr(0, first_result + 20) + "\n";
  auto all = read_all_results(comment, "issue.txt");
  REQUIRE(all.size() == 1);
  CHECK(without_provenance(all[0]) == without_provenance(read_results(csv, "c")));
  const auto* refused = with_code(all[0], message_code::block_not_read);
  REQUIRE(refused != nullptr);
  CHECK(refused->message.find("the pts-json block at lines") != std::string::npos);
  CHECK(refused->where.line == lines_in(comment) + 1);  // where the text ends
}
