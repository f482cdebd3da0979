// SPDX-License-Identifier: MIT
// Real files as they were found in public archives and repositories (tests/fixtures/wild/,
// sources in tests/fixtures/SOURCES.md): mail in format=flowed, quoted replies, charts retyped
// by hand, README files with PTS's run-time output, a PTS 7 session. Each reads with the counts
// found by hand in the file, every label and value exact; the forms iosr does not read are
// refused with an error that says where and why.
#include <string>
#include <vector>

#include "catch.hpp"
#include "iosr/error.hpp"
#include "iosr/read.hpp"
#include "reader_support.hpp"

using namespace iosr;
using test_support::entry_count;
using test_support::read_cached;
using test_support::value_of;

namespace {

const std::string wild = std::string(IOSR_FIXTURES_DIR) + "/wild/";

std::vector<std::string> labels_of(const result& r) { return test_support::entry_labels(r); }

}  // namespace

TEST_CASE("Wild: Larabel's format=flowed mail to Linus, Thunderbird's wrapped bars joined back",
          "[wild]") {
  const auto& f =
      read_cached(wild + "mail-flowed/linux-ext4_2020-09_kernel-benchmarking_apache-siege_larabel_flowed.eml");
  REQUIRE(f.results.size() == 5);
  CHECK(entry_count(f) == 45);
  CHECK(f.warnings.size() == 1);  // the flowed layer; every bar agrees with its value
  CHECK(f.warnings[0].message == "format=flowed: 21 wrapped lines joined back (RFC 3676)");
  const auto& first = f.results[0];
  CHECK(first.title == "Apache Siege");
  CHECK(first.version == "2.4.29");
  CHECK(first.description == "Concurrent Users: 1");
  CHECK(first.unit == "Transactions Per Second");
  CHECK(first.direction == direction::higher);
  CHECK(labels_of(first) == std::vector<std::string>{"v5.8", "v5.9 Git", "Default PLU 1000",
                                                      "PLU 0", "PLU 1", "PLU 2", "PLU 3",
                                                      "PLU 4", "PLU 5"});
  CHECK(value_of(first, "v5.8") == "7684.81");
  CHECK(value_of(f.results[1], "v5.9 Git") == "28240.71");
  CHECK(f.results[4].description == "Concurrent Users: 250");
}

TEST_CASE("Wild: Jan Kara's reply quoting Ted Ts'o's SQLite chart reads as the original",
          "[wild]") {
  const auto& reply =
      read_cached(wild + "mail-quoted/linux-ext4_2019-11_jbd2-revoke_sqlite_jan-kara-quotes-tytso.eml");
  const auto& original =
      read_cached(std::string(IOSR_FIXTURES_DIR) + "/corpus/text/pts-9.0.1_sqlite_4-kernels_lkml-email.eml.txt");
  REQUIRE(reply.results.size() == 1);
  REQUIRE(original.results.size() == 1);
  const auto& r = reply.results[0];
  const auto& o = original.results[0];
  CHECK(r.title == o.title);
  CHECK(r.version == o.version);
  CHECK(r.description == o.description);
  CHECK(r.unit == o.unit);
  CHECK(labels_of(r) == labels_of(o));
  for (const auto& e : o.entries) CHECK(value_of(r, e.label) == e.value_text);
  CHECK(reply.warnings.at(0).message == "2 levels of '> ' quoting removed");
  CHECK(reply.warnings.at(0).where == source_position{42, 1});
}

TEST_CASE("Wild: a chart retyped by hand as 'label: value', also quoted five levels deep",
          "[wild]") {
  for (const auto* file :
       {"hand-edited/lkml_2022-05_lru-cache-disable_stress-ng-numa_larabel_flowed_label-colon-value.eml",
        "mail-quoted/lkml_2022-06_lru-cache-disable_leemhuis-quotes-larabel_stress-ng_label-colon-value.eml"}) {
    INFO(file);
    const auto& f = read_cached(wild + file);
    REQUIRE(f.results.size() == 1);
    const auto& r = f.results[0];
    CHECK(r.title == "Stress-NG");
    CHECK(r.version == "0.14");
    CHECK(r.description == "Test: NUMA");
    CHECK(r.unit == "Bogo Ops/s");
    CHECK(r.direction == direction::higher);
    CHECK(labels_of(r) == std::vector<std::string>{"v5.17", "v5.18", "20220528 Git",
                                                    "20220528 Git + sched-rcu-exped patch"});
    CHECK(value_of(r, "20220528 Git + sched-rcu-exped patch") == "468.81");
    CHECK(value_of(r, "v5.18") == "49.33");
    CHECK(test_support::has_warning(f, "written as 'LABEL: VALUE' without dots or bars"));
  }
}

