// SPDX-License-Identifier: MIT
// The one command table: every command and subcommand of the iosr tool, its name, one line of
// help, and its entry point; main.cpp dispatches through it and is the one place that catches.
#pragma once

#include <span>
#include <string_view>

namespace iosr::cli {

struct command;

/// The subcommands of a command (`iosr db import`), with the help the command prints alone.
struct command_group {
  std::string_view about;        ///< what the command is for, after `iosr db: ` in its help
  std::string_view exit_status;  ///< after `exit status: ` in its help
  std::span<const command> commands;
};

struct command {
  std::string_view name;
  std::string_view help;
  /// argv[0] is the (sub)command's name; returns the process exit code. Null for a group.
  int (*run)(int argc, char** argv) = nullptr;
  const command_group* group = nullptr;  ///< the subcommands, for a command made of them
};

int run_show(int argc, char** argv);
int run_convert(int argc, char** argv);
int run_compare(int argc, char** argv);
int run_table(int argc, char** argv);
int run_chart(int argc, char** argv);
int run_report(int argc, char** argv);
int run_fetch(int argc, char** argv);
int run_trend(int argc, char** argv);
int run_merge(int argc, char** argv);
int run_edit(int argc, char** argv);
/// `iosr serve` in this process: only in the helper iosr-serve, which links the HTTP server.
int run_serve(int argc, char** argv);
/// `iosr serve` in iosr: runs the helper iosr-serve in its place (serve_helper.cpp).
int run_serve_helper(int argc, char** argv);

/// `iosr db import|list|remove|export` (db_command.cpp).
extern const command_group db_commands;

}  // namespace iosr::cli
