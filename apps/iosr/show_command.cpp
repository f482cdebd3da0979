// SPDX-License-Identifier: MIT
// `iosr show FILE...`: what was read from each file.
#include <cxxopts.hpp>
#include <iostream>

#include "cli_support.hpp"
#include "command.hpp"
#include "iosr/render.hpp"

namespace iosr::cli {

int run_show(int argc, char** argv) {
  cxxopts::Options options("iosr show",
                           "Show what iosr reads from result files: title, systems "
                           "(group, name, scheduler, hardware), every chart with "
                           "its unit, direction and entries, and the warnings." +
                               std::string(inputs_help));
  options.custom_help("[options]");
  options.add_options()("h,help", "print this help");
  add_input_options(options);
  const auto parsed = parse_command_line(
      options, argc, argv, "\nExit status: 0 all files read, 1 some file failed, 2 usage error.\n");
  if (!parsed) return exit_ok;
  const auto& args = *parsed;
  if (!args.count("files")) bad_usage("no input files");
  const auto limits = limits_from(args);
  const auto ids = id_options_from(args);
  bool failed = false;
  bool first = true;
  const int width = width_for("-");
  // Each file is shown as it is read: a directory or an archive may hold many.
  read_each_result_file(
      args["files"].as<std::vector<std::string>>(), limits, archive_limits_from(args), ids,
      [&](result_file&& file) {
        // Printed as it is laid out: a large file's listing is never held whole.
        if (!first) std::cout << '\n';
        render_listing(file, width, [](std::string_view piece) {
          std::cout.write(piece.data(), static_cast<std::streamsize>(piece.size()));
        });
        first = false;
      },
      failed);
  if (first && !failed) {
    std::cerr << "iosr show: no result file among the inputs\n";
    return exit_input_failed;
  }
  return failed ? exit_input_failed : exit_ok;
}

}  // namespace iosr::cli
