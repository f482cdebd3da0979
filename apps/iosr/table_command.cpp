// SPDX-License-Identifier: MIT
// `iosr table FILE...`: the article view, one table per group with tests as rows, and the
// summary, without the per-test sections of `iosr compare`.
#include <cxxopts.hpp>

#include "cli_support.hpp"
#include "command.hpp"
#include "comparison_cli.hpp"

namespace iosr::cli {

int run_table(int argc, char** argv) {
  cxxopts::Options options(
      "iosr table",
      "Print comparison tables for articles: one per group, tests as rows, configurations as "
      "columns with the baseline first, cells `value (+x.x%)`, the best bold; then the summary. "
      "Takes the options of `iosr compare`." +
          std::string(inputs_help));
  options.custom_help("[options]");
  add_comparison_options(options, "md");
  return run_comparison(
      options, argc, argv,
      {.name = "table",
       .exit_status = "Exit status: 0 done, 1 some input failed (the others are shown), 2 usage "
                      "error.",
       .table_view = true});
}

}  // namespace iosr::cli
