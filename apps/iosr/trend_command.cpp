// SPDX-License-Identifier: MIT
// `iosr trend`: each configuration against its baseline along a series of kernels, dates or
// labels, read from the database that `iosr db import` fills (docs/db.md).
#include <algorithm>
#include <cxxopts.hpp>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

#include "cli_support.hpp"
#include "command.hpp"
#include "iosr/compare.hpp"
#include "iosr/operations.hpp"
#include "iosr/store.hpp"
#include "iosr/trend.hpp"

namespace iosr::cli {

int run_trend(int argc, char** argv) {
  cxxopts::Options options(
      "iosr trend",
      "Follow results over time. For each test, and for their geometric mean (chained: each "
      "point against the one before, over the tests at both), each configuration's performance "
      "ratio against its baseline "
      "(> 1 = better) along a series: the systems' kernel versions (5.6.0-050600rc7-generic is "
      "5.6-rc7, ordered as versions), else the run dates. A configuration is a label group "
      "and scheduler (the label when it names no scheduler); series are kept apart per "
      "machine (its processor, motherboard, chipset, memory and disk). Several runs at a point "
      "are combined by geometric mean. Change points: circular binary segmentation with Student's "
      "t "
      "on the log ratios, Bonferroni-corrected (docs/db.md).\nFormats:" +
          format_list(list_trend_formats()) + "\n");
  options.custom_help("[--db FILE|URL] [--by kernel|date|label] [--format FORMAT] [options]");
  add_db_option(options);
  // One option per statement: a long chain of calls is hard to read once formatted.
  auto add = options.add_options();
  add("by",
      "the series: kernels, dates, or labels that are kernels (kernel-comparison posts; every "
      "point against --baseline LABEL) " +
          one_of<trend_by>(),
      cxxopts::value<std::string>()->default_value("kernel"), "SERIES");
  add("baseline",
      "the baseline: a scheduler, name or label (default: none, else noop); with --by label, "
      "the label every point is measured against (default: as compare, a label with the none "
      "scheduler, else noop, else the first point); one that names none is a usage error",
      cxxopts::value<std::string>(), "NAME");
  add("group-by",
      "each label group has its own baseline, or none: a configuration is its scheduler alone "
      "(one of: group or none)",
      cxxopts::value<std::string>()->default_value("group"), "WHAT");
  add("across-machines",
      "one series over all machines (a ratio from another machine is not the same series: use "
      "with care)");
  add("ignore-version", "match tests across versions of the benchmark");
  add("only",
      "keep only these configurations: a scheduler, name or label, as --baseline names them "
      "(repeat or separate with ,); one that names none, only a baseline (it has no series), or "
      "is empty, is a usage error",
      cxxopts::value<std::vector<std::string>>(), "NAME");
  add("machine",
      "keep only these machines: a number from 1 to the number of machines is one's number as "
      "every output shows it (its place among all the machines, whatever else is chosen); "
      "another number one in the name (980, not the 8 of 980); any other text a part of the "
      "name, in any case (ryzen 9, 64GB) (repeat or separate with ,); one that names none, or "
      "an empty one, is a usage error",
      cxxopts::value<std::vector<std::string>>(), "MACHINE");
  add("filter", "keep the tests whose title or description matches REGEX (RE2 syntax)",
      cxxopts::value<std::string>(), "REGEX");
  add("alpha", "change points: the largest corrected p-value",
      cxxopts::value<std::string>()->default_value("0.01"), "P");
  add("min-step", "change points: the smallest step in percent",
      cxxopts::value<std::string>()->default_value("5"), "PCT");
  add("f,format", "output format", cxxopts::value<std::string>()->default_value("ascii"), "FORMAT");
  add("o,output",
      "write here instead of standard output ('-' = stdout); its extension gives the format "
      "unless --format does",
      cxxopts::value<std::string>()->default_value("-"), "OUT");
  add("force", "replace OUT when it exists (else it is refused)");
  add("h,help", "print this help");
  const auto parsed = parse_command_line(options, argc, argv,
                                         "\nExit status: 0 success, 1 the database could not be "
                                         "read or the output written, 2 usage error.\n");
  if (!parsed) return exit_ok;
  const auto& args = *parsed;
  if (!args.unmatched().empty()) bad_usage("takes no INPUT: it reads the database (--db)");
  trend_options o;
  o.by = named_value<trend_by>(args, "by");
  // A trend's configurations share a baseline within their label group or across all.
  const auto grouping = args["group-by"].as<std::string>();
  const auto group = from_string<group_by>(grouping);
  if (group != group_by::group && group != group_by::none) {
    bad_value("group-by", grouping, "is not group or none");
  }
  o.by_group = group == group_by::group;
  if (args.count("baseline")) o.baseline = args["baseline"].as<std::string>();
  o.across_machines = args.count("across-machines") > 0;
  o.ignore_version = args.count("ignore-version") > 0;
  o.alpha = number_of(args, "alpha");
  if (!(o.alpha > 0 && o.alpha < 1)) bad_usage("--alpha: expected a number between 0 and 1");
  o.min_step = number_of(args, "min-step") / 100;
  if (!(o.min_step >= 0 && o.min_step < 10)) {
    bad_usage("--min-step: expected a percentage from 0 to 1000");
  }
  o.filter = filter_from(args);
  // An empty value (an unset $M in a script) would otherwise mean every one: a usage error.
  auto option_names = [&](const std::string& option, const char* expected) {
    std::vector<std::string> names;
    if (!args.count(option)) return names;
    names = args[option].as<std::vector<std::string>>();
    if (names.empty() ||
        std::any_of(names.begin(), names.end(), [](const auto& n) { return n.empty(); })) {
      bad_usage("--" + option + ": an empty name; expected " + expected);
    }
    return names;
  };
  o.only = option_names("only", "a scheduler, name or label");
  o.machines = option_names("machine", "a machine's number as shown or a part of its name");
  const auto format = args["format"].as<std::string>();
  if (!has_format(list_trend_formats(), format)) {
    bad_usage(unknown_format(list_trend_formats(), format));
  }

  trend_request request;
  request.options = o;
  request.by_chosen = args.count("by") > 0;
  request.format = output_format(args, "format", args["output"].as<std::string>(), "-o",
                                 names_of(list_trend_formats()), format);
  const auto output = args["output"].as<std::string>();
  request.render.color = color_for(output);
  const bool force = args.count("force") > 0;
  if (auto refused = refuse_existing(output, force)) {
    std::cerr << *refused << '\n';
    return exit_input_failed;
  }
  request.render.width = width_for(output);
  const auto db = store::open(database_of(args), store_access::read);
  // The machines --machine names are chosen in the store's query too, so that one machine's
  // trend reads that machine's entries only: a machine's number is its place among every
  // machine, known from the systems alone, and a part of a name is looked for in the name and
  // every hardware field (at least the machines the trend then chooses exactly).
  trend_query query(o.filter);
  if (!o.across_machines) query.machines = o.machines;
  auto input = db->load_trend_input(query);
  // As in compare: a filter that keeps none of the store's tests is most likely a typing error.
  if (!o.filter.empty() && input.tests.empty() && !db->load_trend_input({}).tests.empty()) {
    bad_value("filter", args["filter"].as<std::string>(),
              "matches no test's title or description in the database; expected a regular "
              "expression found in one of them");
  }
  const auto outcome = run_trend(std::move(input), request);
  return write_output(output, outcome.text, force) ? exit_ok : exit_input_failed;
}

}  // namespace iosr::cli
