// SPDX-License-Identifier: MIT
// test_filter (iosr/test_filter.hpp): every user-given pattern compiled by RE2, once, with its
// program bounded; a pattern RE2 refuses is a usage error that says why in the user's words.
#include "iosr/test_filter.hpp"

#include <re2/re2.h>

#include <string>

#include "iosr/error.hpp"

namespace iosr::detail {

struct compiled_filter {
  explicit compiled_filter(const std::string& pattern, const RE2::Options& options)
      : re(pattern, options) {}
  RE2 re;
};

namespace {

RE2::Options filter_options() {
  RE2::Options o;
  o.set_log_errors(false);   // the error is thrown to the caller, never printed by RE2
  o.set_never_capture(true); // a filter only asks whether it is found
  o.set_case_sensitive(true);
  return o;
}

// The first lookaround construct of `pattern`, which RE2 refuses with a message about a Perl
// operator; empty when there is none.
std::string_view lookaround_in(std::string_view pattern) {
  for (const std::string_view op : {"(?=", "(?!", "(?<=", "(?<!"}) {
    if (pattern.find(op) != std::string_view::npos) return op;
  }
  return {};
}

// Why RE2 refused `pattern`, in words a user can act on.
std::string why(const RE2& re, std::string_view pattern) {
  const std::string arg = re.error_arg();
  const std::string quoted = "'" + arg + "'";
  switch (re.error_code()) {
    case RE2::ErrorBadEscape:
      if (arg.size() == 2 && arg[0] == '\\' && arg[1] >= '1' && arg[1] <= '9') {
        return "backreferences (" + arg +
               ") are not supported: filters are matched in linear time (RE2), which rules "
               "them out";
      }
      return quoted + " is no escape RE2 knows";
    case RE2::ErrorBadPerlOp:
    case RE2::ErrorMissingParen:
    case RE2::ErrorRepeatArgument:
      if (const auto op = lookaround_in(pattern); !op.empty()) {
        return "lookaround (" + std::string(op) +
               "…) is not supported: filters are matched in linear time (RE2), which rules it "
               "out";
      }
      if (re.error_code() == RE2::ErrorMissingParen) return "a '(' is not closed";
      if (re.error_code() == RE2::ErrorRepeatArgument) return quoted + " repeats nothing";
      return quoted + " is no group RE2 knows";
    case RE2::ErrorUnexpectedParen:
      return "a ')' closes no '('";
    case RE2::ErrorMissingBracket:
      return "a '[' is not closed";
    case RE2::ErrorTrailingBackslash:
      return "it ends in a lone '\\'";
    case RE2::ErrorRepeatSize:
      return "the repeat " + quoted + " is beyond what RE2 takes (counts up to 1000)";
    case RE2::ErrorRepeatOp:
      return quoted + " is no repetition RE2 knows";
    case RE2::ErrorBadCharClass:
      return quoted + " is no character class RE2 knows";
    case RE2::ErrorBadCharRange:
      return quoted + " is a range whose end comes before its start";
    case RE2::ErrorBadUTF8:
      return "it is not UTF-8";
    case RE2::ErrorBadNamedCapture:
      return quoted + " is no group name RE2 takes";
    case RE2::ErrorPatternTooLarge:
      return "it is too large once compiled; expected fewer or smaller repeats";
    default:
      return re.error();
  }
}

std::string shown(const std::string& pattern) {
  return pattern.size() > 60 ? pattern.substr(0, 60) + "..." : pattern;
}

}  // namespace

}  // namespace iosr::detail

namespace iosr {

test_filter::test_filter(std::string pattern) : pattern_(std::move(pattern)) {
  if (pattern_.empty()) return;
  static const RE2::Options options = detail::filter_options();
  auto compiled = std::make_shared<const detail::compiled_filter>(pattern_, options);
  const auto& re = compiled->re;
  if (!re.ok()) {
    throw error(error_kind::usage, "'" + detail::shown(pattern_) +
                                       "' is not a regular expression iosr takes: " +
                                       detail::why(re, pattern_) +
                                       " (docs/compare.md, \"Filters\")");
  }
  if (re.ProgramSize() > max_program_size) {
    throw error(error_kind::usage,
                "'" + detail::shown(pattern_) +
                    "' is not a regular expression iosr takes: it compiles to " +
                    std::to_string(re.ProgramSize()) + " instructions; expected at most " +
                    std::to_string(max_program_size) + " (fewer or smaller repeats)");
  }
  compiled_ = std::move(compiled);
}

std::string test_filter::quoted(std::string_view text) {
  // Only what RE2 reads as an operator outside a class is escaped, so that the pattern stays
  // readable where a user sees it (the Tests field of a link followed): `^FS-Mark$`, not
  // RE2::QuoteMeta's `^FS\-Mark$`, and `Type: Random Read` as it is written.
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    if (c == '\0') {
      out += "\\x00";
      continue;
    }
    if (std::string_view("\\^$.|?*+()[]{}").find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  return out;
}

bool test_filter::found_in(std::string_view text) const {
  return !compiled_ || RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), compiled_->re);
}

bool test_filter::matches(std::string_view title, std::string_view description) const {
  return !compiled_ || found_in(title) || found_in(description);
}

}  // namespace iosr
