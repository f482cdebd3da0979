// SPDX-License-Identifier: MIT
// `iosr compare FILE...`: each configuration against its group's baseline, test by test.
#include <cxxopts.hpp>

#include "cli_support.hpp"
#include "command.hpp"
#include "comparison_cli.hpp"

namespace iosr::cli {

int run_compare(int argc, char** argv) {
  cxxopts::Options options(
      "iosr compare",
      "Compare result files: per test, each configuration's value, delta and performance ratio "
      "against the baseline of its group (the `none` scheduler, else `noop`), ranked best first; "
      "then a summary per configuration. Tests are matched across inputs by title, description, "
      "unit and version." +
          std::string(inputs_help));
  options.custom_help("[options]");
  add_comparison_options(options, "ascii");
  return run_comparison(options, argc, argv,
                        {.name = "compare",
                         .exit_status = "Exit status: 0 compared, 1 some input failed (the "
                                        "others are compared) or the gate checked nothing, 2 "
                                        "usage error, 3 --fail-if-worse tripped.",
                         .gate = true});
}

}  // namespace iosr::cli
