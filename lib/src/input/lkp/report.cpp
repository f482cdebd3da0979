// SPDX-License-Identifier: MIT
// LKP's comparison tables found and taken apart by their layout, as lkp-tests' compare prints
// them (lib/compare.rb: `%16s` and `%27s` columns, a row of `±` deviations and `%change`s,
// then the metric), with what mail does to them: quoting already removed, lines a client
// wrapped, headers people edit.
#include "input/lkp/report.hpp"

#include <algorithm>

#include "number.hpp"
#include "strings.hpp"

namespace iosr::detail {

namespace {

struct token {
  std::string_view text;
  std::size_t offset;
};

struct line_view {
  std::size_t begin, end;
};

std::vector<line_view> lines_of(std::string_view text) {
  std::vector<line_view> lines;
  for (std::size_t at = 0; at < text.size();) {
    auto l = line_starting_at(text, at);
    lines.push_back({l.begin, l.end});
    at = l.next;
  }
  return lines;
}

bool is_blank(char c) { return c == ' ' || c == '\t'; }

std::vector<token> tokens_of(std::string_view text, line_view line) {
  std::vector<token> out;
  for (auto i = line.begin; i < line.end;) {
    while (i < line.end && is_blank(text[i])) ++i;
    if (i == line.end) break;
    auto start = i;
    while (i < line.end && !is_blank(text[i])) ++i;
    out.push_back({text.substr(start, i - start), start});
  }
  return out;
}

// `----------------`, then `---------------------------` per further column: LKP prints 16 and
// 27 dashes; hand-made tables keep the look with other widths, so any run of 8 or more counts.
std::size_t dash_groups(std::string_view line) {
  line = trim(line);
  if (line.empty()) return 0;
  std::size_t groups = 0;
  for_each_piece(line, ' ', [&](std::string_view piece) {
    if (groups == std::size_t(-1)) return;
    if (piece.size() < 8 || piece.find_first_not_of('-') != std::string_view::npos) {
      groups = std::size_t(-1);
      return;
    }
    ++groups;
  });
  return groups == std::size_t(-1) ? 0 : groups;
}

bool is_signed_number(std::string_view t) {
  if (t.size() < 2 || (t.front() != '+' && t.front() != '-')) return false;
  if (t.back() == '%') t.remove_suffix(1);
  return parse_number(t.substr(1)).has_value();
}

// `-25%`, `4%`, `+100%`: a failure row's change, LKP's `%.0f%%` of the difference in the share
// of failed runs (absolute without `%` for some metrics).
bool is_failure_change(std::string_view t) {
  if (!t.empty() && (t.front() == '+' || t.front() == '-')) t.remove_prefix(1);
  if (!t.empty() && t.back() == '%') t.remove_suffix(1);
  return parse_number(t).has_value();
}

// `1:4`, `:4`, `503:3`: failed runs (or events) and runs.
std::optional<std::size_t> runs_of(std::string_view t) {
  auto colon = t.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  auto failed = t.substr(0, colon), runs = t.substr(colon + 1);
  auto digits = [](std::string_view s) {
    return std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  if (!digits(failed) || runs.empty() || !digits(runs) || runs.size() > 9) return std::nullopt;
  std::size_t n = 0;
  for (char c : runs) n = n * 10 + std::size_t(c - '0');
  return n;
}

bool is_percent_count(std::string_view t) {
  if (t.size() < 2 || t.back() != '%') return false;
  t.remove_suffix(1);
  return std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; });
}

enum class parse_state { complete, incomplete, invalid };

// A row of `columns` cells and a metric, from tokens[from...]: the cells' tokens are read in
// order, so a row cut by a mail client reads as incomplete, not invalid.
parse_state parse_row(const std::vector<token>& t, std::size_t columns, lkp_row& row) {
  row.cells.clear();
  std::size_t i = 0;
  for (std::size_t c = 0; c < columns; ++c) {
    lkp_cell cell;
    if (c > 0) {
      if (i == t.size()) return parse_state::incomplete;
      if (!is_signed_number(t[i].text)) return parse_state::invalid;
      cell.change = t[i].text;
      cell.change_offset = t[i].offset;
      ++i;
    }
    if (i == t.size()) return parse_state::incomplete;
    if (!parse_number(t[i].text)) return parse_state::invalid;
    cell.value = t[i].text;
    cell.value_offset = t[i].offset;
    ++i;
    if (i < t.size()) {
      if (auto pm = plus_minus_length(t[i].text)) {
        cell.plus_minus = t[i].text.substr(0, pm);
        std::string_view dev = t[i].text.substr(pm);
        std::size_t dev_offset = t[i].offset + pm;
        ++i;
        if (dev.empty()) {
          if (i == t.size()) return parse_state::incomplete;
          dev = t[i].text;
          dev_offset = t[i].offset;
          ++i;
        }
        if (!is_percent_count(dev)) return parse_state::invalid;
        cell.deviation = dev.substr(0, dev.size() - 1);
        cell.deviation_offset = dev_offset;
      }
    }
    row.cells.push_back(cell);
  }
  if (i == t.size()) return parse_state::incomplete;
  if (i + 1 != t.size()) return parse_state::invalid;
  // A metric is a name, never a number.
  if (parse_number(t[i].text) || is_signed_number(t[i].text)) return parse_state::invalid;
  row.metric = t[i].text;
  row.metric_offset = t[i].offset;
  return parse_state::complete;
}

// A `fail:runs` row: `1:4   -25%   :4   kmsg.xxx`. The runs of each column, or nothing.
std::optional<std::vector<std::size_t>> parse_failure_row(const std::vector<token>& t,
                                                          std::size_t columns) {
  if (t.size() != 2 * columns) return std::nullopt;
  std::vector<std::size_t> runs;
  for (std::size_t c = 0; c < columns; ++c) {
    if (c > 0 && !is_failure_change(t[2 * c - 1].text)) return std::nullopt;
    auto r = runs_of(t[c == 0 ? 0 : 2 * c].text);
    if (!r) return std::nullopt;
    runs.push_back(*r);
  }
  return runs;
}

bool is_marker_line(const std::vector<token>& t) {
  if (t.empty()) return false;
  for (const auto& x : t) {
    if (x.text.find("%stddev") != std::string_view::npos ||
        x.text.find("fail:runs") != std::string_view::npos) {
      return true;
    }
  }
  return std::all_of(t.begin(), t.end(),
                     [](const token& x) { return x.text == "|" || x.text == "\\"; });
}

class section_reader {
 public:
  explicit section_reader(std::string_view text) : text_(text), lines_(lines_of(text)) {}

