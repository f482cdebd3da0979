// SPDX-License-Identifier: MIT
// The shared part of `iosr compare` and `iosr table` (see comparison_cli.hpp).
#include "comparison_cli.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cli_support.hpp"
#include "iosr/ci_reports.hpp"
#include "iosr/compare.hpp"
#include "iosr/error.hpp"
#include "iosr/operations.hpp"

namespace iosr::cli {

compare_options compare_options_from(const cxxopts::ParseResult& args) {
  compare_options o;
  if (args.count("baseline")) o.baseline = args["baseline"].as<std::string>();
  o.group_by = named_value<group_by>(args, "group-by");
  if (args.count("only")) o.only = args["only"].as<std::vector<std::string>>();
  if (args.count("rename")) {
    for (const auto& r : args["rename"].as<std::vector<std::string>>()) {
      const auto eq = r.find('=');
      if (eq == std::string::npos) bad_value("rename", r, "is not OLD=NEW");
      o.renames.emplace_back(r.substr(0, eq), r.substr(eq + 1));
    }
  }
  o.filter = filter_from(args);  // compiled here, once, and used as it is by compare()
  o.sort = named_value<test_order>(args, "sort");
  o.ignore_version = args.count("ignore-version") > 0;
  const double level = number_of(args, "ci");
  if (!(level >= 50 && level < 100)) {
    bad_value("ci", args["ci"].as<std::string>(),
              "is out of range; expected a confidence level in percent, at least 50 and below 100");
  }
  o.confidence = level / 100.0;
  o.alpha = number_of(args, "alpha");
  if (!(o.alpha > 0 && o.alpha < 1)) {
    bad_value("alpha", args["alpha"].as<std::string>(), "is out of range; expected 0 < RATE < 1");
  }
  const double power = number_of(args, "power");
  if (!(power == 0 || (power > 0 && power < 100))) {
    bad_value("power", args["power"].as<std::string>(),
              "is out of range; expected a probability in percent, above 0 and below 100, or 0 "
              "for none");
  }
  o.power = power / 100.0;
  // Retired with the bootstrap (issue 39): scripts that pass it keep working, and are told.
  if (args.count("bootstrap")) {
    std::cerr << "iosr: --bootstrap is retired and ignored: the geometric means' intervals are "
                 "t intervals now, which draw no resamples (docs/compare.md)\n";
  }
  return o;
}

namespace {

// One line per entry: what the gate counted (`worse`), or what --gate-skip-noise left out.
void report_regressions(const comparison& c, const std::vector<regression>& found, double limit,
                        const std::string& command, bool excluded) {
  for (const auto& r : found) {
    std::string why;
    if (excluded) {
      const bool few = c.tests[r.test].entries[r.entry].noise == noise::few_runs;
      why = few ? "not counted (fewer than 3 runs), " : "not counted (within the noise), ";
    }
    std::cerr << "iosr " << command << ": " << why << "worse than the baseline by more than "
              << fmt::format("{}", limit) << "%: " << regression_text(c, r) << '\n';
  }
}

// The gate on standard error: each regression, each entry left out as noise, each thing
// missing (accepted or not), then the verdict with what was checked, so that a gate never
// passes, or checks nothing, without a word.
void report_gate(const compare_outcome& outcome, const compare_request& request,
                 const std::string& command) {
  const auto& c = outcome.result;
  report_regressions(c, outcome.excluded, *request.fail_if_worse, command, true);
  report_regressions(c, outcome.regressions, *request.fail_if_worse, command, false);
  for (const auto& m : outcome.missing) {
    std::cerr << "iosr " << command << ": "
              << (request.allow_missing ? "missing, accepted (--allow-missing): "
                                        : "missing where the baseline has a value: ")
              << gate_missing_text(c, m) << '\n';
  }
  std::cerr << "iosr " << command << ": " << gate_summary_text(outcome, request) << '\n';
}

// Where the GitHub step summary goes: --step-summary's FILE (`-` when it has none: standard
// output), else $GITHUB_STEP_SUMMARY (empty: none).
std::string step_summary_path(const cxxopts::ParseResult& args) {
  if (args.count("step-summary")) return args["step-summary"].as<std::string>();
  const char* path = std::getenv("GITHUB_STEP_SUMMARY");
  return path ? path : "";
}

// Appended, never replaced: every step of a job writes into the one file GitHub shows.
bool append_step_summary(const std::string& path, const std::string& text,
                         const std::string& command) {
  if (path == "-") {
    std::cout << text << std::flush;
    return static_cast<bool>(std::cout);
  }
  std::ofstream out(path, std::ios::binary | std::ios::app);
  if (out) out << text;
  if (out.flush()) return true;
  std::cerr << "iosr " << command << ": cannot append the step summary to '" << path
            << "': " << std::strerror(errno) << '\n';
  return false;
}

}  // namespace

void add_comparison_options(cxxopts::Options& options, const std::string& default_format) {
  // One option per line reads like the help it prints.
  // clang-format off
  options.add_options()
      ("f,format", "output format:" + format_list(list_comparison_formats()),
       cxxopts::value<std::string>()->default_value(default_format), "FORMAT")
      ("o,output", "write here instead of standard output ('-' = stdout); its extension "
                   "gives the format unless --format does",
       cxxopts::value<std::string>()->default_value("-"), "OUT")
      ("force", "replace OUT when it exists (else it is refused)");
  // clang-format on
  add_selection_options(options);
  options.add_options()("h,help", "print this help");
  add_input_options(options);
}

void add_selection_options(cxxopts::Options& options) {
  // clang-format off
  options.add_options()
      ("baseline", "the baseline in each group: a label, a name or a scheduler key "
                   "(default: none, else noop)", cxxopts::value<std::string>(), "NAME")
      ("group-by", "which configurations share a baseline " + one_of<group_by>(),
       cxxopts::value<std::string>()->default_value("input+group"), "HOW")
      ("only", "keep only these configurations, each named as --baseline names one (repeat "
               "or separate with ,)",
       cxxopts::value<std::vector<std::string>>(), "NAME")
      ("rename", "rename label OLD (as written or as shown) to NEW before comparing "
                 "(repeatable)",
       cxxopts::value<std::vector<std::string>>(), "OLD=NEW")
      ("filter", "keep the tests whose title or description matches REGEX (RE2 syntax)",
       cxxopts::value<std::string>(), "REGEX")
      ("sort", "test order: as in the files, the largest change first, or by name (which also "
               "puts the summary in label order instead of best first) " + one_of<test_order>(),
       cxxopts::value<std::string>()->default_value("file"), "ORDER")
      ("ignore-version", "match tests across inputs even when their versions differ")
      ("ci", "level of the geometric means' intervals, in percent (a delta's interval takes "
             "its level from --alpha)",
       cxxopts::value<std::string>()->default_value("95"), "PCT")
      ("alpha", "false discovery rate for calling a delta significant (Benjamini-Hochberg "
                "over every p-value of the comparison)",
       cxxopts::value<std::string>()->default_value("0.05"), "RATE")
      ("power", "the power, in percent, at which each delta's runs tell a delta from the noise: "
                "the smallest such delta is given per entry and summed up (0 = none)",
       cxxopts::value<std::string>()->default_value("80"), "PCT")
      ("bootstrap", "retired: accepted and ignored (the geometric means' intervals draw no "
                    "resamples now)",
       cxxopts::value<std::string>(), "N")
      ("columns", "the configurations the tables show as columns, in this order, each named "
                  "as --baseline names one (separate with ,); the comparison still covers all",
       cxxopts::value<std::vector<std::string>>(), "LIST");
  // clang-format on
}

namespace {

int compare_and_write(const cxxopts::ParseResult& args, const comparison_command& command) {
  // Their usage errors come before any other, as they did when they were read here.
  static_cast<void>(limits_from(args));
  static_cast<void>(id_options_from(args));
  compare_request request;
  request.options = compare_options_from(args);
  request.format = args["format"].as<std::string>();
  // The registry's list of formats, which the library's message does not give.
  if (!has_format(list_comparison_formats(), request.format)) {
    bad_usage(unknown_format(list_comparison_formats(), request.format));
  }
  request.format = output_format(args, "format", args["output"].as<std::string>(), "-o",
                                 names_of(list_comparison_formats()), request.format);
  if (command.gate && args.count("fail-if-worse")) {
    request.fail_if_worse = number_of(args, "fail-if-worse");
  }
  if (command.gate && args.count("gate-skip-noise")) {
    if (!request.fail_if_worse) bad_usage("--gate-skip-noise needs --fail-if-worse");
    request.gate_skip_noise = true;
  }
  if (command.gate && args.count("allow-missing")) {
    if (!request.fail_if_worse) bad_usage("--allow-missing needs --fail-if-worse");
    request.allow_missing = true;
  }
  const std::string junit =
      command.gate && args.count("junit") ? args["junit"].as<std::string>() : "";
  if (!junit.empty() && !request.fail_if_worse) bad_usage("--junit needs --fail-if-worse");
  const std::string summary = command.gate ? step_summary_path(args) : "";
  if (args.count("columns")) {
    request.render.columns = args["columns"].as<std::vector<std::string>>();
  }
  const auto output = args["output"].as<std::string>();
  request.render.table_view = command.table_view;
  request.render.color = color_for(output);
  request.render.width = width_for(output);
  check_request(request);  // before any input is read
  const bool force = args.count("force") > 0;
  for (const auto& path : {output, junit}) {
    if (path.empty()) continue;
    if (auto refused = refuse_existing(path, force)) {
      std::cerr << *refused << '\n';
      return exit_input_failed;
    }
  }
  if (!args.count("files")) bad_usage("no input files");

  bool failed = false;
  const auto files = read_compared_inputs(args, command.name, failed);
  if (files.empty()) return exit_input_failed;

  const auto outcome = run_compare(files, request);
  if (!write_output(output, outcome.text, force)) return exit_input_failed;
  if (!junit.empty() && !write_output(junit, junit_report(outcome, request), force)) {
    return exit_input_failed;
  }
  if (!summary.empty() &&
      !append_step_summary(summary, step_summary(outcome, request), command.name)) {
    return exit_input_failed;
  }
  // The gate runs on what was read even when an input failed, so that a CI log names every
  // regression; the failed input still decides the exit status (1 before 3).
  if (!request.fail_if_worse) return failed ? exit_input_failed : exit_ok;
  report_gate(outcome, request, command.name);
  // A gate that checked nothing is no pass: its inputs gave it nothing to measure.
  if (failed || outcome.verdict == gate_verdict::nothing_checked) return exit_input_failed;
  return outcome.verdict == gate_verdict::tripped ? exit_gate_tripped : exit_ok;
}

}  // namespace

std::vector<result_file> read_compared_inputs(const cxxopts::ParseResult& args,
                                              const std::string& command, bool& failed) {
  if (!args.count("files")) bad_usage("no input files");
  const auto files =
      read_result_files(args["files"].as<std::vector<std::string>>(), limits_from(args),
                        archive_limits_from(args), id_options_from(args), failed);
  for (const auto& file : files) print_warnings(file);
  if (files.empty() && !failed)
    std::cerr << "iosr " << command << ": no result file among the inputs\n";
  return files;
}

int run_comparison(cxxopts::Options& options, int argc, char** argv,
                   const comparison_command& command) {
  if (command.gate) {
    options.add_options()("fail-if-worse",
                          "exit 3 when a configuration is worse than its baseline by more than "
                          "PCT percent on any test, on the performance ratio r: (1/r - 1) x 100, "
                          "so 100 trips at half the baseline's performance either way, or lacks "
                          "a result its baseline has; a line on standard error says what was "
                          "checked, and a gate that checked nothing exits 1",
                          cxxopts::value<std::string>(), "PCT")(
        "gate-skip-noise",
        "with --fail-if-worse: entries within the noise (~) or with n<3 do not trip the gate; "
        "each is named on standard error")(
        "allow-missing",
        "with --fail-if-worse: a result the baseline has and a configuration lacks (its run "
        "failed, or the test or the whole configuration is not there) does not trip the gate; "
        "each is still named on standard error, as accepted")(
        "junit",
        "with --fail-if-worse: also write the gate as a JUnit XML report to FILE, a testcase per "
        "test and configuration, a failure with the figures for each that trips it "
        "(docs/ci-reports.md)",
        cxxopts::value<std::string>(), "FILE")(
        "step-summary",
        "append the Markdown summary (the gate's verdict, the executive summary, the tables) to "
        "FILE, as GitHub Actions shows it; FILE may be omitted: standard output, after the "
        "comparison (-o /dev/null keeps only the summary); without the option: "
        "$GITHUB_STEP_SUMMARY when set",
        cxxopts::value<std::string>()->implicit_value("-"), "FILE");
  }
  const auto args =
      parse_command_line(options, argc, argv, "\n" + std::string(command.exit_status) + "\n");
  return args ? compare_and_write(*args, command) : exit_ok;
}

}  // namespace iosr::cli
