// SPDX-License-Identifier: MIT
// `iosr chart FILE... --out-dir DIR` (or `-o FILE` for one image) and `iosr report FILE...
// --out-dir DIR`: the comparison's chart images, and an article's material in one folder
// (docs/charts.md). The library draws and renders; this file parses the options and writes.
#include <fcntl.h>
#include <fmt/format.h>
#include <stdio.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <cxxopts.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <system_error>

#include "cli_support.hpp"
#include "command.hpp"
#include "comparison_cli.hpp"
#include "iosr/operations.hpp"
#include "iosr/version.hpp"

namespace iosr::cli {

namespace {

namespace fs = std::filesystem;

// A print page's text width (A4 with 15 mm margins) in CSS pixels, and the density of print.
constexpr int print_width = 680;
constexpr int print_dpi = 300;

// The options both commands take about the images' look.
void add_look_options(cxxopts::Options& options) {
  // clang-format off
  options.add_options()
      ("theme", "the images' colours " + one_of<chart_theme>(),
       cxxopts::value<std::string>()->default_value("light"), "THEME")
      ("width", fmt::format("the images' width in CSS pixels, {} to {} (default 800, for a web "
                            "page; {} with --print)", min_chart_width, max_chart_width,
                            print_width),
       cxxopts::value<std::string>(), "PX");
  // clang-format on
}

chart_options look_from(const cxxopts::ParseResult& args, bool print) {
  chart_options o;
  o.theme = named_value<chart_theme>(args, "theme");
  o.width = print ? print_width : 800;
  if (args.count("width")) {
    const long w = whole_number_of(args, "width");
    if (w < min_chart_width || w > max_chart_width) {
      bad_value("width", args["width"].as<std::string>(),
                fmt::format("is out of range; expected {} to {} pixels", min_chart_width,
                            max_chart_width));
    }
    o.width = static_cast<int>(w);
  }
  if (args.count("columns")) o.columns = args["columns"].as<std::vector<std::string>>();
  return o;
}

bool write_file(const std::string& path, const std::string& bytes, bool force) {
  if (auto refused = refuse_existing(path, force)) {
    std::cerr << *refused << '\n';
    return false;
  }
  std::string error;
  if (!write_atomically(path, bytes, error)) {
    std::cerr << error << '\n';
    return false;
  }
  return true;
}

// What marks a folder iosr report wrote, so that a second run may replace it whole and never
// replaces a folder of anything else.
constexpr std::string_view report_mark = ".iosr-report";

bool is_report_folder(const fs::path& dir) {
  std::error_code ec;
  if (fs::is_symlink(dir, ec) || !fs::is_directory(dir, ec)) return false;
  return fs::exists(dir / report_mark, ec) || fs::is_empty(dir, ec);
}

// Every file of the report under `dir`, which is created here.
bool write_folder(const fs::path& dir, const report_outcome& report, std::string& error) {
  std::error_code ec;
  fs::create_directory(dir, ec);
  if (ec) {
    error = dir.string() + ": cannot create the directory: " + ec.message();
    return false;
  }
  std::vector<report_file> files{
      {std::string(report_mark), "iosr report " + std::string(version()) + "\n"}};
  files.insert(files.end(), report.files.begin(), report.files.end());
  for (const auto& f : files) {
    const auto path = dir / f.path;
    fs::create_directories(path.parent_path(), ec);
    std::ofstream out(path, std::ios::binary);
    out.write(f.bytes.data(), static_cast<std::streamsize>(f.bytes.size()));
    out.close();
    if (ec || !out) {
      error = path.string() + ": cannot write: " + std::strerror(errno);
      return false;
    }
  }
  return true;
}

// `dir` now holds what `fresh` holds, in one step where the file system can exchange two
// folders (renameat2), else in two renames; the old content is removed after.
bool swap_into_place(const fs::path& fresh, const fs::path& dir, std::string& error) {
  std::error_code ec;
  const bool exists = fs::exists(dir, ec);
  if (!exists) {
    fs::rename(fresh, dir, ec);
  } else if (::renameat2(AT_FDCWD, fresh.c_str(), AT_FDCWD, dir.c_str(), RENAME_EXCHANGE) != 0) {
    const fs::path old = dir.string() + ".iosr-old";
    fs::remove_all(old, ec);
    fs::rename(dir, old, ec);
    if (!ec) fs::rename(fresh, dir, ec);
    if (!ec) fs::remove_all(old, ec);
  } else {
    fs::remove_all(fresh, ec);  // the old content, exchanged
  }
  if (ec) error = dir.string() + ": cannot put the report in place: " + ec.message();
  return !ec;
}

// The options chart and report share, after their own, and the command line parsed: the look
// of the images, compare's selection, help, the inputs (their --help lists them in this order).
std::optional<cxxopts::ParseResult> parse_chart_options(cxxopts::Options& options, int argc,
                                                        char** argv, std::string_view exit_text) {
  add_look_options(options);
  add_selection_options(options);
  options.add_options()("h,help", "print this help");
  add_input_options(options);
  return parse_command_line(options, argc, argv, exit_text);
}

// What each command's --help ends with.
constexpr std::string_view report_exit_status =
    "\nExit status: 0 written, 1 some input failed (the report covers the others) or the folder "
    "could not be written, 2 usage error.\n";
constexpr std::string_view chart_exit_status =
    "\nExit status: 0 drawn, 1 some input failed or an image was not written (the others are), "
    "2 usage error.\n";

}  // namespace

int run_report(int argc, char** argv) {
  cxxopts::Options options(
      "iosr report",
      "Write what an article or a wiki page needs into one folder: index.md (the Markdown "
      "summary and tables, each test's chart image after its table), index.html (the "
      "self-contained page), images/ (every chart of `iosr chart`, as SVG and PNG) and data.csv "
      "(the tidy CSV of the inputs). Running it again replaces the folder whole: the new one is "
      "written beside it and then takes its place. Takes the options of `iosr compare`." +
          std::string(inputs_help));
  options.custom_help("--out-dir DIR [options]");
  options.add_options()("out-dir",
                        "the report's folder: created, or replaced when an earlier report (or "
                        "nothing) is in it; any other folder is refused",
                        cxxopts::value<std::string>(), "DIR");
  const auto parsed = parse_chart_options(options, argc, argv, report_exit_status);
  if (!parsed) return exit_ok;
  const auto& args = *parsed;
  if (!args.count("out-dir")) bad_usage("--out-dir DIR is needed");
  report_request request;
  request.options = compare_options_from(args);
  request.charts = look_from(args, false);
  fs::path dir = args["out-dir"].as<std::string>();
  while (!dir.empty() && !dir.has_filename()) dir = dir.parent_path();  // `out/` is `out`
  std::error_code ec;
  if (dir.empty() || (fs::exists(fs::symlink_status(dir, ec)) && !is_report_folder(dir))) {
    std::cerr << dir.string() << ": exists and is not a folder iosr report wrote (no "
              << report_mark << " in it); not replaced\n";
    return exit_input_failed;
  }

  bool failed = false;
  const auto files = read_compared_inputs(args, "report", failed);
  if (files.empty()) return exit_input_failed;
  const auto report = run_report(files, request);
  const fs::path fresh = dir.string() + std::string(temporary_suffix);
  if (fs::exists(fs::symlink_status(fresh, ec)) && !is_report_folder(fresh)) {
    std::cerr << fresh.string() << ": exists and is not a report iosr left; not replaced\n";
    return exit_input_failed;
  }
  fs::remove_all(fresh, ec);  // what a stopped run left
  std::string error;
  if (!write_folder(fresh, report, error) || !swap_into_place(fresh, dir, error)) {
    std::cerr << error << '\n';
    fs::remove_all(fresh, ec);
    return exit_input_failed;
  }
  return failed ? exit_input_failed : exit_ok;
}

int run_chart(int argc, char** argv) {
  cxxopts::Options options(
      "iosr chart",
      "Draw the comparison as chart images that read alone, as OpenBenchmarking.org's graphs do: "
      "one per test (title, version, options, unit and direction, bars ranked best first with "
      "the baseline in grey, values, deltas with their noise mark, standard-error whiskers and "
      "runs where known, the inputs in a footer) and one summary image (each configuration's "
      "geometric mean ratio with its interval, per group). SVG, or PNG and PDF rendered from it "
      "by librsvg, in DejaVu Sans. Takes the options of `iosr compare`; --columns chooses the "
      "configurations drawn and their order." +
          std::string(inputs_help));
  options.custom_help("(--out-dir DIR | -o FILE) [options]");
  // clang-format off
  options.add_options()
      ("out-dir", "write every image into DIR (created when missing): summary.EXT, then "
                  "NN-TEST.EXT per test", cxxopts::value<std::string>(), "DIR")
      ("o,output", "write one image to FILE: --summary's, or the one test --filter keeps; its "
                   "extension gives the format unless --format does", 
       cxxopts::value<std::string>(), "FILE")
      ("summary", "only the summary image (with -o: it, instead of a test's)")
      ("f,format", "image format " + one_of<image_format>() + " (default svg)",
       cxxopts::value<std::string>(), "FORMAT")
      ("print", fmt::format("for print: {} pixels wide and PNG at {} dpi", print_width,
                            print_dpi))
      ("dpi", "PNG's pixel density (default 96, one pixel per CSS pixel; 300 with --print)",
       cxxopts::value<std::string>(), "N")
      ("force", "replace images that exist (else they are refused)");
  // clang-format on
  const auto parsed = parse_chart_options(options, argc, argv, chart_exit_status);
  if (!parsed) return exit_ok;
  const auto& args = *parsed;

  const bool to_dir = args.count("out-dir") > 0;
  const bool to_file = args.count("output") > 0;
  if (to_dir == to_file) bad_usage("give either --out-dir DIR or -o FILE");
  chart_request request;
  request.options = compare_options_from(args);
  const bool print = args.count("print") > 0;
  request.charts = look_from(args, print);
  // --summary: only the summary; -o without it: only the one test --filter keeps.
  request.summary = args.count("summary") > 0 || !to_file;
  request.tests = args.count("summary") == 0;
  if (args.count("format")) request.format = named_value<image_format>(args, "format");
  if (to_file) {
    const std::vector<std::string_view> images(std::begin(enum_names<image_format>::names),
                                               std::end(enum_names<image_format>::names));
    request.format = *from_string<image_format>(output_format(
        args, "format", args["output"].as<std::string>(), "-o", images, to_string(request.format)));
  }
  double dpi = print ? print_dpi : 96;
  if (args.count("dpi")) {
    dpi = number_of(args, "dpi");
    if (!(dpi >= 24 && dpi <= 1200)) {
      bad_value("dpi", args["dpi"].as<std::string>(), "is out of range; expected 24 to 1200");
    }
  }
  request.scale = dpi / 96.0;
  const bool force = args.count("force") > 0;

  bool failed = false;
  const auto files = read_compared_inputs(args, "chart", failed);
  if (files.empty()) return exit_input_failed;
  const auto outcome = run_chart(files, request);
  const auto ext = "." + std::string(to_string(request.format));
  if (to_file) {
    if (outcome.images.size() != 1) {
      bad_usage(
          fmt::format("-o writes one image, and there are {}; keep one test with "
                      "--filter, ask for --summary, or use --out-dir",
                      outcome.images.size()));
    }
    return write_file(args["output"].as<std::string>(), outcome.files.front(), force) && !failed
               ? exit_ok
               : exit_input_failed;
  }
  const fs::path dir = args["out-dir"].as<std::string>();
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) {
    std::cerr << dir.string() << ": cannot create the directory: " << ec.message() << '\n';
    return exit_input_failed;
  }
  for (std::size_t i = 0; i < outcome.images.size(); ++i) {
    if (!write_file((dir / (outcome.images[i].name + ext)).string(), outcome.files[i], force)) {
      failed = true;
    }
  }
  return failed ? exit_input_failed : exit_ok;
}

}  // namespace iosr::cli
