// SPDX-License-Identifier: MIT
// PTS's standalone graphs (docs/pts-graphs.md). Each SVG is parsed with pugixml and read from
// its texts by the readers the HTML export's graphs share (input/pts_svg/); a folder is one
// result file: each result's bar graph (N.svg) gives its unit, direction, SE and N, its table
// (N_table.svg) its exact title and the values PTS stored, the overview (overview.svg) the
// stored values of results without a table, and systems.svg the systems.
#include "input/pts_graphs/pts_graphs_reader.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <deque>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <pugixml.hpp>

#include "input/pts_svg/bar_graph.hpp"
#include "input/pts_svg/result_table.hpp"
#include "input/pts_svg/svg_context.hpp"
#include "input/pts_svg/svg_texts.hpp"
#include "iosr/counted.hpp"
#include "line_index.hpp"
#include "number.hpp"
#include "strings.hpp"

namespace iosr::detail {

namespace {

constexpr std::string_view pts_comment = "<!--Phoronix Test Suite v";

// ---- the parts of the input --------------------------------------------------------------

struct part {
  std::string_view name;  // `3.svg` in a folder; empty for a graph alone
  std::size_t offset = 0;
  std::string_view text;
};

std::vector<part> parts_of(std::string_view text) {
  if (!text.starts_with(folder_file_mark)) return {{{}, 0, text}};
  std::vector<part> parts;
  std::size_t at = 0;
  while (at < text.size()) {
    auto name_at = at + folder_file_mark.size();
    auto line_end = text.find('\n', name_at);
    if (line_end == std::string_view::npos) line_end = text.size();
    auto name = trim(text.substr(name_at, line_end - name_at));
    if (name.ends_with("-->")) name = trim(name.substr(0, name.size() - 3));
    auto start = std::min(line_end + 1, text.size());
    auto next = text.find(std::string("\n") + std::string(folder_file_mark), start);
    auto end = next == std::string_view::npos ? text.size() : next + 1;
    parts.push_back({name, start, text.substr(start, end - start)});
    at = end;
  }
  return parts;
}

enum class kind { bar_graph, table, overview, systems, other };

// What a folder's file is by its name: `12.svg`, `12_table.svg`, `overview.svg`, `systems.svg`.
std::pair<kind, std::size_t> kind_of_name(std::string_view name) {
  if (name == "overview.svg") return {kind::overview, 0};
  if (name == "systems.svg") return {kind::systems, 0};
  std::size_t n = 0;
  auto [end, ec] = std::from_chars(name.data(), name.data() + name.size(), n);
  if (ec != std::errc() || n == 0 || n > 1000000 || name.front() == '0') return {kind::other, 0};
  auto rest = name.substr(static_cast<std::size_t>(end - name.data()));
  if (rest == ".svg") return {kind::bar_graph, n};
  if (rest == "_table.svg") return {kind::table, n};
  return {kind::other, 0};
}

// The major version of the PTS that drew a graph, from its comment; -1 when not told.
int pts_major(std::string_view text) {
  auto at = text.find(pts_comment);
  if (at == std::string_view::npos) return -1;
  auto digits = text.substr(at + pts_comment.size());
  int major = -1;
  std::from_chars(digits.data(), digits.data() + digits.size(), major);
  return major;
}

bool has_unit_line(const std::vector<svg_text>& texts) {
  return std::any_of(texts.begin(), texts.end(), [](const svg_text& t) {
    auto s = trim(t.text);
    return s.ends_with("More Is Better") || s.ends_with("Less Is Better") ||
           s.ends_with("Fewer Is Better");
  });
}

// What a graph alone is, by what it holds.
kind kind_of_content(const pugi::xml_node& svg, const result_table* table) {
  if (has_unit_line(all_texts(svg))) return kind::bar_graph;
  if (table == nullptr || table->rows.empty()) return kind::other;
  for (const auto& r : table->rows) {
    if (r.label == "Processor" || r.label == "OS" || r.label == "Kernel") return kind::systems;
  }
  return table->rows.front().label == "Results" ? kind::table : kind::overview;
}

std::string joined(const std::vector<std::string>& lines) {
  // PTS splits a result's options into lines at `|` (pts_graph_core::addSubTitle).
  std::string s;
  for (const auto& l : lines) s += (s.empty() ? "" : " | ") + l;
  return s;
}

// ---- one document --------------------------------------------------------------------------

struct document {
  part where;
  std::unique_ptr<line_index> lines;
  std::unique_ptr<svg_context> h;
  pugi::xml_document doc;
  pugi::xml_node svg;
  kind k = kind::other;
  std::size_t n = 0;
  int major = -1;
};

void parse(reader_context& ctx, const read_options& options, document& d) {
  d.lines = std::make_unique<line_index>(d.where.text);
  d.h = d.where.name.empty()
            ? std::make_unique<svg_context>(ctx)
            : std::make_unique<svg_context>(ctx, d.where.offset, d.where.name, *d.lines);
  d.h->base = d.where.offset;
  parse_svg_document(*d.h, d.where.text, d.doc, options.max_xml_depth,
                     {"graph", "a graph PTS drew, whole, up to </svg>",
                      "a graph as PTS draws it (well-formed SVG)", "a graph as PTS draws it (4 levels"});
  d.svg = d.doc.child("svg");
  if (!d.svg) {
    d.h->fail(d.doc.document_element(), "no <svg> element; expected a graph as PTS draws it");
  }
  d.major = pts_major(d.where.text);
}

// ---- charts ----------------------------------------------------------------------------------

struct chart_parts {
  std::optional<bar_graph> graph;
  const document* graph_doc = nullptr;
  std::optional<result_table> table;
  const document* table_doc = nullptr;
  const result_table::row* overview_row = nullptr;
  const document* overview_doc = nullptr;
};

const result_table::row* row_named(const result_table& t, std::string_view label) {
  for (const auto& r : t.rows) {
    if (r.label == label) return &r;
  }
  return nullptr;
}

// Half a unit of the last decimal `printed` shows: how far a rounded value may be from the
// value it was rounded from.
double rounding_of(std::string_view printed) {
  return 0.5 * std::pow(10.0, -static_cast<double>(decimals(printed)));
}

// Whether the graph printed `graph_value` for the value the table gives as `stored`: equal, or
// rounded from it.
bool agrees(std::string_view graph_value, std::string_view stored) {
  if (graph_value == stored) return true;
  auto g = parse_number(graph_value);
  auto s = parse_number(stored);
  return g && s && std::fabs(*g - *s) <= rounding_of(graph_value) * (1 + 1e-9) + 1e-12;
}

class folder_reader {
 public:
  folder_reader(reader_context& ctx, const read_options& options) : ctx_(ctx), options_(options) {}