  lkp_report read() {
    lkp_report report;
    find_intro(report);
    for (std::size_t i = 0; i < lines_.size(); ++i) {
      auto groups = dash_groups(line(i));
      if (groups < 2) continue;
      // A rule a mail client wrapped goes on in lines of dashes alone.
      auto first_row = i + 1;
      while (first_row < lines_.size() && dash_groups(line(first_row)) > 0) {
        groups += dash_groups(line(first_row));
        ++first_row;
      }
      lkp_section s;
      s.offset = lines_[i].begin;
      s.columns = groups;
      auto next = read_rows(s, first_row);
      if (s.rows.empty() && s.runs.empty() && !s.runs_disagree) continue;
      read_head(s, i);
      report.sections.push_back(std::move(s));
      i = next - 1;
    }
    return report;
  }

 private:
  std::string_view line(std::size_t i) const {
    return text_.substr(lines_[i].begin, lines_[i].end - lines_[i].begin);
  }
  bool blank(std::size_t i) const { return trim(line(i)).empty(); }

  // The report's own sentence and test machine, before its first table.
  void find_intro(lkp_report& report) const {
    for (std::size_t i = 0; i < lines_.size(); ++i) {
      auto l = trim(line(i));
      if (dash_groups(l) >= 2) break;
      if (report.title.empty() && (l.starts_with("kernel test robot noticed") ||
                                   l.starts_with("FYI, we noticed"))) {
        report.title = l;
        report.title_offset = lines_[i].begin + std::size_t(l.data() - line(i).data());
      }
      for (std::string_view key : {"test machine:", "on test machine:"}) {
        if (report.machine.empty() && l.starts_with(key)) {
          report.machine = trim(l.substr(key.size()));
          report.machine_offset = lines_[i].begin + std::size_t(report.machine.data() - line(i).data());
        }
      }
    }
  }

  // Rows from line `i` on, to the table's end (a blank line); returns the line after it.
  std::size_t read_rows(lkp_section& s, std::size_t i) {
    std::vector<std::vector<std::size_t>> failure_runs;
    while (i < lines_.size() && !blank(i)) {
      auto t = tokens_of(text_, lines_[i]);
      if (is_marker_line(t)) {
        ++i;
        continue;
      }
      if (auto runs = parse_failure_row(t, s.columns)) {
        failure_runs.push_back(std::move(*runs));
        ++i;
        continue;
      }
      lkp_row row;
      row.offset = lines_[i].begin;
      auto state = parse_row(t, s.columns, row);
      // A row a mail client wrapped: its cells go on in the next lines (at most two).
      auto end = i + 1;
      while (state == parse_state::incomplete && end < lines_.size() && end < i + 3 &&
             !blank(end)) {
        auto more = tokens_of(text_, lines_[end]);
        if (is_marker_line(more)) break;
        t.insert(t.end(), more.begin(), more.end());
        ++end;
        state = parse_row(t, s.columns, row);
      }
      if (state != parse_state::complete) {
        s.unread.emplace_back(lines_[i].begin, line(i));
        ++i;
        continue;
      }
      row.lines = end - i;
      s.rows.push_back(std::move(row));
      i = end;
    }
    if (!failure_runs.empty()) {
      if (std::all_of(failure_runs.begin(), failure_runs.end(),
                      [&](const auto& r) { return r == failure_runs.front(); })) {
        s.runs = failure_runs.front();
      } else {
        s.runs_disagree = true;
      }
    }
    return i;
  }

