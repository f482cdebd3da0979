// SPDX-License-Identifier: MIT
// What the subcommands share: exit codes, their command lines, reading inputs with per-file
// errors, writing output.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cxxopts.hpp>
#include <fstream>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "iosr/batch.hpp"
#include "iosr/compare.hpp"
#include "iosr/model.hpp"
#include "iosr/names.hpp"
#include "iosr/output_files.hpp"
#include "iosr/read.hpp"

namespace iosr::cli {

/// The process exit codes, documented in `iosr --help`.
enum exit_code : int {
  exit_ok = 0,            ///< every input was read
  exit_input_failed = 1,  ///< some input could not be read (the others were processed), or a
                          ///< regression gate checked nothing
  exit_usage = 2,         ///< bad command line
  exit_gate_tripped = 3,  ///< a regression gate tripped (compare --fail-if-worse)
};

/// What one archive may expand to (`--limit archive-bytes=N`, `archive-ratio=N`).
using batch::archive_limits;

/// THE rule of option values (docs/guide.md, "Options and their values"), which
/// parse_command_line() applies to every command: an option that takes a value takes the next
/// word, but never one that names an option (`--` and a letter, or one of the command's short
/// options: `-o`), which is a usage error (`--step-summary -o out` wrote a file named `-o`);
/// a value that begins so is written `--name=VALUE`. An option whose value may be omitted
/// (cxxopts's implicit value, as `--step-summary`) takes the next word only when it names no
/// option, else stands alone. Returns the words as cxxopts should read them (an optional value
/// joined to its option with `=`); words after `--` are inputs, left alone.
std::vector<std::string> arguments_as_meant(const cxxopts::Options& options, int argc,
                                            char** argv);

/// Parses a subcommand's command line. With --help it prints the options' help and then
/// `epilogue` (the exit status, what ends the run) to standard output and returns nothing: the
/// command then exits with exit_ok. A bad command line throws cxxopts's exception, which
/// main.cpp reports as a usage error, as it does bad_usage().
std::optional<cxxopts::ParseResult> parse_command_line(cxxopts::Options& options, int argc,
                                                       char** argv, std::string_view epilogue);

/// Prints a help text (`iosr --help`, a command's) wrapped to the width of standard output
/// (width_for(): COLUMNS, else the terminal's, else 80); no line ends in a blank.
void print_help(std::ostream& out, const std::string& text);

/// The one usage error: throws iosr::error of kind usage, which main.cpp, the one place that
/// catches, says as `iosr COMMAND: MESSAGE; try 'iosr COMMAND --help'` (COMMAND is what the user
/// typed after `iosr`: `trend`, `db import`) before it exits with exit_usage.
[[noreturn]] void bad_usage(std::string message);

/// The usage error for a value `option` (without its dashes) cannot take:
/// `--fail-if-worse: 'abc' is not a number`, with `why` after the quoted value.
[[noreturn]] void bad_value(std::string_view option, std::string_view value, std::string_view why);

/// The number given to `option` (without its dashes), declared as a string so that a value
/// that is no number is named: bad_value() `is not a number` (decimal, as `2.5` or `1e-3`).
double number_of(const cxxopts::ParseResult& args, const std::string& option);

/// The same for a whole number (`--jobs 4`): bad_value() `is not a whole number`.
long whole_number_of(const cxxopts::ParseResult& args, const std::string& option);

/// The value of an option that takes one of an enum's names (`--group-by`, `--sort`, `--by`),
/// else bad_value() listing them.
template <class E>
E named_value(const cxxopts::ParseResult& args, const std::string& option) {
  const auto& given = args[option].as<std::string>();
  if (auto value = from_string<E>(given)) return *value;
  bad_value(option, given, "is not one of " + choices_of<E>());
}

/// How a help text lists the values an option takes, so that the bash completion offers them
/// (apps/completion/iosr.bash reads `(one of: a, b or c)`): from the enum's names table.
template <class E>
std::string one_of() {
  return "(one of: " + choices_of<E>() + ")";
}

/// Whether output to `output` (`-`: standard output) is drawn in colour: only on a terminal, and
/// never when NO_COLOR is set and not empty (no-color.org), for every command that colours.
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

/// The usage error for a format name none of `formats` has, given to `option` (`--format`,
/// `--to`): `--format: unknown format 'NAME'; choose one of:` and their list.
template <class Formats>
std::string unknown_format(const Formats& formats, std::string_view name,
                           std::string_view option = "--format") {
  return std::string(option) + ": unknown format '" + std::string(name) +
         "'; choose one of:" + format_list(formats);
}

/// The names of a registry's formats (`list_trend_formats()`, ...), for output_format().
template <class Formats>
std::vector<std::string_view> names_of(const Formats& formats) {
  std::vector<std::string_view> names;
  for (const auto& f : formats) names.push_back(f.name);
  return names;
}

/// THE rule of every command that writes a format to a file it is given (`-o`, `db export
/// --combine`; docs/guide.md, "Outputs"): the format `format_option` (`format`, `to`) names
/// when given; else the one that the extension of `path` (given to `path_option`, `-o`) names
/// among `names` (.html, .htm: html; .csv; .json; .jsonl; .md, .markdown: md; .txt, .text: the
/// plain text one; .xml; .svg, .png, .pdf); else `fallback` (empty: none). A named format that
/// the extension contradicts (`-o x.csv --format json`) is a usage error: one of the two is a
/// mistake, and which one is not for iosr to guess. `-` (standard output) has no extension.
/// The caller has checked that a named format is one of `names`.
std::string output_format(const cxxopts::ParseResult& args, const std::string& format_option,
                          const std::string& path, std::string_view path_option,
                          const std::vector<std::string_view>& names, std::string_view fallback);

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
/// bad_usage() when REGEX is not a regular expression RE2 takes (iosr/test_filter.hpp).
test_filter filter_from(const cxxopts::ParseResult& args);

/// Adds `--db FILE|URL`, the results store of `iosr db` and `iosr trend`.
void add_db_option(cxxopts::Options& options);

/// The database `--db` names, else the default (store::default_url()).
std::string database_of(const cxxopts::ParseResult& args);

/// Adds `--limit NAME=N`, which every command that reads inputs takes.
void add_limit_option(cxxopts::Options& options);

/// What an INPUT of show, compare and table may be, for their help texts (convert and db
/// import say it in their own words).
inline constexpr std::string_view inputs_help =
    " INPUT is a result file, a directory (walked; result files are recognised by content), a "
    ".tar, .tar.gz, .tar.xz or .zip archive, a compressed file (composite.xml.gz), '-' "
    "(standard input), or an OpenBenchmarking.org result ID or its address "
    "(https://openbenchmarking.org/result/ID).";

/// Adds what every command that reads result files takes after its own options: the inputs
/// (the arguments, as `files`: INPUT... on the usage line), `--limit` and the result-ID
/// options.
void add_input_options(cxxopts::Options& options);

/// The read limits after the `--limit` options. Throws bad_usage() for an unknown name or a value
/// that is not a positive size.
read_options limits_from(const cxxopts::ParseResult& args);

/// The archive limits after the `--limit` options; throws as limits_from() does.
archive_limits archive_limits_from(const cxxopts::ParseResult& args);

/// Adds `--offline` and `--refresh` (OpenBenchmarking.org result IDs), which every command that
/// reads inputs takes.
void add_id_options(cxxopts::Options& options);

/// The two after the command line, and how iosr has result IDs (docs/openbenchmarking.md): the
/// cache by XDG_CACHE_HOME or HOME, the settings IOSR_OPENBENCHMARKING_URL, IOSR_HTTP_TIMEOUT
/// and IOSR_HTTP_RETRIES, the helper iosr-http beside iosr (helper_path()), `iosr: fetching ID
/// from URL` on a terminal and a result not cached said on standard error. Throws bad_usage()
/// for both options.
openbenchmarking::id_options id_options_from(const cxxopts::ParseResult& args);

/// `program` (iosr-http, iosr-serve) in `../libexec/iosr/` from the directory of the running
/// iosr executable (/proc/self/exe, links resolved; the path is IOSR_HELPER_DIR, from the
/// install's directories), where the build and `cmake --install` put it.
std::string helper_path(std::string_view program);

/// Reads every result file that `paths` hold, in order, as `iosr convert` finds them
/// (batch::read_each_result_file(), the one way inputs are opened): files, directories
/// (walked; result files recognised by content, the rest skipped), tar and zip archives and
/// compressed files, `-` (standard input), OpenBenchmarking.org result IDs and their pages'
/// addresses. Each file read goes to `read`. An input that fails is reported on stderr as
/// `file:line:col: message` and skipped, so one bad file never stops the others; `failed` is
/// set when any failed.
void read_each_result_file(const std::vector<std::string>& paths, const read_options& limits,
                           const archive_limits& archive, const openbenchmarking::id_options& ids,
                           const std::function<void(result_file&&)>& read, bool& failed);

/// read_each_result_file(), collected.
std::vector<result_file> read_result_files(const std::vector<std::string>& paths,
                                           const read_options& limits,
                                           const archive_limits& archive,
                                           const openbenchmarking::id_options& ids, bool& failed);

/// Prints a file's warnings to stderr as `file:line:col: warning: message`.
void print_warnings(const result_file& file);

/// Writes `text` to `path`, or to stdout when `path` is empty or `-`. Returns false (after
/// saying why on stderr) when it cannot, or when refuse_existing() (iosr/output_files.hpp, THE
/// overwrite rule) refuses `path`.
bool write_output(const std::string& path, const std::string& text, bool force);

/// write_output() in pieces, for a text written as it is made (`iosr trend`): the file is made
/// at the first piece, so that a command that fails before writing leaves none.
class output_writer {
 public:
  output_writer(std::string path, bool force) : path_(std::move(path)), force_(force) {}
  /// Appends `piece`; after a failure, nothing more is written.
  void write(std::string_view piece);
  /// Ends the output (made, empty, when nothing was written): false, after saying why on
  /// stderr, when it could not be written.
  bool finish();

 private:
  bool to_stdout() const { return path_.empty() || path_ == "-"; }
  void open();
  std::string path_;
  bool force_;
  bool opened_ = false, failed_ = false;
  std::ofstream file_;
};

}  // namespace iosr::cli