  void read(const std::vector<part>& parts) {
    for (const auto& p : parts) {
      auto& d = docs_.emplace_back();
      d.where = p;
      parse(ctx_, options_, d);
      if (p.name.empty()) {
        d.k = kind::other;  // decided by content below
      } else {
        std::tie(d.k, d.n) = kind_of_name(p.name);
      }
    }
    const bool alone = parts.size() == 1 && parts.front().name.empty();
    if (alone) {
      read_alone(docs_.front());
      return;
    }
    read_folder();
  }

 private:
  reader_context& ctx_;
  const read_options& options_;
  std::deque<document> docs_;
  std::vector<std::string> overview_columns_;
  std::size_t decimals_max_ = 0;
  bool rounded_ = false;  // a value kept as a graph prints it

  // A graph alone: what it holds.
  void read_alone(document& d) {
    result_table table;
    std::string why;
    const bool is_table = read_result_table(d.svg, table, why);
    d.k = kind_of_content(d.svg, is_table ? &table : nullptr);
    chart_parts c;
    switch (d.k) {
      case kind::bar_graph:
        c.graph.emplace();
        c.graph_doc = &d;
        if (!read_bar_graph(*d.h, d.svg, "'" + std::string(ctx_.name) + "'", {}, *c.graph)) return;
        add_chart(c);
        break;
      case kind::table:
        c.table = std::move(table);
        c.table_doc = &d;
        add_chart(c);
        break;
      case kind::overview:
        add_overview_charts(d, table);
        break;
      case kind::systems:
        // Systems without a result are no result file: refused, as docs/pts-graphs.md says.
        d.h->fail(d.svg,
                  "no chart in the input: PTS's systems table holds no result; read the "
                  "result-graphs folder it is in, or the composite.xml beside it");
      case kind::other:
        d.h->fail(d.svg,
                  "no chart in the input: a graph PTS drew that holds no bar graph or table of "
                  "results (a line graph, the overview's visualisation, a radar chart)");
    }
    if (ctx_.out.results.empty()) {
      // The bar graph's reader said why (a pass/fail or line graph): nothing else is here.
      d.h->fail(d.svg, "no chart in the input: the graph is of a kind not read (" +
                           (ctx_.out.warnings.empty() ? std::string("no bars")
                                                      : ctx_.out.warnings.back().message) +
                           ")");
    }
    finish();
  }

