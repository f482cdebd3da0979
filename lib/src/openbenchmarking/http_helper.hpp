// SPDX-License-Identifier: MIT
// Running iosr-http, the helper program that does iosr's HTTP with libcurl, so that the iosr
// executable itself never loads libcurl (docs/openbenchmarking.md).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace iosr::cli::openbenchmarking {

/// `program` (iosr-http, iosr-serve) in `../libexec/iosr/` from the directory of the running iosr
/// executable
/// (/proc/self/exe, links resolved; the path is IOSR_HELPER_DIR, from the install's directories),
/// where the build and `cmake --install` put it.
std::string helper_path(std::string_view program = "iosr-http");

/// What the helper gave.
struct helper_answer {
  bool ok = false;    ///< exit status 0: `body` is the answer
  std::string body;   ///< at most max_bytes
  std::string error;  ///< why not: the helper's last line, or why it could not run
};

/// Runs `helper` with `arguments`, its standard input /dev/null, the environment as it is (the
/// proxy variables among it), and collects its standard output and error.
helper_answer run_helper(const std::string& helper, const std::vector<std::string>& arguments,
                         std::uint64_t max_bytes);

}  // namespace iosr::cli::openbenchmarking
