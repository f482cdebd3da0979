// SPDX-License-Identifier: MIT
// `iosr merge FILE FILE... -o OUT` and `iosr edit FILE OPERATION... -o OUT`: PTS's
// merge-results and result-file editing commands, without prompts (docs/editing.md).
#include <ctime>
#include <cxxopts.hpp>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "cli_support.hpp"
#include "command.hpp"
#include "iosr/edit.hpp"
#include "iosr/render.hpp"

namespace iosr::cli {

namespace {

constexpr std::string_view operations_help =
    "\nOperations apply in the order given, each as often as wanted. An ID is a system's "
    "identifier as written (its label); an ID or a REGEX that names nothing is a usage error, "
    "and nothing is written.";

void add_edit_options(cxxopts::Options& options) {
  auto add = options.add_options("operations");
  add("rename", "rename system OLD (its identifier as written) to NEW, with its entries",
      cxxopts::value<std::vector<std::string>>(), "OLD=NEW");
  add("only", "keep only these systems, remove the others (PTS's extract-from-result-file)",
      cxxopts::value<std::vector<std::string>>(), "ID,...");
  add("remove", "remove these systems and their entries (PTS's remove-run-from-result-file)",
      cxxopts::value<std::vector<std::string>>(), "ID,...");
  add("filter", "keep the charts whose title or description matches REGEX (RE2 syntax)",
      cxxopts::value<std::vector<std::string>>(), "REGEX");
  add("exclude", "remove the charts whose title or description matches REGEX (RE2 syntax)",
      cxxopts::value<std::vector<std::string>>(), "REGEX");
  add("order", "these systems first, in this order, then the others; each chart's entries follow",
      cxxopts::value<std::vector<std::string>>(), "ID,...");
  add("sort-by", "sort the systems by identifier or by run date " + one_of<system_order>(),
      cxxopts::value<std::vector<std::string>>(), "ORDER");
  add("title", "set the file's title", cxxopts::value<std::vector<std::string>>(), "TEXT");
  add("description", "set the file's description", cxxopts::value<std::vector<std::string>>(),
      "TEXT");
}

void add_output_options(cxxopts::Options& options) {
  options.add_options()("o,output",
                        "write OUT, whole or not at all ('-' = standard output, the default); its "
                        "extension gives the format unless --to does",
                        cxxopts::value<std::string>()->default_value("-"),
                        "OUT")("t,to", "output format:" + format_list(list_output_formats()),
                               cxxopts::value<std::string>()->default_value("xml"), "FORMAT")(
      "force", "replace OUT when it exists (else it is refused)")(
      "width", "pts-text: line width, as PTS's terminal width (79 = OpenBenchmarking)",
      cxxopts::value<std::string>()->default_value("79"), "N")("h,help", "print this help");
}

// The operations in command-line order: cxxopts keeps each option's values apart, but its
// list of arguments is in the order typed.
std::vector<edit_step> steps_from(const cxxopts::ParseResult& args) {
  std::vector<edit_step> steps;
  for (const auto& kv : args.arguments()) {
    if (auto kind = from_string<edit_kind>(kv.key())) steps.push_back({*kind, kv.value()});
  }
  return steps;
}

struct output_plan {
  std::string path;
  std::string format;
  render_options render;
  bool force = false;
};

output_plan output_from(const cxxopts::ParseResult& args) {
  output_plan plan;
  plan.path = args["output"].as<std::string>();
  plan.format = args["to"].as<std::string>();
  if (!has_format(list_output_formats(), plan.format)) {
    bad_usage(unknown_format(list_output_formats(), plan.format, "--to"));
  }
  plan.format =
      output_format(args, "to", plan.path, "-o", names_of(list_output_formats()), plan.format);
  const long width = whole_number_of(args, "width");
  if (width < 20 || width > 10000) {
    bad_value("width", args["width"].as<std::string>(), "is out of range; expected 20 to 10000");
  }
  plan.render.width = static_cast<int>(width);
  plan.force = args.count("force") > 0;
  return plan;
}

// The inputs, all of them or none: an input that fails stops the command before anything is
// written, since a merge without it would be published as if whole.
std::optional<std::vector<result_file>> read_all(const cxxopts::ParseResult& args) {
  bool failed = false;
  auto files = read_result_files(args["files"].as<std::vector<std::string>>(), limits_from(args),
                                 archive_limits_from(args), id_options_from(args), failed);
  for (const auto& file : files) print_warnings(file);
  if (failed) return std::nullopt;
  return files;
}

int write(const output_plan& plan, const result_file& file, std::string_view command) {
  std::string text;
  render(std::span<const result_file>(&file, 1), plan.format, plan.render, text);
  if (plan.path == "-") {
    std::cout << text << std::flush;
    return std::cout ? exit_ok : exit_input_failed;
  }
  if (auto refused = refuse_existing(plan.path, plan.force)) {
    std::cerr << *refused << '\n';
    return exit_input_failed;
  }
  std::string error;
  if (!write_atomically(plan.path, text, error)) {
    std::cerr << "iosr " << command << ": " << error << '\n';
    return exit_input_failed;
  }
  return exit_ok;
}

// PTS writes the time of a merge or an edit as the file's LastModified, in local time.
std::string now() {
  const std::time_t t = std::time(nullptr);
  std::tm local{};
  localtime_r(&t, &local);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S", &local);
  return text;
}

constexpr std::string_view exit_help =
    "\nExit status: 0 written, 1 an input failed or OUT could not be written (nothing is "
    "written), 2 usage error (nothing is written).\n";

// What merge and edit have once their command line is read: the output, the operations and
// the inputs.
struct edit_start {
  cxxopts::ParseResult args;
  output_plan plan;
  std::vector<edit_step> steps;
  std::vector<result_file> files;
};

// What merge and edit do alike before their own work, in this order: their shared options
// added after the command's own and the command line parsed, the output and the operations
// checked (usage errors before any input is read), an existing OUT refused, every input read
// (none: `none` is the usage error). Nothing when --help was asked (`code` exit_ok), or OUT
// exists or an input failed (said on stderr; `code` exit_input_failed).
std::optional<edit_start> start(cxxopts::Options& options, int argc, char** argv,
                                std::string_view none, int& code) {
  add_output_options(options);
  add_edit_options(options);
  add_input_options(options);
  code = exit_ok;
  auto parsed = parse_command_line(options, argc, argv, exit_help);
  if (!parsed) return std::nullopt;
  edit_start out{std::move(*parsed), {}, {}, {}};
  out.plan = output_from(out.args);
  out.steps = steps_from(out.args);
  code = exit_input_failed;
  if (!out.args.count("files")) bad_usage(std::string(none));
  if (auto refused = refuse_existing(out.plan.path, out.plan.force)) {
    std::cerr << *refused << '\n';
    return std::nullopt;
  }
  auto files = read_all(out.args);
  if (!files) return std::nullopt;
  out.files = std::move(*files);
  return out;
}

}  // namespace

int run_merge(int argc, char** argv) {
  cxxopts::Options options(
      "iosr merge",
      "Merge result files into one, as PTS's merge-results does: the systems of every file in "
      "order, each chart once, a chart of a later file with the identity of one already there "
      "(test, arguments, description, version, unit) adding its entries; the first title and "
      "description given. Then the operations, as iosr edit applies them. Inputs of every "
      "format iosr reads; what a format does not carry stays absent." +
          std::string(inputs_help) + std::string(operations_help));
  options.custom_help("[-o OUT] [--to FORMAT] [options] [operations]");
  options.add_options()("prefix-collisions",
                        "rename a system whose identifier an earlier file has to 'TITLE: ID' "
                        "(its file's title, else its name), as PTS's result viewer does")(
      "intersect", "keep only the charts that every file has");
  int code = exit_ok;
  const auto in = start(options, argc, argv, "no input files", code);
  if (!in) return code;
  if (in->files.size() < 2) bad_usage("merge needs at least two result files");
  merge_options merge;
  merge.prefix_on_collision = in->args.count("prefix-collisions") > 0;
  merge.intersect = in->args.count("intersect") > 0;
  merge.last_modified = now();
  auto outcome = merge_result_files(in->files, merge);
  for (auto& n : apply_edits(outcome.merged, in->steps)) outcome.notes.push_back(std::move(n));
  for (const auto& n : outcome.notes) std::cerr << "iosr merge: note: " << n.text << '\n';
  outcome.merged.source_name = in->plan.path;
  return write(in->plan, outcome.merged, "merge");
}

int run_edit(int argc, char** argv) {
  cxxopts::Options options(
      "iosr edit",
      "Edit a result file as PTS's editing commands do (rename-identifier, extract, "
      "remove-run, keep-results, remove-results, reorder, auto-sort, edit-result-file), "
      "without prompts, and write it; the input is never changed. Inputs of every format iosr "
      "reads." +
          std::string(inputs_help) + std::string(operations_help));
  options.custom_help("[-o OUT] [--to FORMAT] [options] [operations]");
  int code = exit_ok;
  auto in = start(options, argc, argv, "no input file", code);
  if (!in) return code;
  if (in->files.size() != 1) {
    bad_usage("edit takes one result file; the inputs hold " + std::to_string(in->files.size()) +
              " (iosr merge joins several)");
  }
  auto& file = in->files.front();
  for (const auto& n : apply_edits(file, in->steps)) {
    std::cerr << "iosr edit: note: " << n.text << '\n';
  }
  file.last_modified = now();  // as PTS saves an edited file
  return write(in->plan, file, "edit");
}

}  // namespace iosr::cli
