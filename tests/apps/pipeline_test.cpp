// SPDX-License-Identifier: MIT
// The batch pipeline (iosr/batch.hpp) without a process around it: outcomes taken in input
// order whatever the workers, one failing input among others, a stop between files, the
// mapping of exceptions to failures, and the inputs a directory walk lists.

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "catch.hpp"
#include "iosr/batch.hpp"
#include "iosr/error.hpp"
#include "iosr/output_files.hpp"
#include "temp_dir.hpp"

namespace batch = iosr::batch;
namespace fs = std::filesystem;
using namespace iosr::test;  // NOLINT(google-build-using-namespace): the tests' own helpers

namespace {

const fs::path seeds = fs::path(IOSR_DATA_DIR) / "text";
const char* const seed_names[] = {"000_1809f3a92cbbf2f4.txt", "001_d98c4465b017a3b0.txt",
                                  "002_236e153a66cd3c9d.txt", "004_38fbc586aba1b507.txt"};

// `count` result files in `dir`, the seeds in turn, named so that they sort in the order made.
std::vector<std::string> make_inputs(const temp_dir& dir, std::size_t count) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < count; ++i) {
    const auto name = dir / ("in" + std::string(i < 10 ? "0" : "") + std::to_string(i) + ".txt");
    write_file(name, slurp(seeds / seed_names[i % 4]));
    out.push_back(name);
  }
  return out;
}

// A plan that reads `inputs` with `jobs` workers and the defaults otherwise.
batch::pipeline_plan plan_of(std::vector<std::string> inputs, unsigned jobs,
                             std::size_t inputs_per_worker = 64) {
  batch::pipeline_plan plan;
  plan.inputs = std::move(inputs);
  plan.jobs = jobs;
  plan.inputs_per_worker = inputs_per_worker;
  return plan;
}

// What a test's worker did with one input.
struct outcome : batch::input_outcome {
  std::string title;
};

struct taken {
  std::vector<std::string> names;
  std::vector<std::string> titles;
  std::vector<std::size_t> entries;
};

// Runs a batch over `inputs` whose worker reads each input (slower for some, so that they
// finish out of order) and throws for the names in `throw_for`.
taken run(batch::pipeline& p, const std::vector<std::string>& throw_for = {}) {
  taken t;
  const bool stopped = p.run<outcome>(
      [&](batch::batch_input& in, outcome& out, std::size_t) {
        if (fs::path(in.name).filename().string().find('5') != std::string::npos) {
          std::this_thread::sleep_for(std::chrono::milliseconds(3));
        }
        for (const auto& name : throw_for) {
          if (in.name == name) throw std::runtime_error("the worker gave up");
        }
        out.title = p.read_input(in, out).front().title;
      },
      [&](outcome& o) {
        t.names.push_back(o.name);
        t.titles.push_back(o.title);
        t.entries.push_back(o.entries);
      });
  CHECK_FALSE(stopped);
  return t;
}

}  // namespace

TEST_CASE("Outcomes are taken in input order, whatever the number of workers", "[batch]") {
  temp_dir dir;
  const auto inputs = make_inputs(dir, 24);
  std::vector<std::size_t> expected_entries;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    std::size_t n = 0;
    for (const auto& r : iosr::read_results(slurp(inputs[i]), inputs[i]).results)
      n += r.entries.size();
    expected_entries.push_back(n);
  }
  for (unsigned jobs : {1u, 2u, 4u}) {
    for (std::size_t per_worker : {std::size_t{1}, std::size_t{64}}) {
      INFO(jobs << " workers, " << per_worker << " inputs a worker");
      SECTION("named files " + std::to_string(jobs) + "/" + std::to_string(per_worker)) {
        batch::pipeline p(plan_of(inputs, jobs, per_worker));
        const auto t = run(p);
        CHECK(t.names == inputs);
        CHECK(t.entries == expected_entries);
        CHECK(p.totals.failures.empty());
        CHECK(p.totals.skipped.empty());
        CHECK(p.reader_error().empty());
      }
      SECTION("a directory, walked in byte order " + std::to_string(jobs) + "/" +
              std::to_string(per_worker)) {
        batch::pipeline p(plan_of({dir.path().string()}, jobs, per_worker));
        const auto t = run(p);
        CHECK(t.names == inputs);
        CHECK(t.entries == expected_entries);
      }
    }
  }
}

TEST_CASE("A failing input does not stop the others", "[batch]") {
  temp_dir dir;
  auto inputs = make_inputs(dir, 6);
  const auto garbage = dir / "garbage.txt";
  write_file(garbage, "this is no result file\n");
  const auto missing = dir / "missing.txt";
  std::vector<std::string> plan{inputs[0], garbage,   inputs[1], missing,
                                inputs[2], inputs[3], inputs[4], inputs[5]};
  batch::pipeline p(plan_of(plan, 3, 1));
  const auto t = run(p, {inputs[3]});
  CHECK(t.names == std::vector<std::string>{inputs[0], inputs[1], inputs[2], inputs[4], inputs[5]});
  REQUIRE(p.totals.failures.size() == 3);
  // In input order: what reading the garbage threw, the file that is not there, the worker's
  // exception at its input.
  CHECK(p.totals.failures[0].file == garbage);
  CHECK_FALSE(p.totals.failures[0].message.empty());
  CHECK(p.totals.failures[1].file == missing);
  CHECK_FALSE(p.totals.failures[1].message.empty());
  CHECK(p.totals.failures[2].file == inputs[3]);
  CHECK(p.totals.failures[2].message == "the worker gave up");
  CHECK(p.totals.failures[2].text() == inputs[3] + ": the worker gave up");
}

