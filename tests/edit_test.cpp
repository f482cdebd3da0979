// SPDX-License-Identifier: MIT
// merge_result_files() and apply_edits() (iosr/edit.hpp) on hand-made models: each of PTS's
// merge and load rules, the notes, and the edits' errors, which leave the file as it was.
// tests/editing_test.py checks the same against PTS's own files.
#include "iosr/edit.hpp"

#include <string>
#include <vector>

#include "catch.hpp"
#include "iosr/error.hpp"

namespace {

using iosr::edit_kind;

iosr::entry value(std::string label, std::string text) {
  iosr::entry e;
  e.label = std::move(label);
  e.value_text = std::move(text);
  e.kind = e.value_text.empty() ? iosr::entry_kind::failed : iosr::entry_kind::number;
  if (!e.value_text.empty()) e.value = std::stod(e.value_text);
  return e;
}

iosr::result chart(std::string description, std::vector<iosr::entry> entries) {
  iosr::result r;
  r.title = "Flexible IO Tester";
  r.test_id = "pts/fio-2.1.0";
  r.version = "3.36";
  r.description = std::move(description);
  r.unit = "IOPS";
  r.entries = std::move(entries);
  return r;
}

iosr::result_file file(std::string name, std::vector<std::string> systems,
                       std::vector<iosr::result> charts) {
  iosr::result_file f;
  f.source_name = name;
  f.title = name == "a.xml" ? "" : "Title of " + name;
  for (auto& s : systems) f.systems.push_back(iosr::make_system(s));
  f.results = std::move(charts);
  return f;
}

std::vector<std::string> labels(const iosr::result& r) {
  std::vector<std::string> out;
  for (const auto& e : r.entries) out.push_back(e.label + "=" + e.value_text);
  return out;
}

std::vector<std::string> labels(const iosr::result_file& f) {
  std::vector<std::string> out;
  for (const auto& s : f.systems) out.push_back(s.label);
  return out;
}

}  // namespace

TEST_CASE("Merge: PTS's rules for systems, charts and entries", "[edit]") {
  const std::vector<iosr::result_file> files = {
      file("a.xml", {"bfq", "none"},
           {chart("Read", {value("bfq", "10"), value("none", "")}),
            chart("Write", {value("bfq", "5")})}),
      file("b.xml", {"none", "kyber"},
           {chart("Read", {value("none", "12"), value("kyber", "11")}),
            chart("Mixed", {value("kyber", "7")})}),
  };
  const auto out = iosr::merge_result_files(files);
  const auto& m = out.merged;
  // Every system of every file, in file order; the title from the first file that has one.
  CHECK(labels(m) == std::vector<std::string>{"bfq", "none", "none", "kyber"});
  CHECK(m.title == "Title of b.xml");
  // Charts in first-seen order; a failed entry gives way to a later one of its system.
  REQUIRE(m.results.size() == 3);
  CHECK(m.results[0].description == "Read");
  CHECK(labels(m.results[0]) == std::vector<std::string>{"bfq=10", "none=12", "kyber=11"});
  CHECK(m.results[2].description == "Mixed");
  REQUIRE(out.notes.size() == 1);
  CHECK(out.notes[0].code == iosr::message_code::identifier_collision);
}

TEST_CASE("Merge: an entry already there is not added again; another value is", "[edit]") {
  const std::vector<iosr::result_file> files = {
      file("a.xml", {"bfq"}, {chart("Read", {value("bfq", "10")})}),
      file("b.xml", {"bfq"}, {chart("Read", {value("bfq", "10")})}),
      file("c.xml", {"bfq"}, {chart("Read", {value("bfq", "11")})}),
  };
  const auto m = iosr::merge_result_files(files).merged;
  CHECK(labels(m.results[0]) == std::vector<std::string>{"bfq=10", "bfq=11"});
}

TEST_CASE("Merge: a chart repeated in one file is its last occurrence, in the first's place",
          "[edit]") {
  const std::vector<iosr::result_file> files = {
      file("a.xml", {"bfq"},
           {chart("Read", {value("bfq", "1")}), chart("Write", {value("bfq", "2")}),
            chart("Read", {value("bfq", "3")})}),
      file("b.xml", {"none"}, {chart("Other", {value("none", "4")})}),
  };
  const auto out = iosr::merge_result_files(files);
  REQUIRE(out.merged.results.size() == 3);
  CHECK(labels(out.merged.results[0]) == std::vector<std::string>{"bfq=3"});
  // Nothing shared: allowed, and said.
  REQUIRE(out.notes.size() == 1);
  CHECK(out.notes[0].code == iosr::message_code::files_share_no_test);
}

TEST_CASE("Merge: annotations are joined, charts left without entries dropped", "[edit]") {
  auto a = file("a.xml", {"bfq"}, {chart("Read", {value("bfq", "1")}), chart("Empty", {})});
  auto b = file("b.xml", {"none"}, {chart("Read", {value("none", "2")})});
  a.results[0].annotation = "first";
  b.results[0].annotation = "second";
  const auto m = iosr::merge_result_files(std::vector{a, b}).merged;
  REQUIRE(m.results.size() == 1);
  CHECK(m.results[0].annotation == "first \nsecond");
}