  void read_folder() {
    std::map<std::size_t, chart_parts> charts;
    const document* overview = nullptr;
    std::optional<result_table> overview_table;
    for (auto& d : docs_) {
      std::string why;
      switch (d.k) {
        case kind::bar_graph: {
          auto& c = charts[d.n];
          c.graph.emplace();
          c.graph_doc = &d;
          if (!read_bar_graph(*d.h, d.svg, "'" + std::string(d.where.name) + "'", {}, *c.graph)) {
            c.graph.reset();
          }
          break;
        }
        case kind::table: {
          result_table t;
          if (!read_result_table(d.svg, t, why)) {
            d.h->warn(d.svg, message_code::pts_html_chart_not_read,
                      "not PTS's table of a result (" + why + "); not read");
            break;
          }
          auto& c = charts[d.n];
          c.table = std::move(t);
          c.table_doc = &d;
          break;
        }
        case kind::overview:
          if (!read_result_table(d.svg, overview_table.emplace(), why)) {
            d.h->warn(d.svg, message_code::pts_html_chart_not_read,
                      "not PTS's overview of results (" + why + "); not read");
            overview_table.reset();
          } else {
            overview = &d;
          }
          break;
        case kind::systems:
          read_systems(d);
          break;
        case kind::other:
          d.h->warn(d.svg, message_code::pts_graph_file_not_read,
                    "not one of PTS's graphs of results (N.svg, N_table.svg, overview.svg, "
                    "systems.svg); not read");
          break;
      }
    }
    // The overview's rows are the results in order (each result's statistics rows under it
    // when the file holds one result): row k is result k + 1. Checked on every result whose
    // graph or table has values: PTS before 7.2 leaves results without a test profile out.
    std::vector<const result_table::row*> overview_rows;
    if (overview_table) {
      for (const auto& r : overview_table->rows) {
        if (!is_statistics_row(r.label)) overview_rows.push_back(&r);
      }
      for (std::size_t k = 0; k < overview_rows.size(); ++k) {
        auto it = charts.find(k + 1);
        if (it == charts.end() || row_agrees(it->second, *overview_rows[k], overview_table->columns)) {
          continue;
        }
        overview->h->warn(overview->svg, message_code::pts_graph_overview_unused,
                          "the overview's row " + std::to_string(k + 1) + " " +
                              quoted(overview_rows[k]->label) + " does not give the values of " +
                              "result " + std::to_string(k + 1) +
                              " (its graph or table); the overview is not used");
        overview_rows.clear();
        break;
      }
    }
    if (overview_table) overview_columns_ = overview_table->columns;
    for (std::size_t k = 0; k < overview_rows.size(); ++k) {
      auto& c = charts[k + 1];
      c.overview_row = overview_rows[k];
      c.overview_doc = overview;
    }
    if (overview_table && !overview_table->title.empty() && ctx_.out.title.empty()) {
      ctx_.out.title = overview_table->title;
    }
    for (auto& [n, c] : charts) {
      if (c.graph || c.table) {
        add_chart(c);
      } else if (c.overview_row != nullptr) {
        add_overview_chart(*c.overview_doc, overview_table->columns, *c.overview_row, {});
      }
    }
    finish();
  }

