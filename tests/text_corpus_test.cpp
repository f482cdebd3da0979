// SPDX-License-Identifier: MIT
// Real PTS text exports written by other people (tests/fixtures/corpus/text: Markdown, e-mail and
// README copies) and what PTS 10.8.6 itself prints for the corpus XML files
// (tests/fixtures/corpus/pts-text). Counts and values were looked up by hand in the text files;
// for pts-text they were also compared with the XML each was printed from (values there are
// display-rounded per docs/pts-text-output.md, "Values": XML 27.059887 is printed `27.06`).
#include <charconv>
#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "catch.hpp"
#include "iosr/model.hpp"
#include "iosr/read.hpp"
#include "reader_support.hpp"

namespace {

using namespace test_support;

std::string text_path(const std::string& name) {
  return std::string(IOSR_FIXTURES_DIR) + "/corpus/text/" + name;
}

std::string pts_path(const std::string& name) {
  return std::string(IOSR_FIXTURES_DIR) + "/corpus/pts-text/" + name;
}

const iosr::result_file& text_file(const std::string& name) { return read_cached(text_path(name)); }
const iosr::result_file& pts_file(const std::string& name) { return read_cached(pts_path(name)); }

const iosr::result* find_chart(const iosr::result_file& f, std::string_view description,
                               std::string_view unit) {
  for (const auto& r : f.results) {
    if (r.description == description && r.unit == unit) return &r;
  }
  return nullptr;
}

using strings = std::vector<std::string>;

strings entry_values(const iosr::result& r) {
  strings out;
  for (const auto& e : r.entries) out.push_back(e.value_text);
  return out;
}

std::string field_value(const std::vector<iosr::field>& fields, std::string_view key) {
  for (const auto& f : fields) {
    if (f.key == key) return f.value;
  }
  return "<missing>";
}

strings warning_messages(const iosr::result_file& f) {
  strings out;
  for (const auto& w : f.warnings) out.push_back(w.message);
  return out;
}

bool contains(std::string_view text, std::string_view part) {
  return text.find(part) != std::string_view::npos;
}

// Entries that break the model's promises: a number whose value is not its text parsed, a
// pass/fail whose value is not 1/0, an entry naming no system.
strings broken_entries(const iosr::result_file& f) {
  strings bad;
  for (const auto& r : f.results) {
    for (const auto& e : r.entries) {
      const std::string where = r.title + " / " + r.description + ": " + e.label;
      if (f.find_system(e.label) == nullptr) bad.push_back(where + " names no system");
      if (e.kind == iosr::entry_kind::number) {
        double parsed = 0;
        const auto* end = e.value_text.data() + e.value_text.size();
        auto [ptr, ec] = std::from_chars(e.value_text.data(), end, parsed);
        if (ec != std::errc() || ptr != end || !e.value || *e.value != parsed) {
          bad.push_back(where + " = " + e.value_text);
        }
      } else if (e.kind == iosr::entry_kind::pass_fail) {
        if (!e.value || *e.value != (e.value_text == "PASS" ? 1.0 : 0.0)) {
          bad.push_back(where + " pass/fail " + e.value_text);
        }
      } else {
        bad.push_back(where + " has kind " + std::string(iosr::to_string(e.kind)));
      }
    }
  }
  return bad;
}

const std::string pgbench_md = "pts-8.8_xcpng_pgbench_markdown.md.txt";
const std::string pybench_md = "pts-8.8_xcpng_pybench-openssl_markdown.md.txt";
const std::string lkml_email = "pts-9.0.1_sqlite_4-kernels_lkml-email.eml.txt";
const std::string apache_readme = "pts_apache_two-cpus_readme.md.txt";

const std::string zstd = "pts-10.8.4_compress-zstd_20-systems_14-results.txt";
const std::string newgvn = "pts-10.8.4_newgvn_126-results_empty-values-and-errors.txt";
const std::string osbench = "pts-10.8.4_osbench_base-vs-fwrapv.txt";
const std::string sqlite20 = "pts-10.8.4_sqlite_20-systems.txt";
const std::string vmware = "pts-10.8.5_vmware_memory_system-without-entries.txt";
const std::string arm64 = "pts-10.8.6_arm64-neoverse-n1_ci-capture.txt";
const std::string active = "pts-5.2.1_active-xml_zero-results.txt";
const std::string disk_suite =
    "pts-5.2.1_rpi4_disk-suite_sqlite-fsmark-dbench-compilebench-postmark.txt";
const std::string mixed_units = "pts-5.2.1_rpi4_pgbench-postmark-mixed-units.txt";
const std::string tio_mixed = "pts-5.2.1_rpi4_tiobench-dbench-postmark-mixed.txt";
const std::string zip7 = "pts-5.6.0_ec2-large_7zip_10-systems.txt";
const std::string tio64 = "pts-5.6.0_ec2-large_tiobench_64-results.txt";
const std::string stream = "pts-5.6.0_ec2-micro_stream_10-systems.txt";
const std::string osbench_date = "pts-8.0.1_clearlinux_osbench_date-identifier_mixed-units.txt";
const std::string schbench = "pts-8.0.1_docker_schbench_42-results.txt";
const std::string blogbench = "pts-8.0.1_gce_blogbench_persistentdisk.txt";
const std::string pjdfstest = "pts-8.2.0_gce_pjdfstest_pass-fail.txt";
const std::string sparse = "pts-8.2.0_two-systems_sparse-entries.txt";

}  // namespace