TEST_CASE("Merge: --prefix-collisions renames a system and its entries", "[edit]") {
  const std::vector<iosr::result_file> files = {
      file("a.xml", {"bfq"}, {chart("Read", {value("bfq", "1")})}),
      file("b.xml", {"bfq"}, {chart("Read", {value("bfq", "2")})}),
  };
  iosr::merge_options options;
  options.prefix_on_collision = true;
  const auto out = iosr::merge_result_files(files, options);
  CHECK(labels(out.merged) == std::vector<std::string>{"bfq", "Title of b.xml: bfq"});
  CHECK(labels(out.merged.results[0]) ==
        std::vector<std::string>{"bfq=1", "Title of b.xml: bfq=2"});
  CHECK(out.merged.systems[1].name == "bfq");
  CHECK(out.merged.systems[1].scheduler == "bfq");
}

TEST_CASE("Merge: --intersect keeps the charts of every file", "[edit]") {
  const std::vector<iosr::result_file> files = {
      file("a.xml", {"bfq"},
           {chart("Read", {value("bfq", "1")}), chart("Only A", {value("bfq", "1")})}),
      file("b.xml", {"none"}, {chart("Read", {value("none", "2")})}),
  };
  iosr::merge_options options;
  options.intersect = true;
  const auto out = iosr::merge_result_files(files, options);
  REQUIRE(out.merged.results.size() == 1);
  CHECK(out.merged.results[0].description == "Read");
  CHECK(out.notes.back().code == iosr::message_code::charts_not_in_every_file);
}

TEST_CASE("Edits: in the order given", "[edit]") {
  auto f = file("a.xml", {"2024-03-01 11:00", "10", "9"},
                {chart("Read", {value("10", "1"), value("9", "2"), value("2024-03-01 11:00", "3")}),
                 chart("Write", {value("9", "4")})});
  f.systems[0].timestamp = "2024-03-01 11:00:00";
  f.systems[2].timestamp = "2024-03-01 09:00:00";
  const std::vector<iosr::edit_step> steps = {
      {edit_kind::rename, "2024-03-01 11:00=BFQ"},
      {edit_kind::sort_by, "identifier"},  // numbers as numbers, as PHP's sort()
  };
  iosr::apply_edits(f, steps);
  CHECK(labels(f) == std::vector<std::string>{"9", "10", "BFQ"});
  CHECK(f.systems[2].scheduler == "bfq");
  CHECK(labels(f.results[0]) == std::vector<std::string>{"9=2", "10=1", "BFQ=3"});

  iosr::apply_edits(f, std::vector<iosr::edit_step>{{edit_kind::sort_by, "date"}});
  CHECK(labels(f) == std::vector<std::string>{"10", "9", "BFQ"});  // undated first

  iosr::apply_edits(
      f, std::vector<iosr::edit_step>{
             {edit_kind::order, "BFQ"}, {edit_kind::exclude, "^Write$"}, {edit_kind::title, "T"}});
  CHECK(labels(f) == std::vector<std::string>{"BFQ", "10", "9"});
  CHECK(f.results.size() == 1);
  CHECK(f.title == "T");

  iosr::apply_edits(f, std::vector<iosr::edit_step>{{edit_kind::only, "BFQ, 9"}});
  CHECK(labels(f) == std::vector<std::string>{"BFQ", "9"});
  CHECK(labels(f.results[0]) == std::vector<std::string>{"BFQ=3", "9=2"});
}

TEST_CASE("Edits: a name or pattern that matches nothing is a usage error; nothing changes",
          "[edit]") {
  const auto before =
      file("a.xml", {"bfq", "none"}, {chart("Read", {value("bfq", "1"), value("none", "2")})});
  const std::vector<std::vector<iosr::edit_step>> bad = {
      {{edit_kind::title, "changed"}, {edit_kind::remove, "kyber"}},
      {{edit_kind::only, "bfq,"}},
      {{edit_kind::rename, "bfq=none"}},
      {{edit_kind::rename, "bfq"}},
      {{edit_kind::filter, "Write"}},
      {{edit_kind::exclude, "("}},
      {{edit_kind::sort_by, "size"}},
      {{edit_kind::remove, "bfq,none"}},
  };
  for (const auto& steps : bad) {
    auto f = before;
    INFO(steps.back().value);
    try {
      iosr::apply_edits(f, steps);
      FAIL("no error");
    } catch (const iosr::error& e) {
      CHECK(e.kind() == iosr::error_kind::usage);
      const std::string said = e.what();
      CHECK((said.starts_with("--") || said.find("leave no system") != std::string::npos));
    }
    CHECK(f == before);
  }
}

