// SPDX-License-Identifier: MIT
// `iosr convert FILE... --to FORMAT [-o OUT]`: rewrite results in another format.
#include <cxxopts.hpp>
#include <iostream>

#include "cli_support.hpp"
#include "command.hpp"
#include "iosr/render.hpp"

namespace iosr::cli {

int run_convert(int argc, char** argv) {
  std::string formats;
  for (const auto& f : list_output_formats()) {
    formats += "\n  " + std::string(f.name) + ": " + std::string(f.summary);
  }
  cxxopts::Options options("iosr convert",
                           "Convert result files. Several inputs make one dataset with one "
                           "header.\nOutput formats:" + formats + "\n");
  options.custom_help("--to FORMAT [-o OUT] [options]");
  options.positional_help("FILE... ('-' reads standard input)");
  options.add_options()("t,to", "output format", cxxopts::value<std::string>())(
      "o,output", "write here instead of standard output ('-' = stdout)",
      cxxopts::value<std::string>()->default_value("-"))("h,help", "print this help")(
      "files", "result files", cxxopts::value<std::vector<std::string>>());
  options.parse_positional({"files"});
  auto args = options.parse(argc, argv);
  if (args.count("help")) {
    std::cout << options.help() << "\nExit status: 0 all files converted, 1 some file failed "
                                   "(the others are still written), 2 usage error.\n";
    return exit_ok;
  }
  if (!args.count("to")) {
    std::cerr << "iosr convert: missing --to FORMAT; try 'iosr convert --help'\n";
    return exit_usage;
  }
  auto format = args["to"].as<std::string>();
  bool known = false;
  for (const auto& f : list_output_formats()) known = known || f.name == format;
  if (!known) {
    std::cerr << "iosr convert: unknown format '" << format << "'; choose one of:" << formats
              << '\n';
    return exit_usage;
  }
  if (!args.count("files")) {
    std::cerr << "iosr convert: no input files; try 'iosr convert --help'\n";
    return exit_usage;
  }
  bool failed = false;
  auto files = read_inputs(args["files"].as<std::vector<std::string>>(), failed);
  for (const auto& file : files) print_warnings(file);
  std::string out;
  render(files, format, {}, out);
  if (!write_output(args["output"].as<std::string>(), out)) return exit_input_failed;
  return failed ? exit_input_failed : exit_ok;
}

}  // namespace iosr::cli