// ---- every corpus file ------------------------------------------------------------------------

TEST_CASE("Every corpus text file is read as pts-text with its chart, entry and system counts",
          "[corpus]") {
  struct expected {
    std::string path;
    std::size_t charts, entries, systems, warnings;
  };
  // pts-text counts equal the XML each was printed from: its Result and System elements, and
  // its Entry elements with a non-empty Value (failed runs are not printed).
  const std::vector<expected> files = {
      {text_path(pgbench_md), 18, 18, 4, 1}, {text_path(pybench_md), 12, 12, 4, 1},
      {text_path(lkml_email), 1, 4, 4, 1},   {text_path(apache_readme), 2, 2, 2, 0},
      {pts_path(zstd), 14, 280, 20, 0},      {pts_path(newgvn), 126, 113, 1, 26},
      {pts_path(osbench), 5, 10, 2, 0},      {pts_path(sqlite20), 7, 140, 20, 0},
      {pts_path(vmware), 2, 2, 2, 1},        {pts_path(arm64), 4, 4, 1, 0},
      {pts_path(active), 0, 0, 1, 1},        {pts_path(disk_suite), 11, 11, 1, 0},
      {pts_path(mixed_units), 11, 11, 1, 0}, {pts_path(tio_mixed), 17, 17, 1, 0},
      {pts_path(zip7), 1, 10, 10, 0},        {pts_path(tio64), 64, 64, 1, 0},
      {pts_path(stream), 4, 40, 10, 0},      {pts_path(osbench_date), 5, 5, 1, 0},
      {pts_path(schbench), 42, 42, 1, 0},    {pts_path(blogbench), 2, 2, 1, 0},
      {pts_path(pjdfstest), 2, 2, 1, 0},     {pts_path(sparse), 4, 4, 2, 0},
  };
  for (const auto& want : files) {
    INFO(want.path);
    const auto& f = read_cached(want.path);
    CHECK(f.format == "pts-text");
    CHECK(f.source_name == want.path);
    CHECK(f.results.size() == want.charts);
    CHECK(entry_count(f) == want.entries);
    CHECK(f.systems.size() == want.systems);
    CHECK(warning_messages(f).size() == want.warnings);
    CHECK(broken_entries(f) == strings{});
  }
}

TEST_CASE("Every PTS-printed export keeps its file title and description", "[corpus]") {
  // Generated/Title and Generated/Description of the XML each file was printed from.
  const std::vector<std::pair<std::string, std::string>> titles = {
      {zstd, "compress-zstd-1.6.0"},
      {newgvn, "$result_name"},
      {osbench, "osbench"},
      {sqlite20, "sqlite-2.2.0"},
      {vmware, "Memory 12_21_2024"},
      {arm64, "2026-07-09-1537"},
      {active, "pts_cpu11Nov20"},
      {disk_suite, "ptsdiskv2"},
      {mixed_units, "ptsmotherboardv2"},
      {tio_mixed, "ptslinuxkernelv2"},
      {zip7, "7zip"},
      {tio64, "threaded-last"},
      {stream, "stream-bench"},
      {osbench_date, "2018-11-27-2139"},
      {schbench, "2018-11-28-0332"},
      {blogbench, "2018-11-27-2002"},
      {pjdfstest, "pjdfs1result"},
      {sparse, "2018-11-25-0809"},
  };
  for (const auto& [name, title] : titles) {
    INFO(name);
    CHECK(pts_file(name).title == title);
  }
  CHECK(pts_file(zstd).description == "compress-zstd-1.6.0-all");
  CHECK(pts_file(osbench).description == "osbench-base");
  CHECK(pts_file(stream).description == "Running pts/stream-1.2.0 via the Phoronix Test Suite.");
  CHECK(pts_file(sparse).description == "KVM testing on Ubuntu 18.04 via the Phoronix Test Suite.");
  CHECK(pts_file(newgvn).description ==
        "2 x Intel Xeon E5-2620 v2 testing with a ASUS Z9PE-D8 WS (5503 BIOS) and ASPEED on "
        "CentOS Stream 9 via the Phoronix Test Suite.");
}