TEST_CASE("Edits: an identifier holding a comma or '=' is named as written", "[edit]") {
  auto f = file("a.xml", {"WD5000: bfq, low latency", "none", "a=b"},
                {chart("Read", {value("WD5000: bfq, low latency", "1"), value("none", "2"),
                                value("a=b", "3")})});
  auto g = f;
  // The longest run of parts that names a system is one identifier.
  iosr::apply_edits(f, std::vector<iosr::edit_step>{{edit_kind::only, "none,WD5000: bfq, low latency"}});
  CHECK(labels(f) == std::vector<std::string>{"WD5000: bfq, low latency", "none"});
  iosr::apply_edits(f, std::vector<iosr::edit_step>{{edit_kind::order, "WD5000: bfq, low latency, none"}});
  CHECK(labels(f) == std::vector<std::string>{"WD5000: bfq, low latency", "none"});
  // A part that names nothing alone or joined to the next is still an error, naming that part.
  auto h = g;
  try {
    iosr::apply_edits(h, std::vector<iosr::edit_step>{{edit_kind::remove, "WD5000: bfq"}});
    FAIL("no error");
  } catch (const iosr::error& e) {
    CHECK(std::string(e.what()).find("'WD5000: bfq' names no system") != std::string::npos);
  }
  // OLD=NEW where OLD holds '=': split after the OLD that names a system.
  iosr::apply_edits(g, std::vector<iosr::edit_step>{{edit_kind::rename, "a=b=kyber"}});
  CHECK(labels(g) == std::vector<std::string>{"WD5000: bfq, low latency", "none", "kyber"});
  CHECK(labels(g.results[0]).back() == "kyber=3");
}

TEST_CASE("Rename: every system of the name and every entry of it, as a merged file holds them",
          "[edit]") {
  // Two runs of one machine, both named `Xeon Gold`, with tests of their own and one shared.
  const std::vector<iosr::result_file> files = {
      file("a.xml", {"Xeon Gold", "EPYC"},
           {chart("Read", {value("Xeon Gold", "10"), value("EPYC", "12")}),
            chart("Write", {value("Xeon Gold", "5")})}),
      file("b.xml", {"Xeon Gold"},
           {chart("Read", {value("Xeon Gold", "11")}), chart("Mixed", {value("Xeon Gold", "7")})}),
  };
  auto merged = iosr::merge_result_files(files).merged;
  REQUIRE(labels(merged) == std::vector<std::string>{"Xeon Gold", "EPYC", "Xeon Gold"});
  const auto notes =
      iosr::apply_edits(merged, std::vector<iosr::edit_step>{{edit_kind::rename, "Xeon Gold=gold"}});
  CHECK(notes.empty());
  CHECK(labels(merged) == std::vector<std::string>{"gold", "EPYC", "gold"});
  CHECK(merged.systems[2].name == "gold");
  CHECK(labels(merged.results[0]) == std::vector<std::string>{"gold=10", "EPYC=12", "gold=11"});
  CHECK(labels(merged.results[1]) == std::vector<std::string>{"gold=5"});
  CHECK(labels(merged.results[2]) == std::vector<std::string>{"gold=7"});
  for (const auto& s : merged.systems) CHECK(s.label != "Xeon Gold");
}

TEST_CASE("No system is left without entries by the work, one the input had so is kept",
          "[edit]") {
  // `failed` ran nothing in the input: kept whatever is done. `write-only` has entries only in
  // the Write chart, which --exclude removes: not written, and a note names it.
  auto f = file("a.xml", {"both", "write-only", "failed"},
                {chart("Read", {value("both", "1")}),
                 chart("Write", {value("both", "2"), value("write-only", "3")})});
  const auto notes =
      iosr::apply_edits(f, std::vector<iosr::edit_step>{{edit_kind::exclude, "^Write$"}});
  CHECK(labels(f) == std::vector<std::string>{"both", "failed"});
  REQUIRE(notes.size() == 1);
  CHECK(notes[0].code == iosr::message_code::system_left_without_entries);
  CHECK(notes[0].text == "system 'write-only' has no entry left after the operations: not written");
  // A system without entries the input had is kept through a rename too.
  iosr::apply_edits(f, std::vector<iosr::edit_step>{{edit_kind::rename, "failed=crashed"}});
  CHECK(labels(f) == std::vector<std::string>{"both", "crashed"});

  // A merge whose --intersect leaves a system of either file without entries.
  const std::vector<iosr::result_file> files = {
      file("a.xml", {"bfq", "kyber"},
           {chart("Read", {value("bfq", "1")}), chart("Write", {value("kyber", "2")})}),
      file("b.xml", {"none"}, {chart("Read", {value("none", "3")})}),
  };
  iosr::merge_options intersect;
  intersect.intersect = true;
  const auto out = iosr::merge_result_files(files, intersect);
  CHECK(labels(out.merged) == std::vector<std::string>{"bfq", "none"});
  REQUIRE(out.notes.size() == 2);
  CHECK(out.notes[1].code == iosr::message_code::system_left_without_entries);
  CHECK(out.notes[1].text == "system 'kyber' has no entry left after --intersect: not written");
}
