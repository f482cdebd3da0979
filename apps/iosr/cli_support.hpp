// SPDX-License-Identifier: MIT
// What the subcommands share: exit codes, their command lines, reading inputs with per-file
// errors, writing output.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cxxopts.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "iosr/compare.hpp"
#include "iosr/model.hpp"
#include "iosr/read.hpp"
#include "openbenchmarking/clone.hpp"

namespace iosr::cli {

/// The process exit codes, documented in `iosr --help`.
enum exit_code : int {
  exit_ok = 0,            ///< every input was read
  exit_input_failed = 1,  ///< some input could not be read (the others were processed)
  exit_usage = 2,         ///< bad command line
  exit_gate_tripped = 3,  ///< a regression gate tripped (compare --fail-if-worse)
};

/// What one archive may expand to (`iosr convert` reads archives; the library does not). A
/// zip or tar bomb is stopped by whichever it passes first; see docs/reliability.md.
struct archive_limits {
  std::uint64_t max_bytes = std::uint64_t{16} << 30;  ///< `archive-bytes`: 16 GiB expanded
  /// `archive-ratio`: expanded bytes per compressed byte, checked past ratio_floor expanded.
  std::uint64_t max_ratio = 200;
  static constexpr std::uint64_t ratio_floor = std::uint64_t{64} << 20;  ///< 64 MiB
};

/// Parses a subcommand's command line. With --help it prints the options' help and then
/// `epilogue` (the exit status, what ends the run) to standard output and returns nothing: the
/// command then exits with exit_ok. A bad command line throws cxxopts's exception, which
/// main.cpp reports as a usage error, as it does bad_usage().
std::optional<cxxopts::ParseResult> parse_command_line(cxxopts::Options& options, int argc,
                                                       char** argv, std::string_view epilogue);

/// The one usage error: throws iosr::error of kind usage, which main.cpp, the one place that
/// catches, says as `iosr COMMAND: MESSAGE; try 'iosr COMMAND --help'` (COMMAND is what the user
/// typed after `iosr`: `trend`, `db import`) before it exits with exit_usage.
[[noreturn]] void bad_usage(std::string message);

/// Whether output to `output` (`-`: standard output) is drawn in colour: only on a terminal, and
/// never when NO_COLOR is set (no-color.org), for every command that colours.
bool color_for(const std::string& output);

/// The width, in columns, that ASCII output to `output` (`-`: standard output) is laid out in,
/// for every command that lays text out: COLUMNS when set to a number, else the terminal's width
/// when standard output is a terminal, else 80 (docs/compare.md, "Widths and names").
int width_for(const std::string& output);

/// The formats of a registry (`list_output_formats()`, ...) as help texts list them: a line
/// `  NAME: HELP` for each, each after a line break.
template <class Formats>
std::string format_list(const Formats& formats) {
  std::string list;
  for (const auto& f : formats) list += "\n  " + std::string(f.name) + ": " + std::string(f.help);
  return list;
}

/// The usage error for a format name none of `formats` has: `unknown format 'NAME'; choose one
/// of:` and their list.
template <class Formats>
std::string unknown_format(const Formats& formats, std::string_view name) {
  return "unknown format '" + std::string(name) + "'; choose one of:" + format_list(formats);
}

/// Whether one of `formats` is called `name`.
template <class Formats>
bool has_format(const Formats& formats, std::string_view name) {
  for (const auto& f : formats) {
    if (f.name == name) return true;
  }
  return false;
}

/// `--jobs N` (convert, db import), else every core but `cores_kept` (at least one); nothing when
/// N is not 1 to 1024.
std::optional<unsigned> jobs_from(const cxxopts::ParseResult& args, unsigned cores_kept = 0);

/// `--filter REGEX` (db export, trend), compiled; every test when it is not given. Throws
/// bad_usage() when REGEX is not an ECMAScript regular expression.
test_filter filter_from(const cxxopts::ParseResult& args);

/// Adds `--db FILE`, the results database of `iosr db` and `iosr trend`.
void add_db_option(cxxopts::Options& options);

/// The database `--db` names, else the default (db::default_database_path()).
std::string database_of(const cxxopts::ParseResult& args);

/// Adds `--limit NAME=N`, which every command that reads inputs takes.
void add_limit_option(cxxopts::Options& options);

/// Adds what every command that reads result files takes after its own options: the inputs
/// (the arguments, as `files`), `--limit` and the result-ID options.
void add_input_options(cxxopts::Options& options);

/// The read limits after the `--limit` options. Throws bad_usage() for an unknown name or a value
/// that is not a positive size.
read_options limits_from(const cxxopts::ParseResult& args);

/// The archive limits after the `--limit` options; throws as limits_from() does.
archive_limits archive_limits_from(const cxxopts::ParseResult& args);

/// Adds `--offline` and `--refresh` (OpenBenchmarking.org result IDs), which every command that
/// reads inputs takes.
void add_id_options(cxxopts::Options& options);

/// The two after the command line; throws bad_usage() for both.
openbenchmarking::id_options id_options_from(const cxxopts::ParseResult& args);

/// Reads every input; an input that fails is reported on stderr as `file:line:col: message`
/// and skipped, so one bad file never stops the others. `failed` is set when any failed. An
/// input that names an OpenBenchmarking.org result ID, and no file, is had as `ids` says.
std::vector<result_file> read_result_files(const std::vector<std::string>& paths,
                                           const read_options& limits,
                                           const openbenchmarking::id_options& ids, bool& failed);

/// Prints a file's warnings to stderr as `file:line:col: warning: message`.
void print_warnings(const result_file& file);

/// Writes `text` to `path`, or to stdout when `path` is empty or `-`. Returns false (after
/// saying why on stderr) when it cannot.
bool write_output(const std::string& path, const std::string& text);

}  // namespace iosr::cli
