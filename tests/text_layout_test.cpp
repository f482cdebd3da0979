// SPDX-License-Identifier: MIT
// The terminal layout (render/text_layout.hpp): lines fit their width, and names shortened to a
// column stay distinct: checked as a property over the names of real files (every chart's entry
// labels, every file's test names) at many widths, and over generated names.
#include "render/text_layout.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "catch.hpp"
#include "iosr/read.hpp"
#include "iosr/render.hpp"

namespace {

using iosr::detail::columns_of;
using iosr::detail::fitted_names;

std::string joined(const std::vector<std::string>& lines) {
  std::string s;
  for (const auto& l : lines) s += l + '\n';
  return s;
}

// The property: every line within the width, and names that differ read differently.
void check_fitted(const std::vector<std::string>& names, std::size_t width) {
  const auto fitted = fitted_names(names, width);
  REQUIRE(fitted.size() == names.size());
  std::set<std::string> distinct_names(names.begin(), names.end());
  std::set<std::string> shown;
  for (std::size_t i = 0; i < names.size(); ++i) {
    REQUIRE_FALSE(fitted[i].empty());
    for (const auto& line : fitted[i]) {
      INFO("name: " << names[i] << ", width " << width << ", line: " << line);
      CHECK(columns_of(line) <= width);
    }
    shown.insert(joined(fitted[i]));
  }
  INFO("width " << width << ", first name: " << (names.empty() ? "" : names.front()));
  CHECK(shown.size() == distinct_names.size());
}

// Blocks of names from the real files: each chart's entry labels, and each file's test names
// (title, version and description, as a table's rows would show them without families).
std::vector<std::vector<std::string>> name_blocks() {
  std::vector<std::vector<std::string>> blocks;
  const std::filesystem::path corpus = std::filesystem::path(IOSR_FIXTURES_DIR) / "corpus";
  std::vector<std::filesystem::path> paths;
  for (const auto& dir : {"xml", "pts-text"}) {
    for (const auto& f : std::filesystem::directory_iterator(corpus / dir)) paths.push_back(f);
  }
  for (const auto& f : std::filesystem::directory_iterator(IOSR_DATA_DIR "/text")) {
    paths.push_back(f);
  }
  for (const auto& path : paths) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    iosr::result_file file;
    try {
      file = iosr::read_results(text.str(), path.filename().string());
    } catch (const std::exception&) {
      continue;  // a file that does not read has no names to lay out
    }
    std::vector<std::string> tests;
    for (const auto& r : file.results) {
      std::vector<std::string> labels;
      for (const auto& e : r.entries) labels.push_back(e.label);
      blocks.push_back(labels);
      tests.push_back(r.title + " " + r.version + ": " + r.description);
    }
    blocks.push_back(tests);
  }
  return blocks;
}

}  // namespace

TEST_CASE("wrapped lines fit, long words are broken, nothing is lost", "[layout]") {
  using iosr::detail::wrapped;
  const auto lines = wrapped("Flexible IO Tester 3.18: Type: Random Read - Engine: IO_uring", 20);
  REQUIRE(lines.size() > 1);
  for (const auto& l : lines) CHECK(columns_of(l) <= 20);
  CHECK(lines[0] == "Flexible IO Tester");
  CHECK(lines[1].rfind("  ", 0) == 0);  // continuation lines are indented
  const auto word = wrapped("Kernel: 5.6.0-050600rc7-generic-with-a-very-long-suffix", 16);
  std::string back;
  for (const auto& l : word) {
    CHECK(columns_of(l) <= 16);
    back += l.substr(l.find_first_not_of(' '));  // the continuation's indent
  }
  CHECK(back == "Kernel:5.6.0-050600rc7-generic-with-a-very-long-suffix");
}

