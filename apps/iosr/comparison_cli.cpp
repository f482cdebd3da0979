// SPDX-License-Identifier: MIT
// The shared part of `iosr compare` and `iosr table` (see comparison_cli.hpp).
#include "comparison_cli.hpp"

#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cli_support.hpp"
#include "iosr/compare.hpp"
#include "iosr/error.hpp"
#include "iosr/operations.hpp"

namespace iosr::cli {

namespace {

// A million resamples is ample for any interval; more would only be a way to wait.
constexpr long max_bootstrap = 1'000'000;

// The value of an option that takes one of an enum's names (`--group-by`, `--sort`).
template <class E>
E named(const cxxopts::ParseResult& args, const std::string& option) {
  const auto& given = args[option].as<std::string>();
  if (auto value = from_string<E>(given)) return *value;
  bad_usage("--" + option + " '" + given + "': expected " + choices_of<E>());
}

compare_options parse_options(const cxxopts::ParseResult& args) {
  compare_options o;
  if (args.count("baseline")) o.baseline = args["baseline"].as<std::string>();
  o.group_by = named<group_by>(args, "group-by");
  if (args.count("only")) o.only = args["only"].as<std::vector<std::string>>();
  if (args.count("rename")) {
    for (const auto& r : args["rename"].as<std::vector<std::string>>()) {
      const auto eq = r.find('=');
      if (eq == std::string::npos) bad_usage("--rename takes OLD=NEW, not '" + r + "'");
      o.renames.emplace_back(r.substr(0, eq), r.substr(eq + 1));
    }
  }
  if (args.count("filter")) {
    const auto& pattern = args["filter"].as<std::string>();
    try {
      o.filter = pattern;  // compiled here, once, and used as it is by compare()
    } catch (const iosr::error& e) {
      bad_usage("--filter " + std::string(e.what()));
    }
  }
  o.sort = named<test_order>(args, "sort");
  o.ignore_version = args.count("ignore-version") > 0;
  const double level = args["ci"].as<double>();
  if (!(level >= 50 && level < 100)) {
    bad_usage("--ci takes a confidence level in percent, at least 50 and below 100");
  }
  o.confidence = level / 100.0;
  o.alpha = args["alpha"].as<double>();
  if (!(o.alpha > 0 && o.alpha < 1)) bad_usage("--alpha takes a number between 0 and 1");
  const long resamples = args["bootstrap"].as<long>();
  if (resamples < 0 || resamples > max_bootstrap) {
    bad_usage("--bootstrap takes a number of resamples from 0 to " + std::to_string(max_bootstrap));
  }
  o.bootstrap = static_cast<std::size_t>(resamples);
  return o;
}

void report_regressions(const comparison& c, const std::vector<regression>& found, double limit,
                        const std::string& command) {
  for (const auto& r : found) {
    const auto& test = c.tests[r.test];
    const auto& conf = c.configurations[test.entries[r.entry].configuration];
    const auto& base = c.configurations[*c.compare_groups[conf.compare_group].baseline];
    std::cerr << "iosr " << command << ": worse than the baseline by more than " << limit
              << "%: " << test.title << (test.description.empty() ? "" : ": ") << test.description
              << ": " << conf.label << " is " << static_cast<long>(r.worse_pct * 10 + 0.5) / 10.0
              << "% worse than " << base.label << '\n';
  }
}

}  // namespace

void add_comparison_options(cxxopts::Options& options, const std::string& default_format) {
  options.positional_help(
      "FILE... ('-' reads standard input; an OpenBenchmarking.org result ID "
      "stands for its file)");
  // One option per line reads like the help it prints.
  // clang-format off
  options.add_options()
      ("f,format", "output format:" + format_list(list_comparison_formats()),
       cxxopts::value<std::string>()->default_value(default_format))
      ("o,output", "write here instead of standard output ('-' = stdout)",
       cxxopts::value<std::string>()->default_value("-"))
      ("baseline", "the baseline in each group: a label, a name or a scheduler key "
                   "(default: none, else noop)", cxxopts::value<std::string>())
      ("group-by", "which configurations share a baseline: input+group, group, input or none",
       cxxopts::value<std::string>()->default_value("input+group"))
      ("only", "keep only these configurations (label or name; repeat or separate with ,)",
       cxxopts::value<std::vector<std::string>>())
      ("rename", "rename label OLD to NEW before comparing (repeatable)",
       cxxopts::value<std::vector<std::string>>())
      ("filter", "keep tests whose title or description matches this regular expression",
       cxxopts::value<std::string>())
      ("sort", "test order: file, delta (largest change first) or name",
       cxxopts::value<std::string>()->default_value("file"))
      ("ignore-version", "match tests across inputs even when their versions differ")
      ("ci", "level of the confidence intervals, in percent",
       cxxopts::value<double>()->default_value("95"), "PCT")
      ("alpha", "false discovery rate for calling a delta significant (Benjamini-Hochberg "
                "over every p-value of the comparison)",
       cxxopts::value<double>()->default_value("0.05"), "RATE")
      ("bootstrap", "resamples of the runs for each geometric mean's interval (0 = none)",
       cxxopts::value<long>()->default_value("2000"), "N")
      ("columns", "the configurations the tables show as columns, in this order (label or "
                  "name; separate with ,); the comparison still covers all",
       cxxopts::value<std::vector<std::string>>(), "LIST")
      ("h,help", "print this help");
  // clang-format on
  add_input_options(options);
}

namespace {

int compare_and_write(const cxxopts::ParseResult& args, const comparison_command& command) {
  const auto limits = limits_from(args);
  const auto ids = id_options_from(args);
  compare_request request;
  request.options = parse_options(args);
  request.format = args["format"].as<std::string>();
  // The registry's list of formats, which the library's message does not give.
  if (!has_format(list_comparison_formats(), request.format)) {
    bad_usage(unknown_format(list_comparison_formats(), request.format));
  }
  if (command.gate && args.count("fail-if-worse")) {
    request.fail_if_worse = args["fail-if-worse"].as<double>();
  }
  if (args.count("columns")) {
    request.render.columns = args["columns"].as<std::vector<std::string>>();
  }
  const auto output = args["output"].as<std::string>();
  request.render.table_view = command.table_view;
  request.render.color = color_for(output);
  request.render.width = width_for(output);
  check_request(request);  // before any input is read
  if (!args.count("files")) bad_usage("no input files");

  bool failed = false;
  const auto files =
      read_result_files(args["files"].as<std::vector<std::string>>(), limits, ids, failed);
  for (const auto& file : files) print_warnings(file);
  if (files.empty()) return exit_input_failed;

  const auto outcome = run_compare(files, request);
  if (!write_output(output, outcome.text)) return exit_input_failed;
  if (failed) return exit_input_failed;
  if (!outcome.regressions.empty()) {
    report_regressions(outcome.result, outcome.regressions, *request.fail_if_worse, command.name);
    return exit_gate_tripped;
  }
  return exit_ok;
}

}  // namespace

int run_comparison(cxxopts::Options& options, int argc, char** argv,
                   const comparison_command& command) {
  if (command.gate) {
    options.add_options()("fail-if-worse",
                          "exit 3 when a configuration is worse than its baseline by more than "
                          "PCT percent on any test",
                          cxxopts::value<double>(), "PCT");
  }
  const auto args =
      parse_command_line(options, argc, argv, "\n" + std::string(command.exit_status) + "\n");
  return args ? compare_and_write(*args, command) : exit_ok;
}

}  // namespace iosr::cli