  // Whether the overview's `row` gives the values of a result's graph or table: every value of
  // the one is the other's (as the graph rounds it), by system.
  static bool row_agrees(const chart_parts& c, const result_table::row& row,
                         const std::vector<std::string>& columns) {
    std::map<std::string, std::string> values;
    if (c.table) {
      if (const auto* r = row_named(*c.table, "Results")) {
        for (std::size_t col = 0; col < r->cells.size() && col < c.table->columns.size(); ++col) {
          if (r->cells[col]) values[c.table->columns[col]] = *r->cells[col];
        }
      }
    } else if (c.graph) {
      for (std::size_t i = 0; i < c.graph->entries.size(); ++i) {
        if (c.graph->valued[i]) values[c.graph->entries[i].label] = c.graph->entries[i].value_text;
      }
    }
    std::size_t in_row = 0;
    for (std::size_t col = 0; col < row.cells.size() && col < columns.size(); ++col) {
      if (!row.cells[col]) continue;
      ++in_row;
      auto it = values.find(columns[col]);
      if (it == values.end() || !agrees(it->second, *row.cells[col])) return values.empty();
    }
    return values.empty() || in_row == values.size();
  }

  void read_systems(document& d) {
    // PTS's compact table (systems alike, one column) names no systems.
    auto texts = all_texts(d.svg);
    if (std::none_of(texts.begin(), texts.end(),
                     [](const svg_text& t) { return t.baseline == "text-before-edge"; })) {
      d.h->warn(d.svg, message_code::pts_graph_file_not_read,
                "PTS's compact systems table (the systems' shared hardware and software, no "
                "identifiers); not read");
      return;
    }
    try {
      read_systems_table(*d.h, d.svg);
    } catch (const parse_error& e) {
      ctx_.out.warnings.push_back({{}, message_code::html_system_table_unreadable, e.message()});
    }
  }

  // One result: its bar graph and its table, either of which may be missing.
  void add_chart(chart_parts& c) {
    result chart;
    chart.display_format = display_format::bar_graph;
    const document& first = c.graph_doc != nullptr ? *c.graph_doc : *c.table_doc;
    chart.where = first.h->where(first.svg);
    std::string name = first.where.name.empty() ? "'" + ctx_.name + "'" : "'" + std::string(first.where.name) + "'";
    const bool titled = c.table && !c.table->title.empty();
    if (titled) {
      chart.title = c.table->title;
      chart.description = joined(c.table->subtitles);
    }
    if (c.graph) {
      const bool v_prefixed = c.graph_doc->major >= 0 && c.graph_doc->major < 10;
      if (titled) {
        std::string version;
        if (version_after_title(c.graph->heading, chart.title, v_prefixed, version)) {
          chart.version = std::move(version);
        } else {
          c.graph_doc->h->warn(c.graph_doc->svg, message_code::pts_graph_table_disagrees,
                               "the graph's heading " + quoted(c.graph->heading) +
                                   " does not start with its table's title " +
                                   quoted(chart.title) + "; the version is not told");
        }
      } else {
        split_heading(*c.graph_doc, c.graph->heading, v_prefixed, chart);
      }
      if (!titled) chart.description = joined(c.graph->subtitles);
      chart.unit = c.graph->unit;
      chart.direction = c.graph->dir;
    } else {
      c.table_doc->h->warn(c.table_doc->svg, message_code::pts_graph_unit_unknown,
                           "chart " + quoted(chart.title) +
                               ": PTS's table tells no unit, direction or version (its bar "
                               "graph does); read without them");
    }
    std::vector<entry> entries;
    if (c.graph) {
      entries = c.graph->entries;
      for (std::size_t i = 0; i < entries.size(); ++i) {
        if (!c.graph->valued[i]) entries[i].value_text.clear();
      }
    }
    // The stored values: the table's Results row, else the overview's row.
    const result_table::row* stored = nullptr;
    const std::vector<std::string>* columns = nullptr;
    const document* stored_doc = nullptr;
    if (c.table) {
      stored = row_named(*c.table, "Results");
      columns = &c.table->columns;
      stored_doc = c.table_doc;
    }
    if (stored == nullptr && c.overview_row != nullptr) {
      stored = c.overview_row;
      columns = &overview_columns_;
      stored_doc = c.overview_doc;
    }
    if (stored != nullptr && columns != nullptr) {
      if (!take_stored(c, *stored, *columns, *stored_doc, name, entries)) stored = nullptr;
    }
    if (stored == nullptr && c.graph) {
      for (std::size_t i = 0; i < entries.size(); ++i) {
        if (c.graph->valued[i]) rounded_ = true;
      }
      decimals_max_ = std::max(decimals_max_, c.graph->decimals_max);
    }
    for (std::size_t i = 0; i < entries.size(); ++i) {
      if (entries[i].value_text.empty()) {
        if (c.graph && i < c.graph->nodes.size()) {
          c.graph_doc->h->warn(c.graph->nodes[i], message_code::pts_html_value_not_printed,
                               "chart " + name + ": bar " + quoted(entries[i].label) +
                                   " has no value printed (PTS prints none for a value of 0 or "
                                   "below); the bar is not read");
        }
        continue;
      }
      ctx_.add_entry(chart, std::move(entries[i]));
    }
    ctx_.out.results.push_back(std::move(chart));
  }