TEST_CASE("wrap_text: help texts fit the width, end no line in a blank, keep every word",
          "[layout]") {
  const std::string paragraph(
      "Follow results over time. For each test, and for their geometric mean, each "
      "configuration's performance ratio against its baseline along a series.");
  const std::string text = paragraph +
                           "\nFormats:\n  ascii: a line per configuration with its "
                           "ratios along the series, steps marked   \n\nshort line  \n";
  const auto out = iosr::wrap_text(text, 40);
  std::istringstream lines(out);
  std::string line, words;
  std::vector<std::string> all;
  while (std::getline(lines, line)) {
    CHECK(columns_of(line) <= 40);
    CHECK((line.empty() || line.back() != ' '));
    all.push_back(line);
    std::istringstream in(line);
    for (std::string w; in >> w;) words += w + ' ';
  }
  std::istringstream original(text);
  std::string expected;
  for (std::string w; original >> w;) expected += w + ' ';
  CHECK(words == expected);
  // A paragraph's lines start at its margin; a list item's hang two columns further.
  CHECK(all.at(1).front() != ' ');
  const auto item = std::find(all.begin(), all.end(), "Formats:") + 1;
  REQUIRE(item < all.end() - 1);
  CHECK(item->rfind("  ascii:", 0) == 0);
  CHECK((item + 1)->rfind("    ", 0) == 0);
  CHECK(out.back() == '\n');
  CHECK(iosr::wrap_text("no line break", 80) == "no line break");
  // A list of two columns (a name, blanks, its description) continues under the description.
  CHECK(iosr::wrap_text("  import    add result files, directories and archives (each file once, "
                        "by its SHA-256)",
                        60) ==
        "  import    add result files, directories and archives (each\n"
        "            file once, by its SHA-256)");
}

TEST_CASE("elided keeps the start and the end of a name, in characters", "[layout]") {
  using iosr::detail::elided;
  CHECK(elided("BFQ low-latency", 20) == "BFQ low-latency");
  CHECK(elided("BFQ low-latency", 9) == "BFQ …ency");
  CHECK(columns_of(elided("Größe über alles", 7)) == 7);
}

TEST_CASE("names are shortened only while the rows stay apart", "[layout]") {
  // Eliding would read `Type: Ra…4KB` for both: they are wrapped whole instead.
  const std::vector<std::string> fio = {
      "Type: Random Read - IO Engine: Linux AIO - Buffered: No - Block Size: 4KB",
      "Type: Random Write - IO Engine: Linux AIO - Buffered: No - Block Size: 4KB"};
  const auto fitted = fitted_names(fio, 16);
  CHECK(fitted[0].size() > 1);
  CHECK(joined(fitted[0]) != joined(fitted[1]));
  // Names that differ at their start or end keep one line each.
  const std::vector<std::string> kernels = {"5.6.0-050600rc7-generic one",
                                            "5.6.0-050600rc7-generic two", "none"};
  const auto short_ones = fitted_names(kernels, 12);
  CHECK(short_ones[0].size() == 1);
  CHECK(short_ones[0] != short_ones[1]);
  check_fitted(kernels, 12);
}

TEST_CASE("a kept end is never cut: the name is shortened before it, or wrapped", "[layout]") {
  using iosr::detail::elided;
  // `: deadline (19 tests)` is what tells the row apart; the group is what the rows share.
  CHECK(elided("Sandy Bridge + SSD: deadline (19 tests)", 30, 21) ==
        "Sandy Br…: deadline (19 tests)");
  CHECK(elided("Sandy Bridge + SSD: deadline (19 tests)", 30) == "Sandy Bridge + …ine (19 tests)");
  const std::vector<std::string> names = {"Sandy Bridge + SSD: cfq (19 tests)",
                                          "Sandy Bridge + SSD: deadline (19 tests)"};
  const auto fitted = fitted_names(names, 30, {16, 21});
  REQUIRE(fitted[0].size() == 1);
  CHECK(fitted[0][0] == "Sandy Bridge …: cfq (19 tests)");
  CHECK(fitted[1][0] == "Sandy Br…: deadline (19 tests)");
  // No room for the end beside the `…`: wrapped whole, never cut.
  const auto narrow = fitted_names(names, 18, {16, 21});
  CHECK(narrow[1].size() > 1);
  CHECK(joined(narrow[1]).find("deadline") != std::string::npos);
  CHECK(joined(narrow[1]).find("(19 tests)") != std::string::npos);
  CHECK(joined(narrow[1]).find("…") == std::string::npos);
}

TEST_CASE("property: the names of real files stay distinct at every width", "[layout]") {
  const auto blocks = name_blocks();
  REQUIRE(blocks.size() > 50);
  for (const auto& names : blocks) {
    for (std::size_t width : {4, 8, 12, 13, 16, 20, 26, 40, 60}) check_fitted(names, width);
  }
}

TEST_CASE("property: generated names stay distinct at every width", "[layout]") {
  std::mt19937 random(25);
  const std::vector<std::string> parts = {
      "BFQ", "BFQ low-latency", "Kyber", "None", " ", "  ", "mq-deadline", "é", "…",
      "-",   "Type: Random",    "4KB"};
  for (int round = 0; round < 400; ++round) {
    std::vector<std::string> names(2 + random() % 6);
    for (auto& name : names) {
      const auto n = 1 + random() % 6;
      for (unsigned k = 0; k < n; ++k) name += parts[random() % parts.size()];
    }
    for (std::size_t width : {2, 5, 9, 14, 30}) check_fitted(names, width);
  }
}

