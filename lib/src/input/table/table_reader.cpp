// SPDX-License-Identifier: MIT
// Tables people make (table_reader.hpp). The text is cut into grids of cells under a heading
// row (every Markdown pipe table; else one CSV; else each block of text aligned in columns),
// and each grid that has the columns the layout names is read as it says: a long table gives
// an entry per row, a wide one an entry per configuration column.
#include "input/table/table_reader.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

#include "input/csv_rows.hpp"
#include "input/markdown_tables.hpp"
#include "input/table_charts.hpp"
#include "iosr/counted.hpp"
#include "number.hpp"
#include "strings.hpp"

namespace iosr::detail {

namespace {

struct cell {
  std::string text;
  std::size_t offset = 0;
};

struct grid {
  std::size_t offset = 0;
  std::size_t end = 0;
  std::vector<cell> header;
  std::vector<std::vector<cell>> rows;
  /// The `KEY: VALUE` lines above it, after the grid before (a cover letter's `Test : hackbench`,
  /// `Units : ...`), by key in lower case: what `@KEY` names.
  std::map<std::string, std::string> caption;
  bool aligned = false;  ///< text in columns: any block of lines looks so, a table or not
  /// Rows with more cells than headings (where, how many): the cells past them are not read.
  std::vector<std::pair<std::size_t, std::size_t>> long_rows;
};

// `Test          : hackbench`: a caption line's key and value; false for any other line.
bool caption_line(std::string_view line, std::string& key, std::string& value) {
  auto colon = line.find(':');
  if (colon == std::string_view::npos || colon == 0 || colon > 48) return false;
  auto k = trim(line.substr(0, colon));
  auto v = trim(line.substr(colon + 1));
  if (k.empty() || v.empty() || k.find('|') != std::string_view::npos) return false;
  key = ascii_lower(k);
  value = std::string(v);
  return true;
}

// The caption lines of `text` between `from` and `to`.
std::map<std::string, std::string> caption_of(std::string_view text, std::size_t from,
                                              std::size_t to) {
  std::map<std::string, std::string> caption;
  for (std::size_t at = from; at < to;) {
    auto end = std::min(text.find('\n', at), to);
    std::string key, value;
    if (caption_line(text.substr(at, end - at), key, value)) caption[key] = value;
    at = end + 1;
  }
  return caption;
}

// ---- the grids of a text ---------------------------------------------------------------------

std::vector<grid> markdown_grids(std::string_view text) {
  std::vector<grid> grids;
  for (auto& t : find_markdown_tables(text)) {
    grid g;
    g.offset = t.offset;
    g.end = t.end;
    for (auto& h : t.header) g.header.push_back({markdown_unescaped(h.text), h.offset});
    for (auto& r : t.rows) {
      std::vector<cell> row;
      for (auto& c : r) row.push_back({markdown_unescaped(c.text), c.offset});
      if (row.size() > g.header.size()) {
        g.long_rows.emplace_back(row.front().offset, row.size());
        row.resize(g.header.size());
      }
      g.rows.push_back(std::move(row));
    }
    grids.push_back(std::move(g));
  }
  return grids;
}

// A delimiter the first line is cut by: a tab, else `;` or `,`, whichever it holds more of.
char delimiter_of(std::string_view first_line) {
  if (first_line.find('\t') != std::string_view::npos) return '\t';
  auto semicolons = std::count(first_line.begin(), first_line.end(), ';');
  auto commas = std::count(first_line.begin(), first_line.end(), ',');
  if (semicolons == 0 && commas == 0) return 0;
  return semicolons > commas ? ';' : ',';
}

std::optional<grid> csv_grid(reader_context& ctx, std::string_view text) {
  auto start = text.find_first_not_of(" \t\r\n");
  if (start == std::string_view::npos) return std::nullopt;
  auto first_end = text.find('\n', start);
  auto delimiter =
      delimiter_of(text.substr(start, first_end == std::string_view::npos ? first_end : first_end - start));
  if (delimiter == 0) return std::nullopt;
  std::size_t unclosed = 0;
  auto rows = split_csv_rows(text, unclosed, start, delimiter, csv_quoting::rfc4180);
  if (unclosed != std::string_view::npos) {
    ctx.fail(unclosed, "a quoted cell is not closed; expected a CSV table (a quote in a quoted "
                       "cell doubled)");
  }
  grid g;
  g.offset = start;
  g.end = text.size();
  for (auto& c : rows.front().cells) g.header.push_back({std::string(trim(c.text)), c.offset});
  for (std::size_t r = 1; r < rows.size(); ++r) {
    if (rows[r].blank()) continue;
    std::vector<cell> row;
    for (auto& c : rows[r].cells) row.push_back({std::string(trim(c.text)), c.offset});
    if (row.size() > g.header.size()) {
      g.long_rows.emplace_back(rows[r].offset, row.size());
      row.resize(g.header.size());
    }
    while (row.size() < g.header.size()) row.push_back({{}, rows[r].offset});
    g.rows.push_back(std::move(row));
  }
  return g;
}

struct piece {
  std::size_t begin, end;  // columns in the line
};

// The words of a line and where they stand.
std::vector<piece> words_of(std::string_view line) {
  std::vector<piece> words;
  for (std::size_t i = 0; i < line.size();) {
    if (line[i] == ' ' || line[i] == '\t') {
      ++i;
      continue;
    }
    auto end = line.find_first_of(" \t", i);
    if (end == std::string_view::npos) end = line.size();
    words.push_back({i, end});
    i = end;
  }
  return words;
}

// The heading row's cells: its words, run together where one blank alone parts them.
std::vector<piece> heading_cells(std::string_view line) {
  std::vector<piece> cells;
  for (auto w : words_of(line)) {
    // One blank parts the words of a heading, unless the word before ends a label (`#workers:`).
    if (!cells.empty() && w.begin == cells.back().end + 1 && line[cells.back().end - 1] != ':') {
      cells.back().end = w.end;
    } else {
      cells.push_back(w);
    }
  }
  return cells;
}

// Blocks of text aligned in columns: lines between blank lines and rules (`=====`, `-----`),
// the first line of a block its heading row. Each word of a row goes to the heading it
// overlaps most (or stands nearest to), so that a cell may hold blanks (`1.00 [ -0.00]`).
std::vector<grid> aligned_grids(std::string_view text) {
  std::vector<grid> grids;
  std::vector<std::pair<std::string_view, std::size_t>> block;
  auto flush = [&] {
    const bool caption = std::all_of(block.begin(), block.end(), [](const auto& l) {
      std::string key, value;
      return caption_line(l.first, key, value);
    });
    if (block.size() >= 2 && !caption) {
      grid g;
      g.offset = block.front().second;
      g.end = block.back().second + block.back().first.size();
      g.aligned = true;
      auto headings = heading_cells(block.front().first);
      for (auto h : headings) {
        g.header.push_back({std::string(block.front().first.substr(h.begin, h.end - h.begin)),
                            block.front().second + h.begin});
      }
      if (headings.size() >= 2) {
        for (std::size_t r = 1; r < block.size(); ++r) {
          auto [line, offset] = block[r];
          std::vector<cell> row(headings.size());
          for (auto w : words_of(line)) {
            std::size_t best = 0;
            double score = -1e18;
            for (std::size_t h = 0; h < headings.size(); ++h) {
              double overlap = static_cast<double>(std::min(w.end, headings[h].end)) -
                               static_cast<double>(std::max(w.begin, headings[h].begin));
              if (overlap > score) {
                score = overlap;
                best = h;
              }
            }
            auto& c = row[best];
            if (c.text.empty()) {
              c.offset = offset + w.begin;
              c.text = std::string(line.substr(w.begin, w.end - w.begin));
            } else {
              c.text = std::string(line.substr(c.offset - offset, w.end - (c.offset - offset)));
            }
          }
          g.rows.push_back(std::move(row));
        }
        grids.push_back(std::move(g));
      }
    }
    block.clear();
  };
  for (std::size_t at = 0; at <= text.size();) {
    auto end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    auto line = text.substr(at, end - at);
    if (line.ends_with('\r')) line.remove_suffix(1);
    auto content = trim(line);
    const bool rule = !content.empty() && content.find_first_not_of("=-_~*") == std::string_view::npos;
    if (content.empty() || rule) {
      flush();
    } else {
      block.emplace_back(line, at);
    }
    if (end == text.size()) break;
    at = end + 1;
  }
  flush();
  return grids;
}

// ---- a grid as the layout says --------------------------------------------------------------

std::string label_of(std::string_view heading);

// The column `name` names: its heading (case and blanks aside), or `#N`; -1 when none.
int column_of(const grid& g, std::string_view name) {
  name = trim(name);
  if (name.starts_with('#')) {
    auto n = parse_number(name.substr(1));
    if (n && *n >= 1 && *n == std::floor(*n) && *n <= static_cast<double>(g.header.size())) {
      return static_cast<int>(*n) - 1;
    }
    return -1;
  }
  auto wanted = ascii_lower(name);
  for (std::size_t c = 0; c < g.header.size(); ++c) {
    if (ascii_lower(trim(g.header[c].text)) == wanted) return static_cast<int>(c);
  }
  // `tip` names the column `tip[pct imp](CV)`: its label before what is bracketed.
  for (std::size_t c = 0; c < g.header.size(); ++c) {
    if (ascii_lower(label_of(g.header[c].text)) == wanted) return static_cast<int>(c);
  }
  return -1;
}

bool no_value(std::string_view text) {
  auto t = ascii_lower(trim(text));
  return t == "n/a" || t == "na" || t == "-" || t == "\xE2\x80\x94" || t == "\xE2\x80\x93" ||
         t == "nan" || t == "x";
}

// `1.00 [ -0.00]( 2.08)`: a number, then only groups in brackets or parentheses; the number,
// or empty.
std::string_view number_before_groups(std::string_view text) {
  auto end = text.find_first_of(" [(");
  auto number = text.substr(0, end);
  if (!parse_number(number)) return {};
  auto rest = trim(text.substr(number.size()));
  int depth = 0;
  for (char c : rest) {
    if (c == '[' || c == '(') ++depth;
    if (c == ']' || c == ')') --depth;
    if (depth == 0 && c != ']' && c != ')' && c != ' ') return {};
    if (depth < 0) return {};
  }
  return depth == 0 ? number : std::string_view();
}

// A column heading without what follows the label in brackets: `tip[pct imp](CV)` is `tip`.
std::string label_of(std::string_view heading) {
  auto cut = heading.find_first_of("[(");
  auto label = trim(heading.substr(0, cut));
  return std::string(label.empty() ? trim(heading) : label);
}

struct reading {
  std::size_t entries = 0;
  std::size_t empty_cells = 0;    // N/A, -
  std::size_t decorated = 0;      // a value with bracketed figures after it
  std::size_t not_numbers = 0;    // a value cell that holds no number
};

class grid_reader {
 public:
  grid_reader(reader_context& ctx, const table_layout& layout, table_charts& charts)
      : ctx_(ctx), layout_(layout), charts_(charts) {}

