// SPDX-License-Identifier: MIT
// Kernel versions as `uname -r` and kernel-comparison labels write them, parsed into the
// upstream version a series is ordered by.
#include <fmt/format.h>

#include <cctype>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "iosr/trend.hpp"

namespace iosr {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Up to 5 digits at the front of `s`, consumed; nothing when there are none or more.
std::optional<unsigned> take_number(std::string_view& s) {
  std::size_t n = 0;
  unsigned value = 0;
  while (n < s.size() && is_digit(s[n])) {
    if (++n > 5) return std::nullopt;
    value = value * 10 + static_cast<unsigned>(s[n - 1] - '0');
  }
  if (n == 0) return std::nullopt;
  s.remove_prefix(n);
  return value;
}

bool take(std::string_view& s, std::string_view prefix) {
  if (!s.starts_with(prefix)) return false;
  s.remove_prefix(prefix.size());
  return true;
}

bool starts_with_ci(std::string_view s, std::string_view prefix) {
  if (s.size() < prefix.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(s[i])) != prefix[i]) return false;
  }
  return true;
}

}  // namespace

std::optional<kernel_version> parse_kernel_version(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  if (starts_with_ci(s, "linux ")) s.remove_prefix(6);
  if (!s.empty() && (s.front() == 'v' || s.front() == 'V')) s.remove_prefix(1);
  // `5.6.0-050600rc7-generic (x86_64) 20200322`: the release ends at the first blank.
  if (auto end = s.find_first_of(" \t("); end != std::string_view::npos) s = s.substr(0, end);

  auto major = take_number(s);
  if (!major || !take(s, ".")) return std::nullopt;
  auto minor = take_number(s);
  if (!minor) return std::nullopt;
  unsigned patch = 0;
  if (s.size() > 1 && s[0] == '.' && is_digit(s[1])) {
    s.remove_prefix(1);
    auto p = take_number(s);
    if (!p) return std::nullopt;
    patch = *p;
  }

  std::optional<unsigned> rc;
  // An Ubuntu mainline build names its version again, `-050600` (then `rc7` for a candidate);
  // a distribution's own build number (`-20-generic`) says nothing about the upstream version.
  const std::string mainline = fmt::format("-{:02}{:02}{:02}", *major, *minor, patch);
  if (s.starts_with(mainline) && (s.size() == mainline.size() || !is_digit(s[mainline.size()]))) {
    s.remove_prefix(mainline.size());
    if (take(s, "rc")) rc = take_number(s);
  } else if (take(s, "-rc") || take(s, "rc")) {
    rc = take_number(s);
    if (!rc) return std::nullopt;
  }
  // `git describe`: N commits after the tag, at commit HASH.
  std::optional<unsigned> commits;
  std::string_view hash;
  {
    std::string_view t = s;
    if (take(t, "-")) {
      auto n = take_number(t);
      if (n && take(t, "-g")) {
        std::size_t h = 0;
        while (h < t.size() && std::isxdigit(static_cast<unsigned char>(t[h]))) ++h;
        if (h >= 7) {
          commits = n;
          hash = t.substr(0, h);
        }
      }
    }
  }

  kernel_version v;
  v.text = fmt::format("{}.{}", *major, *minor);
  if (patch) v.text += fmt::format(".{}", patch);
  if (rc) v.text += fmt::format("-rc{}", *rc);
  if (commits) v.text += fmt::format("-{}-g{}", *commits, hash);
  // A release candidate comes before its release ('a' < 'b'); commits after a tag after it.
  v.sort_key = fmt::format("{:05}.{:05}.{:05}.{}{:05}.{:08}", *major, *minor, patch, rc ? 'a' : 'b',
                           rc.value_or(0), commits.value_or(0));
  return v;
}

}  // namespace iosr