// ---- text/: copies pasted into documents ------------------------------------------------------

TEST_CASE("The Markdown pgbench file reads a value that touches its bar", "[corpus]") {
  const auto& f = text_file(pgbench_md);
  CHECK(f.title.empty());
  CHECK(system_labels(f) ==
        strings{"phoronix pgbench 242 HT on single vm", "phoronix pgbench 242 HT on",
                "phoronix pgbench 242 HT off single vm", "phoronix pgbench 242 HT off"});
  REQUIRE(f.results.size() == 18);
  const auto& first = f.results.front();
  check_header(first, "PostgreSQL pgbench", "10.3",
               "Scaling: Mostly RAM - Test: Normal Load - Mode: Read Only", "TPS",
               iosr::direction::higher);
  // `phoronix pgbench 242 HT on single vm . 331891|====...`
  CHECK(entry_labels(first) == strings{"phoronix pgbench 242 HT on single vm"});
  CHECK(entry_values(first) == strings{"331891"});
  REQUIRE(first.entries.front().value);
  CHECK(*first.entries.front().value == 331891.0);
  CHECK(value_of(f.results.at(1), "phoronix pgbench 242 HT on single vm") == "17704");
  CHECK(f.results.at(1).description ==
        "Scaling: Mostly RAM - Test: Single Thread - Mode: Read Only");
  CHECK(value_of(f.results.at(3), "phoronix pgbench 242 HT on") == "244195");
  CHECK(value_of(f.results.back(), "phoronix pgbench 242 HT off") == "357756");
  CHECK(f.results.back().description ==
        "Scaling: Mostly RAM - Test: Heavy Contention - Mode: Read Only");
}

TEST_CASE("The Markdown pgbench file reads each system block once and warns on repeats",
          "[corpus]") {
  const auto& f = text_file(pgbench_md);
  const auto* s = f.find_system("phoronix pgbench 242 HT on single vm");
  REQUIRE(s != nullptr);
  CHECK(field_value(s->hardware, "Processor") == "2 x Intel Xeon E5-2690 v4 (32 Cores)");
  CHECK(field_value(s->hardware, "Memory") == "16384 MB + 16376 MB RAM");
  CHECK(field_value(s->software, "OS") == "CentOS Linux 7");
  CHECK(field_value(s->software, "System Layer") == "Xen HVM domU 4.11.1-7.3.xcpng8.0");
  // The second and fourth runs were pasted twice (two VMs): one warning names both.
  const auto messages = warning_messages(f);
  REQUIRE(messages.size() == 1);
  CHECK(contains(messages[0], "2 systems are described again: 'phoronix pgbench 242 HT on' "
                              "(first at line "));
  CHECK(contains(messages[0], "'phoronix pgbench 242 HT off' (first at line "));
}

TEST_CASE("The Markdown OpenSSL and PyBench file reads long labels and a date version",
          "[corpus]") {
  const auto& f = text_file(pybench_md);
  REQUIRE(f.results.size() == 12);
  const std::string label = "phoronix-test-suite run pybench openssl HT on single vm";
  check_header(f.results.at(0), "OpenSSL", "1.1.1", "RSA 4096-bit Performance", "Signs Per Second",
               iosr::direction::higher);
  CHECK(entry_values(f.results.at(0)) == strings{"5801"});
  CHECK(value_of(f.results.at(0), label) == "5801");
  check_header(f.results.at(1), "PyBench", "2018-02-16", "Total For Average Test Times",
               "Milliseconds", iosr::direction::lower);
  CHECK(value_of(f.results.at(1), label) == "1736");
  CHECK(value_of(f.results.back(), "phoronix-test-suite run pybench openssl HT off") == "1740");
  const auto* s = f.find_system(label);
  REQUIRE(s != nullptr);
  CHECK(field_value(s->software, "Kernel") == "5.1.5-1.el7.elrepo.x86_64 (x86_64)");
}

TEST_CASE("The LKML e-mail reads its indented SQLite chart of four kernels", "[corpus]") {
  const auto& f = text_file(lkml_email);
  REQUIRE(f.results.size() == 1);
  const auto& r = f.results.front();
  check_header(r, "SQLite", "3.30.1", "Threads / Copies: 1", "Seconds", iosr::direction::lower);
  CHECK(entry_labels(r) == strings{"5.3.0", "5.4.0-rc3", "5.4-rc3-80-gafb2442fa429", "5.4.0-rc7"});
  CHECK(entry_values(r) == strings{"225", "224", "227", "223"});
  CHECK(value_of(r, "5.4-rc3-80-gafb2442fa429") == "227");
  CHECK(r.where.line == 61);
  CHECK(system_labels(f) == entry_labels(r));
}

