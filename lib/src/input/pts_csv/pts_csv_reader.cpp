// SPDX-License-Identifier: MIT
// PTS's CSV export: a title (and, from PTS 9.4 to 10.8.4, description) before a header row
// naming the systems, one row per hardware or software key, the header again, then one row per
// result. Since PTS 8.0.1 an empty column comes before the systems, where result rows write the
// direction; PTS 5.x wrote neither. docs/pts-csv.md tells the layouts apart.
#include "input/pts_csv/pts_csv_reader.hpp"

#include <algorithm>
#include <map>
#include <unordered_map>

#include "input/csv_rows.hpp"
#include "input/reader_context.hpp"
#include "input/stored_result.hpp"
#include "input/system_fields.hpp"
#include "iosr/error.hpp"
#include "iosr/match.hpp"
#include "strings.hpp"

namespace iosr::detail {

namespace {

// PTS's header rows start with a cell holding one blank: ` ,,"a","b"` (10.x), ` ,a,b` (5.x).
// (An editor that aligns the columns pads that blank to the column's width.)
bool is_header(const csv_row& row) {
  if (row.cells.size() < 2) return false;
  const auto& first = row.cells[0].text;
  return !first.empty() && first.find_first_not_of(' ') == std::string::npos;
}

// The same test on a line of text, before it is split into cells: the lines before the header
// are not CSV in every layout.
bool starts_header(std::string_view line) {
  if (line.starts_with("\" \",")) return true;
  auto blanks = line.find_first_not_of(' ');
  return blanks != std::string_view::npos && blanks > 0 && line[blanks] == ',';
}

// PTS 8.0.1 and later: an empty column between the key or result name and the systems.
bool has_direction_column(const csv_row& header) {
  return header.cells.size() > 2 && trim(header.at(1)).empty();
}

// The lines of `text`, each without its line end (`\n` or `\r\n`).
std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  for (std::size_t start = 0; start < text.size();) {
    const auto line = line_starting_at(text, start);
    lines.push_back(text.substr(line.begin, line.end - line.begin));
    start = line.next;
  }
  return lines;
}

[[noreturn]] void fail_unclosed(const reader_context& ctx, std::size_t offset) {
  ctx.fail(offset, "quoted cell is not closed on its line; expected a '\"' before the line end");
}

// The offset of the header row: the first line that starts as one, or npos.
std::size_t find_header_line(std::string_view text) {
  std::size_t start = 0;
  while (start < text.size()) {
    if (starts_header(text.substr(start))) return start;
    auto end = text.find('\n', start);
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return std::string_view::npos;
}

std::string line_of(const reader_context& ctx, std::size_t offset) {
  return "line " + std::to_string(ctx.lines.position(offset).line);
}

// The columns of the system header: where the systems start, and their names.
struct system_columns {
  std::size_t first = 1;  ///< 2 in the 10.x layout
  std::vector<std::string> names;
  std::size_t offset = 0;  ///< of the header row
  bool pts10() const { return first == 2; }
};

// The label of header cell `column`, the header's system number `system` (both from 0): its
// text, or a placeholder in parentheses that says what it stands for.
std::string header_label(const csv_row& header, std::size_t column, std::size_t system) {
  auto label = std::string(trim(header.at(column)));
  if (!label.empty()) return label;
  // `""`: PTS wrote a system without a name (PTS 10 reads none from a 2008 composite.xml).
  // Unquoted, the cell is a gap a spreadsheet left.
  if (column < header.cells.size() && header.cells[column].quoted) {
    return "(unnamed system " + std::to_string(system + 1) + ")";
  }
  return "(column " + std::to_string(column + 1) + ")";
}

system_columns read_system_header(const reader_context& ctx, const csv_row& header) {
  system_columns columns;
  columns.offset = header.offset;
  columns.first = has_direction_column(header) ? 2 : 1;
  // Trailing empty cells are a spreadsheet's padding, unless quoted; an empty one between names
  // is a gap.
  auto last = header.cells.size();
  while (last > columns.first && trim(header.at(last - 1)).empty() &&
         !header.cells[last - 1].quoted) {
    --last;
  }
  for (auto c = columns.first; c < last; ++c) {
    auto label = header_label(header, c, columns.names.size());
    if (trim(header.at(c)).empty()) {
      ctx.warn(header.cells[c].offset, message_code::csv_system_unnamed,
               "column " + std::to_string(c + 1) +
                   (header.cells[c].quoted
                        ? " of the header gives a system an empty name (\"\"); the system is "
                          "read under the label '"
                        : " of the header names no system; its values are read under the "
                          "label '") +
                   label + "'");
    }
    columns.names.push_back(std::move(label));
  }
  if (columns.names.empty()) {
    ctx.fail(header.offset, "the header row names no system; expected ' ,,\"SYSTEM\",...' as "
                            "PTS writes it");
  }
  return columns;
}

// A hardware or software row: `Processor,,value,value` (10.x) or `Processor,value,value`.
void read_component(const reader_context& ctx, const system_columns& columns, const csv_row& row,
                    bool& software_seen) {
  auto key = std::string(trim(row.at(0)));
  bool hardware = std::ranges::find(hardware_keys(), key) != hardware_keys().end();
  bool software = std::ranges::find(software_keys(), key) != software_keys().end();
  if (software) software_seen = true;
  if (!hardware && !software) {
    ctx.warn(row.offset, message_code::csv_unknown_key,
             "'" + key + "' is not a PTS hardware or software key; kept with the " +
                 (software_seen ? "software" : "hardware"));
  }
  if (columns.pts10() && !trim(row.at(1)).empty()) {
    ctx.warn(
        row.cells[1].offset, message_code::csv_unexpected_cell,
        "'" + key + "' has '" + row.cells[1].text + "' in the column PTS leaves empty; not read");
  }
  for (std::size_t s = 0; s < columns.names.size(); ++s) {
    auto value = std::string(trim(row.at(columns.first + s)));
    if (value.empty()) continue;
    auto& fields = software_seen ? ctx.out.systems[s].software : ctx.out.systems[s].hardware;
    fields.push_back({key, std::move(value)});
  }
  auto end = columns.first + columns.names.size();
  for (auto c = end; c < row.cells.size(); ++c) {
    if (!trim(row.cells[c].text).empty()) {
      ctx.warn(row.cells[c].offset, message_code::csv_extra_cells,
               "'" + key +
                   "' has more cells than there are systems (a "
                   "value holding a comma?); the extra ones are "
                   "not read");
      break;
    }
  }
}

// `TITLE - DESCRIPTION (UNIT)`: the unit is the final balanced parenthesis (10.x only), the
// title ends at the first ` - `.
void split_result_name(const reader_context& ctx, std::string_view text, bool with_unit,
                       std::size_t offset, result& r) {
  if (with_unit && text.ends_with(')')) {
    std::size_t depth = 0, open = text.size();
    while (open-- > 0) {
      if (text[open] == ')') ++depth;
      if (text[open] == '(' && --depth == 0) break;
    }
    if (open != std::string_view::npos) {
      r.unit = std::string(text.substr(open + 1, text.size() - open - 2));
      text = text.substr(0, open);
      if (text.ends_with(' ')) text.remove_suffix(1);
    }
  } else if (with_unit) {
    ctx.warn(offset, message_code::chart_without_unit,
             "chart '" + std::string(text) + "' gives no unit in parentheses");
  }
  auto dash = text.find(" - ");
  if (dash == std::string_view::npos) {
    r.title = std::string(trim(text));
    ctx.warn(offset, message_code::chart_without_options,
             "chart '" + r.title +
                 "' has no ' - ' between its title and options; read as a title "
                 "without options");
    return;
  }
  r.title = std::string(text.substr(0, dash));
  r.description = std::string(text.substr(dash + 3));
}

direction read_direction(const reader_context& ctx, const csv_row& row) {
  auto read = direction_of_proportion(trim(row.at(1)), "direction");
  if (!read.unknown.empty()) {
    ctx.warn(row.cells[1].offset, message_code::direction_unknown, std::move(read.unknown));
  }
  return read.value;
}

// Cells outside the system columns that hold something: counted per column, reported once.
struct stray_column {
  std::string header;
  std::size_t count = 0;
  std::size_t first_offset = 0;
};

void read_result(const reader_context& ctx, const system_columns& columns, const csv_row& row,
                 std::map<std::size_t, stray_column>& strays) {
  result r;
  r.where = ctx.lines.position(row.offset);
  split_result_name(ctx, row.at(0), columns.pts10(), row.offset, r);
  if (columns.pts10()) r.direction = read_direction(ctx, row);
  r.display_format = display_format::bar_graph;
  for (std::size_t s = 0; s < columns.names.size(); ++s) {
    auto c = columns.first + s;
    auto value = trim(row.at(c));
    if (value.empty()) continue;  // no entry, or a failed run: the CSV does not tell
    entry e;
    e.label = columns.names[s];
    e.value_text = std::string(value);
    e.where = ctx.lines.position(row.cells[c].offset);
    if (auto odd = read_stored_value(e, {}); !odd.empty()) {
      ctx.warn(row.cells[c].offset, odd.code,
               "'" + e.label + "' in '" + r.title + "': " + odd.text);
    }
    if (e.kind == entry_kind::pass_fail) r.display_format = display_format::pass_fail;
    ctx.add_entry(r, std::move(e));
  }
  for (auto c = columns.first + columns.names.size(); c < row.cells.size(); ++c) {
    if (trim(row.cells[c].text).empty()) continue;
    auto& stray = strays[c];
    if (stray.count++ == 0) stray.first_offset = row.cells[c].offset;
  }
  ctx.out.results.push_back(std::move(r));
}

// Hand-edited files add columns (sums, copies, notes): say what is not read, column by column.
void report_strays(const reader_context& ctx, const std::map<std::size_t, stray_column>& strays,
                   const csv_row& system_header, const csv_row* header) {
  for (const auto& [column, stray] : strays) {
    auto name = header ? std::string(trim(header->at(column))) : std::string();
    ctx.warn(stray.first_offset, message_code::csv_stray_column,
             "column " + std::to_string(column + 1) +
                 (name.empty() ? " (no name)" : " ('" + name + "')") +
                 " is not a system of the header at " + line_of(ctx, system_header.offset) +
                 "; its " + std::to_string(stray.count) +
                 (stray.count == 1 ? " value is" : " values are") + " not read");
  }
}

// The rows of the two results hold values of different systems only, for one direction.
bool disjoint(const result& a, const result& b) {
  if (a.direction != b.direction) return false;
  for (const auto& e : b.entries) {
    if (std::ranges::any_of(a.entries, [&](const entry& x) { return x.label == e.label; })) {
      return false;
    }
  }
  return true;
}

// PTS names a row `TITLE - DESCRIPTION (UNIT)` (before 9.6.1 without the unit, before 8.0.1 by
// test profile and options), so results that differ only in what the CSV does not show give
// rows of one name: merged runs whose tests did not line up, or two results of one test (a
// compression and a decompression speed). When no system has a value in both rows, they are
// one result with the values of both. Otherwise they are two results, both kept, with a
// warning: PTS wrote each result of its file once, so neither replaces the other.
void merge_disjoint_rows(const reader_context& ctx, std::vector<result>& results) {
  std::unordered_map<std::string_view, std::size_t> system_order;
  for (const auto& s : ctx.out.systems) system_order.emplace(s.label, system_order.size());
  auto order = [&](const entry& e) {
    auto it = system_order.find(e.label);
    return it == system_order.end() ? system_order.size() : it->second;
  };
  // The row that the finishing pass would keep for each name: the latest one kept here.
  std::unordered_map<std::string, std::size_t> latest;
  std::vector<result> kept;
  kept.reserve(results.size());
  for (auto& r : results) {
    auto [it, fresh] = latest.emplace(pts_test_key(r), kept.size());
    if (!fresh && !disjoint(kept[it->second], r)) {
      ctx.out.warnings.push_back(
          {r.where, message_code::chart_repeated,
           "chart '" + r.title + "' (" + r.description + ") has the name of the one at line " +
               std::to_string(kept[it->second].where.line) +
               " and values for the same systems; both are kept, as two results that the CSV "
               "does not tell apart"});
    }
    if (fresh || !disjoint(kept[it->second], r)) {
      it->second = kept.size();
      kept.push_back(std::move(r));
      continue;
    }
    auto& earlier = kept[it->second];
    ctx.out.warnings.push_back(
        {r.where, message_code::chart_merged,
         "lines " + std::to_string(earlier.where.line) + " and " + std::to_string(r.where.line) +
             " both hold chart '" + r.title + "' (" + r.description +
             ") and no system has a value in both; merged into one chart, at line " +
             std::to_string(earlier.where.line) + ", that keeps every value"});
    for (auto& e : r.entries) ctx.add_entry(earlier, std::move(e));
    std::ranges::stable_sort(earlier.entries, {}, order);
    if (r.display_format == display_format::pass_fail) earlier.display_format = r.display_format;
  }
  results = std::move(kept);
}

// The lines before the header row in PTS 9.4 to 10.8.4: the title alone on the first line, the
// description, neither quoted nor escaped, on the next ones (it may be empty or hold line
// breaks), then a blank line. The other layouts have one title row: `,TITLE,` (PTS 10.8.5 and
// later) or `TITLE` (5.x, whose header has no direction column).
bool read_title_and_description(const reader_context& ctx, std::string_view prelude,
                                const csv_row& header) {
  if (!has_direction_column(header)) return false;
  auto lines = split_lines(prelude);
  if (lines.size() < 3 || !trim(lines.back()).empty() || lines[0].starts_with(',')) return false;
  ctx.out.title = std::string(lines[0]);
  std::string description;
  for (std::size_t i = 1; i + 1 < lines.size(); ++i) {
    if (i > 1) description += '\n';
    description += lines[i];
  }
  ctx.out.description = std::move(description);
  return true;
}

// The title row of PTS 5.x and 10.8.5 and later, among blank rows: its first non-empty cell is
// the title. Anything else before the header row is refused; so is a missing header row.
void read_title_row(const reader_context& ctx, std::string_view prelude, bool header_follows) {
  std::size_t unclosed = 0;
  auto rows = split_csv_rows(prelude, unclosed);
  if (unclosed != std::string_view::npos) fail_unclosed(ctx, unclosed);
  std::size_t i = 0;
  auto skip_blank = [&] {
    while (i < rows.size() && rows[i].blank()) ++i;
  };
  skip_blank();
  if (i < rows.size()) {
    for (const auto& cell : rows[i++].cells) {
      if (auto t = trim(cell.text); !t.empty()) {
        ctx.out.title = std::string(t);
        break;
      }
    }
  }
  skip_blank();
  if (i < rows.size() || !header_follows) {
    ctx.fail(i < rows.size() ? rows[i].offset : prelude.size(),
             "expected the header row ' ,,\"SYSTEM\",...' that names the systems of PTS's CSV "
             "export");
  }
}

// A header row after a description of several lines (the 9.4-10.8.4 layout), further down than
// the first lines: within the first 40 (a description is a few lines; a header further down is
// a CSV pasted into other text), after an empty line, ending in a quoted name, and followed by
// a `Key,,value` row, a blank line or the end.
bool has_late_header(std::string_view text) {
  constexpr int most_lines = 40;
  std::size_t start = 0;
  bool previous_empty = false;
  for (int line = 0; line < most_lines && start < text.size(); ++line) {
    auto end = std::min(text.find('\n', start), text.size());
    auto row = text.substr(start, end - start);
    if (row.ends_with('\r')) row.remove_suffix(1);
    if (previous_empty && starts_header(row)) {
      auto header = row;
      while (header.ends_with(' ')) header.remove_suffix(1);
      if (!header.ends_with('"') || header.find(",\"") == std::string_view::npos) return false;
      if (end == text.size()) return true;
      auto next = text.substr(end + 1, text.find('\n', end + 1) - (end + 1));
      if (trim(next).empty()) return true;
      auto comma = next.find(',');
      return comma != std::string_view::npos && comma > 0 && next[0] != ' ' &&
             trim(next.substr(comma + 1)).starts_with(",");
    }
    previous_empty = trim(row).empty();
    start = end + 1;
  }
  return false;
}

}  // namespace

bool sniff_pts_csv(std::string_view text) {
  // The header row within the first lines: a title row and a blank row may come before it, or
  // a title, a description line and a blank line.
  auto rest = text;
  for (int line = 0; line < 4 && !rest.empty(); ++line) {
    if (starts_header(rest.substr(0, rest.find('\n')))) return true;
    auto end = rest.find('\n');
    if (end == std::string_view::npos) return false;
    rest.remove_prefix(end + 1);
  }
  return has_late_header(text);
}

void read_pts_csv(reader_context& ctx, const read_options&) {
  auto text = ctx.text;
  auto& file = ctx.out;

  // The lines before the header row tell the layout; they are not CSV in every one of them.
  auto header_at = find_header_line(text);
  std::size_t unclosed = std::string_view::npos;
  std::vector<csv_row> rows;
  if (header_at != std::string_view::npos) rows = split_csv_rows(text, unclosed, header_at);
  auto prelude = text.substr(0, header_at);
  if (rows.empty() || !read_title_and_description(ctx, prelude, rows[0])) {
    read_title_row(ctx, prelude, !rows.empty());
  }
  if (unclosed != std::string_view::npos) fail_unclosed(ctx, unclosed);
  std::size_t i = 0;
  auto skip_blank = [&] {
    while (i < rows.size() && rows[i].blank() && !is_header(rows[i])) ++i;
  };
  const auto& system_header = rows[i++];
  if (system_header.cells[0].text.size() > 1) {
    ctx.warn(system_header.offset, message_code::csv_aligned_with_blanks,
             "the columns are aligned with blanks (an editor's doing, not "
             "PTS's); the blanks are not read as part of any name or value");
  }
  auto columns = read_system_header(ctx, system_header);
  for (const auto& label : columns.names) {
    auto s = make_system(label);
    s.where = ctx.lines.position(system_header.offset);
    file.systems.push_back(std::move(s));
  }

  bool software_seen = false;
  while (i < rows.size() && !rows[i].blank() && !is_header(rows[i])) {
    read_component(ctx, columns, rows[i++], software_seen);
  }
  skip_blank();
  const csv_row* results_header = nullptr;
  // The results' columns: the system header's, but PTS 7.0 to 8.0.0 wrote the direction column
  // in the header before the results only (` ,"a"` before the components, ` ,,"a"` before the
  // results): the results' own header says where their values are.
  auto result_columns = columns;
  if (i < rows.size() && is_header(rows[i])) {
    results_header = &rows[i++];
    if (has_direction_column(*results_header)) result_columns.first = 2;
    for (std::size_t s = 0; s < columns.names.size(); ++s) {
      auto c = result_columns.first + s;
      auto label = trim(results_header->at(c));
      if (header_label(*results_header, c, s) != columns.names[s]) {
        ctx.warn(results_header->offset, message_code::csv_header_differs,
                 "column " + std::to_string(c + 1) + " is '" + std::string(label) +
                     "' in this header but '" + columns.names[s] + "' in the one at " +
                     line_of(ctx, system_header.offset) + "; read as '" + columns.names[s] + "'");
      }
    }
  } else if (i < rows.size()) {
    ctx.warn(rows[i].offset, message_code::csv_results_header_missing,
             "no header row before the results; the columns of the header at " +
                 line_of(ctx, system_header.offset) + " are used");
  }
  if (!result_columns.pts10()) {
    ctx.warn(system_header.offset, message_code::old_layout,
             "PTS 5.x CSV layout: it gives no units and no better/worse "
             "direction");
  }
  std::map<std::size_t, stray_column> strays;
  for (; i < rows.size(); ++i) {
    if (rows[i].blank()) continue;
    if (is_header(rows[i])) {
      ctx.warn(rows[i].offset, message_code::csv_header_repeated,
               "another header row among the results; not read");
      continue;
    }
    read_result(ctx, result_columns, rows[i], strays);
  }
  report_strays(ctx, strays, system_header, results_header);
  merge_disjoint_rows(ctx, file.results);
}

}  // namespace iosr::detail
