// SPDX-License-Identifier: MIT
// The store's contract (iosr/store.hpp), which every backend must pass: files added
// once by their SHA-256, systems and tests stored once and removed with their last file,
// sources found by path and SHA-256 prefix, files and trend inputs read back as they were read.
#include <algorithm>
#include <atomic>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>
#include <unordered_set>
#include <vector>

#include "catch.hpp"
#include "iosr/error.hpp"
#include "iosr/match.hpp"
#include "iosr/read.hpp"
#include "iosr/store.hpp"
#include "iosr/trend.hpp"
#include "store/schema.hpp"
#include "store_backends.hpp"
#include "temp_dir.hpp"

namespace db = iosr::db;
namespace fs = std::filesystem;
using namespace iosr::test;  // NOLINT(google-build-using-namespace): the tests' own helpers

namespace {

// A file as `iosr db import` prepares it for the store: its digest, model and identities.
struct prepared {
  std::string name, bytes, sha256;
  iosr::result_file file;
  iosr::store_identities ids;
};

prepared prepare(std::string name, std::string bytes) {
  prepared p{std::move(name), std::move(bytes), {}, {}, {}};
  p.sha256 = iosr::store::sha256_hex(p.bytes);
  p.file = iosr::read_results(p.bytes, p.name);
  p.ids = iosr::store::identities_of(p.file);
  return p;
}

prepared prepare_file(const fs::path& path) { return prepare(path.string(), slurp(path)); }

iosr::store_added add(iosr::store& s, const prepared& p) {
  return s.add(p.file, p.ids, p.sha256, p.name, p.bytes.size());
}

std::vector<fs::path> files_in(const fs::path& dir) {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.is_regular_file()) out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

const fs::path data = IOSR_DATA_DIR;
const fs::path fixtures = IOSR_FIXTURES_DIR;

// Real files of every input format: the seeds, the sample composite.xml files, and a share of
// the corpus (PTS's text, CSV and JSON exports and composite.xml, and results in prose).
std::vector<fs::path> real_files() {
  std::vector<fs::path> out = files_in(data / "text");
  out.push_back(data / "xml" / "iosched-3way.xml");
  for (const auto& f : files_in(fixtures / "samples")) out.push_back(f);
  out.push_back(fixtures / "seeds" / "003_29012ff8c53c614e.txt");
  for (const char* dir : {"pts-text", "xml", "csv", "json", "text"}) {
    const auto all = files_in(fixtures / "corpus" / dir);
    for (std::size_t i = 0; i < all.size(); i += 3) out.push_back(all[i]);
  }
  return out;
}

// The systems and tests a set of files needs, by identity: every system of each file, one for
// each label that entries use and no system has, and the test of each chart with entries.
std::pair<std::set<std::string>, std::set<std::string>> identities_needed(
    const std::vector<const prepared*>& files) {
  std::set<std::string> systems, tests;
  for (const auto* p : files) {
    systems.insert(p->ids.systems.begin(), p->ids.systems.end());
    for (std::size_t c = 0; c < p->file.results.size(); ++c) {
      const auto& r = p->file.results[c];
      if (r.entries.empty()) continue;
      tests.insert(p->ids.tests[c]);
      for (const auto& e : r.entries) {
        if (p->file.find_system(e.label) == nullptr) {
          systems.insert(iosr::store::system_identity(iosr::make_system(e.label)));
        }
      }
    }
  }
  return {systems, tests};
}

void check_counts(iosr::store& s, const std::vector<const prepared*>& files) {
  const auto [systems, tests] = identities_needed(files);
  std::int64_t entries = 0;
  for (const auto* p : files) {
    for (const auto& r : p->file.results) entries += static_cast<std::int64_t>(r.entries.size());
  }
  const auto summary = s.summarize();
  CHECK(summary.files == static_cast<std::int64_t>(files.size()));
  CHECK(summary.systems == static_cast<std::int64_t>(systems.size()));
  CHECK(summary.tests == static_cast<std::int64_t>(tests.size()));
  CHECK(summary.entries == entries);
}

// Fields as the store gives them back: a key given twice keeps its values together, at the
// place of its first occurrence (they are one JSON member; docs/db.md).
std::vector<iosr::field> grouped(const std::vector<iosr::field>& fields) {
  std::vector<std::string> order;
  std::map<std::string, std::vector<std::string>> values;
  for (const auto& f : fields) {
    auto& v = values[f.key];
    if (v.empty()) order.push_back(f.key);
    v.push_back(f.value);
  }
  std::vector<iosr::field> out;
  for (const auto& key : order) {
    for (const auto& value : values[key]) out.push_back({key, value});
  }
  return out;
}

bool same_fields(const std::vector<iosr::field>& a, const std::vector<iosr::field>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i].key != b[i].key || a[i].value != b[i].value) return false;
  }
  return true;
}

// `back`, read back from the store, holds what `read` holds: every system, and every chart with
// entries, its entries byte for byte (value texts, runs, standard errors, errors, JSON).
void check_read_back(const iosr::result_file& read, const iosr::result_file& back) {
  INFO("file " << read.source_name);
  CHECK(back.source_name == read.source_name);
  CHECK(back.format == read.format);
  CHECK(back.title == read.title);
  CHECK(back.description == read.description);
  REQUIRE(back.systems.size() == read.systems.size());
  for (std::size_t i = 0; i < read.systems.size(); ++i) {
    const auto &a = read.systems[i], &b = back.systems[i];
    INFO("system " << i << " " << a.label);
    CHECK(b.label == a.label);
    CHECK(b.group == a.group);
    CHECK(b.name == a.name);
    CHECK(b.scheduler == a.scheduler);
    CHECK(same_fields(b.hardware, grouped(a.hardware)));
    CHECK(same_fields(b.software, grouped(a.software)));
    CHECK(b.user == a.user);
    CHECK(b.timestamp == a.timestamp);
    CHECK(b.client_version == a.client_version);
    CHECK(b.notes == a.notes);
    CHECK(b.json == a.json);
    CHECK(b.cost == a.cost);
  }
  std::vector<const iosr::result*> charts;  // a chart without entries has no rows to give back
  for (const auto& r : read.results) {
    if (!r.entries.empty()) charts.push_back(&r);
  }
  REQUIRE(back.results.size() == charts.size());
  for (std::size_t c = 0; c < charts.size(); ++c) {
    const auto &a = *charts[c], &b = back.results[c];
    INFO("chart " << c << " " << a.title << " " << a.description);
    CHECK(iosr::header_of(b) == iosr::header_of(a));  // title, version, description, unit
    CHECK(b.arguments == a.arguments);
    CHECK(b.test_id == a.test_id);
    CHECK(b.display_format.name() == a.display_format.name());
    REQUIRE(b.entries.size() == a.entries.size());
    for (std::size_t i = 0; i < a.entries.size(); ++i) {
      const auto& x = a.entries[i];
      auto y = b.entries[i];
      INFO("entry " << i << " " << x.label << " " << x.value_text);
      y.where = x.where;  // every field but the place in the file, which a store does not keep
      CHECK(y == x);
    }
  }
}

