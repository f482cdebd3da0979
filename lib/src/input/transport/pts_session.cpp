// SPDX-License-Identifier: MIT
// An interactive PTS session captured with its text export: the export is what PTS printed
// after the yes/no prompt that asked for it (pts_user_io::prompt_bool_input prints
// `QUESTION (Y/n): `).
#include <algorithm>
#include <array>

#include "input/transport/layers.hpp"

namespace iosr::detail {

namespace {

constexpr std::array<std::string_view, 3> prompt_ends = {"(Y/n): ", "(y/N): ", "(y/n): "};

// Where the prompt ends on the line [begin, end), or npos.
std::size_t prompt_end(std::string_view text, std::size_t begin, std::size_t end) {
  auto line = text.substr(begin, end - begin);
  for (auto p : prompt_ends) {
    if (auto at = line.rfind(p); at != std::string_view::npos) return begin + at + p.size();
  }
  // The prompt with its blank removed by a trailing-blank trim.
  for (auto p : prompt_ends) {
    auto bare = p.substr(0, p.size() - 1);
    if (line.ends_with(bare)) return end;
  }
  return std::string_view::npos;
}

bool is_answer(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\r')) s.remove_suffix(1);
  return s == "y" || s == "Y" || s == "n" || s == "N" || s == "yes" || s == "no" || s == "Yes" ||
         s == "No";
}

}  // namespace

bool has_pts_prompt(std::string_view text) {
  return std::any_of(prompt_ends.begin(), prompt_ends.end(), [&](std::string_view p) {
    return text.find(p.substr(0, p.size() - 1)) != std::string_view::npos;
  });
}

std::optional<undone_layer> undo_pts_session(std::string_view text) {
  if (!has_pts_prompt(text)) return std::nullopt;
  // The last prompt before the first chart (its direction mark, or its first bar for PTS 7's
  // charts without a mark): later ones belong to later sessions in the same capture.
  auto first_mark = std::min({text.find("> Higher Is Better"), text.find("< Lower Is Better"),
                              text.find(" |=")});
  std::size_t prompt_line = std::string_view::npos, after = 0, line_next = 0;
  for (std::size_t begin = 0; begin < text.size() && begin < first_mark;) {
    auto nl = text.find('\n', begin);
    auto next = nl == std::string_view::npos ? text.size() : nl + 1;
    auto end = nl == std::string_view::npos ? text.size() : nl;
    if (auto at = prompt_end(text, begin, end); at != std::string_view::npos) {
      prompt_line = begin;
      after = at;
      line_next = next;
    }
    begin = next;
  }
  if (prompt_line == std::string_view::npos) return std::nullopt;
  undone_layer layer;
  auto prompt = std::string(text.substr(prompt_line, after - prompt_line));
  while (!prompt.empty() && (prompt.back() == ' ' || prompt.back() == '\r')) prompt.pop_back();
  auto rest = text.substr(after, line_next - after);
  // The answer, when the terminal echoed it, is not the export's title.
  if (is_answer(rest.substr(0, rest.find('\n')))) after = line_next;
  layer.out.copy(text.substr(after), after);
  auto first = prompt.find_first_not_of(" \t");
  layer.notes.push_back(
      {prompt_line + (first == std::string::npos ? 0 : first),
       "an interactive PTS session: what it printed up to its prompt '" +
           (first == std::string::npos ? prompt : prompt.substr(first)) +
           "' is not part of the text export and is not read"});
  return layer;
}

}  // namespace iosr::detail