TEST_CASE("Files found in a directory that are no result files are skipped", "[batch]") {
  temp_dir dir;
  const auto inputs = make_inputs(dir, 2);
  write_file(dir / "notes.md", "# not a result\n");
  write_file(dir / "in00.csv" + std::string(iosr::temporary_suffix), "half an output");
  batch::pipeline p(plan_of({dir.path().string()}, 2));
  const auto t = run(p);
  CHECK(t.names == inputs);
  CHECK(p.totals.failures.empty());
  REQUIRE(p.totals.skipped.size() == 2);
  CHECK(p.totals.skipped[0].first == dir / "in00.csv.iosr-tmp");
  CHECK(p.totals.skipped[1].first == dir / "notes.md");
  CHECK(p.totals.skipped[1].second == "not a result file");
}

TEST_CASE("A stop asked for ends the batch between two files", "[batch]") {
  temp_dir dir;
  const auto inputs = make_inputs(dir, 20);
  std::atomic<bool> stop{false};
  batch::callbacks on;
  on.stop_requested = [&stop] { return stop.load(); };
  batch::pipeline p(plan_of(inputs, 2, 2), on);
  std::vector<std::string> names;
  const bool stopped = p.run<outcome>(
      [&](batch::batch_input& in, outcome& out, std::size_t) { p.read_input(in, out); },
      [&](outcome& o) {
        names.push_back(o.name);
        if (names.size() == 3) stop = true;  // as the CLI's signal handler records a signal
      });
  CHECK(stopped);
  CHECK(names == std::vector<std::string>(inputs.begin(), inputs.begin() + 3));
}

TEST_CASE("Progress and messages go to the callbacks with the totals known first", "[batch]") {
  temp_dir dir;
  const auto inputs = make_inputs(dir, 5);
  // A file read with a warning: a system with two entries in one chart.
  write_file(dir / "warned.txt", "FS-Mark 3.3\nTest: 1000 Files\nFiles/s > Higher Is Better\n"
                                 "a . 20.13 |===\na . 20.14 |===\n");
  std::vector<batch::progress_counts> seen;
  std::string said;
  batch::callbacks on;
  on.progress = [&seen](const batch::progress_counts& c) { seen.push_back(c); };
  on.message = [&said](std::string_view lines) { said += lines; };
  batch::pipeline p(plan_of({dir.path().string()}, 2), on);
  run(p);
  REQUIRE_FALSE(seen.empty());
  CHECK(seen.front().total_files == 6);
  CHECK(seen.back().files_done == 6);
  CHECK(seen.back().bytes_done == seen.back().total_bytes);
  CHECK(said.starts_with(dir / "warned.txt" + ":"));
  CHECK(said.find("warning: ") != std::string::npos);
  CHECK(said.ends_with("\n"));
}

TEST_CASE("current_failure maps the exception being handled to a failure", "[batch]") {
  SECTION("a parse error at its place, in its own file") {
    try {
      throw iosr::parse_error("member.xml", {12, 5}, "expected a number");
    } catch (...) {
      const auto f = batch::current_failure("archive.tar:member.xml", "not imported: ");
      CHECK(f.file == "member.xml");
      CHECK(f.where == iosr::source_position{12, 5});
      CHECK(f.message == "not imported: expected a number");
      CHECK(f.text() == "member.xml:12:5: not imported: expected a number");
    }
  }
  SECTION("a parse error without a place") {
    try {
      throw iosr::parse_error("a.txt", {}, "empty input");
    } catch (...) {
      CHECK(batch::current_failure("a.txt").text() == "a.txt: empty input");
    }
  }
  SECTION("any other exception at the input") {
    try {
      throw iosr::error(iosr::error_kind::store, "the database is locked");
    } catch (...) {
      const auto f = batch::current_failure("run/composite.xml");
      CHECK(f.file == "run/composite.xml");
      CHECK(f.where == iosr::source_position{});
      CHECK(f.text() == "run/composite.xml: the database is locked");
    }
    try {
      throw std::length_error("too long");
    } catch (...) {
      CHECK(batch::current_failure("x", "p: ").text() == "x: p: too long");
    }
  }
}

TEST_CASE("A directory walk lists files in byte order and leaves the output out", "[batch]") {
  temp_dir dir;
  fs::create_directories(dir.path() / "b" / "out");
  fs::create_directories(dir.path() / "B");
  for (const char* name : {"b/z.txt", "b/a.txt", "B/m.txt", "b/out/old.csv", "a.txt"}) {
    write_file(dir / name, "x");
  }
  const auto listed = batch::list_inputs({dir.path().string()}, dir / "b/out");
  std::vector<std::string> relative;
  for (const auto& s : listed.sources) {
    relative.push_back(s.relative);
    CHECK_FALSE(s.named);
  }
  CHECK(relative == std::vector<std::string>{"B/m.txt", "a.txt", "b/a.txt", "b/z.txt"});
  CHECK(listed.total_bytes == 4);
  // walk_inputs() gives the same, one by one, and stops when asked.
  std::vector<std::string> walked;
  CHECK_FALSE(batch::walk_inputs({dir.path().string()}, dir / "b/out", [&](auto&& s) {
    walked.push_back(s.relative);
    return walked.size() < 2;
  }));
  CHECK(walked == std::vector<std::string>{"B/m.txt", "a.txt"});
}
