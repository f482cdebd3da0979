// SPDX-License-Identifier: MIT
// `iosr serve` in iosr: the process becomes the helper iosr-serve (execv: same process id, so
// signals and the exit status are the server's own), which has the HTTP server linked in, so
// that iosr itself carries none of it (apps/CMakeLists.txt).
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "command.hpp"

namespace iosr::cli {

int run_serve_helper(int argc, char** argv) {
  const auto helper = helper_path("iosr-serve");
  static char serve[] = "serve";
  std::vector<char*> args{const_cast<char*>(helper.c_str()), serve};
  for (int i = 1; i < argc; ++i) args.push_back(argv[i]);
  args.push_back(nullptr);
  ::execv(helper.c_str(), args.data());
  std::cerr << "iosr serve: cannot run " << helper << ": " << std::strerror(errno)
            << "; expected the iosr-serve program installed with iosr (libexec/iosr)\n";
  return exit_input_failed;
}

}  // namespace iosr::cli
