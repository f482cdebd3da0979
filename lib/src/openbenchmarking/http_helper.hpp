// SPDX-License-Identifier: MIT
// Running iosr-http, the helper program that does the library's HTTP with libcurl, so that no
// program that links iosr loads libcurl (docs/openbenchmarking.md).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace iosr::openbenchmarking {

/// What the helper gave.
struct helper_answer {
  bool ok = false;    ///< exit status 0: `body` is the answer
  std::string body;   ///< at most max_bytes
  std::string error;  ///< why not: the helper's last line, or why it could not run
};

/// Runs `helper` with `arguments`, its standard input /dev/null, the environment as it is (the
/// proxy variables among it), and collects its standard output and error. A helper that is not
/// there is said to be expected `expected` (`in ../libexec/iosr from iosr's directory`).
helper_answer run_helper(const std::string& helper, const std::string& expected,
                         const std::vector<std::string>& arguments, std::uint64_t max_bytes);

}  // namespace iosr::openbenchmarking
