// SPDX-License-Identifier: MIT
// Where a batch writes (an output tree, iosr/output_files.hpp) and how (atomic_file): never
// through a link or outside the output directory, and each file whole or not at all.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "catch.hpp"
#include "iosr/output_files.hpp"
#include "temp_dir.hpp"

namespace batch = iosr;  // where a batch writes: iosr/output_files.hpp
namespace fs = std::filesystem;
using namespace iosr::test;  // NOLINT(google-build-using-namespace): the tests' own helpers

namespace {

// The names in `dir`, sorted, to show that nothing else was left there.
std::vector<std::string> names_in(const fs::path& dir) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) out.push_back(e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("An output's path is its input's, under the output directory, with the new extension",
          "[batch][output]") {
  CHECK(batch::output_path("out", "run3/composite.xml", ".csv") ==
        fs::path("out/run3/composite.csv"));
  CHECK(batch::output_path("out", "a.b.txt", ".jsonl") == fs::path("out/a.b.jsonl"));
  CHECK(batch::output_path("out", "README", ".json") == fs::path("out/README.json"));
}

TEST_CASE("Preparing an output path makes its directories, never through a link",
          "[batch][output]") {
  temp_dir dir;
  const auto out = dir.path() / "out";
  fs::create_directory(out);
  std::string error;

  SECTION("directories are made one by one") {
    const auto path = batch::prepare_output_path(out, "x/y/z/result.xml", ".csv", error);
    CHECK(error.empty());
    CHECK(path == out / "x/y/z/result.csv");
    CHECK(fs::is_directory(out / "x/y/z"));
    CHECK_FALSE(fs::exists(path));  // the file itself is the writer's
    // Again, with everything there.
    CHECK(batch::prepare_output_path(out, "x/y/z/other.txt", ".csv", error) ==
          out / "x/y/z/other.csv");
    CHECK(error.empty());
  }
  SECTION("a link where a directory belongs is refused, and nothing is made behind it") {
    const auto elsewhere = dir.path() / "elsewhere";
    fs::create_directory(elsewhere);
    fs::create_directory_symlink(elsewhere, out / "x");
    const auto path = batch::prepare_output_path(out, "x/y/result.xml", ".csv", error);
    CHECK(path.empty());
    CHECK(error == (out / "x").string() + " is a link; not written through it");
    CHECK(fs::is_empty(elsewhere));
  }
  SECTION("a link deeper down is refused too") {
    fs::create_directories(out / "x");
    fs::create_directory_symlink(dir.path(), out / "x" / "up");
    const auto path = batch::prepare_output_path(out, "x/up/y/result.xml", ".csv", error);
    CHECK(path.empty());
    CHECK(error == (out / "x" / "up").string() + " is a link; not written through it");
    CHECK_FALSE(fs::exists(dir.path() / "y"));
  }
  SECTION("a file where a directory belongs is refused") {
    write_file(out / "x", "a file");
    const auto path = batch::prepare_output_path(out, "x/result.xml", ".csv", error);
    CHECK(path.empty());
    CHECK(error == (out / "x").string() + " is a file where a directory belongs");
    CHECK(slurp(out / "x") == "a file");
  }
}

TEST_CASE("An atomic file appears whole when committed", "[batch][output]") {
  temp_dir dir;
  const auto path = dir / "out.csv";
  std::string error;
  batch::atomic_file f;
  REQUIRE(f.open(path, error));
  f.write("a,b\n");
  // While it is written, only the temporary file is there.
  CHECK_FALSE(fs::exists(path));
  CHECK(fs::exists(path + std::string(batch::temporary_suffix)));
  f.write("1,2\n");
  REQUIRE(f.commit(error));
  CHECK(error.empty());
  CHECK(slurp(path) == "a,b\n1,2\n");
  CHECK(names_in(dir.path()) == std::vector<std::string>{"out.csv"});
}

TEST_CASE("An atomic file not committed leaves the old file as it was", "[batch][output]") {
  temp_dir dir;
  const auto path = dir / "out.csv";
  write_file(path, "the old file\n");
  std::string error;
  {
    batch::atomic_file f;
    REQUIRE(f.open(path, error));
    f.write("half of the new one");
    CHECK(slurp(path) == "the old file\n");
  }  // the batch stopped: destroyed without commit
  CHECK(slurp(path) == "the old file\n");
  CHECK(names_in(dir.path()) == std::vector<std::string>{"out.csv"});
}

TEST_CASE("An atomic file replaces the old file whole", "[batch][output]") {
  temp_dir dir;
  const auto path = dir / "out.csv";
  write_file(path, std::string(100'000, 'o'));
  std::string error;
  SECTION("cached") { REQUIRE(batch::write_atomically(path, "new\n", error)); }
  SECTION("synced") {
    REQUIRE(batch::write_atomically(path, "new\n", error, batch::atomic_file::durability::synced));
  }
  CHECK(error.empty());
  CHECK(slurp(path) == "new\n");
  CHECK(names_in(dir.path()) == std::vector<std::string>{"out.csv"});
}

TEST_CASE("An atomic file replaces a link, not the file it points to", "[batch][output]") {
  temp_dir dir;
  const auto target = dir / "target.csv";
  write_file(target, "not to be touched\n");
  const auto path = dir / "out.csv";
  fs::create_symlink(target, path);
  std::string error;
  REQUIRE(batch::write_atomically(path, "new\n", error));
  CHECK_FALSE(fs::is_symlink(path));
  CHECK(slurp(path) == "new\n");
  CHECK(slurp(target) == "not to be touched\n");
  CHECK(names_in(dir.path()) == std::vector<std::string>{"out.csv", "target.csv"});
}

TEST_CASE("An atomic file that cannot be opened says why and leaves nothing", "[batch][output]") {
  temp_dir dir;
  std::string error;
  batch::atomic_file f;
  CHECK_FALSE(f.open(dir / "no/such/dir/out.csv", error));
  CHECK(error == "cannot write: No such file or directory");
  f.write("ignored");
  std::string commit_error;
  CHECK_FALSE(f.commit(commit_error));
  CHECK_FALSE(commit_error.empty());
  CHECK(fs::is_empty(dir.path()));
}
