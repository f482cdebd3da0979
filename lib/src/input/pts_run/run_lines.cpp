// SPDX-License-Identifier: MIT
// The kinds of line of PTS's run output, each read on its own (run_lines.hpp).
#include "input/pts_run/run_lines.hpp"

#include <algorithm>
#include <array>

#include "input/system_fields.hpp"
#include "number.hpp"
#include "strings.hpp"

namespace iosr::detail::run_log {

std::vector<log_line> split_log_lines(std::string_view text) {
  std::vector<log_line> lines;
  for (std::size_t begin = 0; begin < text.size();) {
    auto line = line_starting_at(text, begin);
    auto s = line.begin;
    while (s < line.end && (text[s] == ' ' || text[s] == '\t')) ++s;
    auto e = line.end;
    while (e > s && (text[e - 1] == ' ' || text[e - 1] == '\t' || text[e - 1] == '\r')) --e;
    lines.push_back({s, text.substr(s, e - s)});
    begin = line.next;
  }
  return lines;
}

namespace {

// PTS's headings of the System Information block (phodevi::system_information) and the keys
// its result files give the same facts.
constexpr std::array<std::pair<std::string_view, std::string_view>, 7> headings = {{
    {"PROCESSOR", "Processor"},
    {"GRAPHICS", "Graphics"},
    {"MOTHERBOARD", "Motherboard"},
    {"MEMORY", "Memory"},
    {"DISK", "Disk"},
    {"OPERATING SYSTEM", "OS"},
    {"NETWORK", "Network"},
}};

bool is_heading(std::string_view key) {
  return std::all_of(key.begin(), key.end(),
                     [](char c) { return (c >= 'A' && c <= 'Z') || c == ' '; });
}

// A key as PTS prints them: a few words of letters, digits and `-/.` (`Disk Scheduler`,
// `BAR1 / Visible vRAM`), never a prompt or a sentence.
bool is_key(std::string_view key) {
  if (key.empty() || key.size() > 24 || !is_ascii_letter(key.front())) return false;
  std::size_t words = 1;
  for (char c : key) {
    if (c == ' ') ++words;
    if (!(is_ascii_letter(c) || is_digit(c) || c == ' ' || c == '-' || c == '/' || c == '.')) {
      return false;
    }
  }
  return words <= 4;
}

bool is_software_key(std::string_view key) {
  auto keys = software_keys();
  return std::find(keys.begin(), keys.end(), key) != keys.end();
}

}  // namespace

std::size_t parse_system_block(const std::vector<log_line>& lines, std::size_t first,
                               pending_system& out) {
  auto version = std::move(out.client_version);
  out = pending_system{};
  out.client_version = std::move(version);
  std::vector<field>* last = nullptr;  // the list the last field went to
  bool in_os = false;                  // under OPERATING SYSTEM: the rest is software
  std::size_t i = first;
  for (; i < lines.size(); ++i) {
    auto text = lines[i].text;
    if (text.empty()) continue;
    if (text.starts_with("+ ")) {
      if (last == nullptr || last->empty()) break;
      last->back().value += " ";
      last->back().value += text;
      continue;
    }
    auto colon = text.find(':');
    if (colon == std::string_view::npos) break;
    auto key = text.substr(0, colon);
    auto value = trim(text.substr(colon + 1));
    if (!is_key(key) || (colon + 1 < text.size() && text[colon + 1] != ' ')) break;
    // PTS 5 and 6: `Hardware:` and `Software:`, each followed by one `Key: value, ...` line.
    if ((key == "Hardware" || key == "Software") && value.empty() && i + 1 < lines.size()) {
      auto fields = split_fields(lines[++i].text);
      auto& to = key == "Hardware" ? out.hardware : out.software;
      for (auto& f : fields) {
        if (f.key == "Disk Scheduler") out.scheduler = f.value;
        to.push_back(std::move(f));
      }
      last = nullptr;
      continue;
    }
    bool heading = is_heading(key);
    if (value.empty() && !heading) break;
    std::string name(key);
    if (heading) {
      auto h =
          std::find_if(headings.begin(), headings.end(), [&](auto& p) { return p.first == key; });
      if (h != headings.end()) name = std::string(h->second);
      in_os = name == "OS";
    }
    if (key == "Disk Scheduler") out.scheduler = std::string(value);
    if (value.empty()) continue;  // a heading PTS found nothing for (`GRAPHICS:`)
    last = in_os || is_software_key(name) ? &out.software : &out.hardware;
    last->push_back({std::move(name), std::string(value)});
  }
  return i;
}

std::optional<profile_line> parse_profile_line(std::string_view text) {
  auto id = first_word(text);
  auto slash = id.find('/');
  if (slash == 0 || slash == std::string_view::npos || slash + 1 == id.size()) return std::nullopt;
  for (char c : id) {
    if (!(is_ascii_letter(c) || is_digit(c) || c == '-' || c == '_' || c == '.' || c == '/')) {
      return std::nullopt;
    }
  }
  // owner/name-1.2.3: a version after the name's last '-'.
  auto dash = id.rfind('-');
  if (dash == std::string_view::npos || dash < slash || dash + 1 == id.size() ||
      !is_digit(id[dash + 1])) {
    return std::nullopt;
  }
  auto rest = trim(text.substr(id.size()));
  if (rest.empty()) return profile_line{id, {}};
  if (rest.size() < 2 || rest.front() != '[' || rest.back() != ']') return std::nullopt;
  return profile_line{id, rest.substr(1, rest.size() - 2)};
}

bool is_test_position(std::string_view text) {
  if (!text.starts_with("Test ")) return false;
  auto of = text.find(" of ");
  if (of == std::string_view::npos || of == 5) return false;
  auto a = text.substr(5, of - 5), b = text.substr(of + 4);
  auto digits = [](std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return is_digit(c); });
  };
  return digits(a) && digits(b);
}