TEST_CASE("The LKML e-mail's unlabelled hardware summary is not given to any kernel", "[corpus]") {
  // The wrapped `Processor: ... OS: ...` summary after the chart has no `LABEL:` line; the
  // reader keeps the four kernels as bare systems and says why.
  const auto& f = text_file(lkml_email);
  for (const auto& s : f.systems) {
    CHECK(s.hardware.empty());
    CHECK(s.software.empty());
    CHECK(s.group.empty());
    CHECK(s.scheduler.empty());
  }
  const auto messages = warning_messages(f);
  REQUIRE(messages.size() == 1);
  CHECK(contains(messages[0], "without a label line"));
  CHECK(f.warnings.front().where.line == 69);
}

TEST_CASE("The README reads two single-system Apache charts with ` - ` in their labels",
          "[corpus]") {
  const auto& f = text_file(apache_readme);
  const std::string e5606 = "2 x Intel Xeon E5606 - mgadrmfb - IBM 69Y4356";
  const std::string x5675 = "2 x Intel Xeon X5675 - mgadrmfb - IBM 69Y4356";
  CHECK(system_labels(f) == strings{e5606, x5675});
  REQUIRE(f.results.size() == 2);
  // The first header line is indented by one space, the rest by four.
  check_header(f.results.at(0), "Apache Benchmark", "2.4.29", "Static Web Page Serving",
               "Requests Per Second", iosr::direction::higher);
  check_header(f.results.at(1), "Apache Benchmark", "2.4.29", "Static Web Page Serving",
               "Requests Per Second", iosr::direction::higher);
  CHECK(entry_labels(f.results.at(0)) == strings{e5606});
  CHECK(value_of(f.results.at(0), e5606) == "5919.34");
  CHECK(value_of(f.results.at(1), x5675) == "7926.72");
  for (const auto& s : f.systems) {
    CHECK(s.group.empty());
    CHECK(s.name == s.label);
    CHECK(s.hardware.empty());
  }
}

// ---- pts-text/: what PTS 10.8.6 prints ---------------------------------------------------------

TEST_CASE("The pass/fail export reads a PASS_FAIL chart next to its run-time chart", "[corpus]") {
  const auto& f = pts_file(pjdfstest);
  CHECK(f.description == "KVM testing on Ubuntu 18.04 via the Phoronix Test Suite.");
  REQUIRE(f.results.size() == 2);
  // XML: Title Pjdfstest, empty AppVersion and Description, Scale Seconds, LIB, value 264.
  const auto& time = f.results.at(0);
  check_header(time, "Pjdfstest", "", "", "Seconds", iosr::direction::lower);
  CHECK(time.display_format == iosr::display_format::bar_graph);
  CHECK(entry_values(time) == strings{"264"});
  // XML: Scale `Test Pass / Fail`, LIB, DisplayFormat PASS_FAIL, value PASS.
  const auto& pass = f.results.at(1);
  check_header(pass, "Pjdfstest", "", "", "Test Pass / Fail", iosr::direction::lower);
  CHECK(pass.display_format == iosr::display_format::pass_fail);
  REQUIRE(pass.entries.size() == 1);
  const auto& e = pass.entries.front();
  CHECK(e.label == "PersistentDisk");
  CHECK(e.kind == iosr::entry_kind::pass_fail);
  CHECK(e.value_text == "PASS");
  REQUIRE(e.value);
  CHECK(*e.value == 1.0);
  const auto* s = f.find_system("PersistentDisk");
  REQUIRE(s != nullptr);
  CHECK(field_value(s->hardware, "Chipset") == "Intel 440FX- 82441FX PMC");
  CHECK(field_value(s->software, "System Layer") == "KVM");
}

TEST_CASE("The NewGVN export keeps charts whose runs all failed, with a warning each", "[corpus]") {
  const auto& f = pts_file(newgvn);
  REQUIRE(f.results.size() == 126);
  strings empty_titles;
  for (const auto& r : f.results) {
    if (r.entries.empty()) empty_titles.push_back(r.title + " / " + r.description);
  }
  // The 19 XML entries with an empty Value and a JSON error are each a result's only entry.
  CHECK(empty_titles.size() == 19);
  CHECK(empty_titles.front() == "FFTW / Build: Stock - Size: 1D FFT Size 32");
  CHECK(empty_titles.back() == "Z3 Theorem Prover / SMT File: 2.smt2");
  // As for the XML of the same run: a warning per chart without entries, then per second entry
  // of a system in one chart (the export prints both), then the title's PTS variable.
  const auto messages = warning_messages(f);
  REQUIRE(messages.size() == 19 + 6 + 1);
  CHECK(messages.front() ==
        "chart 'FFTW' (Build: Stock - Size: 1D FFT Size 32) has no entries (every run failed?)");
  CHECK(messages[18] ==
        "chart 'Z3 Theorem Prover' (SMT File: 2.smt2) has no entries (every run failed?)");
  CHECK(messages[19] ==
        "'NewGVN' has a second entry in 'FFTW' (first at line 20); both are kept, as PTS's text "
        "export does");
  CHECK(messages.back() ==
        "file title '$result_name' holds an unexpanded PTS variable; kept as written");
  const auto& first = f.results.front();
  check_header(first, "FFTW", "3.3.6", "Build: Stock - Size: 1D FFT Size 32", "Mflops",
               iosr::direction::higher);
  CHECK(first.entries.empty());
  const auto* flac = find_chart(f, "", "Seconds");
  REQUIRE(flac != nullptr);
  CHECK(flac->title == "FLAC Audio Encoding");
  CHECK(flac->version == "1.4");
  CHECK(flac->entries.empty());
}