  // The columns the layout names that `g` lacks; empty when it can be read.
  std::vector<std::string> missing(const grid& g) const {
    std::vector<std::string> lacks;
    auto need = [&](const std::string& name) {
      if (name.starts_with('@')) {
        if (!g.caption.contains(ascii_lower(trim(std::string_view(name).substr(1))))) {
          lacks.push_back(name);
        }
        return;
      }
      if (!name.empty() && !name.starts_with('=') && column_of(g, name) < 0) lacks.push_back(name);
    };
    for (const auto& t : layout_.test) need(t);
    need(layout_.label);
    need(layout_.value);
    need(layout_.unit);
    need(layout_.direction);
    need(layout_.error);
    need(layout_.runs);
    for (const auto& c : layout_.columns) {
      if (c != "*") need(c);
    }
    return lacks;
  }

  void read(const grid& g, reading& r) {
    // `test=@KEY`: the caption's KEY is the title, the columns named after it (else the first)
    // the options.
    std::string caption_title;
    std::vector<int> tests;
    for (const auto& t : layout_.test) {
      if (t.starts_with('@')) {
        caption_title = g.caption.at(ascii_lower(trim(std::string_view(t).substr(1))));
      } else {
        tests.push_back(column_of(g, t));
      }
    }
    if (tests.empty()) tests.push_back(0);
    const int label = layout_.label.empty() ? -1 : column_of(g, layout_.label);
    const int value = layout_.value.empty() ? -1 : column_of(g, layout_.value);
    const int unit = fixed(layout_.unit) || captioned(layout_.unit) ? -1 : column_of(g, layout_.unit);
    const int dir =
        fixed(layout_.direction) || captioned(layout_.direction) ? -1 : column_of(g, layout_.direction);
    const int error = layout_.error.empty() ? -1 : column_of(g, layout_.error);
    const int runs = layout_.runs.empty() ? -1 : column_of(g, layout_.runs);
    std::vector<int> configurations;
    for (const auto& c : layout_.columns) {
      if (c != "*") {
        configurations.push_back(column_of(g, c));
        continue;
      }
      for (int k = 0; k < static_cast<int>(g.header.size()); ++k) {
        const bool used = std::find(tests.begin(), tests.end(), k) != tests.end() || k == label ||
                          k == value || k == unit || k == dir || k == error || k == runs;
        if (!used) configurations.push_back(k);
      }
    }
    for (const auto& row : g.rows) {
      test_header test;
      test.title = caption_title;
      for (std::size_t k = 0; k < tests.size(); ++k) {
        auto text = std::string(trim(row[static_cast<std::size_t>(tests[k])].text));
        if (static_cast<int>(tests[k]) == unit) text = without_unit(text, test.unit);
        if (k == 0 && caption_title.empty()) {
          test.title = text;
        } else if (!text.empty()) {
          auto heading = std::string(trim(g.header[static_cast<std::size_t>(tests[k])].text));
          if (heading.ends_with(':')) heading.pop_back();
          (test.description += test.description.empty() ? "" : " - ") +=
              (heading.empty() ? text : heading + ": " + text);
        }
      }
      if (test.title.empty() && test.description.empty()) continue;
      if (fixed(layout_.unit)) {
        test.unit = layout_.unit.substr(1);
      } else if (captioned(layout_.unit)) {
        test.unit = from_caption(g, layout_.unit);
      } else if (unit >= 0 && std::find(tests.begin(), tests.end(), unit) == tests.end()) {
        test.unit = std::string(trim(row[static_cast<std::size_t>(unit)].text));
      }
      const std::string caption_dir =
          captioned(layout_.direction) ? from_caption(g, layout_.direction) : std::string();
      std::string_view dir_text = fixed(layout_.direction)
                                      ? std::string_view(layout_.direction).substr(1)
                                  : captioned(layout_.direction) ? std::string_view(caption_dir)
                                  : dir >= 0 ? std::string_view(row[static_cast<std::size_t>(dir)].text)
                                             : std::string_view();
      if (!direction_named(dir_text, test.direction)) {
        ctx_.fail(dir >= 0 ? row[static_cast<std::size_t>(dir)].offset : 0,
                  "direction '" + std::string(dir_text) +
                      "' is not one; expected higher or lower (HIB, LIB, more, less, fewer, ...)");
      }
      const auto first = row[static_cast<std::size_t>(tests[0])].offset;
      if (!configurations.empty()) {
        for (auto c : configurations) {
          add(test, first, label_of(g.header[static_cast<std::size_t>(c)].text),
              row[static_cast<std::size_t>(c)], nullptr, nullptr, r);
        }
      } else {
        auto configuration = label >= 0 ? std::string(trim(row[static_cast<std::size_t>(label)].text))
                                        : layout_.configuration;
        add(test, first, configuration, row[static_cast<std::size_t>(value)],
            error >= 0 ? &row[static_cast<std::size_t>(error)] : nullptr,
            runs >= 0 ? &row[static_cast<std::size_t>(runs)] : nullptr, r);
      }
    }
  }

