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
  test_support::check_header(first, "Apache Siege", "2.4.29", "Concurrent Users: 1",
                             "Transactions Per Second", direction::higher);
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
    test_support::check_header(r, "Stress-NG", "0.14", "Test: NUMA", "Bogo Ops/s",
                               direction::higher);
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
  // A table of the author's own making: PTS's heading on one line, values nested by an
  // indentation that slips (docs/pts-text-input.md).
  CHECK(
      refusal("hand-edited/lkml_2024-08_maple-tree-store-type_phoronix-t-test-1_nested-values.eml")
          .starts_with("'Phoronix t-test-1 (Seconds < Lower Is Better)' copies PTS's chart "
                       "heading onto one line, a hand-made layout that is not PTS's"));
  // A site's JSON search index (the text inside JSON strings). (PTS's own HTML export is read:
  // pts_html_reader_test.cpp; CSV exports pasted into Markdown: blocks_test.cpp.)
  for (const auto* file :
       {"text-other/disappear9-blog_content-json_whitespace-collapsed_gt-entity.json"}) {
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

// ---- The second search: files found after the readers were written, read without changes ----

TEST_CASE("Wild (held out): one FS-Mark result as plain mail, quoted-printable, and quoted "
          "replies of it at depths 1 and 2 reads the same everywhere",
          "[wild]") {
  const auto& plain =
      read_cached(wild + "mail-plain/stable_2025-06_6.12-review_ceph-s_magic_fs-mark_gregkh_8bit-no-charset.eml");
  REQUIRE(plain.results.size() == 3);
  CHECK(entry_count(plain) == 6);
  CHECK(plain.warnings.empty());
  CHECK(plain.results[0].title == "FS-Mark");
  CHECK(plain.results[0].version == "3.3");
  CHECK(plain.results[0].description == "Test: 500 Files, Empty");
  CHECK(plain.results[0].unit == "Files/s");
  CHECK(labels_of(plain.results[0]) == std::vector<std::string>{"6.12.27-talos", "+twelho patch"});
  CHECK(value_of(plain.results[0], "+twelho patch") == "208.4");
  CHECK(value_of(plain.results[1], "6.12.27-talos") == "15.6");
  struct form {
    std::string file;
    std::vector<std::string> layers;
  };
  const form forms[] = {
      {"mail-qp/ceph-devel_2025-05_ceph-s_magic_fs-mark_twelho_qp-soft-broken-bars.eml",
       {"quoted-printable decoded"}},
      {"mail-quoted/ceph-devel_2025-05_dubeyko-reply_outlook-evolution_fs-mark_qp-depth1-quote_eq20-blank-quote-lines.eml",
       {"quoted-printable decoded", "2 levels of '> ' quoting removed"}},
      {"mail-quoted/ceph-devel_2025-06_ilya-reply_fs-mark_qp-depth2-quote_soft-broken-bars.eml",
       {"quoted-printable decoded", "3 levels of '> ' quoting removed"}},
  };
  for (const auto& f : forms) {
    INFO(f.file);
    const auto& mail = read_cached(wild + f.file);
    std::vector<std::string> said;
    for (const auto& w : mail.warnings) said.push_back(w.message);
    CHECK(said == f.layers);  // and no bar disagrees with its value
    REQUIRE(mail.results.size() == plain.results.size());
    for (std::size_t i = 0; i < plain.results.size(); ++i) {
      CHECK(mail.results[i].title == plain.results[i].title);
      CHECK(mail.results[i].description == plain.results[i].description);
      CHECK(mail.results[i].unit == plain.results[i].unit);
      CHECK(labels_of(mail.results[i]) == labels_of(plain.results[i]));
      for (const auto& e : plain.results[i].entries) {
        CHECK(value_of(mail.results[i], e.label) == e.value_text);
      }
    }
  }
}

TEST_CASE("Wild (held out): README copies of one text export, and the bars that give away edited "
          "values",
          "[wild]") {
  for (const auto* file :
       {"text-other/ub-benchmarks-howto-readme_simdjson_result-file-to-text-after-prompt_ellipsis-line.md",
        "text-other/ub-benchmarks-artifact-getting-started-readme_simdjson_chart-indented-4-in-list-item_possible-output.md"}) {
    INFO(file);
    const auto& f = read_cached(wild + file);
    REQUIRE(f.results.size() == 5);
    CHECK(entry_count(f) == 10);
    CHECK(f.results[0].title == "simdjson");
    CHECK(f.results[0].unit == "GB/s");
    CHECK(labels_of(f.results[3]) == std::vector<std::string>{"base", "fwrapv"});
    CHECK(value_of(f.results[3], "fwrapv") == "1.00");
    CHECK(value_of(f.results[4], "fwrapv") == "1.71");
    // "Possible output": two values disagree with their bars (1.00 drawn as 0.88, 1.60 as
    // 1.49), and the bar check says so.
    CHECK(test_support::warnings_with(f, "bar of") == 2);
  }
}

TEST_CASE("Wild (held out): PTS's run-time comparison with OpenBenchmarking in a forum post and "
          "an issue, a PTS 10 homework transcript, a 10.8.4 CSV",
          "[wild]") {
  const auto& forum = read_cached(
      wild + "web-page/ubuntuforums_2017-10_wayland-vs-x11_pts-7.4.0_glmark2-dynamic-comparison_forum-dump.md");
  REQUIRE(forum.results.size() == 1);
  CHECK(forum.results[0].unit == "Score");
  CHECK(value_of(forum.results[0], "oggi30ott") == "268");
  CHECK(value_of(forum.results[0], "Test") == "2504");
  CHECK(test_support::warnings_with(forum, "bar of") == 0);

  const auto& issue =
      read_cached(wild + "issue-text/pts-issue-336_iozone_dynamic-comparison_result-perspective.txt");
  REQUIRE(issue.results.size() == 1);
  CHECK(value_of(issue.results[0], "iozne") == "658.01");
  CHECK(value_of(issue.results[0], "Result") == "766.70");

  const auto& homework = read_cached(
      wild + "terminal/yurityumin-gb-part05_lesson04-py_pts-10-pybench_two-sessions_box-plots_cyrillic-homework.txt");
  REQUIRE(homework.results.size() == 1);
  CHECK(homework.title == "MXLinux_pybench");
  CHECK(homework.results[0].unit == "Milliseconds");
  CHECK(value_of(homework.results[0], "Common KVM - bochs-drmdrmfb - QEMU Standard PC") == "2594");

  const auto& csv = read_cached(
      wild + "csv/flashbots-pts-standard-benchmark_2024-09_gce-c3-176_fio-iouring-stream-kernel_ident-2x06_pts10.8.4-layout.csv");
  CHECK(csv.title == "flashloads-results");
  REQUIRE(csv.systems.size() == 1);
  CHECK(csv.systems[0].label == "2 x 06");
  CHECK(csv.results.size() == 13);
  CHECK(entry_count(csv) == 13);
}

TEST_CASE("Wild (held out): run-time logs without a text export are read as PTS's run output",
          "[wild]") {
  // PTS's output while tests run ("Average: 3199.17 MB/s"): docs/pts-run-output.md.
  const auto& failed = read_cached(
      wild + "issue-text/pts-issue-181_tachyon-failed-run_average-0-seconds_pts-5.8.1.txt");
  CHECK(failed.format == "pts-run");
  REQUIRE(failed.results.size() == 1);
  CHECK(failed.results[0].entries.at(0).kind == entry_kind::failed);
  const auto& suite = read_cached(wild +
                                  "terminal/"
                                  "alexshvid-blog_2019-12_pts-9.2.1-cpu-suite-run_trailing-space-"
                                  "padding_percentile-classification.md");
  CHECK(suite.format == "pts-run");
  REQUIRE(suite.results.size() == 5);
  CHECK(value_of(suite.results[2], "unnamed run") == "2.63764");
  CHECK(suite.results[2].unit == "days/ns");
  CHECK(suite.results[2].entries.at(0).samples.size() == 3);
  const auto& zip = read_cached(wild +
                                "terminal/"
                                "disappear9-blog_rpi5_pts-10.8.4-compress-7zip-run_two-averages-"
                                "one-test_chinese-hexo-post.md");
  REQUIRE(zip.results.size() == 2);
  CHECK(zip.results[0].description == "Test: Compression Rating");
  CHECK(value_of(zip.results[0], "unnamed run") == "10696");
  CHECK(value_of(zip.results[1], "unnamed run") == "13510");
  const auto& aio = read_cached(
      wild +
      "hand-edited/"
      "swappiness-instructions_pts-5-aio-stress-run-pasted-and-reindented_two-averages.txt");
  REQUIRE(aio.results.size() == 1);
  CHECK(value_of(aio.results[0], "unnamed run") == "3199.17");
  CHECK(value_of(aio.results[0], "unnamed run 2") == "3252.11");
}

TEST_CASE("Wild (held out): what holds no result is refused", "[wild]") {
  for (const auto* file :
       {"web-page/"
        "hpc-social_gaborsamu-blog_2017-08_pts-5.2.1-stream-run_hugo-span-highlighted-numbers.md"}) {
    INFO(file);
    CHECK_THROWS_AS(read_results_file(wild + file), parse_error);
  }
}

TEST_CASE("Wild: CSV exports pasted into a lab notebook and a docstring are read as blocks",
          "[wild][blocks]") {
  // Two `cat` outputs after shell prompts in a Markdown notebook (docs/blocks.md).
  auto notebook = read_all_results(
      test_support::slurp(wild +
                          "text-other/rcastellotti-gr_LOG-md_cat-of-csv-exports-in-markdown.md"),
      "LOG.md");
  REQUIRE(notebook.size() == 2);
  CHECK(notebook[0].title == "14-05-nosev-compilation");
  REQUIRE(notebook[0].results.size() == 10);
  CHECK(notebook[0].results[0].title == "Timed Apache Compilation");
  CHECK(value_of(notebook[0].results[0], "14-05-nosev-compilation") == "26.449");
  CHECK(value_of(notebook[0].results[9], "14-05-nosev-compilation") == "774.417");
  CHECK(notebook[0].results[0].entries[0].where.line == 73);  // its row in the notebook
  CHECK(notebook[1].title == "14-05-nosev-redis-1,2-1");
  REQUIRE(notebook[1].results.size() == 2);
  CHECK(value_of(notebook[1].results[1], "14-05-nosev-redis-1,2-1") == "1570497.58");
  CHECK(notebook[1].warnings.at(0).message ==
        "result file 2 of 2 in this input: a pts-csv block, lines 87-108");

  // A Pod log's CSV export in a docstring, indented, `<empty line>` for its blank lines and an
  // annotation after its title.
  const auto& pod = read_cached(wild +
                                "hand-edited/"
                                "mshekow-k8s-benchmark_benchmark-py_pts-csv-pod-log-in-docstring_"
                                "empty-line-placeholders_azure-xeon-8370c.py");
  CHECK(pod.format == "pts-csv");
  CHECK(pod.title == "benchmarkresult");
  REQUIRE(pod.results.size() == 26);
  CHECK(entry_count(pod) == 26);
  CHECK(pod.results[0].unit == "MB/s");
  CHECK(value_of(pod.results[0], "Virtual Disk - Intel Xeon Platinum 8370C") == "55.2");
  CHECK(pod.results[25].unit == "MiB/s (write)");
  CHECK(value_of(pod.results[25], "Virtual Disk - Intel Xeon Platinum 8370C") == "394.29");
  CHECK(pod.results[25].entries[0].where.line == 238);
  CHECK(pod.warnings.at(0).message ==
        "result file 1 of 1 in this input: a pts-csv block, lines 197-238; the prefix '    ' of "
        "its lines removed; 2 placeholder lines ('<empty line>') read as empty; 1 annotation "
        "('<< ...') left out");
}
