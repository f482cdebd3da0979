// SPDX-License-Identifier: MIT
// The iosr tool: dispatches on the subcommand; the one place that catches.
#include <cxxopts.hpp>
#include <iostream>
#include <string_view>

#include "cli_support.hpp"
#include "command.hpp"
#include "iosr/read.hpp"
#include "iosr/version.hpp"

namespace {

using iosr::cli::command;

constexpr command commands[] = {
    {"show", "show what is read from result files (systems, charts, warnings)",
     iosr::cli::run_show},
    {"compare", "compare configurations against their baseline, test by test",
     iosr::cli::run_compare},
    {"table", "comparison tables for articles (Markdown by default)", iosr::cli::run_table},
    {"convert", "convert result files, directories and archives (tidy CSV, JSONL, XML, ...)",
     iosr::cli::run_convert},
    {"db", "keep results in a SQLite database: import, list, remove, export", iosr::cli::run_db},
    {"trend", "each configuration against its baseline over kernels or dates, with steps",
     iosr::cli::run_trend},
    {"fetch", "fetch OpenBenchmarking.org results by their ID, as ID.xml (cached for offline use)",
     iosr::cli::run_fetch},
};

void print_usage(std::ostream& out) {
  out << "iosr " << iosr::version()
      << ": read, compare and convert Phoronix Test Suite / OpenBenchmarking results\n\n"
         "usage: iosr COMMAND [options] FILE...\n       iosr COMMAND --help\n\ncommands:\n";
  for (const auto& c : commands)
    out << "  " << c.name << std::string(10 - c.name.size(), ' ') << c.help << '\n';
  out << "\nA FILE may also be an OpenBenchmarking.org result ID (1902028-PAUL-SINGLEH35):\n"
         "fetched once, then read from the cache (docs/openbenchmarking.md).\n";
  out << "\ninput formats (detected from the content):\n";
  for (const auto& f : iosr::list_input_formats()) out << "  " << f.name << ": " << f.help << '\n';
  out << "\nexit status: 0 success, 1 some input failed, 2 usage error, 3 regression gate "
         "tripped\n";
}

}  // namespace

int main(int argc, char** argv) {
  using namespace iosr::cli;
  if (argc < 2) {
    print_usage(std::cerr);
    return exit_usage;
  }
  std::string_view name = argv[1];
  if (name == "--version" || name == "-V") {
    std::cout << "iosr " << iosr::version() << '\n';
    return exit_ok;
  }
  if (name == "--help" || name == "-h") {
    print_usage(std::cout);
    return exit_ok;
  }
  if (name == "help") {
    if (argc < 3) {
      print_usage(std::cout);
      return exit_ok;
    }
    // `iosr help COMMAND` is `iosr COMMAND --help`.
    static char help_flag[] = "--help";
    char* help_argv[] = {argv[2], help_flag, nullptr};
    name = argv[2];
    argv = help_argv;
    argc = 2;
    for (const auto& c : commands) {
      if (c.name == name) return c.run(argc, argv);
    }
  }
  for (const auto& c : commands) {
    if (c.name != name) continue;
    try {
      return c.run(argc - 1, argv + 1);  // argv[0] becomes the command
    } catch (const cxxopts::exceptions::exception& e) {
      return usage_error(name, e.what());
    } catch (const std::exception& e) {
      std::cerr << "iosr " << name << ": " << e.what() << '\n';
      return exit_input_failed;
    }
  }
  std::cerr << "iosr: unknown command '" << name << "'\n\n";
  print_usage(std::cerr);
  return exit_usage;
}