  // Above rule line `rule`: the column names, the commit list, the parameters and the machine.
  void read_head(lkp_section& s, std::size_t rule) {
    std::vector<token> header;
    std::size_t top = rule;  // the first line of the column header
    for (std::size_t back = 1; back <= 3 && back <= rule; ++back) {
      auto i = rule - back;
      if (blank(i) || trim(line(i)).ends_with(':')) break;
      auto t = tokens_of(text_, lines_[i]);
      t.insert(t.end(), header.begin(), header.end());
      header = std::move(t);
      top = i;
      if (header.size() >= s.columns) break;
    }
    // The commit list: `commit:` then a line per column, a blank line before the header.
    std::size_t commit_line = std::string_view::npos;
    const std::size_t limit = top > 12 + s.columns ? top - 12 - s.columns : 0;
    for (std::size_t i = top; i > limit;) {
      --i;
      auto l = trim(line(i));
      if (l == "commit:") {
        commit_line = i;
        break;
      }
      if (dash_groups(l) >= 2 || l.starts_with("=====")) break;
    }
    std::vector<token> ids;
    if (commit_line != std::string_view::npos) {
      for (auto i = commit_line + 1; i < top && !blank(i); ++i) {
        auto t = tokens_of(text_, lines_[i]);
        ids.push_back(t.front());
        s.commits.push_back(trim(line(i)));
      }
    }
    const auto& names = ids.size() == s.columns ? ids : header;
    if (names.size() == s.columns) {
      for (const auto& n : names) {
        s.labels.push_back(n.text);
        s.label_offsets.push_back(n.offset);
      }
    }
    if (ids.size() != s.columns) s.commits.clear();
    if (commit_line != std::string_view::npos) read_parameters(s, commit_line);
  }

  // `compiler/cpufreq_governor/kconfig/...:` and `  gcc-12/performance/...` above `commit:`,
  // `=====` above them, and the machine's line above that.
  void read_parameters(lkp_section& s, std::size_t commit_line) {
    auto i = commit_line;
    while (i > 0 && blank(i - 1)) --i;
    if (i < 2) return;
    auto values_line = i - 1, keys_line = i - 2;
    auto keys = trim(line(keys_line));
    auto values = trim(line(values_line));
    if (!keys.ends_with(':') || keys.find('/') == std::string_view::npos ||
        line(values_line).empty() || !is_blank(line(values_line).front())) {
      return;
    }
    keys.remove_suffix(1);
    auto k = split(keys, '/');
    auto v = split(values, '/');
    s.parameters_offset = lines_[values_line].begin +
                          std::size_t(values.data() - line(values_line).data());
    if (k.size() != v.size()) {
      s.parameters_unpaired = true;
    } else {
      for (std::size_t j = 0; j < k.size(); ++j) s.parameters.emplace_back(k[j], v[j]);
    }
    // `lkp-cfl-d2: 12 threads ...`: the machine the parameters name (tbox_group).
    if (keys_line >= 2 && trim(line(keys_line - 1)).starts_with("=====")) {
      auto m = trim(line(keys_line - 2));
      auto colon = m.find(": ");
      for (const auto& [key, value] : s.parameters) {
        if (key == "tbox_group" && colon != std::string_view::npos && m.substr(0, colon) == value) {
          s.machine = trim(m.substr(colon + 2));
        }
      }
    }
  }

  std::string_view text_;
  std::vector<line_view> lines_;
};

}  // namespace

std::size_t plus_minus_length(std::string_view token) {
  for (std::string_view form : {std::string_view("\xC2\xB1"), std::string_view("\xC4\x85"),
                                std::string_view("\xC3\x82\xC2\xB1"), std::string_view("\xB1")}) {
    if (token.starts_with(form)) return form.size();
  }
  return 0;
}

bool has_comparison_table(std::string_view text) {
  for (auto at = text.find("%stddev"); at != std::string_view::npos;
       at = text.find("%stddev", at + 1)) {
    auto end = text.find('\n', at);
    if (text.substr(at, end == std::string_view::npos ? end : end - at).find("%change") !=
        std::string_view::npos) {
      return true;
    }
  }
  // A table without that line (cut by hand): its rule, and a row under it.
  constexpr std::string_view rule = "---------------- ---------------------------";
  for (auto at = text.find(rule); at != std::string_view::npos; at = text.find(rule, at + 1)) {
    auto pos = line_starting_at(text, at).next;
    for (int more = 0; more < 4 && pos < text.size(); ++more) {
      auto l = line_starting_at(text, pos);
      auto t = tokens_of(text, {l.begin, l.end});
      if (t.empty()) break;
      if (t.size() >= 3 && parse_number(t.front().text) &&
          t.back().text.find('.') != std::string_view::npos) {
        return true;
      }
      pos = l.next;
    }
  }
  return false;
}

lkp_report parse_report(std::string_view text) { return section_reader(text).read(); }

}  // namespace iosr::detail
