// SPDX-License-Identifier: MIT
// The OpenBenchmarking.org result ID rule (see iosr/openbenchmarking.hpp).
#include <optional>
#include <string>
#include <string_view>

#include <algorithm>
#include <filesystem>
#include <system_error>

#include "iosr/openbenchmarking.hpp"

namespace iosr::openbenchmarking {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_alnum(char c) { return is_digit(c) || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

}  // namespace

bool is_result_id(std::string_view text) {
  if (text.size() != 22) return false;
  const auto first = text.find('-');
  if (first == std::string_view::npos) return false;
  const auto second = text.find('-', first + 1);
  if (second == std::string_view::npos) return false;
  const auto date = text.substr(0, first);
  const auto owner = text.substr(first + 1, second - first - 1);
  const auto name = text.substr(second + 1);
  // PTS checks the first part with PHP's is_numeric, which would also take `1.5e+03`; every
  // ID the site gives out is a date and a number (YYMMDD + 1 digit), so digits it is.
  return date.size() == 7 && std::all_of(date.begin(), date.end(), is_digit) && owner.size() >= 2 &&
         owner.size() <= 8 && std::all_of(owner.begin(), owner.end(), is_alnum) && !name.empty() &&
         std::all_of(name.begin(), name.end(), is_alnum);
}

namespace {

// The ID part of `text` when it is the address of a result page, else `text`.
std::string_view without_address(std::string_view text) {
  for (std::string_view scheme : {"https://", "http://"}) {
    if (!text.starts_with(scheme)) continue;
    text.remove_prefix(scheme.size());
    if (text.starts_with("www.")) text.remove_prefix(4);
    constexpr std::string_view page = "openbenchmarking.org/result/";
    if (!text.starts_with(page)) return {};
    text.remove_prefix(page.size());
    text = text.substr(0, text.find_first_of("?#"));
    if (text.ends_with('/')) text.remove_suffix(1);
    return text;
  }
  return text;
}

}  // namespace

std::optional<std::string> result_id_in(std::string_view text) {
  const auto id = without_address(text);
  if (!is_result_id(id)) return std::nullopt;
  return std::string(id);
}

std::optional<std::string> names_result_id(const std::string& input) {
  auto id = result_id_in(input);
  if (!id) return std::nullopt;
  std::error_code ec;
  if (std::filesystem::exists(std::filesystem::symlink_status(input, ec))) return std::nullopt;
  return id;
}

std::string result_id_hint(std::string_view input) {
  const auto id = without_address(input);
  const auto first = id.find('-');
  const auto second = first == std::string_view::npos ? first : id.find('-', first + 1);
  if (second == std::string_view::npos || id.find('-', second + 1) != std::string_view::npos) {
    return {};
  }
  // Shaped as an ID (digits, a dash, letters or digits, a dash, more), but of the wrong length
  // or with a character out of place: most likely one copied short.
  const auto date = id.substr(0, first);
  if (date.size() < 6 || !std::all_of(date.begin(), date.end(), is_digit)) return {};
  const auto rest = id.substr(first + 1);
  if (!std::all_of(rest.begin(), rest.end(), [](char c) { return c == '-' || is_alnum(c); })) {
    return {};
  }
  return "not an OpenBenchmarking.org result ID either: an ID has 22 characters, 7 digits, 2 to "
         "8 letters or digits, then more (1902028-PAUL-SINGLEH35), and '" +
         std::string(id) + "' has " + std::to_string(id.size()) + "; was it copied whole?";
}

}  // namespace iosr::openbenchmarking
