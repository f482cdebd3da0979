// SPDX-License-Identifier: MIT
// THE rule of option values (apps/iosr/cli_support.hpp: arguments_as_meant(), which every
// command's parse_command_line() applies): an option's name is never another option's value,
// and an option whose value may be omitted takes the next word only when it names no option.
#include <cxxopts.hpp>
#include <string>
#include <vector>

#include "catch.hpp"
#include "cli_support.hpp"
#include "iosr/error.hpp"

namespace {

// A command's options of every kind: a flag, required values (long and short), a repeatable
// value, an optional value, and the inputs.
cxxopts::Options command() {
  cxxopts::Options options("iosr test", "");
  options.add_options()("force", "a flag")("o,output", "a value", cxxopts::value<std::string>())(
      "filter", "a value", cxxopts::value<std::string>())(
      "rename", "repeatable", cxxopts::value<std::vector<std::string>>())(
      "summary", "an optional value", cxxopts::value<std::string>()->implicit_value("-"))(
      "files", "inputs", cxxopts::value<std::vector<std::string>>());
  options.parse_positional({"files"});
  return options;
}

std::vector<std::string> meant(std::vector<std::string> words) {
  words.insert(words.begin(), "iosr test");
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  auto options = command();
  auto out = iosr::cli::arguments_as_meant(options, static_cast<int>(argv.size()), argv.data());
  out.erase(out.begin());
  return out;
}

using words = std::vector<std::string>;

std::string refusal(const words& w) {
  try {
    meant(w);
  } catch (const iosr::error& e) {
    CHECK(e.kind() == iosr::error_kind::usage);
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("a value is never a word that names an option", "[options]") {
  // Long and short options of the command, and any `--word`, are names: a usage error, which
  // says how to give such a value.
  CHECK(refusal({"a.xml", "--filter", "-o", "out.md"}) ==
        "--filter: expected a value before '-o', which names an option; a value that begins "
        "with '-' is written --filter=VALUE");
  CHECK(refusal({"-o", "--force", "a.xml"}).starts_with("-o: expected a value before '--force'"));
  CHECK(refusal({"--rename", "--output=x", "a.xml"}).find("--rename=VALUE") != std::string::npos);
  CHECK(refusal({"--filter", "--no-such-option"}).starts_with("--filter: expected a value"));
  // What cannot be an option of this command is a value: `-`, a negative number, `-O2` (no -O),
  // a value after `=`, and anything after `--`.
  CHECK(meant({"-o", "-", "a.xml"}) == words{"-o", "-", "a.xml"});
  CHECK(meant({"--filter", "-5", "a.xml"}) == words{"--filter", "-5", "a.xml"});
  CHECK(meant({"--filter", "-O2", "a.xml"}) == words{"--filter", "-O2", "a.xml"});
  CHECK(meant({"--filter=-o", "a.xml"}) == words{"--filter=-o", "a.xml"});
  CHECK(meant({"-o", "x", "--", "--filter", "-o"}) == words{"-o", "x", "--", "--filter", "-o"});
  // A value is skipped, whatever it looks like to the next option: `--rename a=--b` is fine.
  CHECK(meant({"--rename", "a=-b", "--force"}) == words{"--rename", "a=-b", "--force"});
}

TEST_CASE("an optional value takes the next word only when it names no option", "[options]") {
  CHECK(meant({"a.xml", "--summary", "-o", "out.md"}) == words{"a.xml", "--summary", "-o", "out.md"});
  CHECK(meant({"a.xml", "--summary", "--force"}) == words{"a.xml", "--summary", "--force"});
  CHECK(meant({"a.xml", "--summary"}) == words{"a.xml", "--summary"});
  // The next word that is no option is its value, joined as cxxopts reads an optional value.
  CHECK(meant({"--summary", "s.md", "a.xml"}) == words{"--summary=s.md", "a.xml"});
  CHECK(meant({"--summary", "-", "a.xml"}) == words{"--summary=-", "a.xml"});
  CHECK(meant({"--summary=s.md", "a.xml"}) == words{"--summary=s.md", "a.xml"});
  // And cxxopts then reads them as meant.
  auto options = command();
  std::vector<std::string> line = {"iosr test", "--summary", "s.md", "a.xml", "-o", "x"};
  std::vector<char*> argv;
  for (auto& w : line) argv.push_back(w.data());
  const auto as_meant = iosr::cli::arguments_as_meant(options, static_cast<int>(argv.size()), argv.data());
  std::vector<const char*> parsed;
  for (const auto& w : as_meant) parsed.push_back(w.c_str());
  const auto args = options.parse(static_cast<int>(parsed.size()), parsed.data());
  CHECK(args["summary"].as<std::string>() == "s.md");
  CHECK(args["output"].as<std::string>() == "x");
  CHECK(args["files"].as<std::vector<std::string>>() == words{"a.xml"});
}
