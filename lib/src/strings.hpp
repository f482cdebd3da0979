// SPDX-License-Identifier: MIT
// Small string helpers shared by the readers.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace iosr::detail {

/// `s` without leading blanks and trailing blanks or a `\r`.
inline std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) {
    s.remove_suffix(1);
  }
  return s;
}

/// `s` without what PHP's trim() removes, as PTS applies it: blanks, line ends, NUL and
/// vertical tab at either end.
inline std::string_view php_trim(std::string_view s) {
  constexpr std::string_view blanks{" \t\n\r\v\0", 6};
  auto begin = s.find_first_not_of(blanks);
  if (begin == std::string_view::npos) return {};
  return s.substr(begin, s.find_last_not_of(blanks) - begin + 1);
}

/// Calls `use` with each piece of `text` between separators, as split() gives them, without a
/// vector of the pieces.
template <class Use>
void for_each_piece(std::string_view text, char separator, Use&& use) {
  std::size_t begin = 0;
  while (true) {
    auto end = text.find(separator, begin);
    use(text.substr(begin, end - begin));
    if (end == std::string_view::npos) return;
    begin = end + 1;
  }
}

/// How many pieces for_each_piece() and split() give.
inline std::size_t count_pieces(std::string_view text, char separator) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), separator)) + 1;
}

/// The pieces of `text` between separators; `a::b` gives `a`, ``, `b`, and `` gives one piece.
inline std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> pieces;
  pieces.reserve(count_pieces(text, separator));
  for_each_piece(text, separator, [&](std::string_view piece) { pieces.push_back(piece); });
  return pieces;
}

/// `s` with ASCII letters in lower case, every other byte as it is (MIME and HTML names are
/// ASCII and case-insensitive; unlike std::tolower, independent of locale).
inline std::string ascii_lower(std::string_view s) {
  std::string out(s);
  for (auto& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

/// One line of a text: [begin, end) is its content, without the line end (`\n` or `\r\n`);
/// `next` is where the following line starts (the text's size after the last line).
struct text_line {
  std::size_t begin, end, next;
};

/// The line of `text` that starts at `begin`.
inline text_line line_starting_at(std::string_view text, std::size_t begin) {
  auto nl = text.find('\n', begin);
  auto end = nl == std::string_view::npos ? text.size() : nl;
  auto next = nl == std::string_view::npos ? text.size() : nl + 1;
  if (end > begin && text[end - 1] == '\r') --end;
  return {begin, end, next};
}

/// An ASCII digit (unlike std::isdigit, defined for every byte and independent of locale).
inline bool is_digit(char c) { return c >= '0' && c <= '9'; }

/// An ASCII letter of either case (unlike std::isalpha, independent of locale).
inline bool is_ascii_letter(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

/// The value of an ASCII hex digit of either case (`a` and `A` are 10), or -1 for any other byte.
inline int hex_digit_value(char c) {
  if (is_digit(c)) return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

}  // namespace iosr::detail
