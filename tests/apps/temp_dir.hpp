// SPDX-License-Identifier: MIT
// A directory of one test's own under the system's temporary directory, removed with its
// contents when the test ends, so that tests running in parallel never share a file.
#pragma once

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <string>
#include <system_error>

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

}  // namespace iosr::test