TEST_CASE("Wild: README files keeping PTS's run-time charts without bars", "[wild]") {
  const auto& xen = read_cached(wild + "text-other/xen-demo_readme_charts-without-bars.md");
  REQUIRE(xen.results.size() == 10);
  CHECK(entry_count(xen) == 10);
  CHECK(xen.results[0].title == "N-Queens");
  CHECK(xen.results[0].unit == "Seconds");
  CHECK(xen.results[0].direction == direction::lower);
  CHECK(value_of(xen.results[0], "N-Queens_24Sept23") == "349.54");
  CHECK(value_of(xen.results[1], "RAMspeed-SMP Test") == "8158.33");
  CHECK(value_of(xen.results[4], "dbench disk benchmark test on XenVM") == "52.79");
  CHECK(value_of(xen.results[9], "Dbench_VM2") == "108.17");
  CHECK(test_support::warnings_with(xen, "no bar ('LABEL . VALUE'") == 10);

  // The blog post's source, and the page the blog published from it (every line a <span>,
  // `&gt;` for `>`): the same charts.
  for (const auto* file : {"text-other/disappear9-blog_orangepi-zero3_post-source_no-bars.md",
                           "text-other/disappear9-blog_orangepi-zero3_hexo-page_html-span-lines_gt-entity.html"}) {
    INFO(file);
    const auto& blog = read_cached(wild + file);
    REQUIRE(blog.results.size() == 2);
    CHECK(blog.results[0].title == "7-Zip Compression");
    CHECK(blog.results[0].unit == "MIPS");
    CHECK(blog.results[0].direction == direction::higher);
    CHECK(value_of(blog.results[0], "Zero3") == "2670");
    CHECK(value_of(blog.results[1], "Zero3") == "4745");
    CHECK(blog.results[1].description == "Test: Decompression Rating");
  }
}

TEST_CASE("Wild: a README quoting two terminal sessions, every line double-spaced, with "
          "zero-width spaces",
          "[wild]") {
  const auto& f =
      read_cached(wild + "text-other/hkust-csit5970_lrrong2020_readme_blockquoted-terminal-and-charts.md");
  REQUIRE(f.results.size() == 5);
  CHECK(entry_count(f) == 5);
  CHECK(f.results[0].title == "7-Zip Compression");
  CHECK(f.results[0].version == "24.05");
  CHECK(f.results[0].description == "Test: Compression Rating");
  CHECK(f.results[0].unit == "MIPS");
  CHECK(value_of(f.results[0], "1") == "4238");
  CHECK(value_of(f.results[1], "1") == "3176");
  CHECK(f.results[4].title == "RAMspeed SMP");
  CHECK(value_of(f.results[4], "1") == "11366.73");
  REQUIRE(f.systems.size() == 1);
  CHECK(f.systems[0].hardware.at(0).key == "Processor");
  CHECK(f.systems[0].hardware.at(0).value == "Intel Xeon E5-2686 v4 (1 Core)");
  CHECK(test_support::has_warning(f, "83 invisible characters"));
  CHECK(test_support::has_warning(f, "1 level of '> ' quoting removed"));
  CHECK(test_support::has_warning(f, "blank lines between the lines of charts removed"));
  CHECK(test_support::has_warning(f, "an interactive PTS session"));
}

