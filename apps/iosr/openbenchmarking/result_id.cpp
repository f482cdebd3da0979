// SPDX-License-Identifier: MIT
// The OpenBenchmarking.org result ID rule (see result_id.hpp).
#include "openbenchmarking/result_id.hpp"

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace iosr::cli::openbenchmarking {

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

bool names_result_id(const std::string& input) {
  if (!is_result_id(input)) return false;
  std::error_code ec;
  return !std::filesystem::exists(std::filesystem::symlink_status(input, ec));
}

}  // namespace iosr::cli::openbenchmarking
