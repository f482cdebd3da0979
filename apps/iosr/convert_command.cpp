// SPDX-License-Identifier: MIT
// `iosr convert FILE... --to FORMAT [-o OUT | --out-dir DIR]`: rewrite results in another format.
#include <cxxopts.hpp>
#include <filesystem>
#include <iostream>
#include <optional>
#include <set>

#include "cli_support.hpp"
#include "command.hpp"
#include "iosr/render.hpp"

namespace iosr::cli {

namespace {

std::optional<output_format_info> find_format(const std::string& name) {
  for (const auto& f : list_output_formats()) {
    if (f.name == name) return f;
  }
  return std::nullopt;
}

// DIR/STEM.EXT for one input; standard input becomes `stdin`.
std::filesystem::path output_path(const std::string& dir, const std::string& input,
                                  std::string_view extension) {
  auto stem = input == "-" ? std::string("stdin") : std::filesystem::path(input).stem().string();
  return std::filesystem::path(dir) / (stem + std::string(extension));
}

// Each input to its own file under `dir`. Returns false when some file could not be written.
bool write_each(const std::vector<result_file>& files, const output_format_info& format,
                const render_options& options, const std::string& dir, bool force) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) {
    std::cerr << dir << ": cannot create directory: " << ec.message() << '\n';
    return false;
  }
  bool ok = true;
  std::set<std::filesystem::path> written;
  for (const auto& file : files) {
    auto path = output_path(dir, file.source_name, format.extension);
    if (!written.insert(path).second) {
      std::cerr << file.source_name << ": not written: " << path.string()
                << " is the output of an earlier input with the same name\n";
      ok = false;
      continue;
    }
    if (!force && std::filesystem::exists(path, ec)) {
      std::cerr << path.string() << ": exists; not overwritten (use --force)\n";
      ok = false;
      continue;
    }
    std::string out;
    render({&file, 1}, format.name, options, out);
    ok = write_output_atomically(path.string(), out) && ok;
  }
  return ok;
}

}  // namespace

int run_convert(int argc, char** argv) {
  std::string formats;
  for (const auto& f : list_output_formats()) {
    formats += "\n  " + std::string(f.name) + ": " + std::string(f.summary);
  }
  cxxopts::Options options(
      "iosr convert",
      "Convert result files. With CSV, several inputs make one dataset with one header; the "
      "other formats hold one result file each, so several inputs need --out-dir.\nOutput "
      "formats:" + formats + "\n");
  options.custom_help("--to FORMAT [-o OUT | --out-dir DIR] [options]");
  options.positional_help("FILE... ('-' reads standard input)");
  options.add_options()("t,to", "output format", cxxopts::value<std::string>())(
      "o,output", "write here instead of standard output ('-' = stdout)",
      cxxopts::value<std::string>()->default_value("-"))(
      "out-dir", "write one output per input into DIR, named after the input",
      cxxopts::value<std::string>())("force", "overwrite existing files in --out-dir")(
      "width", "pts-text: line width, as PTS's terminal width (79 = OpenBenchmarking)",
      cxxopts::value<int>()->default_value("79"))("h,help", "print this help")(
      "files", "result files", cxxopts::value<std::vector<std::string>>());
  add_limit_option(options);
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
  auto format = find_format(args["to"].as<std::string>());
  if (!format) {
    std::cerr << "iosr convert: unknown format '" << args["to"].as<std::string>()
              << "'; choose one of:" << formats << '\n';
    return exit_usage;
  }
  if (!args.count("files")) {
    std::cerr << "iosr convert: no input files; try 'iosr convert --help'\n";
    return exit_usage;
  }
  render_options render_with;
  render_with.width = args["width"].as<int>();
  if (render_with.width < 20 || render_with.width > 10000) {
    std::cerr << "iosr convert: --width " << render_with.width
              << " is out of range; expected 20 to 10000\n";
    return exit_usage;
  }
  const auto& paths = args["files"].as<std::vector<std::string>>();
  bool to_dir = args.count("out-dir") > 0;
  if (to_dir && args["output"].as<std::string>() != "-") {
    std::cerr << "iosr convert: give either -o or --out-dir, not both\n";
    return exit_usage;
  }
  if (!format->combines && !to_dir && paths.size() > 1) {
    std::cerr << "iosr convert: --to " << format->name << " writes one file per input; give "
              << "--out-dir DIR for " << paths.size() << " inputs\n";
    return exit_usage;
  }
  bool failed = false;
  auto files = read_inputs(paths, limits_from(args), failed);
  for (const auto& file : files) print_warnings(file);
  if (to_dir) {
    bool ok = write_each(files, *format, render_with, args["out-dir"].as<std::string>(),
                         args.count("force") > 0);
    return failed || !ok ? exit_input_failed : exit_ok;
  }
  std::string out;
  render(files, format->name, render_with, out);
  if (!write_output(args["output"].as<std::string>(), out)) return exit_input_failed;
  return failed ? exit_input_failed : exit_ok;
}

}  // namespace iosr::cli
