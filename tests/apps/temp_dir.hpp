// SPDX-License-Identifier: MIT
// What the apps' tests share for files: a directory of one test's own under the system's temporary
// directory, removed with its contents when the test ends, so that tests running in parallel never
// share a file.
#pragma once

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <system_error>

#include "catch.hpp"

namespace iosr::test {

class temp_dir {
 public:
  temp_dir() {
    static std::atomic<unsigned> made{0};
    // The process id keeps apart the test processes ctest runs at once (-j2).
    path_ = std::filesystem::temp_directory_path() /
            ("iosr-app-tests-" + std::to_string(::getpid()) + "-" + std::to_string(made++));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~temp_dir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  temp_dir(const temp_dir&) = delete;
  temp_dir& operator=(const temp_dir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  std::string operator/(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

/// The bytes of a file a test wrote or reads; a test fails when it cannot be opened.
inline std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// Writes `bytes` as the whole file; a test fails when it cannot.
inline void write_file(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out << bytes;
  REQUIRE(out);
}

}  // namespace iosr::test
