// SPDX-License-Identifier: MIT
// `iosr db import|list|remove|export`: results kept in one SQLite database (docs/db.md).
#include <fmt/format.h>

#include <unistd.h>

#include <cxxopts.hpp>
#include <filesystem>
#include <iostream>
#include <string>

#include "batch_terminal.hpp"
#include "cli_support.hpp"
#include "command.hpp"
#include "iosr/batch.hpp"
#include "iosr/compare.hpp"
#include "iosr/counted.hpp"
#include "iosr/render.hpp"
#include "iosr/store.hpp"

namespace iosr::cli {

namespace {

void import_options(cxxopts::Options& options) {
  auto add = options.add_options();
  add("j,jobs",
      "hash and parse N files at a time (default: all cores but one, which writes the database)",
      cxxopts::value<std::string>(), "N");
  add("h,help", "print this help");
  add_input_options(options);
}

int run_import(const cxxopts::ParseResult& args) {
  if (!args.count("files")) bad_usage("no inputs");
  batch::import_plan plan;
  plan.inputs = args["files"].as<std::vector<std::string>>();
  // One core is kept for this thread, which adds the files to the database: with a worker on
  // every core the three threads of a two-core machine took turns, 10 % slower than two.
  const auto jobs = jobs_from(args, 1);
  if (!jobs) bad_usage("--jobs: expected 1 to 1024");
  plan.jobs = *jobs;
  plan.limits = {limits_from(args), archive_limits_from(args), id_options_from(args)};
  const auto db = store::open(database_of(args), store_access::write);
  // No progress bar: the inputs are read as the walk finds them.
  batch_terminal terminal(false);
  const auto report = batch::import_tree(*db, plan, terminal.callbacks());
  if (report.stopped) {
    return terminal.stopped("db import",
                            counted(report.imported, "file") + " imported before it, each whole");
  }
  for (const auto& f : report.failures) std::cerr << f.text() << '\n';
  if (!report.reader_error.empty()) {
    std::cerr << "iosr db import: " << report.reader_error << '\n';
  }
  std::cerr << "imported " << counted(report.imported, "file") << " ("
            << counted(report.entries, "entry", "entries") << ") into " << db->location() << "; "
            << report.already << " already in, " << report.failures.size() << " failed, "
            << report.skipped.size() << " skipped\n";
  return report.ok() ? exit_ok : exit_input_failed;
}

void list_options(cxxopts::Options& options) {
  options.add_options()("l,long",
                        "whole paths, one file a line, even on a terminal (they are whole "
                        "whenever standard output is not one)")("h,help", "print this help");
}

int run_list(const cxxopts::ParseResult& args) {
  if (!args.unmatched().empty()) bad_usage("takes no arguments");
  const auto db = store::open(database_of(args), store_access::read);
  // Shortened paths are for a reader at a terminal; a pipe, a file or --long gets them whole.
  const bool whole = args.count("long") > 0 || !isatty(STDOUT_FILENO);
  std::cout << listing_text(list_store(*db), width_for("-"), whole);
  return exit_ok;
}

void remove_options(cxxopts::Options& options) {
  options.positional_help("SOURCE...");
  auto add = options.add_options();
  add("h,help", "print this help");
  add("sources", "what to remove", cxxopts::value<std::vector<std::string>>());
  options.parse_positional({"sources"});
}

int run_remove(const cxxopts::ParseResult& args) {
  if (!args.count("sources")) bad_usage("no SOURCE");
  const auto db = store::open(database_of(args), store_access::read);
  bool failed = false;
  for (const auto& spec : args["sources"].as<std::vector<std::string>>()) {
    auto found = files_named(*db, spec);
    if (found.empty()) {
      std::cerr << spec
                << ": no imported file has this path, SHA-256 prefix or bytes, and no archive "
                   "imported under this name; expected one 'iosr db list' shows\n";
      failed = true;
      continue;
    }
    // An archive names each of its files; a path or prefix must name one.
    const bool archive = found.front().path.starts_with(spec + ':');
    if (found.size() > 1 && !archive) {
      std::cerr << spec << ": names " << found.size()
                << " files; expected one (give more of the SHA-256):";
      for (const auto& r : found) std::cerr << ' ' << r.sha256.substr(0, 12) << ' ' << r.path;
      std::cerr << '\n';
      failed = true;
      continue;
    }
    for (const auto& f : found) {
      db->remove(f.id);
      std::cerr << "removed " << f.sha256.substr(0, 12) << ' ' << f.path << " ("
                << counted(f.entries, "entry", "entries") << ")\n";
    }
  }
  return failed ? exit_input_failed : exit_ok;
}

void export_options(cxxopts::Options& options) {
  auto add = options.add_options();
  add("combine", "the dataset to write: OUT.csv or OUT.jsonl ('-' with --to: standard output)",
      cxxopts::value<std::string>(), "OUT");
  add("to",
      "the format, when OUT's extension does not give it (OUT '-' or without .csv or .jsonl) "
      "(one of: csv or jsonl)",
      cxxopts::value<std::string>(), "FORMAT");
  add("filter", "keep the tests whose title or description matches REGEX (RE2 syntax)",
      cxxopts::value<std::string>(), "REGEX");
  add("force", "replace OUT when it exists (else it is refused)");
  add("h,help", "print this help");
}

int run_export(const cxxopts::ParseResult& args) {
  if (!args.unmatched().empty()) bad_usage("takes no INPUT");
  if (!args.count("combine")) bad_usage("missing --combine OUT.csv|OUT.jsonl");
  const auto out_path = args["combine"].as<std::string>();
  if (args.count("to") && args["to"].as<std::string>() != "csv" &&
      args["to"].as<std::string>() != "jsonl") {
    bad_value("to", args["to"].as<std::string>(), "is not one of csv or jsonl");
  }
  // OUT's extension gives the format when --to does not, and never contradicts it.
  const auto format = output_format(args, "to", out_path, "--combine", {"csv", "jsonl"}, "");
  if (format.empty() && out_path == "-") bad_usage("--combine - needs --to csv|jsonl");
  if (format.empty()) {
    bad_value("combine", out_path, "is not OUT.csv or OUT.jsonl; expected either, or --to");
  }
  const auto filter = filter_from(args);
  if (auto refused = refuse_existing(out_path, args.count("force") > 0)) {
    std::cerr << *refused << '\n';
    return exit_input_failed;
  }
  const auto db = store::open(database_of(args), store_access::read);
  atomic_file file;
  std::string error;
  if (out_path != "-" && !file.open(out_path, error)) {
    std::cerr << out_path << ": " << error << '\n';
    return exit_input_failed;
  }
  auto emit = [&](const std::string& text) {
    if (out_path == "-") {
      std::cout << text;
    } else {
      file.write(text);
    }
  };
  std::string text;
  // The header comes with the first file, so that a --filter found to keep nothing has written
  // nothing; a database with no file still gives the empty dataset with its header.
  bool header = false;
  auto emit_header = [&] {
    if (header) return;
    header = true;
    std::string head;
    render({}, format, {}, head);
    emit(head);
  };
  // `files` counts the files exported: with --filter, those that have a chart it keeps.
  std::size_t read = 0, files = 0, charts = 0, entries = 0;
  db->for_each_file(filter, [&](result_file&& f) {
    ++read;
    if (f.results.empty()) return;
    ++files;
    emit_header();
    text.clear();
    render_options o;
    o.header = false;
    render({&f, 1}, format, o, text);
    emit(text);
    charts += f.results.size();
    for (const auto& r : f.results) entries += r.entries.size();
  });
  // As in compare and trend: a filter that keeps no test is most likely a typing error.
  if (!filter.empty() && read > 0 && charts == 0) {
    bad_value("filter", args["filter"].as<std::string>(),
              "matches no test's title or description in the database; expected a regular "
              "expression found in one of them");
  }
  emit_header();
  if (out_path == "-") {
    std::cout << std::flush;
  } else if (!file.commit(error)) {
    std::cerr << out_path << ": " << error << '\n';
    return exit_input_failed;
  }
  std::cerr << "exported " << counted(files, "file") << " (" << counted(entries, "entry", "entries")
            << ")\n";
  return exit_ok;
}

// A subcommand: its --help (the description, the synopsis after `iosr db NAME`, its options
// after --db, and what follows them) and what it does with its command line.
struct subcommand {
  std::string_view name, description, synopsis, epilogue;
  void (*add_options)(cxxopts::Options& options);
  int (*run)(const cxxopts::ParseResult& args);
};

constexpr subcommand subcommands[] = {
    {"import",
     "Add results to the database. INPUT is a result file of any format iosr reads, a directory "
     "(walked recursively; result files are recognised by content, others skipped), a .tar, "
     ".tar.gz, .tar.xz or .zip archive, or '-'. A file is identified by the SHA-256 of its "
     "bytes: importing it again changes nothing and says so. Each file is added in one "
     "transaction, whole or not at all; a file that cannot be read is reported and the others "
     "are still imported. Two imports at once wait for each other.\n",
     "[--db FILE|URL] [options]",
     "\nA summary ends the run: 'imported N files (M entries) into DB; K already in, F failed, "
     "S skipped'.\nExit status: 0 every input imported or already in, 1 some input failed (the "
     "others are imported), 2 usage error, 128+N stopped by signal N (every file imported "
     "before it is whole).\n",
     import_options, run_import},
    {"list",
     "What the database holds: how many files, systems, tests and entries, the kernels and the "
     "range of run dates (with how many files have one, when not all do), then one line per "
     "imported file: its SHA-256 (the first 12 digits), entries, format and the path or ID it "
     "was imported as: on a terminal shortened in its middle to fit the width, else (or with "
     "--long) whole, as 'iosr db remove' takes it.\n",
     "[--db FILE|URL] [--long]",
     "\nExit status: 0 listed, 1 the database could not be read, 2 usage error.\n", list_options,
     run_list},
    {"remove",
     "Remove imported files and their entries; the systems and tests no other file uses go "
     "with them. SOURCE is the path or ID a file was imported as, or a prefix of its SHA-256 "
     "(as 'iosr db list' shows them) that names one file only.\n",
     "[--db FILE|URL]",
     "\nExit status: 0 every SOURCE removed, 1 some SOURCE named no file or more than one "
     "(nothing removed for it), 2 usage error.\n",
     remove_options, run_remove},
    {"export",
     "Write the database back as one dataset: the tidy rows of docs/csv.md (CSV) or "
     "docs/jsonl.md (JSON Lines), one per entry, files in import order, as 'iosr convert "
     "--combine' writes them for the same files.\n",
     "--combine OUT.csv|OUT.jsonl [--db FILE|URL] [--filter REGEX]",
     "\nA summary ends the run on standard error: 'exported N files (M entries)'.\nExit status: 0 "
     "exported, 1 the database could not be read or OUT not written, 2 usage error.\n",
     export_options, run_export},
};

// Parses the subcommand's command line (argv[0] is its name) and runs it.
int run_subcommand(const subcommand& command, int argc, char** argv) {
  cxxopts::Options options("iosr db " + std::string(command.name),
                           std::string(command.description));
  options.custom_help(std::string(command.synopsis));
  add_db_option(options);
  command.add_options(options);
  const auto args = parse_command_line(options, argc, argv, command.epilogue);
  return args ? command.run(*args) : exit_ok;
}

template <std::size_t I>
int run_nth(int argc, char** argv) {
  return run_subcommand(subcommands[I], argc, argv);
}

constexpr command db_command_list[] = {
    {"import", "add result files, directories and archives (each file once, by its SHA-256)",
     run_nth<0>},
    {"list", "what the database holds: files, systems, tests, kernels, dates", run_nth<1>},
    {"remove", "remove imported files (by SHA-256 prefix, path or ID as listed)", run_nth<2>},
    {"export", "write everything back as one tidy CSV or JSONL dataset", run_nth<3>},
};

}  // namespace

const command_group db_commands = {
    "keep every result in one store, an SQLite database or a PostgreSQL database a team shares, "
    "so that results can be followed over kernels and time ('iosr trend'). The store is --db "
    "FILE|URL, else $IOSR_DB, else $XDG_DATA_HOME/iosr/results.db "
    "(~/.local/share/iosr/results.db); postgresql://USER@HOST/DBNAME is PostgreSQL (libpq's "
    "URL: sslmode, PGPASSFILE and the service file work as libpq documents them). Its tables "
    "are in docs/db.md and readable with the sqlite3 shell or psql.",
    "0 success, 1 some input failed or the database could not be used, 2 usage error, 128+N "
    "stopped by signal N",
    db_command_list};

}  // namespace iosr::cli