TEST_CASE("The NewGVN export keeps repeated entries of one system in one chart", "[corpus]") {
  const auto& f = pts_file(newgvn);
  REQUIRE(f.results.size() == 126);
  // XML: FFTW `Test Install Size` has four Entry elements for NewGVN.
  const auto& install = f.results.at(1);
  check_header(install, "FFTW", "3.3.6", "Test Install Size", "Bytes", iosr::direction::lower);
  CHECK(entry_labels(install) == strings{"NewGVN", "NewGVN", "NewGVN", "NewGVN"});
  CHECK(entry_values(install) == strings{"98536", "98540", "98544", "98548"});
  CHECK(system_labels(f) == strings{"NewGVN"});
}

TEST_CASE("The NewGVN export prints display-rounded values of its XML", "[corpus]") {
  const auto& f = pts_file(newgvn);
  // XML 1248.475 -> `1248.48` (half away from zero on the decimal text).
  const auto* aes = find_chart(f, "Test: AES-256", "MiB/s");
  REQUIRE(aes != nullptr);
  CHECK(aes->title == "Botan");
  CHECK(aes->version == "2.17.3");
  CHECK(entry_values(*aes) == strings{"1248.48"});
  // XML 80633.0 and 7040.0 keep their one decimal.
  const auto* verify = find_chart(f, "Algorithm: RSA4096", "verify/s");
  REQUIRE(verify != nullptr);
  CHECK(verify->title == "OpenSSL");
  CHECK(entry_values(*verify) == strings{"80633.0"});
  const auto* fft = find_chart(f, "Build: Float + SSE - Size: 2D FFT Size 2048", "Mflops");
  REQUIRE(fft != nullptr);
  CHECK(entry_values(*fft) == strings{"7040.0"});
  // XML 12379.915 -> `12379.92`; Aircrack-ng has an empty description.
  const auto* aircrack = find_chart(f, "", "k/s");
  REQUIRE(aircrack != nullptr);
  check_header(*aircrack, "Aircrack-ng", "1.7", "", "k/s", iosr::direction::higher);
  CHECK(entry_values(*aircrack) == strings{"12379.92"});
  // A number beyond 32 bits.
  const auto* aes_gcm = find_chart(f, "Algorithm: AES-128-GCM", "byte/s");
  REQUIRE(aes_gcm != nullptr);
  CHECK(entry_values(*aes_gcm) == strings{"12863783823"});
  REQUIRE(aes_gcm->entries.front().value);
  CHECK(*aes_gcm->entries.front().value == 12863783823.0);
}

TEST_CASE("The NewGVN export splits a title line whose version has a `-git` suffix",
          "[corpus][regression]") {
  // Reader bug: `LuaJIT 2.1-git` (XML: Title LuaJIT, AppVersion 2.1-git) is read as title
  // `LuaJIT 2.1-git` with no version, because is_version_token rejects `2.1-git`.
  const auto& f = pts_file(newgvn);
  const auto* composite = find_chart(f, "Test: Composite", "Mflops");
  REQUIRE(composite != nullptr);
  CHECK(composite->title == "LuaJIT");
  CHECK(composite->version == "2.1-git");
  CHECK(entry_values(*composite) == strings{"787.11"});
  std::size_t luajit = 0;
  for (const auto& r : f.results) {
    if (r.title == "LuaJIT" && r.version == "2.1-git") ++luajit;
  }
  CHECK(luajit == 7);
}

TEST_CASE("The active.xml export has one system, no charts and a warning", "[corpus]") {
  const auto& f = pts_file(active);
  CHECK(f.title == "pts_cpu11Nov20");
  CHECK(f.description == "ARMv7 rev 3 testing on Raspbian 10 via the Phoronix Test Suite.");
  CHECK(f.results.empty());
  REQUIRE(f.systems.size() == 1);
  const auto& s = f.systems.front();
  CHECK(s.label == "ARMv7 rev 3");
  CHECK(field_value(s.hardware, "Processor") == "ARMv7 rev 3 @ 1.50GHz (4 Cores)");
  CHECK(field_value(s.hardware, "Disk") == "64GB SN64G");
  CHECK(field_value(s.software, "Kernel") == "5.4.74-v7l_s3437526+ (armv7l)");
  CHECK(s.software.size() == 3);
  const auto messages = warning_messages(f);
  REQUIRE(messages.size() == 1);
  CHECK(contains(messages[0], "no charts"));
}

