// SPDX-License-Identifier: MIT
// `iosr convert INPUT... --to FORMAT [-o OUT | --out-dir DIR] [--combine OUT.csv|OUT.jsonl]`:
// rewrite results in another format, one file or whole directories and archives at a time.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cxxopts.hpp>
#include <filesystem>
#include <iostream>
#include <optional>

#include "batch_terminal.hpp"
#include "cli_support.hpp"
#include "command.hpp"
#include "iosr/batch.hpp"
#include "iosr/counted.hpp"
#include "iosr/render.hpp"

namespace iosr::cli {

namespace {

std::optional<output_format_info> find_format(const std::string& name) {
  for (const auto& f : list_output_formats()) {
    if (f.name == name) return f;
  }
  return std::nullopt;
}

// The combined dataset's format, from OUT's extension.
std::optional<output_format_info> combined_format(const std::string& path) {
  auto extension = std::filesystem::path(path).extension().string();
  for (const auto& f : list_output_formats()) {
    if (f.combines && f.extension == extension) return f;
  }
  return std::nullopt;
}

bool expands(const std::string& path) {
  std::error_code ec;
  // A result-graphs folder is one input (iosr::is_graphs_folder_name()).
  return path != "-" && ((std::filesystem::is_directory(path, ec) && !is_graphs_folder_name(path)) ||
                         batch::is_archive_file(path));
}

// A test hook: IOSR_TEST_RENDER=writer or =worker fixes who renders with one worker, so that
// tests/batch_test.py checks that both ways give the same bytes.
batch::renderer renderer_from_environment() {
  const char* who = std::getenv("IOSR_TEST_RENDER");
  if (who == nullptr) return batch::renderer::by_load;
  if (std::string_view(who) == "writer") return batch::renderer::writer;
  if (std::string_view(who) == "worker") return batch::renderer::worker;
  return batch::renderer::by_load;
}

// What the batch did, said on standard error as it always is; the exit code.
int say_report(const batch::convert_report& report, const batch::convert_plan& plan,
               bool totals_line, const std::string& report_path) {
  for (const auto& e : report.output_errors) std::cerr << e << '\n';
  if (!report.started) return exit_input_failed;
  bool ok = report.ok();
  if (plan.combined_to && std::fflush(stdout) != 0) ok = false;
  if (!report.reader_error.empty()) std::cerr << "iosr convert: " << report.reader_error << '\n';
  for (const auto& f : report.failures) std::cerr << f.text() << '\n';
  if (totals_line) {
    std::cerr << "converted " << counted(report.converted.size(), "file") << " ("
              << counted(report.entries, "entry", "entries") << "); " << report.failures.size()
              << " failed, " << report.skipped.size() << " skipped";
    if (plan.skip_existing) {
      std::cerr << ", " << report.existing.size() << " skipped (exist)";
    } else if (!report.existing.empty()) {
      std::cerr << ", " << report.existing.size() << " skipped (exist; --force replaces them)";
    }
    std::cerr << '\n';
  }
  if (!report_path.empty()) {
    std::string error;
    if (!write_atomically(report_path, batch::report_json(report), error,
                          plan.sync ? atomic_file::durability::synced
                                    : atomic_file::durability::cached)) {
      std::cerr << report_path << ": " << error << '\n';
      ok = false;
    }
  }
  return ok ? exit_ok : exit_input_failed;
}

}  // namespace

int run_convert(int argc, char** argv) {
  cxxopts::Options options(
      "iosr convert",
      "Convert result files. INPUT is a file, a directory (walked recursively; result files "
      "are recognised by content, other files skipped), a .tar, .tar.gz, .tar.xz or .zip "
      "archive (read directly), a compressed file (composite.xml.gz, .xz, .bz2, .zst: the "
      "file it holds), '-', or an OpenBenchmarking.org result ID or its address (fetched once "
      "and cached; docs/openbenchmarking.md). With CSV or JSONL, several inputs make one dataset "
      "with one header; the other formats hold one result file each, so several inputs need "
      "--out-dir, which mirrors each input's relative path. The format is --to's, else -o OUT's "
      "extension's (.csv, .jsonl, .json, .xml, .txt).\nOutput formats:" +
          format_list(list_output_formats()) + "\n");
  options.custom_help("[--to FORMAT] [-o OUT | --out-dir DIR] [--combine OUT.csv] [options]");
  options.add_options()("t,to", "output format", cxxopts::value<std::string>(), "FORMAT")(
      "o,output",
      "write here instead of standard output ('-' = stdout); its extension gives the format "
      "unless --to does",
      cxxopts::value<std::string>()->default_value("-"),
      "OUT")("out-dir", "write one output per result file into DIR, mirroring its relative path",
             cxxopts::value<std::string>(), "DIR")(
      "combine", "also write one dataset over every result file: OUT.csv or OUT.jsonl",
      cxxopts::value<std::string>(), "OUT")(
      "force",
      "replace outputs that exist (-o, --out-dir files, --combine, --report); without it they "
      "are refused, and --out-dir counts them as existing")(
      "skip-existing",
      "with --out-dir: convert only the inputs whose output is missing, to resume a stopped "
      "batch (outputs appear whole or not at all)")(
      "sync",
      "flush each output to the disk before it is moved into place, so that it is whole after "
      "a power cut too, not only after a killed run (slower)")(
      "j,jobs", "convert N files at a time (default: all cores)", cxxopts::value<std::string>(),
      "N")("report",
           "write a JSON report: each file converted (with its output), failed (with where and "
           "why) and skipped (with why)",
           cxxopts::value<std::string>(), "FILE")(
      "width", "pts-text: line width, as PTS's terminal width (79 = OpenBenchmarking)",
      cxxopts::value<std::string>()->default_value("79"), "N")("h,help", "print this help");
  add_input_options(options);
  const auto parsed = parse_command_line(
      options, argc, argv,
      "\nWith --out-dir or --combine, a summary ends the run: 'converted N files (M entries); K "
      "failed, S skipped', and with --skip-existing ', E skipped (exist)'. A progress bar is drawn "
      "when standard error is a terminal.\nExit "
      "status: 0 all files converted, 1 some file failed (the others are still written), 2 "
      "usage error, 128+N stopped by signal N.\n");
  if (!parsed) return exit_ok;
  const auto& args = *parsed;
  batch::convert_plan plan;
  bool to_dir = args.count("out-dir") > 0;
  bool combine = args.count("combine") > 0;
  bool to_file = args["output"].as<std::string>() != "-";
  if (args.count("to") && !find_format(args["to"].as<std::string>())) {
    bad_usage(unknown_format(list_output_formats(), args["to"].as<std::string>(), "--to"));
  }
  // -o OUT's extension gives the format when --to does not; --out-dir's files take --to's.
  const auto named = to_file && !to_dir && !combine
                         ? output_format(args, "to", args["output"].as<std::string>(), "-o",
                                         names_of(list_output_formats()), "")
                     : args.count("to") ? args["to"].as<std::string>()
                                        : std::string();
  if (named.empty() && !combine) bad_usage("missing --to FORMAT (or -o OUT.EXT that names one)");
  std::optional<output_format_info> format;
  if (!named.empty()) format = find_format(named);
  if (!args.count("files")) bad_usage("no input files");
  plan.inputs = args["files"].as<std::vector<std::string>>();
  const long width = whole_number_of(args, "width");
  if (width < 20 || width > 10000) {
    bad_value("width", args["width"].as<std::string>(), "is out of range; expected 20 to 10000");
  }
  plan.render_with.width = static_cast<int>(width);
  if (to_file && (to_dir || combine)) bad_usage("-o goes with neither --out-dir nor --combine");
  if (combine && format && !to_dir) {
    bad_usage("--to chooses the format of --out-dir; --combine takes it from OUT's extension");
  }
  if (to_dir && !format) bad_usage("--out-dir needs --to FORMAT");
  plan.skip_existing = args.count("skip-existing") > 0;
  if (plan.skip_existing && (combine || !to_dir)) {
    // A combined dataset is one file over every input: it has no part to resume.
    bad_usage("--skip-existing goes with --out-dir, and not with --combine");
  }
  if (plan.skip_existing && args.count("force")) {
    bad_usage("--skip-existing and --force contradict each other: choose one");
  }

  if (combine) {
    plan.combined = args["combine"].as<std::string>();
    auto chosen = combined_format(plan.combined);
    if (!chosen) bad_value("combine", plan.combined, "is not OUT.csv or OUT.jsonl");
    plan.combined_format = *chosen;
  } else if (!to_dir) {
    // One output, to standard output or -o: the formats holding one result file take one.
    if (!format->combines && (plan.inputs.size() > 1 || expands(plan.inputs[0]))) {
      bad_usage("--to " + std::string(format->name) + " writes one file per input; give " +
                "--out-dir DIR for several inputs");
    }
    plan.combined = args["output"].as<std::string>();
    plan.combined_format = *format;
  }
  plan.limits = {limits_from(args), archive_limits_from(args), id_options_from(args)};
  if (to_dir) {
    plan.out_dir = args["out-dir"].as<std::string>();
    plan.to = *format;
    std::error_code ec;
    std::filesystem::create_directories(plan.out_dir, ec);
    if (ec) {
      std::cerr << plan.out_dir << ": cannot create directory: " << ec.message() << '\n';
      return exit_input_failed;
    }
  }
  plan.force = args.count("force") > 0;
  // The single files are checked before anything is read: a run that cannot write them does
  // no work (the files under --out-dir are checked one by one as they are written).
  for (const auto& path :
       {plan.combined, args.count("report") ? args["report"].as<std::string>() : std::string()}) {
    if (auto refused = refuse_existing(path, plan.force)) {
      std::cerr << *refused << '\n';
      return exit_input_failed;
    }
  }
  plan.sync = args.count("sync") > 0;
  const auto jobs = jobs_from(args);
  if (!jobs) bad_usage("--jobs: expected 1 to 1024");
  plan.jobs = *jobs;
  const std::string report_path = args.count("report") ? args["report"].as<std::string>() : "";
  plan.keep_warnings = !report_path.empty();
  plan.render_on = renderer_from_environment();
  if (plan.combined == "-") {
    plan.combined_to = [](std::string_view bytes) {
      std::fwrite(bytes.data(), 1, bytes.size(), stdout);
    };
  }
  batch_terminal terminal(isatty(STDERR_FILENO) != 0);
  const auto report = batch::convert_tree(plan, terminal.callbacks());
  terminal.clear();
  if (report.stopped) return terminal.stopped("convert", "no partial output left");
  return say_report(report, plan, to_dir || combine, report_path);
}

}  // namespace iosr::cli
