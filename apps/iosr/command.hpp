// SPDX-License-Identifier: MIT
// A subcommand of the iosr tool: its name, one line of help, and its entry point.
#pragma once

#include <string_view>

namespace iosr::cli {

struct command {
  std::string_view name;
  std::string_view help;
  /// argv[0] is the subcommand's name; returns the process exit code.
  int (*run)(int argc, char** argv);
};

int run_show(int argc, char** argv);
int run_convert(int argc, char** argv);
int run_compare(int argc, char** argv);
int run_table(int argc, char** argv);
int run_fetch(int argc, char** argv);
int run_db(int argc, char** argv);
int run_trend(int argc, char** argv);

}  // namespace iosr::cli