TEST_CASE("Wild: a PTS 7.0.1 session transcript, unit lines without a direction", "[wild]") {
  const auto& f = read_cached(
      wild + "terminal/caprice-j-e6118_rpi3_pts7-session-transcript_unit-line-without-direction.md");
  REQUIRE(f.results.size() == 6);
  CHECK(entry_count(f) == 6);
  CHECK(f.title == "encode-flac1b");  // after the prompt `... (Y/n): y`
  CHECK(f.results[0].title == "FLAC Audio Encoding");
  CHECK(f.results[0].unit == "Seconds");
  CHECK(f.results[0].direction == direction::none);
  CHECK(value_of(f.results[0], "Unknown -  - raspberrypi rpi") == "396.10");
  CHECK(value_of(f.results[5], "Unknown -  - raspberrypi rpi") == "329.42");
  CHECK(test_support::warnings_with(f, "bar of") == 0);
}

TEST_CASE("Wild: forms iosr does not read are refused, saying where and why", "[wild]") {
  auto refusal = [](const std::string& file) {
    try {
      (void)read_results_file(wild + file);
    } catch (const parse_error& e) {
      return std::string(e.message());
    }
    return std::string("(read)");
  };
  // A table of the author's own making, with the direction in parentheses.
  CHECK(refusal("hand-edited/lkml_2024-08_maple-tree-store-type_phoronix-t-test-1_nested-values.eml")
            .starts_with("a direction mark, but no chart in a form iosr reads around it"));
  // A site's JSON search index (the text inside JSON strings), PTS's own HTML export (its
  // values are in SVG), and CSV exports pasted into Markdown after a shell prompt.
  for (const auto* file : {"text-other/disappear9-blog_content-json_whitespace-collapsed_gt-entity.json",
                           "text-other/ub-benchmark-infra_rnnoise_pts-html-export_svg-more-is-better_arm-1ghz.html",
                           "text-other/rcastellotti-gr_LOG-md_cat-of-csv-exports-in-markdown.md"}) {
    INFO(file);
    CHECK(refusal(file).starts_with("not a benchmark result"));
  }
}

TEST_CASE("Wild: CSV exports in the 2020-2024 layout, also with columns an editor aligned",
          "[wild]") {
  struct expected {
    std::string file, title, first_result, first_label, first_value;
    std::size_t results;
  };
  const expected files[] = {
      {"nutcracker10-fyp_2021-02_scimark_virtualbox_pts10-layout_title-desc-lines.csv", "help",
       "SciMark", "Intel Core i5-9400F", "550.33", 1},
      {"rcastellotti-gr_2023-05_lz4_pts10.8.4-layout_raw.csv", "26-05-sev-lz4-3",
       "LZ4 Compression", "26-05-sev-lz4-3", "", 2},
      {"rcastellotti-gr_2023-05_tinymembench_pts10.8.4-layout_raw.csv", "22-05-nosev-tinymembench",
       "Tinymembench", "22-05-nosev-tinymembench", "23609.0", 2},
      {"rcastellotti-gr_2023-05_compilation-10-LIB_column-aligned-by-editor.csv",
       "14-05-sev-compilation", "Timed Apache Compilation", "14-05-sev-compilation", "", 10},
      {"rcastellotti-gr_2023-05_redis_sev-nosev_column-aligned-by-editor_title-split-at-comma.csv",
       // The editor split the title at its comma and padded it: kept as written.
       "14-05-nosev-redis-1                                       ,2-1", "Redis",
       "14-05-nosev-redis-1,2-1", "2277704.58", 2},
  };
  for (const auto& e : files) {
    INFO(e.file);
    const auto& f = read_cached(wild + "csv/" + e.file);
    CHECK(f.format == "pts-csv");
    CHECK(f.title == e.title);
    REQUIRE(f.results.size() == e.results);
    CHECK(entry_count(f) == e.results);
    CHECK(f.results[0].title == e.first_result);
    REQUIRE(f.systems.size() == 1);
    CHECK(f.systems[0].label == e.first_label);
    if (!e.first_value.empty()) CHECK(value_of(f.results[0], e.first_label) == e.first_value);
    bool aligned = e.file.find("column-aligned") != std::string::npos;
    CHECK(test_support::has_warning(f, "the columns are aligned with blanks") == aligned);
  }
  // The aligned values lose only the editor's blanks.
  const auto& compilation = read_cached(
      wild + "csv/rcastellotti-gr_2023-05_compilation-10-LIB_column-aligned-by-editor.csv");
  CHECK(compilation.results[0].direction == direction::lower);
  CHECK(compilation.results[0].unit == "sec");
}