TEST_CASE("The sparse export gives each chart an entry for only one of its two systems",
          "[corpus]") {
  const auto& f = pts_file(sparse);
  CHECK(system_labels(f) == strings{"2018-11-25 08:09", "Intel Xeon"});
  // A date label holds a colon but no `: `: no group.
  const auto* dated = f.find_system("2018-11-25 08:09");
  REQUIRE(dated != nullptr);
  CHECK(dated->group.empty());
  CHECK(dated->name == "2018-11-25 08:09");
  CHECK(field_value(dated->hardware, "Disk") == "54GB PersistentDisk");
  REQUIRE(f.results.size() == 4);
  check_header(f.results.at(0), "Systemd Total Boot Time", "", "Test: Total", "ms",
               iosr::direction::lower);
  CHECK(entry_labels(f.results.at(0)) == strings{"2018-11-25 08:09"});
  CHECK(entry_values(f.results.at(0)) == strings{"20983"});
  CHECK(entry_values(f.results.at(1)) == strings{"4897"});
  CHECK(entry_values(f.results.at(2)) == strings{"16086"});
  check_header(f.results.at(3), "Tachyon", "0.98.9", "Total Time", "Seconds",
               iosr::direction::lower);
  CHECK(entry_labels(f.results.at(3)) == strings{"Intel Xeon"});
  CHECK(entry_values(f.results.at(3)) == strings{"15.41"});
}

TEST_CASE("The system-without-entries export keeps the system that has no data", "[corpus]") {
  const auto& f = pts_file(vmware);
  const std::string idle = "2 x Intel Core i5-7360U - llvmpipe - Intel VMware";
  // The second system is called `Memory`, like the hardware key.
  CHECK(system_labels(f) == strings{idle, "Memory"});
  const auto* s = f.find_system(idle);
  REQUIRE(s != nullptr);
  CHECK(field_value(s->hardware, "Processor") == "2 x Intel Core i5-7360U (3 Cores)");
  CHECK(field_value(s->software, "Display Server") == "X Server + Wayland");
  CHECK(field_value(s->software, "System Layer") == "VMware");
  const auto* memory = f.find_system("Memory");
  REQUIRE(memory != nullptr);
  CHECK(field_value(memory->hardware, "Memory") == "4096MB");
  REQUIRE(f.results.size() == 2);
  check_header(f.results.at(0), "Tinymembench", "2018-05-28", "Standard Memcpy", "MB/s",
               iosr::direction::higher);
  CHECK(entry_labels(f.results.at(0)) == strings{"Memory"});
  // As the XML reader does, the text reader says that a system has no bar anywhere.
  REQUIRE(f.warnings.size() == 1);
  CHECK(f.warnings[0].message == "system '" + idle + "' has no entries in any chart");
  CHECK(entry_values(f.results.at(0)) == strings{"12522.3"});
  CHECK(f.results.at(1).description == "Standard Memset");
  CHECK(entry_values(f.results.at(1)) == strings{"23759.5"});
}

TEST_CASE("The OSBench export rounds two-system values to two decimals", "[corpus]") {
  const auto& f = pts_file(osbench);
  CHECK(system_labels(f) == strings{"base", "fwrapv"});
  REQUIRE(f.results.size() == 5);
  // XML: 27.059887 and 26.349926.
  check_header(f.results.front(), "OSBench", "", "Test: Create Files", "us Per Event",
               iosr::direction::lower);
  CHECK(entry_labels(f.results.front()) == strings{"base", "fwrapv"});
  CHECK(entry_values(f.results.front()) == strings{"27.06", "26.35"});
  check_header(f.results.back(), "OSBench", "", "Test: Memory Allocations", "Ns Per Event",
               iosr::direction::lower);
  CHECK(value_of(f.results.back(), "fwrapv") == "157.48");
}

TEST_CASE("The OSBench export with a timestamp label mixes us and ns units", "[corpus]") {
  const auto& f = pts_file(osbench_date);
  CHECK(system_labels(f) == strings{"2018-11-27 21:39"});
  CHECK(f.systems.front().group.empty());
  REQUIRE(f.results.size() == 5);
  CHECK(f.results.at(0).unit == "us Per Event");
  CHECK(entry_values(f.results.at(0)) == strings{"49.49"});
  CHECK(f.results.at(2).description == "Test: Launch Programs");
  CHECK(entry_values(f.results.at(2)) == strings{"117.24"});
  CHECK(f.results.at(4).unit == "Ns Per Event");
  CHECK(entry_values(f.results.at(4)) == strings{"108.58"});
}

