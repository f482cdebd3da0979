// SPDX-License-Identifier: MIT
// The iosr tool: dispatches on the command table (command.hpp), subcommands included; the one
// place that catches, and so the one place that words a usage error.
#include <cxxopts.hpp>
#ifdef IOSR_MIMALLOC_KEEP_COMMITTED
#include <mimalloc.h>
#endif
#include <iostream>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "cli_support.hpp"
#include "command.hpp"
#include "iosr/error.hpp"
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
    {"chart", "chart images of a comparison, one per test and a summary (SVG, PNG, PDF)",
     iosr::cli::run_chart},
    {"report", "an article's material in one folder: Markdown, HTML, images, tidy CSV",
     iosr::cli::run_report},
    {"convert", "convert result files, directories and archives (tidy CSV, JSONL, XML, ...)",
     iosr::cli::run_convert},
    {"merge", "merge result files into one, as PTS's merge-results (composite.xml)",
     iosr::cli::run_merge},
    {"edit", "rename, extract, remove, reorder systems; keep or remove charts; retitle",
     iosr::cli::run_edit},
    {"db", "keep results in a store (SQLite or PostgreSQL): import, list, remove, export", nullptr,
     &iosr::cli::db_commands},
    {"trend", "each configuration against its baseline over kernels or dates, with steps",
     iosr::cli::run_trend},
    {"serve", "a read-only web view of the database: results, comparisons, trends, JSON API",
#ifdef IOSR_SERVE_IN_PROCESS
     iosr::cli::run_serve},
#else
     iosr::cli::run_serve_helper},
#endif
    {"fetch", "fetch OpenBenchmarking.org results by their ID, as ID.xml (cached for offline use)",
     iosr::cli::run_fetch},
};

void print_commands(std::ostream& out, std::span<const command> table) {
  out << "commands:\n";
  for (const auto& c : table)
    out << "  " << c.name << std::string(10 - c.name.size(), ' ') << c.help << '\n';
}

void print_usage(std::ostream& to) {
  std::ostringstream out;
  out << "iosr " << iosr::version()
      << ": read, compare and convert Phoronix Test Suite / OpenBenchmarking results\n\n"
         "usage: iosr COMMAND [options] FILE...\n       iosr COMMAND --help\n\n";
  print_commands(out, commands);
  // One line: print_help() wraps it to the width.
  out << "\nA FILE may also be a directory (its result files, found by content), a .tar, .tar.gz, "
         ".tar.xz or .zip archive, a compressed file, '-' (standard input), or an "
         "OpenBenchmarking.org result ID (1902028-PAUL-SINGLEH35) or its address "
         "(https://openbenchmarking.org/result/ID): fetched once, then read from the cache "
         "(docs/openbenchmarking.md).\n";
  out << "\ninput formats (detected from the content):\n";
  for (const auto& f : iosr::list_input_formats()) out << "  " << f.name << ": " << f.help << '\n';
  out << "\nexit status: 0 success, 1 some input failed (or a gate checked nothing), 2 usage "
         "error, 3 regression gate "
         "tripped, 128+N stopped by signal N\n";
  iosr::cli::print_help(to, out.str());
}

void print_group_usage(std::ostream& to, std::string_view name,
                       const iosr::cli::command_group& group) {
  std::ostringstream out;
  out << "iosr " << name << ": " << group.about << "\n\nusage: iosr " << name
      << " COMMAND [options]\n       iosr " << name << " COMMAND --help\n\n";
  print_commands(out, group.commands);
  out << "\nexit status: " << group.exit_status << '\n';
  iosr::cli::print_help(to, out.str());
}

// cxxopts's own errors in the form of iosr's (`--ci: expected a value`): its messages quote the
// option's name without its dashes, in typographic quotes.
std::string option_error(const cxxopts::exceptions::exception& e) {
  const std::string message = e.what();
  constexpr std::string_view open = "Option \u2018", close = "\u2019";
  const auto end = message.find(close);
  if (!message.starts_with(open) || end == std::string::npos) return message;
  const auto option = message.substr(open.size(), end - open.size());
  const auto named = (option.size() == 1 ? "-" : "--") + option + ": ";
  if (dynamic_cast<const cxxopts::exceptions::no_such_option*>(&e)) return named + "no such option";
  if (dynamic_cast<const cxxopts::exceptions::missing_argument*>(&e) ||
      dynamic_cast<const cxxopts::exceptions::option_requires_argument*>(&e)) {
    return named + "expected a value";
  }
  if (dynamic_cast<const cxxopts::exceptions::gratuitous_argument_for_option*>(&e)) {
    return named + "takes no value";
  }
  return message;
}

