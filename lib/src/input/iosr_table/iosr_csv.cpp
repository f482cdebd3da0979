// SPDX-License-Identifier: MIT
// iosr's CSV read back (docs/tables.md): the comparison's rows (docs/compare.md, "CSV schema")
// and the tidy rows (docs/csv.md), one entry per row, by the columns' names.
#include <algorithm>
#include <cmath>
#include <optional>
#include <map>
#include <set>

#include "input/csv_rows.hpp"
#include "input/iosr_table/iosr_table_parts.hpp"
#include "input/table_charts.hpp"
#include "iosr/names.hpp"
#include "number.hpp"
#include "strings.hpp"

namespace iosr::detail {

namespace {

std::string base_name(std::string_view path) {
  auto slash = path.find_last_of('/');
  return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

std::optional<std::size_t> whole_number(std::string_view text) {
  auto n = parse_number(text);
  if (!n || *n < 0 || *n != std::floor(*n) || *n > 1e15) return std::nullopt;
  return static_cast<std::size_t>(*n);
}

}  // namespace

void read_iosr_csv(reader_context& ctx) {
  std::size_t unclosed = 0;
  auto rows = split_csv_rows(ctx.text, unclosed, 0, ',', csv_quoting::rfc4180);
  if (unclosed != std::string_view::npos) {
    ctx.fail(unclosed, "a quoted cell is not closed; expected iosr's CSV as it writes it "
                       "(RFC 4180: a quote in a cell doubled)");
  }
  const auto& header = rows.front();
  std::map<std::string, std::size_t> column;
  for (std::size_t c = 0; c < header.cells.size(); ++c) column.emplace(header.cells[c].text, c);
  auto at = [&](const csv_row& row, std::string_view name) -> std::string_view {
    auto it = column.find(std::string(name));
    return it == column.end() ? std::string_view() : row.at(it->second);
  };
  auto has = [&](std::string_view name) { return column.contains(std::string(name)); };
  const bool tidy = has("kind");
  // Rows of several inputs (a comparison of several files, a dataset of many): each label is
  // read as the comparison names it, `FILE: LABEL`, so that two inputs' `None` stay two.
  std::set<std::string_view> files;
  for (std::size_t r = 1; r < rows.size(); ++r) {
    if (!rows[r].blank()) files.insert(rows[r].at(0));
  }
  const bool prefixed = files.size() > 1;
  if (prefixed) {
    ctx.warn(0, message_code::iosr_table_inputs_joined,
             "the table holds the rows of " + std::to_string(files.size()) +
                 " inputs: each label is read as 'FILE: LABEL', as the comparison names them");
  }
  table_charts charts(ctx);
  std::map<std::string, std::size_t> system_of;
  for (std::size_t r = 1; r < rows.size(); ++r) {
    const auto& row = rows[r];
    if (row.blank()) continue;
    test_header test{std::string(row.at(1)), std::string(row.at(2)), std::string(row.at(3)),
                     std::string(row.at(4))};
    if (!direction_named(row.at(5), test.direction)) {
      ctx.fail(row.cells[5].offset, "direction '" + std::string(row.at(5)) +
                                        "' is none of higher, lower or empty; expected iosr's "
                                        "CSV as it writes it");
    }
    auto& chart = charts.chart(test, row.offset);
    if (tidy) {
      if (chart.test_id.empty()) chart.test_id = std::string(at(row, "test_id"));
      if (chart.arguments.empty()) chart.arguments = std::string(at(row, "arguments"));
      if (auto name = at(row, "display_format"); !name.empty()) {
        chart.display_format = display_format::from_name(name);
      }
    }
    entry e;
    e.label = std::string(row.at(6));
    if (prefixed) e.label = base_name(row.at(0)) + ": " + e.label;
    e.value_text = std::string(row.at(10));
    e.where = ctx.at(row.cells.size() > 10 ? row.cells[10].offset : row.offset);
    auto kind = tidy ? at(row, "kind") : std::string_view("number");
    if (auto k = from_string<entry_kind>(kind)) {
      e.kind = *k;
    } else if (!kind.empty()) {
      ctx.fail(row.offset, "kind '" + std::string(kind) +
                               "' is not one iosr writes (number, pass_fail, series, text, "
                               "failed); expected iosr's CSV as it writes it");
    }
    const auto missing = has("missing") ? at(row, "missing") : std::string_view();
    if (e.value_text.empty() && missing.starts_with("failed")) {
      e.kind = entry_kind::failed;
      if (missing.starts_with("failed: ")) e.error = std::string(missing.substr(8));
    }
    if (e.kind == entry_kind::failed) {
      if (tidy) e.error = std::string(at(row, "error"));
    } else if (e.kind == entry_kind::series) {
      e.value = parse_number(at(row, "numeric_value"));
    } else if (e.kind == entry_kind::pass_fail) {
      e.value = e.value_text == "PASS" ? 1.0 : 0.0;
    } else if (e.kind == entry_kind::number) {
      e.value = parse_number(e.value_text);
      if (!e.value) {
        ctx.warn(row.cells[10].offset, message_code::table_value_not_read,
                 "the value '" + e.value_text + "' of '" + e.label + "' in '" + test.title +
                     "' is not a number; the entry is not read");
        continue;
      }
    }
    if (tidy) {
      for (auto s : split(at(row, "samples"), ':')) {
        if (!s.empty()) e.samples.emplace_back(s);
      }
      e.standard_error = parse_number(at(row, "standard_error"));
      e.sample_count = whole_number(at(row, "sample_count"));
      e.min = parse_number(at(row, "min"));
      e.max = parse_number(at(row, "max"));
      e.relative_deviation = parse_number(at(row, "relative_deviation"));
    } else {
      e.sample_count = whole_number(at(row, "n"));
    }
    if (system_of.try_emplace(e.label, ctx.out.systems.size()).second) {
      auto s = make_system(e.label);
      s.where = e.where;
      // The scheduler the comparison read from the input (its notes, its JSON) wins.
      if (auto scheduler = row.at(9); !scheduler.empty()) s.scheduler = std::string(scheduler);
      // The tidy dataset's `baseline` (docs/csv.md): the input named this system the baseline.
      s.baseline = tidy && at(row, "baseline") == "true";
      ctx.out.systems.push_back(std::move(s));
    }
    charts.add(chart, std::move(e));
  }
}

}  // namespace iosr::detail