TEST_CASE("a text table fits its width, moving columns to further blocks", "[layout]") {
  iosr::detail::text_table t;
  t.header = {"test"};
  t.left = {true};
  for (int k = 0; k < 8; ++k) {
    t.header.push_back("configuration " + std::to_string(k));
    t.left.push_back(false);
  }
  t.rows.push_back(
      {"A family heading that is long enough to need more than one line here", {}, {}});
  for (int r = 0; r < 3; ++r) {
    iosr::detail::text_table::row row;
    row.cells.push_back("Block Size: " + std::to_string(4 << r) + "KB - a long test name");
    for (int k = 0; k < 8; ++k) row.cells.push_back("12345.6 (+10.0%)");
    t.rows.push_back(row);
  }
  for (std::size_t width : {40, 60, 80, 200}) {
    std::string out;
    iosr::detail::render_text_table(t, width, out);
    std::istringstream lines(out);
    std::size_t n = 0;
    for (std::string line; std::getline(lines, line); ++n) {
      INFO("width " << width << ": " << line);
      CHECK(columns_of(line) <= width);
    }
    // Every configuration is still shown, in some block.
    for (int k = 0; k < 8; ++k) {
      CHECK(out.find("configuration " + std::to_string(k)) != std::string::npos);
    }
  }
}

TEST_CASE("paths keep the end that tells them apart, and break only at their slashes",
          "[layout]") {
  using iosr::detail::fitted_paths;
  // Folders that differ in the middle, as a database of runs per scheduler holds them.
  std::vector<std::string> paths;
  for (const auto* s : {"bfq", "kyber", "mq-deadline", "none"}) {
    for (const auto* t : {"C-Ray.xml", "fio-randread.xml"}) {
      paths.push_back(std::string("/srv/lab/results/2024-03-nvme-samsung-980-pro/") + s + "/" + t);
    }
  }
  paths.push_back("results.tar.gz:2024/bfq/C-Ray.xml");  // an archive's member
  paths.push_back("1902028-PAUL-SINGLEH35");            // an OpenBenchmarking.org ID
  for (std::size_t width = 20; width <= 120; ++width) {
    INFO("width " << width);
    const auto fitted = fitted_paths(paths, width);
    REQUIRE(fitted.size() == paths.size());
    std::set<std::string> shown;
    for (std::size_t i = 0; i < paths.size(); ++i) {
      INFO(paths[i]);
      for (const auto& line : fitted[i]) CHECK(columns_of(line) <= width);
      shown.insert(joined(fitted[i]));
      if (fitted[i].size() == 1) {
        const auto& line = fitted[i][0];
        if (line != paths[i] && paths[i].find('/') == std::string::npos) {
          CHECK(line.find("…") != std::string::npos);  // a name: shortened in its middle
        } else if (line != paths[i]) {
          // Shortened: its start, a `…`, and its last folders and name whole from a slash.
          const auto cut = line.find("…/");
          REQUIRE(cut != std::string::npos);
          CHECK(paths[i].starts_with(line.substr(0, cut)));
          const auto tail = line.substr(cut + std::string("…").size());
          CHECK(paths[i].ends_with(tail));
        }
      } else {
        // Wrapped: every line but the last ends after a slash, unless a name alone is wider.
        std::string whole;
        for (const auto& line : fitted[i]) whole += line;
        CHECK(whole == paths[i]);
        for (std::size_t n = 0; n + 1 < fitted[i].size(); ++n) {
          const auto& line = fitted[i][n];
          CHECK((line.ends_with("/") || columns_of(line) == width));
        }
      }
    }
    CHECK(shown.size() == paths.size());  // every path reads apart from the others
  }
  // The case of the issue: at 41 columns (COLUMNS=80) the scheduler's folder and the name,
  // never `…/bfq/C` / `-Ray.xml`; the archive's member ends in `bfq/C-Ray.xml` too, so that
  // path needs its 2024-03-… folder, which has no room: it alone is wrapped, at its slashes.
  const auto at80 = fitted_paths(paths, 41);
  CHECK(at80[1] == std::vector<std::string>{"/srv/lab/results/…/bfq/fio-randread.xml"});
  CHECK(at80[2] == std::vector<std::string>{"/srv/lab/results/…/kyber/C-Ray.xml"});
  CHECK(at80[0] == std::vector<std::string>{"/srv/lab/results/",
                                            "2024-03-nvme-samsung-980-pro/bfq/", "C-Ray.xml"});
}