  // The entry of column `col` of a table's `row`, which holds a value there: the value as
  // written and parsed (empty when it is no number, which the caller reports), its place,
  // and the standard error the table's SE row gives beside it.
  static entry cell_entry(const document& doc, const std::vector<std::string>& columns,
                          const result_table::row& row, const result_table::row* se_row,
                          std::size_t col) {
    entry e;
    e.label = columns[col];
    e.value_text = *row.cells[col];
    e.value = parse_number(e.value_text);
    e.where = doc.h->where(row.cell_nodes[col]);
    if (e.value && se_row != nullptr && col < se_row->cells.size() && se_row->cells[col]) {
      e.standard_error = parse_number(*se_row->cells[col]);
    }
    return e;
  }

  // The values PTS stored (a table's row) into `entries`: each column with a value is an
  // entry, its SE the table's where the graph prints none. False, with a warning, when the
  // graph's bars are not the row's values (then the graph's are kept).
  bool take_stored(const chart_parts& c, const result_table::row& row,
                   const std::vector<std::string>& columns, const document& doc,
                   const std::string& name, std::vector<entry>& entries) {
    const result_table* table = c.table ? &*c.table : nullptr;
    const auto* se_row = table != nullptr ? row_named(*table, "Standard Error") : nullptr;
    std::vector<entry> from_table;
    for (std::size_t col = 0; col < columns.size() && col < row.cells.size(); ++col) {
      if (!row.cells[col]) continue;
      auto e = cell_entry(doc, columns, row, se_row, col);
      if (!e.value) {
        doc.h->warn(row.cell_nodes[col], message_code::pts_html_chart_not_read,
                    "chart " + name + ": " + quoted(e.value_text) + " of " + quoted(e.label) +
                        " is not a number; the table's values are not used");
        return false;
      }
      from_table.push_back(std::move(e));
    }
    if (!c.graph) {
      entries = std::move(from_table);
      return true;
    }
    // Every bar with a value is the table's value of its system, as the graph rounds it.
    std::size_t matched = 0;
    for (std::size_t i = 0; i < entries.size(); ++i) {
      if (!c.graph->valued[i]) continue;
      auto it = std::find_if(from_table.begin(), from_table.end(),
                             [&](const entry& e) { return e.label == entries[i].label; });
      if (it == from_table.end() || !agrees(entries[i].value_text, it->value_text)) {
        c.graph_doc->h->warn(c.graph_doc->svg, message_code::pts_graph_table_disagrees,
                             "chart " + name + ": bar " + quoted(entries[i].label) + " shows " +
                                 quoted(entries[i].value_text) + ", " +
                                 (it == from_table.end()
                                      ? std::string("which the table does not list")
                                      : "where the table gives " + quoted(it->value_text)) +
                                 "; the graph's values are kept");
        return false;
      }
      ++matched;
      entries[i].value_text = it->value_text;
      entries[i].value = it->value;
      if (!entries[i].standard_error) entries[i].standard_error = it->standard_error;
    }
    if (matched != from_table.size()) {
      c.graph_doc->h->warn(c.graph_doc->svg, message_code::pts_graph_table_disagrees,
                           "chart " + name + ": the table lists " +
                               counted(from_table.size(), "value") + ", the graph " +
                               counted(matched, "bar") + "; the graph's values are kept");
      return false;
    }
    return true;
  }