int usage_error(const std::string& name, std::string_view message) {
  // After a message of several lines (a list of formats), the hint is a line of its own: at
  // the end of the list's last line it would read as part of it.
  const bool lines = message.find('\n') != std::string_view::npos;
  std::cerr << "iosr " << name << ": " << message << (lines ? "\ntry" : "; try") << " 'iosr "
            << name << " --help'\n";
  return iosr::cli::exit_usage;
}

// Runs `c` (argv[0] is its name) under the one try: a usage error, the command line's or
// bad_usage()'s, exits 2 with the --help hint; any other error exits 1 with its message.
int run(const command& c, const std::string& name, int argc, char** argv) {
  using namespace iosr::cli;
  if (c.group) {
    if (argc < 2) {
      print_group_usage(std::cerr, name, *c.group);
      return exit_usage;
    }
    const std::string_view sub = argv[1];
    if (sub == "--help" || sub == "-h") {
      print_group_usage(std::cout, name, *c.group);
      return exit_ok;
    }
    for (const auto& s : c.group->commands) {
      if (s.name == sub) return run(s, name + " " + std::string(sub), argc - 1, argv + 1);
    }
    std::cerr << "iosr " << name << ": unknown command '" << sub << "'\n\n";
    print_group_usage(std::cerr, name, *c.group);
    return exit_usage;
  }
  try {
    return c.run(argc, argv);
  } catch (const cxxopts::exceptions::exception& e) {
    return usage_error(name, option_error(e));
  } catch (const iosr::error& e) {
    if (e.kind() == iosr::error_kind::usage) return usage_error(name, e.what());
    std::cerr << "iosr " << name << ": " << e.what() << '\n';
    return exit_input_failed;
  } catch (const std::exception& e) {
    std::cerr << "iosr " << name << ": " << e.what() << '\n';
    return exit_input_failed;
  }
}

}  // namespace

#if defined(__SANITIZE_ADDRESS__)
// LeakSanitizer's built-in suppressions for the sanitizer build (CI): fontconfig keeps the font
// set that PNG and PDF charts load (librsvg -> pango -> fontconfig) for the process's life and
// frees none of it at exit, which LeakSanitizer reports as leaks of fontconfig's own allocations
// in every `iosr chart` or `iosr report` run (docs/reliability.md). Only that library is named:
// a leak of iosr's own code still fails.
extern "C" const char* __lsan_default_suppressions() { return "leak:libfontconfig.so\n"; }
#endif

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
    // `iosr help COMMAND [SUBCOMMAND]` is `iosr COMMAND [SUBCOMMAND] --help`.
    static char help_flag[] = "--help";
    std::vector<char*> help_argv(argv + 2, argv + argc);
    help_argv.push_back(help_flag);
    help_argv.push_back(nullptr);
    name = argv[2];
    for (const auto& c : commands) {
      if (c.name == name) {
        return run(c, std::string(name), static_cast<int>(help_argv.size() - 1), help_argv.data());
      }
    }
  }
#ifdef IOSR_MIMALLOC_KEEP_COMMITTED
  // Memory freed stays committed for the next allocation: a command runs for seconds at most,
  // and mimalloc giving freed pages back (madvise) only to fault them in again was a third of
  // a PostgreSQL import's client time (each batch's models and COPY rows freed and made anew)
  // and a tenth of a million entries' trend (docs/performance.md, issue 41). The peak is the
  // same. Not in iosr-serve, which runs for days and should give back what a large page took.
  mi_option_disable(mi_option_allow_decommit);
  // A trend over a store touches most of its memory once, in a few large pieces (a million
  // runs, placed, their values and log ratios: ~95 MB): in 2 MiB pages (transparent huge pages,
  // which the kernel gives to memory madvise()d so) it takes 9,000 page faults instead of
  // 31,500, which with the TLB misses of sorting and grouping the runs were a fifth of its CPU
  // time (docs/performance.md, issue 41, third round). The peak grows by ~2.5 MB (the last
  // huge page of each piece); other commands, whose memory is small or freed as they go
  // (`show` of a large text), keep 4 KiB pages.
  if (name == "trend") mi_option_enable(mi_option_large_os_pages);
#endif
  for (const auto& c : commands) {
    if (c.name == name) return run(c, std::string(name), argc - 1, argv + 1);
  }
  std::cerr << "iosr: unknown command '" << name << "'\n\n";
  print_usage(std::cerr);
  return exit_usage;
}
