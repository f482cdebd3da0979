// SPDX-License-Identifier: MIT
// `iosr fetch ID... [-o DIR]`: OpenBenchmarking.org results as files of their own, ID.xml,
// for users who want the composite.xml itself (the cache is filled on the way).
#include <cxxopts.hpp>
#include <filesystem>
#include <iostream>

#include "cli_support.hpp"
#include "command.hpp"
#include "iosr/error.hpp"
#include "iosr/openbenchmarking.hpp"

namespace iosr::cli {

namespace {

namespace fs = std::filesystem;

// Writes `xml` to DIR/ID.xml; false after saying why. An existing file is replaced only with
// --force, unless it already holds these bytes (fetching twice is no error).
bool write_result(const std::string& id, const std::string& xml, const fs::path& dir, bool force) {
  const auto path = (dir / (id + ".xml")).string();
  std::error_code ec;
  if (!force && fs::exists(fs::symlink_status(path, ec))) {
    auto existing = openbenchmarking::read_whole_file(path, xml.size());
    if (existing.error.empty() && existing.bytes == xml) {
      std::cout << path << '\n';
      return true;
    }
    std::cerr << path << ": exists and differs; not overwritten (use --force)\n";
    return false;
  }
  if (auto problem = openbenchmarking::write_whole_file(path, xml, false)) {
    std::cerr << id << ": " << *problem << '\n';
    return false;
  }
  std::cout << path << '\n';
  return true;
}

}  // namespace

int run_fetch(int argc, char** argv) {
  cxxopts::Options options(
      "iosr fetch",
      "Fetch OpenBenchmarking.org results by their ID (1902028-PAUL-SINGLEH35) and write each "
      "as ID.xml, the composite.xml exactly as the site sends it; prints each file's path. The "
      "cache is filled too, and a cached ID is not fetched again (see --refresh). Every other "
      "command also takes an ID wherever it takes a file; docs/openbenchmarking.md says what "
      "is sent and where it is kept.");
  options.custom_help("[-o DIR] [options]");
  options.positional_help(
      "ID... (a result ID or its address, https://openbenchmarking.org/result/ID)");
  options.add_options()("o,out-dir", "write ID.xml into DIR, created if need be",
                        cxxopts::value<std::string>()->default_value("."),
                        "DIR")("force", "overwrite an ID.xml that exists and differs")(
      "h,help", "print this help")("ids", "result IDs", cxxopts::value<std::vector<std::string>>());
  add_id_options(options);
  add_limit_option(options);
  options.parse_positional({"ids"});
  const auto parsed = parse_command_line(options, argc, argv,
                                         "\nExit status: 0 every result written, 1 some result "
                                         "failed (the others are written), 2 usage error.\n");
  if (!parsed) return exit_ok;
  const auto& args = *parsed;
  if (!args.count("ids")) bad_usage("no result IDs");
  std::vector<std::string> ids;
  for (const auto& given : args["ids"].as<std::vector<std::string>>()) {
    // The address of a result's page names its ID, as it does for every other command.
    ids.push_back(openbenchmarking::result_id_in(given).value_or(given));
  }
  for (const auto& id : ids) {
    if (!openbenchmarking::is_result_id(id)) {
      std::cerr << "iosr fetch: '" << id
                << "' is not an OpenBenchmarking.org result ID; expected 22 characters such as "
                   "1902028-PAUL-SINGLEH35 (7 digits, 2 to 8 letters or digits, then more)\n";
      return exit_usage;
    }
  }
  const auto how = id_options_from(args);
  const auto limits = limits_from(args);
  const fs::path dir = args["out-dir"].as<std::string>();
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) {
    std::cerr << dir.string() << ": cannot create directory: " << ec.message() << '\n';
    return exit_input_failed;
  }
  bool failed = false;
  for (const auto& id : ids) {
    try {
      std::string cached_copy;
      const auto xml = openbenchmarking::result_xml(id, how, limits, cached_copy);
      if (!write_result(id, xml, dir, args.count("force") > 0)) failed = true;
    } catch (const parse_error& e) {
      std::cerr << e.what() << '\n';
      failed = true;
    }
  }
  return failed ? exit_input_failed : exit_ok;
}

}  // namespace iosr::cli
