// SPDX-License-Identifier: MIT
// iosr's Markdown tables read back (docs/tables.md): `iosr table` and `iosr compare --format md`
// lay a comparison out as a summary, then per comparison group (`## Results`, or `## GROUP`)
// one table per test family: `### TITLE VERSION`, a line of the options the family's tests
// share and its unit, then a row per test (the options that vary, the unit when the tests'
// differ) and a column per configuration, each cell `VALUE (DELTA ...)`.
#include <map>
#include <set>

#include "input/iosr_table/iosr_table_parts.hpp"
#include "input/markdown_tables.hpp"
#include "input/table_charts.hpp"
#include "input/title_line.hpp"
#include "number.hpp"
#include "strings.hpp"

namespace iosr::detail {

namespace {

struct md_line {
  std::string_view text;
  std::size_t offset;
};

std::vector<md_line> lines_of(std::string_view text) {
  std::vector<md_line> lines;
  for (std::size_t at = 0; at < text.size();) {
    auto end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    auto line = text.substr(at, end - at);
    if (line.ends_with('\r')) line.remove_suffix(1);
    lines.push_back({line, at});
    at = end + 1;
  }
  return lines;
}

// `MB/s, ↑ better`, `↓ better`: the unit and direction iosr writes after a family's options or
// a row's; false when `text` ends in no direction (a unit without one is not told from options).
bool unit_and_direction(std::string_view text, std::string& unit, direction& dir) {
  for (auto [mark, d] : {std::pair{std::string_view("\xE2\x86\x91 better"), direction::higher},
                         std::pair{std::string_view("\xE2\x86\x93 better"), direction::lower}}) {
    if (!text.ends_with(mark)) continue;
    text.remove_suffix(mark.size());
    text = trim(text);
    if (text.ends_with(',')) text.remove_suffix(1);
    unit = std::string(trim(text));
    dir = d;
    return true;
  }
  return false;
}

// A family's line `SHARED OPTIONS. UNIT, ↑ better`.
void read_about(std::string_view about, std::string& shared, std::string& unit, direction& dir) {
  auto cut = about.rfind(". ");
  if (unit_and_direction(cut == std::string_view::npos ? about : about.substr(cut + 2), unit, dir)) {
    shared = cut == std::string_view::npos ? std::string() : std::string(about.substr(0, cut));
    return;
  }
  shared = std::string(about);
}

// A row's `VARYING OPTIONS (UNIT, ↑ better)`.
std::string read_row_label(std::string_view label, std::string& unit, direction& dir) {
  if (label.ends_with(" better)")) {
    auto open = label.rfind('(');
    if (open != std::string_view::npos &&
        unit_and_direction(label.substr(open + 1, label.size() - open - 2), unit, dir)) {
      return std::string(trim(label.substr(0, open)));
    }
  }
  return label == "\xE2\x80\x94" ? std::string() : std::string(label);
}

std::string joined(std::string_view a, std::string_view b) {
  if (a.empty()) return std::string(b);
  if (b.empty()) return std::string(a);
  return std::string(a) + " - " + std::string(b);
}

}  // namespace

void read_iosr_markdown(reader_context& ctx) {
  const auto tables = find_markdown_tables(ctx.text);
  const auto lines = lines_of(ctx.text);
  if (tables.empty()) ctx.fail(0, "no table; expected iosr's Markdown as iosr table writes it");
  // The summary names every configuration in full.
  std::set<std::string> configurations;
  for (const auto& row : tables.front().rows) configurations.insert(markdown_unescaped(row[0].text));
  table_charts charts(ctx);
  std::map<std::string, bool> system_known;
  std::size_t line = 0;
  std::string group, heading, about;
  bool reassembled = false, split_version = false;
  for (std::size_t t = 1; t < tables.size(); ++t) {
    const auto& table = tables[t];
    // The headings and the family's line above the table.
    std::string about_line;
    for (; line < lines.size() && lines[line].offset < table.offset; ++line) {
      auto text = lines[line].text;
      if (text.starts_with("## ")) {
        group = markdown_unescaped(text.substr(3));
        if (group == "Results") group.clear();
        heading.clear();
      } else if (text.starts_with("### ")) {
        heading = markdown_unescaped(text.substr(4));
        about_line.clear();
      } else if (!trim(text).empty() && !text.starts_with("![")) {
        about_line = std::string(text);
      }
    }
    line = 0;
    while (line < lines.size() && lines[line].offset < table.end) ++line;
    if (heading.empty() || table.header.empty() || markdown_unescaped(table.header[0].text) != "Test") {
      continue;  // the notes' or another table: not a family's
    }
    std::string shared, family_unit;
    direction family_dir = direction::none;
    read_about(markdown_unescaped(about_line), shared, family_unit, family_dir);
    auto split = split_title_line(heading);
    split_version = split_version || !split.version.empty();
    // The columns: configurations, the baseline marked; a group's shown without `GROUP: `.
    std::vector<std::string> labels;
    for (std::size_t c = 1; c < table.header.size(); ++c) {
      auto label = markdown_unescaped(table.header[c].text);
      if (label.ends_with(" (baseline)")) label.resize(label.size() - 11);
      auto full = group.empty() ? label : group + ": " + label;
      labels.push_back(configurations.contains(full) ? full : label);
    }
    for (const auto& row : table.rows) {
      std::string unit = family_unit;
      direction dir = family_dir;
      auto varying = read_row_label(markdown_unescaped(row[0].text), unit, dir);
      if (!shared.empty() && !varying.empty()) reassembled = true;
      test_header test{split.title, split.version, joined(varying, shared), unit, dir};
      auto& chart = charts.chart(test, row[0].offset);
      for (std::size_t c = 1; c < row.size() && c - 1 < labels.size(); ++c) {
        auto cell = markdown_unescaped(row[c].text);
        if (cell.empty() || cell == "\xE2\x80\x94") continue;  // not in this configuration
        entry e;
        e.label = labels[c - 1];
        e.where = ctx.at(row[c].offset);
        if (cell.starts_with("(failed")) {
          e.kind = entry_kind::failed;
          if (cell.starts_with("(failed: ") && cell.ends_with(')')) {
            e.error = cell.substr(9, cell.size() - 10);
          }
        } else {
          // `152340 (-4.9% [-6.4, -3.3])`: the value, then what the comparison computed.
          auto value = std::string_view(cell).substr(0, cell.find(" ("));
          e.value_text = std::string(value);
          if (e.value_text.starts_with("**") && e.value_text.ends_with("**")) {
            e.value_text = e.value_text.substr(2, e.value_text.size() - 4);
          }
          e.value = parse_number(e.value_text);
          if (!e.value) {
            ctx.warn(row[c].offset, message_code::table_value_not_read,
                     "the cell '" + cell + "' of '" + e.label + "' begins with no number; not read");
            continue;
          }
        }
        if (system_known.try_emplace(e.label, true).second) {
          auto s = make_system(e.label);
          s.where = e.where;
          ctx.out.systems.push_back(std::move(s));
        }
        charts.add(chart, std::move(e));
      }
    }
  }
  if (split_version) {
    ctx.warn(0, message_code::table_heading_split,
             "a heading's last word is read as the test's version when it is one as PTS writes "
             "them (`SQLite 3.41.2`), as in PTS's text export: iosr's Markdown does not tell "
             "them apart");
  }
  if (reassembled) {
    ctx.warn(0, message_code::table_options_reassembled,
             "each test's options are the row's, then those its family shares: iosr's Markdown "
             "does not keep their order");
  }
}

}  // namespace iosr::detail