TEST_CASE("The SQLite export reads twenty compiler-flag systems per chart", "[corpus]") {
  const auto& f = pts_file(sqlite20);
  REQUIRE(f.results.size() == 7);
  CHECK(f.find_system("fdrop-inbounds-from-gep-mllvm-disable-oob-analysis") != nullptr);
  CHECK(f.systems.front().label == "all");
  CHECK(f.systems.back().label == "Xclang-no-enable-noundef-analysis");
  const auto& first = f.results.front();
  check_header(first, "SQLite", "3.41.2", "Threads / Copies: 1", "Seconds", iosr::direction::lower);
  CHECK(entry_labels(first) == system_labels(f));
  // XML 28.441 and 27.249.
  CHECK(value_of(first, "all") == "28.44");
  CHECK(value_of(first, "base") == "27.25");
  for (const auto& r : f.results) CHECK(r.entries.size() == 20);
}

TEST_CASE("The Zstd export reads 20 systems by 14 charts", "[corpus]") {
  const auto& f = pts_file(zstd);
  REQUIRE(f.results.size() == 14);
  const auto& first = f.results.front();
  check_header(first, "Zstd Compression", "1.5.4", "Compression Level: 3 - Compression Speed",
               "MB/s", iosr::direction::higher);
  CHECK(entry_labels(first) == system_labels(f));
  CHECK(value_of(first, "all") == "1299.9");
  CHECK(value_of(first, "base") == "1334.2");
  CHECK(value_of(first, "fconstrain-shift-value") == "1294.8");
  for (const auto& r : f.results) CHECK(r.entries.size() == 20);
}

TEST_CASE("The ARM64 capture reads date versions and an empty description", "[corpus]") {
  const auto& f = pts_file(arm64);
  CHECK(system_labels(f) == strings{"ARMv8 Neoverse-N1"});
  REQUIRE(f.results.size() == 4);
  check_header(f.results.at(0), "Tinymembench", "2018-05-28", "Standard Memcpy", "MB/s",
               iosr::direction::higher);
  CHECK(entry_values(f.results.at(0)) == strings{"11776.2"});
  // XML 205.504 -> `205.50`, 4274.258 -> `4274.26`.
  check_header(f.results.at(2), "C-Ray", "2.0", "Resolution: 1080p - Rays Per Pixel: 16", "Seconds",
               iosr::direction::lower);
  CHECK(entry_values(f.results.at(2)) == strings{"205.50"});
  check_header(f.results.at(3), "Aircrack-ng", "1.7", "", "k/s", iosr::direction::higher);
  CHECK(entry_values(f.results.at(3)) == strings{"4274.26"});
}

TEST_CASE("The Raspberry Pi disk-suite export reads eleven single-entry charts", "[corpus]") {
  const auto& f = pts_file(disk_suite);
  CHECK(system_labels(f) == strings{"SN64G"});
  REQUIRE(f.results.size() == 11);
  check_header(f.results.front(), "SQLite", "3.30.1", "Timed SQLite Insertions", "Seconds",
               iosr::direction::lower);
  CHECK(entry_values(f.results.front()) == strings{"91.18"});
  const auto* dbench = find_chart(f, "12 Clients", "MB/s");
  REQUIRE(dbench != nullptr);
  CHECK(dbench->title == "Dbench");
  CHECK(dbench->version == "4.0");
  CHECK(entry_values(*dbench) == strings{"86.67"});
  check_header(f.results.back(), "PostMark", "1.51", "Disk Transaction Performance", "TPS",
               iosr::direction::higher);
  CHECK(entry_values(f.results.back()) == strings{"67"});
}

TEST_CASE("The Raspberry Pi mixed-units export reads a pgbench chart described by PTS's name",
          "[corpus]") {
  const auto& f = pts_file(mixed_units);
  CHECK(system_labels(f) == strings{"SN64G - ARMv7 rev 3"});
  const auto* pgbench = find_chart(f, "Phoronix Test Suite v5.2.1", "TPS");
  REQUIRE(pgbench != nullptr);
  check_header(*pgbench, "PostgreSQL pgbench", "13.0", "Phoronix Test Suite v5.2.1", "TPS",
               iosr::direction::higher);
  CHECK(entry_values(*pgbench) == strings{"348"});
  REQUIRE(f.results.size() == 11);
  check_header(f.results.front(), "Unpacking The Linux Kernel", "", "linux-4.15.tar.xz", "Seconds",
               iosr::direction::lower);
  CHECK(entry_values(f.results.front()) == strings{"37.99"});
  const auto* zip = find_chart(f, "Compress Speed Test", "MIPS");
  REQUIRE(zip != nullptr);
  CHECK(zip->title == "7-Zip Compression");
  CHECK(zip->version == "16.02");
  CHECK(entry_values(*zip) == strings{"3586"});
}