  // `Rodinia v2.4` without the table that tells its title: the last word is the version when
  // it is one as PTS writes them (`v` and a digit before PTS 10, a digit from PTS 10).
  void split_heading(const document& d, std::string_view heading, bool v_prefixed,
                     result& chart) {
    auto space = heading.rfind(' ');
    auto last = space == std::string_view::npos ? std::string_view() : heading.substr(space + 1);
    const bool versioned = v_prefixed ? last.size() >= 4 && last.front() == 'v' && is_digit(last[1])
                                      : !last.empty() && is_digit(last.front());
    if (!versioned) {
      chart.title = std::string(heading);
      if (space != std::string_view::npos) {
        d.h->warn(d.svg, message_code::pts_graph_heading_split,
                  "chart " + quoted(heading) +
                      ": the heading's last word is no version; all of it is taken as the "
                      "title (its table, N_table.svg, tells the title)");
      }
      return;
    }
    chart.title = std::string(trim(heading.substr(0, space)));
    chart.version = std::string(v_prefixed ? last.substr(1) : last);
    d.h->warn(d.svg, message_code::pts_graph_heading_split,
              "chart " + quoted(heading) + ": title " + quoted(chart.title) + " and version " +
                  quoted(chart.version) +
                  " told apart at the heading's last word (its table, N_table.svg, tells the "
                  "title)");
  }

  // The overview's rows as charts (the overview alone): `short-name: options`.
  void add_overview_charts(const document& d, const result_table& t) {
    overview_columns_ = t.columns;
    if (!t.title.empty()) ctx_.out.title = t.title;
    for (const auto& r : t.rows) {
      if (is_statistics_row(r.label)) continue;
      add_overview_chart(d, t.columns, r, t.rows.size() > 1 ? row_named(t, "Standard Error") : nullptr);
    }
  }

  void add_overview_chart(const document& d, const std::vector<std::string>& columns,
                          const result_table::row& r, const result_table::row* se_row) {
    result chart;
    chart.display_format = display_format::bar_graph;
    chart.where = d.h->where(r.node);
    // `osbench: Create Files`: the test profile's short name, then its options shortened.
    // A result without options: `Aircrack-ng: ` (its trailing blank trimmed).
    auto colon = r.label.find(": ");
    chart.title = r.label.substr(0, colon);
    if (colon != std::string::npos) {
      chart.description = r.label.substr(colon + 2);
    } else if (chart.title.ends_with(':')) {
      chart.title.pop_back();
    }
    d.h->warn(r.node, message_code::pts_graph_unit_unknown,
              "chart " + quoted(r.label) +
                  ": the overview names a result by its test's short name and options, without "
                  "unit, direction or version (its graph N.svg and table N_table.svg tell them)");
    for (std::size_t col = 0; col < columns.size() && col < r.cells.size(); ++col) {
      if (!r.cells[col]) continue;
      auto e = cell_entry(d, columns, r, se_row, col);
      if (!e.value) {
        d.h->warn(r.cell_nodes[col], message_code::pts_html_chart_not_read,
                  "chart " + quoted(r.label) + ": " + quoted(e.value_text) +
                      " is not a number; not read");
        continue;
      }
      ctx_.add_entry(chart, std::move(e));
    }
    ctx_.out.results.push_back(std::move(chart));
  }

  void finish() {
    if (rounded_) {
      ctx_.warn(0, message_code::pts_html_rounded,
                "values of charts without a table of results are as PTS's graphs print them, "
                "with at most " + counted(decimals_max_, "decimal", "decimals") +
                    " (PTS 8.6 and later round a graph's values)");
    }
  }

};

}  // namespace

bool sniff_pts_graphs(std::string_view text) {
  if (text.starts_with(folder_file_mark)) return true;
  // `<?xml version="1.0"?>`, PTS's DOCTYPE and comment, then `<svg`.
  auto head = text.substr(0, 1024);
  auto comment = head.find(pts_comment);
  return comment != std::string_view::npos && trim(head).starts_with("<?xml") &&
         head.find("<svg", comment) != std::string_view::npos;
}

long folder_graph_rank(std::string_view name) {
  auto [k, n] = kind_of_name(name);
  switch (k) {
    case kind::bar_graph:
      return static_cast<long>(2 * n);
    case kind::table:
      return static_cast<long>(2 * n + 1);
    case kind::overview:
      return std::numeric_limits<long>::max() - 1;
    case kind::systems:
      return std::numeric_limits<long>::max();
    case kind::other:
      break;
  }
  return -1;
}

bool is_graphs_folder_text(std::string_view text) { return text.starts_with(folder_file_mark); }

void read_pts_graphs(reader_context& ctx, const read_options& options) {
  folder_reader reader(ctx, options);
  reader.read(parts_of(ctx.text));
}

}  // namespace iosr::detail