 private:
  reader_context& ctx_;
  const table_layout& layout_;
  table_charts& charts_;
  std::map<std::string, bool> systems_;

  static bool fixed(const std::string& key) { return key.starts_with('='); }
  static bool captioned(const std::string& key) { return key.starts_with('@'); }
  static std::string from_caption(const grid& g, const std::string& key) {
    auto it = g.caption.find(ascii_lower(trim(std::string_view(key).substr(1))));
    return it == g.caption.end() ? std::string() : it->second;
  }

  // `Add Integer (MB/s)`: the test `Add Integer` and its unit `MB/s`.
  static std::string without_unit(const std::string& text, std::string& unit) {
    if (!text.ends_with(')')) return text;
    auto open = text.rfind('(');
    if (open == std::string::npos || open == 0) return text;
    unit = std::string(trim(std::string_view(text).substr(open + 1, text.size() - open - 2)));
    return std::string(trim(std::string_view(text).substr(0, open)));
  }

  void add(const test_header& test, std::size_t offset, const std::string& configuration,
           const cell& value, const cell* error, const cell* runs, reading& r) {
    auto text = std::string(trim(value.text));
    if (text.empty()) return;
    if (no_value(text)) {
      ++r.empty_cells;
      return;
    }
    entry e;
    e.label = configuration;
    e.where = ctx_.at(value.offset);
    // The number alone, or followed by the row's unit, or by figures in brackets.
    std::string_view number = text;
    if (!test.unit.empty() && number.ends_with(test.unit) &&
        number.size() > test.unit.size() && number[number.size() - test.unit.size() - 1] == ' ') {
      number = trim(number.substr(0, number.size() - test.unit.size()));
    }
    if (!parse_number(number)) {
      auto before = number_before_groups(number);
      if (before.empty()) {
        ctx_.warn(value.offset, message_code::table_value_not_read,
                  "the cell '" + text + "' of '" + configuration + "' in '" + test.title +
                      "' is no number; not read");
        ++r.not_numbers;
        return;
      }
      ++r.decorated;
      number = before;
    }
    e.value_text = std::string(number);
    e.value = parse_number(number);
    if (error != nullptr && !no_value(error->text)) e.standard_error = parse_number(trim(error->text));
    if (runs != nullptr) {
      auto n = parse_number(trim(runs->text));
      if (n && *n >= 1 && *n == std::floor(*n) && *n < 1e12) {
        e.sample_count = static_cast<std::size_t>(*n);
      }
    }
    if (systems_.try_emplace(e.label, true).second) {
      auto s = make_system(e.label);
      s.where = e.where;
      ctx_.out.systems.push_back(std::move(s));
    }
    auto& chart = charts_.chart(test, offset);
    charts_.add(chart, std::move(e));
    ++r.entries;
  }
};

std::string names(const std::vector<cell>& header) {
  std::string s;
  for (const auto& h : header) (s += s.empty() ? "'" : ", '") += h.text + "'";
  return s;
}

}  // namespace

bool sniff_table(std::string_view) { return false; }

void read_table(reader_context& ctx, const read_options& options) {
  const auto& layout = options.table;
  const bool wide = !layout.columns.empty();
  if (!wide && layout.value.empty()) {
    ctx.fail(0, "which column holds the values is not said; expected --table value=COLUMN (a "
                "row per entry) or --table columns=A,B (a column per configuration; docs/tables.md)",
             error_kind::usage);
  }
  if (!wide && layout.label.empty() && layout.configuration.empty()) {
    ctx.fail(0, "which configuration each row is is not said; expected --table label=COLUMN, or "
                "--table configuration=NAME for every row (docs/tables.md)",
             error_kind::usage);
  }
  auto grids = markdown_grids(ctx.text);
  if (grids.empty()) {
    if (auto g = csv_grid(ctx, ctx.text)) grids.push_back(std::move(*g));
  }
  if (grids.empty()) grids = aligned_grids(ctx.text);
  for (std::size_t k = 0; k < grids.size(); ++k) {
    grids[k].caption = caption_of(ctx.text, k == 0 ? 0 : grids[k - 1].end, grids[k].offset);
  }
  table_charts charts(ctx);
  grid_reader reader(ctx, layout, charts);
  reading r;
  std::size_t read = 0;
  std::vector<std::pair<const grid*, std::string>> passed_over;
  for (const auto& g : grids) {
    auto lacks = reader.missing(g);
    if (!lacks.empty()) {
      passed_over.emplace_back(&g, lacks.front());
      continue;
    }
    reader.read(g, r);
    ++read;
    for (auto [at, cells] : g.long_rows) {
      ctx.warn(at, message_code::table_row_cells,
               "a row of " + counted(cells, "cell") + " under " +
                   counted(g.header.size(), "heading") +
                   ": the cells past the last heading are not read");
    }
  }
  if (read == 0) {
    if (passed_over.empty()) {
      ctx.fail(0, "no table; expected a Markdown table, a CSV or columns of aligned text "
                  "under a heading row");
    }
    const auto& [g, column] = passed_over.front();
    ctx.fail(g->offset, "no column '" + column + "' in the table (its columns: " +
                            names(g->header) + "); expected the columns --table names");
  }
  if (r.entries == 0) {
    // Tables with the columns named, and not one value read from them: say what was looked
    // at, what it held, and what to say instead (docs/tables.md).
    std::string looked = wide ? "the configurations' columns (--table columns=" : "the column '";
    if (wide) {
      for (std::size_t i = 0; i < layout.columns.size(); ++i) {
        looked += (i ? "," : "") + layout.columns[i];
      }
      looked += ")";
    } else {
      looked += layout.value + "' (--table value=)";
    }
    std::string held = r.not_numbers + r.empty_cells == 0
                           ? "no cell under the heading"
                           : counted(r.not_numbers, "cell") + " of text and " +
                                 counted(r.empty_cells, "empty cell") + " (N/A, -)";
    ctx.warn(0, message_code::table_value_not_read,
             "no value read from " + counted(read, "table") + ": " + looked + " held " + held +
                 "; expected numbers there: name the column of numbers with --table value=COLUMN "
                 "(a row per entry) or the configurations' columns with --table columns=A,B "
                 "(a column per configuration), a COLUMN by its heading or #N (docs/tables.md)");
  }
  for (const auto& [g, column] : passed_over) {
    if (g->aligned) continue;  // a paragraph, a list: no table
    ctx.warn(g->offset, message_code::table_value_not_read,
             "a table without the column '" + column + "' (its columns: " + names(g->header) +
                 "); not read");
  }
  if (r.empty_cells > 0) {
    ctx.warn(0, message_code::table_value_not_read,
             counted(r.empty_cells, "cell holds", "cells hold") +
                 " no value (N/A, -); not read");
  }
  if (r.decorated > 0) {
    ctx.warn(0, message_code::table_value_not_read,
             counted(r.decorated, "cell holds", "cells hold") +
                 " figures in brackets after its value (`1.00 [ -0.00]( 2.08)`); the value "
                 "before them is read, they are not");
  }
}

}  // namespace iosr::detail