TEST_CASE("The Raspberry Pi tiobench export reads a date-like integer version", "[corpus]") {
  const auto& f = pts_file(tio_mixed);
  const auto* read64 = find_chart(f, "64MB Read - 32 Threads", "MB/s");
  REQUIRE(read64 != nullptr);
  check_header(*read64, "Threaded I/O Tester", "20170503", "64MB Read - 32 Threads", "MB/s",
               iosr::direction::higher);
  CHECK(entry_values(*read64) == strings{"1161.73"});
  const auto* write64 = find_chart(f, "64MB Write - 32 Threads", "MB/s");
  REQUIRE(write64 != nullptr);
  CHECK(entry_values(*write64) == strings{"1.36"});
  const auto* lame = find_chart(f, "WAV To MP3", "Seconds");
  REQUIRE(lame != nullptr);
  CHECK(lame->title == "LAME MP3 Encoding");
  CHECK(lame->version == "3.100");
  CHECK(entry_values(*lame) == strings{"41.57"});
}

TEST_CASE("The EC2 7-Zip export reads ten runs in one chart", "[corpus]") {
  const auto& f = pts_file(zip7);
  REQUIRE(f.results.size() == 1);
  const auto& r = f.results.front();
  check_header(r, "7-Zip Compression", "9.20.1", "Compress Speed Test", "MIPS",
               iosr::direction::higher);
  CHECK(entry_labels(r) == system_labels(f));
  CHECK(entry_values(r) ==
        strings{"4913", "4911", "4913", "4927", "4924", "4917", "4891", "4928", "4913", "4928"});
}

TEST_CASE("The EC2 tiobench export reads 64 single-system charts", "[corpus]") {
  const auto& f = pts_file(tio64);
  CHECK(system_labels(f) == strings{"threaded-last-unique"});
  REQUIRE(f.results.size() == 64);
  check_header(f.results.front(), "Threaded I/O Tester", "0.3.3",
               "Test: Read - Size Per Thread: 32MB - Thread Count: 4", "MB/s",
               iosr::direction::higher);
  CHECK(entry_values(f.results.front()) == strings{"4548.91"});
  CHECK(f.results.at(8).description == "Test: Read - Size Per Thread: 32MB - Thread Count: 16");
  CHECK(entry_values(f.results.at(8)) == strings{"4467.19"});
}

TEST_CASE("The EC2 stream export keeps zero-padded values", "[corpus]") {
  const auto& f = pts_file(stream);
  REQUIRE(f.results.size() == 4);
  check_header(f.results.at(0), "Stream", "2013-01-17", "Type: Copy", "MB/s",
               iosr::direction::higher);
  CHECK(value_of(f.results.at(0), "stream-run-0") == "1303.91");
  CHECK(value_of(f.results.at(0), "stream-run-9") == "1641.42");
  // XML 1304.00 (and 1447.20) keep their zeros.
  CHECK(f.results.at(1).description == "Type: Scale");
  CHECK(value_of(f.results.at(1), "stream-run-0") == "1304.00");
  CHECK(value_of(f.results.at(1), "stream-run-1") == "1447.20");
  for (const auto& r : f.results) CHECK(entry_labels(r) == system_labels(f));
}

TEST_CASE("The schbench export reads a unit that contains a comma", "[corpus]") {
  const auto& f = pts_file(schbench);
  REQUIRE(f.results.size() == 42);
  check_header(f.results.front(), "Schbench", "",
               "Message Threads: 2 - Workers Per Message Thread: 2",
               "usec, 99.9th Latency Percentile", iosr::direction::lower);
  CHECK(entry_values(f.results.front()) == strings{"269"});
  CHECK(entry_labels(f.results.front()) == strings{"2018-11-28 03:32"});
  CHECK(entry_values(f.results.at(11)) == strings{"73003"});
  for (const auto& r : f.results) CHECK(r.unit == "usec, 99.9th Latency Percentile");
}

TEST_CASE("The BlogBench export reads its read and write scores", "[corpus]") {
  const auto& f = pts_file(blogbench);
  CHECK(system_labels(f) == strings{"PersistentDisk"});
  REQUIRE(f.results.size() == 2);
  check_header(f.results.at(0), "BlogBench", "1.0", "Test: Read", "Final Score",
               iosr::direction::higher);
  CHECK(entry_values(f.results.at(0)) == strings{"872634"});
  check_header(f.results.at(1), "BlogBench", "1.0", "Test: Write", "Final Score",
               iosr::direction::higher);
  CHECK(entry_values(f.results.at(1)) == strings{"5555"});
}
