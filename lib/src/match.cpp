// SPDX-License-Identifier: MIT
// The one definition of "the same test" and of the default baseline (iosr/match.hpp).
#include "iosr/match.hpp"

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>

#include "iosr/error.hpp"
#include "strings.hpp"

namespace iosr {

namespace {

void add_part(std::string& out, std::string_view s) {
  out += std::to_string(s.size());
  out += ':';
  out += s;
}

}  // namespace

test_fields fields_of(const result& chart) {
  return {chart.title,     chart.version,   chart.description, chart.unit,
          chart.direction, chart.arguments, chart.test_id,     chart.display_format.name()};
}

test_header header_of(const result& chart) {
  return {chart.title, chart.version, chart.description, chart.unit, chart.direction};
}

test_fields fields_of(const test_header& header) {
  return {
      header.title, header.version, header.description, header.unit, header.direction, {}, {}, {}};
}

std::string test_key(const test_fields& t, const test_match& match) {
  // The store's layout (iosr/match.hpp): the optional fields go where it has always had them.
  std::string key;
  add_part(key, t.title);
  if (match.version) add_part(key, t.version);
  add_part(key, t.description);
  if (match.definition) add_part(key, t.arguments);
  add_part(key, t.unit);
  if (match.definition) {
    add_part(key, t.test_id);
    add_part(key, t.display_format);
  }
  if (match.direction) add_part(key, to_string(t.direction));
  return key;
}

test_index::found test_index::find_or_add(const test_fields& t) {
  std::string key = test_key(t, match_);
  if (match_.occurrence) {
    // The key is length-prefixed throughout, so a suffix cannot make it equal another key.
    const int n = occurrences_[key]++;
    key += '#';
    key += std::to_string(n);
  }
  auto [it, added] = tests_.try_emplace(std::move(key), tests_.size());
  return {it->second, added};
}

void join_version(std::string& joined, std::string_view version) {
  // No version is not a version to show: `1.7`, not ` / 1.7` or `1.7 / `.
  if (version.empty()) return;
  if (joined.empty()) {
    joined = version;
    return;
  }
  std::string_view rest = joined;
  for (;;) {
    const auto cut = rest.find(" / ");
    if (rest.substr(0, cut) == version) return;
    if (cut == std::string_view::npos) break;
    rest.remove_prefix(cut + 3);
  }
  joined += " / ";
  joined += version;
}

std::string pts_test_key(const result& r) {
  std::string_view test = r.test_id;
  if (test.empty()) {
    test = r.title;
  } else if (auto dot = test.rfind('.'); dot != std::string_view::npos) {
    test = test.substr(0, dot);
  }
  const std::string_view fields[] = {detail::php_trim(r.arguments), detail::php_trim(r.description),
                                     detail::php_trim(r.version), detail::php_trim(r.unit)};
  std::size_t size = test.size();
  for (auto field : fields) size += 1 + field.size();
  std::string key;
  key.reserve(size);  // one allocation: this runs once per chart of every file read
  key += test;
  for (auto field : fields) {
    key += ',';
    key += field;
  }
  return key;
}

std::optional<int> default_baseline_rank(std::string_view scheduler, bool named_by_input) {
  if (named_by_input) return -1;
  if (scheduler == "none") return 0;
  if (scheduler == "noop") return 1;
  return std::nullopt;
}

bool names_configuration(std::string_view wanted, std::initializer_list<std::string_view> names,
                         std::string_view scheduler) {
  for (auto name : names) {
    if (name == wanted) return true;
  }
  return !scheduler.empty() && (scheduler == wanted || scheduler == scheduler_key(wanted));
}

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Whether the number ends before `at` in `text`: no digit there, nor a decimal point or comma
// that a digit stands before (`2.30`: `30` is inside it).
bool number_edge_before(std::string_view text, std::size_t at) {
  if (at == 0) return true;
  const char c = text[at - 1];
  if (is_digit(c)) return false;
  return !((c == '.' || c == ',') && at >= 2 && is_digit(text[at - 2]));
}

// Whether no number goes on at `end` in `text`: no digit, nor a decimal point or comma with a
// digit after it (`2.30`: `2` is inside it).
bool number_edge_after(std::string_view text, std::size_t end) {
  if (end == text.size()) return true;
  const char c = text[end];
  if (is_digit(c)) return false;
  return !((c == '.' || c == ',') && end + 1 < text.size() && is_digit(text[end + 1]));
}

}  // namespace

bool names_machine(std::string_view wanted, std::size_t number, std::size_t count,
                   std::string_view text) {
  const bool digits =
      !wanted.empty() && std::all_of(wanted.begin(), wanted.end(), [](char c) { return is_digit(c); });
  if (digits) {
    if (wanted.size() < 10) {
      std::size_t n = 0;
      for (const char c : wanted) n = n * 10 + static_cast<std::size_t>(c - '0');
      if (n >= 1 && n <= count) return n == number;
    }
    for (auto at = text.find(wanted); at != std::string_view::npos;
         at = text.find(wanted, at + 1)) {
      if (number_edge_before(text, at) && number_edge_after(text, at + wanted.size())) {
        return true;
      }
    }
    return false;
  }
  return detail::ascii_lower(text).find(detail::ascii_lower(wanted)) != std::string::npos;
}

name_check::name_check(std::string option, std::vector<std::string> wanted, std::string what)
    : option_(std::move(option)),
      wanted_(std::move(wanted)),
      what_(std::move(what)),
      found_(wanted_.size(), false) {}

bool name_check::look(std::initializer_list<std::string_view> names, std::string_view scheduler,
                      std::string_view shown) {
  bool any = false;
  for (std::size_t i = 0; i < wanted_.size(); ++i) {
    if (names_configuration(wanted_[i], names, scheduler)) found_[i] = any = true;
  }
  if (!wanted_.empty() && std::find(shown_.begin(), shown_.end(), shown) == shown_.end()) {
    shown_.emplace_back(shown);
  }
  return any;
}

void name_check::check() const {
  std::string missing;
  std::size_t count = 0;
  for (std::size_t i = 0; i < wanted_.size(); ++i) {
    if (found_[i]) continue;
    missing += (count++ == 0 ? "'" : ", '") + wanted_[i] + "'";
  }
  if (count == 0) return;
  std::string message = option_ + ": no " + what_ + " is named " + missing;
  if (shown_.empty()) {
    message += "; there is none to name";
  } else {
    // Enough to see the spelling; a file of hundreds of systems is not listed whole.
    constexpr std::size_t listed = 12;
    message += "; expected one of: ";
    for (std::size_t i = 0; i < shown_.size() && i < listed; ++i) {
      message += (i == 0 ? "" : ", ") + shown_[i];
    }
    if (shown_.size() > listed) {
      message += " and " + std::to_string(shown_.size() - listed) + " more";
    }
  }
  throw error(error_kind::usage, message);
}

}  // namespace iosr