std::vector<iosr::result_file> read_back(iosr::store& s, const iosr::test_filter& filter = {}) {
  std::vector<iosr::result_file> out;
  s.for_each_file(filter, [&](iosr::result_file&& f) { out.push_back(std::move(f)); });
  return out;
}

// A trend input as comparable text: each run with its system (dated) and test written out,
// sorted. The store keeps only tests with a direction, which are the only ones a trend
// measures, so runs of the others are left out of `files`' input here.
std::vector<std::string> runs_of(const iosr::trend_input& in) {
  std::vector<std::string> out;
  for (const auto& r : in.runs) {
    const auto& s = in.systems.at(r.system);
    const auto& t = in.tests.at(r.test);
    if (t.direction == iosr::direction::none) continue;
    std::ostringstream line;
    line.precision(17);
    line << s.label << '|' << s.group << '|' << s.name << '|' << s.scheduler << '|' << s.kernel
         << '|' << s.date.value_or("(none)") << '|';
    for (const auto& f : grouped(s.hardware)) line << f.key << '=' << f.value << ';';
    line << '|' << t.title << '|' << t.version << '|' << t.description << '|' << t.unit << '|'
         << iosr::to_string(t.direction) << '|' << r.value;
    out.push_back(line.str());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The trend's CSV lines, sorted. Sorted, since the rows of configurations come in the order
// their systems were first seen: in a file's system list for the store, in its entries for
// make_trend_input (the values are the same).
std::vector<std::string> trend_csv(const iosr::trend_input& in, iosr::trend_by by) {
  iosr::trend_options o;
  o.by = by;
  std::string out;
  iosr::render_trend(iosr::compute_trend(in, o), "csv", {}, out);
  std::vector<std::string> lines;
  std::istringstream text(out);
  for (std::string line; std::getline(text, line);) lines.push_back(line);
  std::sort(lines.begin(), lines.end());
  return lines;
}

void check_same_trend_input(iosr::store& s, const std::vector<const prepared*>& files) {
  std::vector<iosr::result_file> models;
  for (const auto* p : files) models.push_back(p->file);
  const auto from_files = iosr::make_trend_input(models);
  const auto from_store = s.load_trend_input({});
  const auto expected = runs_of(from_files);
  CHECK(runs_of(from_store) == expected);
  CHECK_FALSE(expected.empty());
  // And so the trend itself, by kernel and by date. By label, see the [!shouldfail] case below.
  for (auto by : {iosr::trend_by::kernel, iosr::trend_by::date}) {
    INFO("by " << iosr::to_string(by));
    CHECK(trend_csv(from_store, by) == trend_csv(from_files, by));
  }
}

}  // namespace

TEMPLATE_LIST_TEST_CASE("A new database is empty and of the current version", "[store][contract]",
                        store_backends) {
  TestType backend;
  auto s = backend.connect();
  CHECK(s->version() == db::schema_version);
  CHECK(s->files().empty());
  CHECK(s->known_hashes().empty());
  const auto summary = s->summarize();
  CHECK(summary.files == 0);
  CHECK(summary.systems == 0);
  CHECK(summary.tests == 0);
  CHECK(summary.entries == 0);
  CHECK(summary.kernels.empty());
  CHECK(summary.first_date.empty());
  CHECK(read_back(*s).empty());
  const auto trend = s->load_trend_input({});
  CHECK(trend.systems.empty());
  CHECK(trend.runs.empty());
}

TEMPLATE_LIST_TEST_CASE("A file is added once, by the SHA-256 of its bytes", "[store][contract]",
                        store_backends) {
  TestType backend;
  auto s = backend.connect();
  const auto seed = prepare_file(data / "text" / "000_1809f3a92cbbf2f4.txt");
  const auto first = add(*s, seed);
  CHECK(first.imported);
  CHECK(s->known_hashes() == std::unordered_set<std::string>{seed.sha256});
  check_counts(*s, {&seed});

  // The same bytes under another name change nothing, and say where they came in.
  auto again = seed;
  again.name = "elsewhere/copy.txt";
  const auto second = add(*s, again);
  CHECK_FALSE(second.imported);
  CHECK(second.existing_path == seed.name);
  CHECK(second.file_id == first.file_id);
  check_counts(*s, {&seed});
  REQUIRE(s->files().size() == 1);
  CHECK(s->files()[0].path == seed.name);
  CHECK(s->files()[0].sha256 == seed.sha256);
  CHECK(s->files()[0].bytes == static_cast<std::int64_t>(seed.bytes.size()));

  // Nor through another connection, which has none of the first one's caches.
  auto other = backend.connect();
  CHECK_FALSE(add(*other, seed).imported);
  check_counts(*other, {&seed});
}

TEMPLATE_LIST_TEST_CASE("Systems and tests are stored once and go with their last file",
                        "[store][contract]", store_backends) {
  TestType backend;
  auto s = backend.connect();
  // The same results with one more line end: other bytes, the same systems and tests.
  const auto a = prepare_file(data / "text" / "002_236e153a66cd3c9d.txt");
  const auto b = prepare("copy-of-002.txt", a.bytes + "\n");
  REQUIRE(a.sha256 != b.sha256);
  REQUIRE(a.ids.systems == b.ids.systems);
  REQUIRE(a.ids.tests == b.ids.tests);
  const auto c = prepare_file(data / "xml" / "iosched-3way.xml");
  const auto d = prepare_file(data / "text" / "004_38fbc586aba1b507.txt");

  for (const auto* p : {&a, &b, &c, &d}) REQUIRE(add(*s, *p).imported);
  check_counts(*s, {&a, &b, &c, &d});
  const auto summary = s->summarize();
  CHECK(summary.systems < static_cast<std::int64_t>(a.ids.systems.size() * 2 +
                                                    c.ids.systems.size() + d.ids.systems.size()));

  auto id_of = [&](const prepared& p) {
    const auto found = s->find_files(p.name);
    REQUIRE(found.size() == 1);
    return found[0].id;
  };
  s->remove(id_of(a));
  check_counts(*s, {&b, &c, &d});  // b still needs every system and test of a
  CHECK(s->summarize().systems == summary.systems);
  s->remove(id_of(c));
  check_counts(*s, {&b, &d});
  s->remove(id_of(b));
  check_counts(*s, {&d});
  // A removed file may come back, through the connection that removed its rows.
  CHECK(add(*s, a).imported);
  check_counts(*s, {&d, &a});
  CHECK(add(*s, c).imported);
  check_counts(*s, {&d, &a, &c});
  const auto files = read_back(*s);
  REQUIRE(files.size() == 3);
  check_read_back(d.file, files[0]);
  check_read_back(a.file, files[1]);
  check_read_back(c.file, files[2]);
  s->remove(id_of(d));
  s->remove(id_of(a));
  s->remove(id_of(c));
  check_counts(*s, {});
}

TEMPLATE_LIST_TEST_CASE("Sources are found by path and by SHA-256 prefix", "[store][contract]",
                        store_backends) {
  TestType backend;
  auto s = backend.connect();
  const auto seed = prepare_file(data / "text" / "001_d98c4465b017a3b0.txt");
  // Copies that differ by their line ends, until two digests start alike (one in 17 at most).
  std::vector<prepared> files{seed};
  std::map<char, std::size_t> first_with{{seed.sha256[0], 0}};  // first digit -> first file
  std::size_t twin = 0;  // the earlier file whose digest starts as the last one's
  for (bool clash = false; !clash;) {
    files.push_back(prepare("copy-" + std::to_string(files.size()) + ".txt",
                            seed.bytes + std::string(files.size(), '\n')));
    const auto [it, added] = first_with.try_emplace(files.back().sha256[0], files.size() - 1);
    if (!added) {
      clash = true;
      twin = it->second;
    }
  }
  for (const auto& f : files) REQUIRE(add(*s, f).imported);

  SECTION("by path, as imported") {
    const auto found = s->find_files(seed.name);
    REQUIRE(found.size() == 1);
    CHECK(found[0].sha256 == seed.sha256);
    CHECK(found[0].path == seed.name);
    CHECK(s->find_files("no/such/file.txt").empty());
  }
  SECTION("by a prefix of the SHA-256, in either case") {
    const auto& f = files[1];
    for (std::size_t n : {4, 12, 64}) {
      std::string prefix = f.sha256.substr(0, n);
      REQUIRE(s->find_files(prefix).size() == 1);
      CHECK(s->find_files(prefix)[0].sha256 == f.sha256);
      std::transform(prefix.begin(), prefix.end(), prefix.begin(),
                     [](char ch) { return static_cast<char>(std::toupper(ch)); });
      const auto found = s->find_files(prefix);
      REQUIRE(found.size() == 1);
      CHECK(found[0].sha256 == f.sha256);
    }
    CHECK(s->find_files(f.sha256 + "0").empty());
  }
  SECTION("an ambiguous prefix names every file it fits, so the caller can refuse it") {
    const auto found = s->find_files(files.back().sha256.substr(0, 1));
    REQUIRE(found.size() >= 2);
    std::set<std::string> paths;
    for (const auto& r : found) paths.insert(r.path);
    CHECK(paths.count(files.back().name) == 1);
    CHECK(paths.count(files[twin].name) == 1);
    for (const auto& r : found) CHECK(r.sha256[0] == files.back().sha256[0]);
    CHECK(s->files().size() == files.size());  // finding removes nothing
  }
  SECTION("neither a path nor hexadecimal finds nothing") {
    CHECK(s->find_files("").empty());
    CHECK(s->find_files("xyz").empty());
    CHECK(s->find_files("%").empty());
    CHECK(s->find_files("_").empty());
  }
  SECTION("removing one source leaves the others") {
    const auto found = s->find_files(files[1].sha256.substr(0, 12));
    REQUIRE(found.size() == 1);
    s->remove(found[0].id);
    CHECK(s->find_files(files[1].sha256).empty());
    CHECK(s->files().size() == files.size() - 1);
    CHECK(s->known_hashes().count(files[1].sha256) == 0);
    CHECK(s->find_files(seed.name).size() == 1);
  }
}

// A file_query with what `set` sets.
template <class Set>
iosr::file_query query(const Set& set) {
  iosr::file_query q;
  set(q);
  return q;
}

// What a server's pages ask (issue 30): files newest first, a page at a time, filtered by text,
// machine, kernel and scheduler; the files of a selection read back in its order.
TEMPLATE_LIST_TEST_CASE("Files are selected newest first, filtered and paged", "[store][contract]",
                        store_backends) {
  TestType backend;
  auto s = backend.connect();
  std::vector<prepared> files;
  for (const auto& path : files_in(data / "text")) files.push_back(prepare_file(path));
  files.push_back(prepare("100%_done.txt", files[0].bytes + "\n"));
  for (const auto& f : files) REQUIRE(add(*s, f).imported);
  const auto all = s->files();
  REQUIRE(all.size() == files.size());

  SECTION("every file once, newest run first, the last imported first among equals") {
    const auto got = s->select_files(query([](auto& q) { q.limit = 0; }));
    REQUIRE(got.size() == all.size());
    for (std::size_t i = 1; i < got.size(); ++i) {
      const auto& a = got[i - 1];
      const auto& b = got[i];
      if (b.run_date.empty()) continue;
      REQUIRE_FALSE(a.run_date.empty());
      CHECK((a.run_date > b.run_date || (a.run_date == b.run_date && a.id > b.id)));
    }
    std::vector<std::int64_t> paged;
    for (std::size_t offset = 0;; offset += 2) {
      const auto page = s->select_files(query([&](auto& q) {
        q.offset = offset;
        q.limit = 2;
      }));
      if (page.empty()) break;
      CHECK(page.size() <= 2);
      for (const auto& f : page) paged.push_back(f.id);
    }
    std::vector<std::int64_t> ids;
    for (const auto& f : got) ids.push_back(f.id);
    CHECK(paged == ids);
  }
  SECTION("text is found in the path as the bytes it is, '%' too") {
    const auto got = s->select_files(query([](auto& q) { q.text = "%"; }));
    REQUIRE(got.size() == 1);
    CHECK(got[0].path == "100%_done.txt");
    CHECK(s->select_files(query([](auto& q) { q.text = "no such text"; })).empty());
  }
  SECTION("a machine, a kernel, a scheduler: the files with such a system") {
    const auto& sys = files[1].file.systems.at(0);
    std::set<std::string> expected;
    for (const auto& f : files) {
      for (const auto& other : f.file.systems) {
        if (other.label == sys.label || other.name == sys.label) expected.insert(f.name);
      }
    }
    std::set<std::string> got;
    for (const auto& f : s->select_files(query([&](auto& q) { q.machine = sys.label; })))
      got.insert(f.path);
    CHECK(got == expected);
    CHECK(s->select_files(query([](auto& q) { q.machine = "no such machine"; })).empty());
    CHECK(s->select_files(query([](auto& q) { q.kernel = "0.0-no-such"; })).empty());
    CHECK(s->select_files(query([](auto& q) { q.scheduler = "no-such-scheduler"; })).empty());
  }
  SECTION("a part of a machine's name, in any case: the files with a system on it") {
    // As the trend names machines (iosr::machine_of): what a trend point links to.
    const auto name = iosr::machine_of(files[0].file.systems.at(0).hardware).name;
    REQUIRE(name.size() > 8);
    std::string part = name.substr(2, 6);
    for (auto& c : part) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    std::set<std::string> expected, got, whole;
    for (const auto& f : files) {
      for (const auto& sys : f.file.systems) {
        if (iosr::machine_of(sys.hardware).name.find(name.substr(2, 6)) != std::string::npos) {
          expected.insert(f.name);
        }
      }
    }
    for (const auto& f : s->select_files(query([&](auto& q) { q.machine = part; })))
      got.insert(f.path);
    for (const auto& f : s->select_files(query([&](auto& q) { q.machine = name; })))
      whole.insert(f.path);
    CHECK(got == expected);
    CHECK(whole.count(files[0].name) == 1);
    CHECK(whole.size() < files.size());
  }
  SECTION("a test filter: the files with a chart it keeps, by title or description") {
    for (const char* pattern : {"^LevelDB", "Random Read", "^no such test$", "IOPS|Sequential"}) {
      const iosr::test_filter filter(pattern);
      std::set<std::string> expected, got;
      for (const auto& f : files) {
        for (const auto& r : f.file.results) {
          if (filter.matches(r.title, r.description)) expected.insert(f.name);
        }
      }
      for (const auto& f : s->select_files(query([&](auto& q) { q.tests = filter; })))
        got.insert(f.path);
      CHECK(got == expected);
    }
    // Every condition at once: the test and the system.
    const auto got = s->select_files(query([](auto& q) {
      q.tests = "^LevelDB";
      q.scheduler = "bfq";
      q.kernel = "5.6-rc7";
    }));
    REQUIRE(got.size() == 2);  // the seed and its copy
    CHECK(s->select_files(query([](auto& q) {
             q.tests = "^LevelDB";
             q.kernel = "4.15";
           })).empty());
  }
  SECTION("a bad kernel bound is a usage error that names it") {
    try {
      s->select_files(query([](auto& q) { q.kernel_from = "six.eight"; }));
      FAIL("no error");
    } catch (const iosr::error& e) {
      CHECK(e.kind() == iosr::error_kind::usage);
      CHECK(std::string(e.what()).find("kernel_from: 'six.eight'") != std::string::npos);
    }
  }
  SECTION("the files of a selection come back in its order; an unknown id is skipped") {
    std::vector<std::int64_t> ids{all[2].id, 999999, all[0].id};
    std::vector<std::string> names;
    s->for_each_file(ids, {}, [&](iosr::result_file&& f) { names.push_back(f.source_name); });
    CHECK(names == std::vector<std::string>{all[2].path, all[0].path});
  }
}

// "Since 6.8" (issue 30): kernels compared as versions (kernel_version::sort_key), not as text,
// in which 6.10 would come before 6.8; a bound takes its whole series, release candidates too.
TEMPLATE_LIST_TEST_CASE("Files are selected by a kernel range", "[store][contract]",
                        store_backends) {
  TestType backend;
  auto s = backend.connect();
  const auto seed = slurp(data / "text" / "000_1809f3a92cbbf2f4.txt");
  const std::string written = "Kernel: 5.6.0-050600rc7-generic";
  REQUIRE(seed.find(written) != std::string::npos);
  // The seed as if run on other kernels: one file per kernel, named after it.
  const std::vector<std::pair<std::string, std::string>> kernels{
      {"6.7", "6.7.5-arch1"},
      {"6.8-rc3", "6.8.0-060800rc3-generic"},
      {"6.8", "6.8.0-31-generic"},
      {"6.8.1", "6.8.1"},
      {"6.9", "6.9.0-rc2-5-g1234567abc"},
      {"6.10", "6.10.2-amd64"},
      {"5.6-rc7", "5.6.0-050600rc7-generic"}};
  for (const auto& [name, kernel] : kernels) {
    auto bytes = seed;
    for (auto at = bytes.find(written); at != std::string::npos; at = bytes.find(written, at)) {
      bytes.replace(at, written.size(), "Kernel: " + kernel);
      at += kernel.size();
    }
    REQUIRE(add(*s, prepare(name + ".txt", bytes)).imported);
  }
  auto range = [&](std::string from, std::string to) {
    std::set<std::string> got;
    for (const auto& f : s->select_files(query([&](auto& q) {
           q.kernel_from = from;
           q.kernel_to = to;
           q.limit = 0;
         })))
      got.insert(f.path.substr(0, f.path.size() - 4));
    return got;
  };
  using names = std::set<std::string>;
  CHECK(range("6.8", "") == names{"6.8-rc3", "6.8", "6.8.1", "6.9", "6.10"});
  CHECK(range("", "6.8") == names{"5.6-rc7", "6.7", "6.8-rc3", "6.8", "6.8.1"});
  CHECK(range("6.8", "6.9") == names{"6.8-rc3", "6.8", "6.8.1", "6.9"});
  CHECK(range("6.8.1", "6.10") == names{"6.8.1", "6.9", "6.10"});
  CHECK(range("v6.8.0-rc3", "6.8-rc3") == names{"6.8-rc3"});
  CHECK(range("6.9", "6.8") == names{});
  CHECK(range("6.11", "") == names{});
  CHECK(range("", "") == names{"5.6-rc7", "6.7", "6.8-rc3", "6.8", "6.8.1", "6.9", "6.10"});
  // Filtered, the files keep the list's order (newest first), page after page.
  std::vector<std::int64_t> all, kept, paged;
  for (const auto& f : s->select_files(query([](auto& q) { q.limit = 0; }))) all.push_back(f.id);
  for (const auto& f : s->select_files(query([](auto& q) {
         q.kernel_from = "6.8";
         q.tests = "Random";
         q.limit = 0;
       })))
    kept.push_back(f.id);
  REQUIRE(kept.size() == 5);
  CHECK(std::is_sorted(kept.begin(), kept.end(), [&](auto a, auto b) {
    return std::find(all.begin(), all.end(), a) < std::find(all.begin(), all.end(), b);
  }));
  for (std::size_t offset = 0; offset < 8; offset += 2) {
    for (const auto& f : s->select_files(query([&](auto& q) {
           q.kernel_from = "6.8";
           q.tests = "Random";
           q.offset = offset;
           q.limit = 2;
         })))
      paged.push_back(f.id);
  }
  CHECK(paged == kept);
  // With the other system conditions: the same system meets them all.
  CHECK(s->select_files(query([](auto& q) {
           q.kernel_from = "6.8";
           q.scheduler = "no-such";
         })).empty());
  CHECK(s->select_files(query([](auto& q) {
           q.kernel_from = "6.8";
           q.kernel = "6.7";
         })).empty());
}

// What the list page shows of each file (iosr serve), read without the file's entries.
TEMPLATE_LIST_TEST_CASE("A file's systems are read as reading it back gives them",
                        "[store][contract]", store_backends) {
  TestType backend;
  auto s = backend.connect();
  for (const auto& path : files_in(data / "text")) REQUIRE(add(*s, prepare_file(path)).imported);
  REQUIRE(add(*s, prepare_file(data / "xml" / "iosched-3way.xml")).imported);
  for (const auto& f : s->files()) {
    std::vector<iosr::system> read_back;
    s->for_each_file({f.id}, {}, [&](iosr::result_file&& r) { read_back = std::move(r.systems); });
    const auto systems = s->systems_of(f.id);
    REQUIRE(systems.size() == read_back.size());
    for (std::size_t i = 0; i < systems.size(); ++i) {
      CHECK(systems[i].label == read_back[i].label);
      CHECK(systems[i].group == read_back[i].group);
      CHECK(systems[i].name == read_back[i].name);
      CHECK(systems[i].scheduler == read_back[i].scheduler);
      CHECK(systems[i].hardware == read_back[i].hardware);
      std::string kernel;
      for (const auto& field : read_back[i].software) {
        if (field.key == "Kernel") kernel = field.value;
      }
      CHECK(systems[i].software == (kernel.empty() ? std::vector<iosr::field>{}
                                                   : std::vector<iosr::field>{{"Kernel", kernel}}));
    }
  }
  CHECK(s->systems_of(999999).empty());
}

// A trend point's link names its machine by its whole name: a machine whose name is a part of
// another's is that machine alone; a part names every machine it is in.
TEMPLATE_LIST_TEST_CASE("A machine's whole name selects that machine alone", "[store][contract]",
                        store_backends) {
  TestType backend;
  auto s = backend.connect();
  const auto xml = slurp(data / "xml" / "iosched-3way.xml");
  const std::string disk = "1000GB Samsung SSD 980 PRO 1TB";
  auto shorter = xml;
  for (auto at = shorter.find(disk); at != std::string::npos; at = shorter.find(disk, at)) {
    shorter.replace(at, disk.size(), "1000GB Samsung SSD 980 PRO");
  }
  REQUIRE(shorter != xml);
  const auto longer_file = prepare("longer.xml", xml),
             shorter_file = prepare("shorter.xml", shorter);
  REQUIRE(add(*s, longer_file).imported);
  REQUIRE(add(*s, shorter_file).imported);
  const auto longer_name = iosr::machine_of(longer_file.file.systems.at(0).hardware).name;
  const auto shorter_name = iosr::machine_of(shorter_file.file.systems.at(0).hardware).name;
  REQUIRE(longer_name.find(shorter_name) == 0);
  REQUIRE(longer_name != shorter_name);
  auto on = [&](const std::string& machine) {
    std::set<std::string> got;
    for (const auto& f : s->select_files(query([&](auto& q) { q.machine = machine; })))
      got.insert(f.path);
    return got;
  };
  using names = std::set<std::string>;
  CHECK(on(shorter_name) == names{"shorter.xml"});
  CHECK(on(longer_name) == names{"longer.xml"});
  std::string upper = shorter_name;
  for (auto& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  CHECK(on(upper) == names{"shorter.xml"});  // in any case
  CHECK(on("samsung ssd") == names{"longer.xml", "shorter.xml"});
  // The trend overview's counts, all from one query, are what each machine's list holds: the
  // rule above, a system's label or name, a machine nothing runs on.
  const std::vector<std::string> asked{shorter_name, longer_name, upper, "samsung ssd",
                                       longer_file.file.systems.at(0).label, "no such machine"};
  std::vector<std::size_t> listed;
  for (const auto& m : asked) listed.push_back(on(m).size());
  CHECK(listed == std::vector<std::size_t>{1, 1, 1, 2, 2, 0});
  CHECK(s->count_files_on(asked) == listed);
  CHECK(s->iosr::store::count_files_on(asked) == listed);  // the default, one query each
}

// A trend by date links its point (a day) to the files of that day: a system is dated as the
// trend dates it, by its timestamp (normalized), else its file's run date.
TEMPLATE_LIST_TEST_CASE("Files are selected by the day a system ran", "[store][contract]",
                        store_backends) {
  TestType backend;
  auto s = backend.connect();
  const auto xml = slurp(data / "xml" / "iosched-3way.xml");
  auto moved = xml;
  auto move = [&](const std::string& from, const std::string& to) {
    const auto at = moved.find(from);
    REQUIRE(at != std::string::npos);
    moved.replace(at, from.size(), to);
  };
  move("2024-03-01 11:00:00", "2024-03-02 11:00:00");     // bfq a day later
  move("2024-03-01 13:00:00", "March 3, 2024 01:00 PM");  // None, as PTS 0.1 wrote dates
  REQUIRE(add(*s, prepare("same-day.xml", xml)).imported);
  REQUIRE(add(*s, prepare("three-days.xml", moved)).imported);
  auto on = [&](std::string day, std::string scheduler = {}) {
    std::set<std::string> got;
    for (const auto& f : s->select_files(query([&](auto& q) {
           q.date = day;
           q.scheduler = scheduler;
         })))
      got.insert(f.path);
    return got;
  };
  using names = std::set<std::string>;
  CHECK(on("2024-03-01") == names{"same-day.xml", "three-days.xml"});
  CHECK(on("2024-03-02") == names{"three-days.xml"});
  CHECK(on("2024-03-03") == names{"three-days.xml"});
  CHECK(on("2024-03-04").empty());
  CHECK(on("2024-03-01", "bfq") == names{"same-day.xml"});  // the same system: bfq ran later
  CHECK(on("2024-03-02", "bfq") == names{"three-days.xml"});
  try {
    s->select_files(query([](auto& q) { q.date = "2024-3-1"; }));
    FAIL("no error");
  } catch (const iosr::error& e) {
    CHECK(e.kind() == iosr::error_kind::usage);
    CHECK(std::string(e.what()).find("date: '2024-3-1' is not a day") != std::string::npos);
  }
}

TEMPLATE_LIST_TEST_CASE("Files come back as they were read", "[store][contract]", store_backends) {
  TestType backend;
  auto s = backend.connect();
  std::vector<prepared> files;
  std::set<std::string> digests;  // the corpus holds some files twice, in two folders
  for (const auto& path : real_files()) {
    auto p = prepare_file(path);
    if (!digests.insert(p.sha256).second) continue;
    files.push_back(std::move(p));
    REQUIRE(add(*s, files.back()).imported);
  }
  REQUIRE(files.size() >= 20);
  const auto back = read_back(*s);
  REQUIRE(back.size() == files.size());
  for (std::size_t i = 0; i < files.size(); ++i) check_read_back(files[i].file, back[i]);

  // A filter keeps the charts it matches, in every file, and every file.
  const auto filtered = read_back(*s, "SQLite");
  REQUIRE(filtered.size() == files.size());
  for (std::size_t i = 0; i < files.size(); ++i) {
    std::size_t kept = 0;
    for (const auto& r : files[i].file.results) {
      kept += !r.entries.empty() && (r.title.find("SQLite") != std::string::npos ||
                                     r.description.find("SQLite") != std::string::npos);
    }
    CHECK(filtered[i].results.size() == kept);
    CHECK(filtered[i].systems.size() == files[i].file.systems.size());
  }
}

TEMPLATE_LIST_TEST_CASE("The trend input is the one make_trend_input makes of the same files",
                        "[store][contract][trend]", store_backends) {
  std::vector<std::vector<fs::path>> sets{
      files_in(data / "text"),
      {data / "text" / "000_1809f3a92cbbf2f4.txt", data / "xml" / "iosched-3way.xml",
       fixtures / "samples" / "iosched-bfq-only.xml",
       fixtures / "samples" / "iosched-none-only.xml"},
      {fixtures / "corpus" / "xml" / "pts-10.8.4_sqlite_20-systems.xml",
       fixtures / "corpus" / "xml" /
           "pts-5.2.1_rpi4_disk-suite_sqlite-fsmark-dbench-compilebench-postmark.xml",
       fixtures / "corpus" / "pts-text" / "pts-10.8.4_osbench_base-vs-fwrapv.txt"},
      {fixtures / "corpus" / "text" / "pts-9.0.1_sqlite_4-kernels_lkml-email.eml.txt",
       fixtures / "seeds" / "003_29012ff8c53c614e.txt", data / "text" / "002_236e153a66cd3c9d.txt"},
  };
  for (std::size_t i = 0; i < sets.size(); ++i) {
    DYNAMIC_SECTION("file set " << i) {
      TestType backend;
      auto s = backend.connect();
      std::vector<prepared> files;
      files.reserve(sets[i].size());
      std::vector<const prepared*> in;
      for (const auto& path : sets[i]) {
        files.push_back(prepare_file(path));
        REQUIRE(add(*s, files.back()).imported);
        in.push_back(&files.back());
      }
      check_same_trend_input(*s, in);
      // A file added twice counts once, in the store as in the input it stands for.
      CHECK_FALSE(add(*s, files.front()).imported);
      check_same_trend_input(*s, in);
      // And a removed file's runs are gone.
      s->remove(s->find_files(files.front().name).at(0).id);
      in.erase(in.begin());
      if (!in.empty()) check_same_trend_input(*s, in);
    }
  }
}

// `trend --machine NAME`: the machines chosen in the store's query by a part of their name give
// the trend that the same names give compute_trend over everything, reading fewer entries.
TEMPLATE_LIST_TEST_CASE("The machines a trend query names are chosen in the store",
                        "[store][contract][trend]", store_backends) {
  TestType backend;
  auto s = backend.connect();
  std::vector<prepared> files;
  for (const auto& path : std::vector<fs::path>{
           fixtures / "corpus" / "xml" / "pts-10.8.4_sqlite_20-systems.xml",
           fixtures / "corpus" / "xml" /
               "pts-5.2.1_rpi4_disk-suite_sqlite-fsmark-dbench-compilebench-postmark.xml",
           data / "xml" / "iosched-3way.xml", data / "text" / "000_1809f3a92cbbf2f4.txt"}) {
    files.push_back(prepare_file(path));
    REQUIRE(add(*s, files.back()).imported);
  }
  const auto all = s->load_trend_input({});
  const auto machines = iosr::compute_trend(all, {}).machines;
  REQUIRE(machines.size() >= 2);
  auto csv = [](const iosr::trend_input& in, std::vector<std::string> wanted) {
    iosr::trend_options o;
    o.machines = std::move(wanted);
    std::string out;
    iosr::render_trend(iosr::compute_trend(in, o), "csv", {}, out);
    return out;
  };
  std::vector<std::vector<std::string>> selections;
  for (const auto& m : machines) {
    // A part of the name, in another case: as `--machine ryzen` names a Ryzen.
    auto part = m.name.substr(0, 10);
    for (auto& c : part) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    selections.push_back({part});
  }
  selections.push_back({machines.front().name, machines.back().name});
  for (const auto& wanted : selections) {
    INFO("--machine " << wanted.front());
    iosr::trend_query query;
    query.machines = wanted;
    const auto chosen = s->load_trend_input(query);
    CHECK(chosen.runs.size() < all.runs.size());
    CHECK(csv(chosen, wanted) == csv(all, wanted));
  }
  // By number: every system is given, so that the trend numbers the machines as over all.
  for (const auto& m : machines) {
    const auto n = m.number;
    const std::vector<std::string> wanted{std::to_string(n)};
    iosr::trend_query query;
    query.machines = wanted;
    const auto chosen = s->load_trend_input(query);
    INFO("--machine " << n);
    CHECK(chosen.runs.size() < all.runs.size());
    CHECK(csv(chosen, wanted) == csv(all, wanted));
  }
  // A name no machine has: nothing read (compute_trend then says it names none).
  iosr::trend_query none;
  none.machines = {"no such machine"};
  const auto nothing = s->load_trend_input(none);
  CHECK(nothing.runs.empty());
  CHECK_THROWS_AS(iosr::compute_trend(nothing,
                                      [] {
                                        iosr::trend_options o;
                                        o.machines = {"no such machine"};
                                        return o;
                                      }()),
                  iosr::error);
}

// Known to fail today: with --by label, labels that are not all kernel versions are points in
// the order their systems were first seen. The store sees them in the order they were first
// stored, which a removed file still decides (here the seed 000, whose systems the other seeds
// share). The points then run in another order than over the files that remain, and the
// change points found along them differ.
TEMPLATE_LIST_TEST_CASE("By label, the trend over the store is the trend over the files",
                        "[store][contract][trend][!shouldfail]", store_backends) {
  TestType backend;
  auto s = backend.connect();
  std::vector<prepared> files;
  for (const auto& path : files_in(data / "text")) {
    files.push_back(prepare_file(path));
    REQUIRE(add(*s, files.back()).imported);
  }
  s->remove(s->find_files(files.front().name).at(0).id);
  std::vector<iosr::result_file> models;
  for (std::size_t i = 1; i < files.size(); ++i) models.push_back(files[i].file);
  CHECK(trend_csv(s->load_trend_input({}), iosr::trend_by::label) ==
        trend_csv(iosr::make_trend_input(models), iosr::trend_by::label));
}

TEMPLATE_LIST_TEST_CASE("A database newer than the program is refused, naming its version",
                        "[store][contract]", store_backends) {
  TestType backend;
  {
    auto s = backend.connect();
    REQUIRE(add(*s, prepare_file(data / "text" / "000_1809f3a92cbbf2f4.txt")).imported);
  }
  backend.stamp_version(db::schema_version + 7);
  try {
    backend.connect();
    FAIL("a database of a newer version was opened");
  } catch (const iosr::error& e) {
    CHECK(e.kind() == iosr::error_kind::store);
    const std::string what = e.what();
    CHECK_THAT(what, Catch::Contains("database version " + std::to_string(db::schema_version + 7)));
    CHECK_THAT(what, Catch::Contains("newer than this iosr's (" +
                                     std::to_string(db::schema_version) + ")"));
  }
}

TEMPLATE_LIST_TEST_CASE("Readers see whole files while another connection adds",
                        "[store][contract][concurrency]", store_backends) {
  TestType backend;
  std::vector<prepared> files;
  for (const auto& path : files_in(data / "text")) files.push_back(prepare_file(path));
  for (int copy = 1; copy <= 3; ++copy) {
    for (std::size_t i = 0; i < 4; ++i) {
      files.push_back(prepare("copy" + std::to_string(copy) + "-" + files[i].name,
                              files[i].bytes + std::string(static_cast<std::size_t>(copy), '\n')));
    }
  }
  auto writer = backend.connect();
  std::map<std::string, std::size_t> entries_of;  // by path
  for (const auto& f : files) {
    std::size_t n = 0;
    for (const auto& r : f.file.results) n += r.entries.size();
    entries_of[f.name] = n;
  }
  std::atomic<bool> done{false};
  // Each reader's own problems, checked on the test's thread: Catch2 v2 asserts on one thread.
  std::vector<std::string> problems[2];
  std::size_t reads[2] = {0, 0};
  std::vector<std::thread> readers;
  for (int r = 0; r < 2; ++r) {
    readers.emplace_back([&, r] {
      try {
        auto reader = backend.connect();
        std::size_t last = 0;
        bool finished = false;
        while (!finished) {
          finished = done.load();  // one more read after the last file is in
          std::size_t seen = 0;
          reader->for_each_file({}, [&](iosr::result_file&& f) {
            std::size_t n = 0;
            for (const auto& c : f.results) n += c.entries.size();
            if (n != entries_of.at(f.source_name)) {
              problems[r].push_back(f.source_name + ": " + std::to_string(n) + " entries");
            }
            ++seen;
          });
          if (seen < last)
            problems[r].push_back("files went from " + std::to_string(last) + " to " +
                                  std::to_string(seen));
          last = seen;
          ++reads[r];
        }
        if (last != files.size()) problems[r].push_back("saw " + std::to_string(last) + " files");
      } catch (const std::exception& e) {
        problems[r].push_back(e.what());
      }
    });
  }
  for (const auto& f : files) add(*writer, f);
  done = true;
  for (auto& t : readers) t.join();
  for (int r = 0; r < 2; ++r) {
    INFO("reader " << r << " read " << reads[r] << " times");
    CHECK(problems[r] == std::vector<std::string>{});
  }
  std::vector<const prepared*> all;
  for (const auto& f : files) all.push_back(&f);
  check_counts(*writer, all);
}

TEMPLATE_LIST_TEST_CASE("Two connections adding the same file add it once",
                        "[store][contract][concurrency]", store_backends) {
  TestType backend;
  const auto seed = prepare_file(data / "xml" / "iosched-3way.xml");
  auto first = backend.connect();
  auto second = backend.connect();
  bool imported[2] = {false, false};
  std::string problem[2];
  std::thread other([&] {
    try {
      imported[1] = add(*second, seed).imported;
    } catch (const std::exception& e) {
      problem[1] = e.what();
    }
  });
  try {
    imported[0] = add(*first, seed).imported;
  } catch (const std::exception& e) {
    problem[0] = e.what();
  }
  other.join();
  CHECK(problem[0].empty());
  CHECK(problem[1].empty());
  CHECK(imported[0] != imported[1]);
  check_counts(*first, {&seed});
}

// A connection that keeps the ids of the systems and tests it added must not reuse them after
// another connection removed their rows: an `iosr db import` that ran while `iosr db remove`
// removed a file it imported had failed the next file that shares a system ("FOREIGN KEY
// constraint failed"). SQLite's store drops its caches when another connection has committed.
TEMPLATE_LIST_TEST_CASE("A file removed by one connection can be added by another",
                        "[store][contract][concurrency]", store_backends) {
  // The adding connection has the removed file's systems and tests in its caches.
  TestType backend;
  auto importer = backend.connect();
  auto remover = backend.connect();
  const auto a = prepare_file(data / "text" / "002_236e153a66cd3c9d.txt");
  const auto b = prepare("copy-of-002.txt", a.bytes + "\n");
  REQUIRE(add(*importer, a).imported);
  remover->remove(remover->find_files(a.name).at(0).id);
  check_counts(*remover, {});
  CHECK(add(*importer, b).imported);
  check_counts(*importer, {&b});
  const auto back = read_back(*remover);
  REQUIRE(back.size() == 1);
  check_read_back(b.file, back[0]);
}

TEMPLATE_LIST_TEST_CASE("A selection asked again sees what changed since, on any connection",
                        "[store][contract][concurrency]", store_backends) {
  // SQLite keeps select_files' recent answers (a server's list asks the same query again and
  // again): a file added or removed, by this connection or another, must show at once.
  TestType backend;
  auto reader = backend.connect();
  auto writer = backend.connect();
  const auto a = prepare_file(data / "text" / "002_236e153a66cd3c9d.txt");
  const auto b = prepare("copy-of-002.txt", a.bytes + "\n");
  const auto c = prepare("another-copy-of-002.txt", a.bytes + "\n\n");
  const auto all = query([](auto& q) { q.limit = 0; });
  CHECK(reader->select_files(all).empty());
  REQUIRE(add(*writer, a).imported);
  CHECK(reader->select_files(all).size() == 1);
  CHECK(reader->select_files(all).size() == 1);  // the kept answer
  REQUIRE(add(*reader, b).imported);              // this connection's own change
  CHECK(reader->select_files(all).size() == 2);
  writer->remove(writer->find_files(a.name).at(0).id);
  const auto left = reader->select_files(all);
  REQUIRE(left.size() == 1);
  CHECK(left[0].path == b.name);
  REQUIRE(add(*writer, c).imported);
  CHECK(reader->select_files(all).size() == 2);
  // Another query is another answer, a page of the same query too.
  CHECK(reader->select_files(query([](auto& q) { q.limit = 1; })).size() == 1);
  CHECK(reader->select_files(query([](auto& q) {
                  q.limit = 1;
                  q.offset = 1;
                })).size() == 1);
}

TEMPLATE_LIST_TEST_CASE("The generation changes with every import and removal, on any connection",
                        "[store][contract][concurrency]", store_backends) {
  // iosr serve keeps its trend pages per generation: a value must be the same on every
  // connection while nothing changes, and another one after any change, whoever made it.
  TestType backend;
  auto reader = backend.connect();
  auto writer = backend.connect();
  const auto a = prepare_file(data / "text" / "002_236e153a66cd3c9d.txt");
  const auto b = prepare("copy-of-002.txt", a.bytes + "\n");
  const auto empty = reader->generation();
  REQUIRE_FALSE(empty.empty());
  CHECK(writer->generation() == empty);
  CHECK(reader->generation() == empty);  // asked again: the same
  REQUIRE(add(*writer, a).imported);
  const auto one = reader->generation();
  CHECK(one != empty);
  CHECK(writer->generation() == one);
  CHECK_FALSE(add(*reader, a).imported);  // the same bytes again: nothing changed
  CHECK(reader->generation() == one);
  REQUIRE(add(*reader, b).imported);  // this connection's own change
  const auto two = reader->generation();
  CHECK(two != one);
  CHECK(writer->generation() == two);
  // A file removed and another added in its place: SQLite gives the removed id again.
  const auto id_b = reader->find_files(b.name).at(0).id;
  writer->remove(id_b);
  const auto removed = reader->generation();
  CHECK(removed != two);
  const auto c = prepare("another-copy-of-002.txt", a.bytes + "\n\n");
  REQUIRE(add(*writer, c).imported);
  CHECK(reader->generation() != removed);
  CHECK(reader->generation() != two);
  CHECK(writer->generation() == reader->generation());
}