void split_title_version(std::string_view header, std::string& title, std::string& version) {
  auto blank = header.rfind(' ');
  if (blank != std::string_view::npos && blank + 1 < header.size() && is_digit(header[blank + 1])) {
    title = std::string(trim(header.substr(0, blank)));
    version = std::string(header.substr(blank + 1));
    return;
  }
  title = std::string(header);
  version.clear();
}

std::optional<quantifier_line> quantifier_of(std::string_view text) {
  for (std::string_view word : {"Average", "Maximum", "Minimum"}) {
    if (text.size() > word.size() + 2 && text.starts_with(word) && text[word.size()] == ':' &&
        text[word.size() + 1] == ' ') {
      auto rest = trim(text.substr(word.size() + 2));
      auto value = first_word(rest);
      if (value.empty()) return std::nullopt;
      return quantifier_line{word, value, trim(rest.substr(value.size()))};
    }
  }
  return std::nullopt;
}

std::optional<unit_mark> direction_mark_of(std::string_view text) {
  for (auto [mark, dir] : {std::pair{std::string_view(" > Higher Is Better"), direction::higher},
                           std::pair{std::string_view(" < Lower Is Better"), direction::lower}}) {
    if (text.ends_with(mark))
      return unit_mark{trim(text.substr(0, text.size() - mark.size())), dir};
  }
  return std::nullopt;
}

std::optional<chart_line> parse_chart_line(std::string_view text) {
  // The label is padded with dots after a blank: `nvme-none ....... 315.77 |=====`.
  auto leader = text.find(" .");
  if (leader == std::string_view::npos || leader == 0) return std::nullopt;
  auto p = leader + 1;
  while (p < text.size() && text[p] == '.') ++p;
  if (p >= text.size() || text[p] != ' ') return std::nullopt;
  auto rest = trim(text.substr(p));
  auto value = first_word(rest);
  auto after = trim(rest.substr(value.size()));
  if (value.empty() || (!after.empty() && after.front() != '|')) return std::nullopt;
  return chart_line{text.substr(0, leader), value};
}

std::string_view first_word(std::string_view text) {
  auto blank = text.find(' ');
  return blank == std::string_view::npos ? text : text.substr(0, blank);
}

}  // namespace iosr::detail::run_log
